// Run-time settings the server writes into index.html (no rebuild to change them).
import type { ClientSettings } from '../shared/client-settings.js';
import { isRecord } from './shared/api-error.js';

export type { ClientSettings };

const FALLBACK: ClientSettings = {
  functionsUrl: '/functions/v1/submit-order',
  publicKey: '',
  designStudioUrl: 'https://www.example.com/design-studio',
  maxFileBytes: 4 * 1024 ** 3,
};

/** Each setting the server sent that has the right type; the fallback for any other. */
function settingsFrom(sent: unknown): ClientSettings {
  if (!isRecord(sent)) return FALLBACK;
  const text = (key: keyof ClientSettings) => {
    const value = sent[key];
    return typeof value === 'string' ? value : undefined;
  };
  const formToken = text('formToken');
  const logo = isRecord(sent.logo) ? sent.logo : null;
  return {
    ...(logo && typeof logo.url === 'string' && typeof logo.alt === 'string'
      ? { logo: { url: logo.url, alt: logo.alt } }
      : {}),
    ...(/^#[0-9a-f]{6}$/i.test(text('brandColour') ?? '') ? { brandColour: text('brandColour') } : {}),
    functionsUrl: text('functionsUrl') ?? FALLBACK.functionsUrl,
    publicKey: text('publicKey') ?? FALLBACK.publicKey,
    designStudioUrl: text('designStudioUrl') ?? FALLBACK.designStudioUrl,
    maxFileBytes: typeof sent.maxFileBytes === 'number' ? sent.maxFileBytes : FALLBACK.maxFileBytes,
    ...(formToken ? { formToken } : {}),
  };
}

export function hasInlineSettings(): boolean {
  return (document.getElementById('app-config')?.textContent ?? '{}').trim() !== '{}';
}

export async function loadDevSettings(): Promise<ClientSettings> {
  try {
    const res = await fetch('/app-config.json');
    return settingsFrom(await res.json());
  } catch {
    return FALLBACK;
  }
}

export function readSettings(): ClientSettings {
  try {
    return settingsFrom(JSON.parse(document.getElementById('app-config')?.textContent ?? '{}'));
  } catch {
    return FALLBACK;
  }
}
