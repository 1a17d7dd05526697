// Run-time settings the server writes into index.html (no rebuild to change them).
export interface ClientSettings {
  functionsUrl: string;
  publicKey: string;
  designStudioUrl: string;
  maxFileBytes: number;
  formToken?: string;
}

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

/** Ids for keys and files; getRandomValues works on plain http too, unlike randomUUID. */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
