// How the lazy pages (the inbox, the customer's order page) call the server: one fetch with the
// session cookie, refusals as ApiError (api-error.ts), answers checked before they are used.
import { ApiError, apiErrorOf, noAnswer } from './api-error.js';

/**
 * Calls the server (same origin, with the session cookie) and returns its answer's JSON, or
 * undefined for 204; a refusal or a lost connection throws an ApiError. A string body is JSON.
 */
export async function callApi(path: string, init: RequestInit = {}): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(path, {
      ...init,
      headers: { ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}), ...init.headers },
      credentials: 'same-origin',
    });
  } catch (err) {
    throw noAnswer('unreachable', err);
  }
  const body: unknown = res.status === 204 ? undefined : await res.json().catch(() => null);
  if (!res.ok) throw apiErrorOf(res.status, body, res.headers.get('retry-after'));
  return body;
}

/**
 * The answer as its wire type, once a check says it has that shape; an answer the page cannot
 * read is a failure like a refusal, never a crash further down in a component.
 */
export function expectAnswer<T>(body: unknown, isValid: (body: unknown) => body is T, what: string): T {
  if (!isValid(body)) throw new ApiError(`The server's answer (${what}) could not be read.`, 200, 'unexpected_answer');
  return body;
}
