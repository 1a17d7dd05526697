// Run-time settings the server writes into index.html (no rebuild to change them).
import type { ClientSettings } from '../shared/client-settings.js';

export type { ClientSettings };

const FALLBACK: ClientSettings = {
  functionsUrl: '/functions/v1/submit-order',
  publicKey: '',
  designStudioUrl: 'https://www.example.com/design-studio',
  maxFileBytes: 4 * 1024 ** 3,
};

export function hasInlineSettings(): boolean {
  return (document.getElementById('app-config')?.textContent ?? '{}').trim() !== '{}';
}

export async function loadDevSettings(): Promise<ClientSettings> {
  try {
    const res = await fetch('/app-config.json');
    return { ...FALLBACK, ...((await res.json()) as Partial<ClientSettings>) };
  } catch {
    return FALLBACK;
  }
}

export function readSettings(): ClientSettings {
  try {
    const text = document.getElementById('app-config')?.textContent ?? '{}';
    return { ...FALLBACK, ...(JSON.parse(text) as Partial<ClientSettings>) };
  } catch {
    return FALLBACK;
  }
}
