// The inbox's calls to /api. Same origin; the session cookie goes with them.
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    /** The server's French sentence, for the refusals that carry one. */
    readonly messageFr?: string,
    /** Seconds from Retry-After, when the server sent it. */
    readonly retryAfter?: number,
    /** The fields the server refused, as dotted paths ("lines.0.quantity"). */
    readonly fields: string[] = [],
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
  const body = (await res.json().catch(() => null)) as {
    error?: { message?: string; code?: string; message_fr?: string; fields?: string[] };
  } | null;
  if (!res.ok) {
    const retryAfter = Number(res.headers.get('retry-after'));
    throw new ApiError(
      body?.error?.message ?? `HTTP ${res.status}`,
      res.status,
      body?.error?.code ?? 'http_error',
      body?.error?.message_fr,
      retryAfter > 0 ? retryAfter : undefined,
      body?.error?.fields ?? [],
    );
  }
  return body as T;
}

export type {
  Attachment,
  OrderDetail,
  OrderList,
  OrderSummary,
  StaffLanguage,
  StaffSession,
} from '../../../shared/inbox-api.js';
