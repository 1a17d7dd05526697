// The inbox's calls to /api. Same origin; the session cookie goes with them.
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

export async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(path, {
    ...init,
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    credentials: 'same-origin',
  });
  if (res.status === 204) return undefined as T;
  const body = (await res.json().catch(() => null)) as { error?: { message?: string; code?: string } } | null;
  if (!res.ok) throw new ApiError(body?.error?.message ?? `HTTP ${res.status}`, res.status, body?.error?.code ?? 'http_error');
  return body as T;
}

export type { Attachment, OrderDetail, OrderList, OrderSummary } from '../../shared/inbox-api.js';
