// One error for any refused or failed call to the server, whatever the feature, made by one
// function from the server's error envelope (docs/architecture.md, Contracts:
// `{error: {code, message, message_fr?, fields?}}` and `Retry-After`). Small on purpose: the
// order form's first download carries it (call-api.ts, which the lazy pages use, does not).
import type { Language } from '../../shared/order-presentation.js';

export class ApiError extends Error {
  constructor(
    /** The server's English sentence, or ours when no answer came. */
    message: string,
    /** The answer's status; 0 when none came (the network failed, it timed out, it was cancelled). */
    readonly status: number,
    /** Stable, for programs: what the page decides on (`unknown_upload`, `wrong_credentials`…). */
    readonly code: string,
    /** The server's Canadian French sentence, for the refusals that carry one. */
    readonly messageFr?: string,
    /** Seconds from Retry-After, when the server sent it. */
    readonly retryAfter?: number,
    /** The fields the server refused, as dotted paths ("billing.email", "lines.0.quantity"). */
    readonly fields: readonly string[] = [],
    /** The whole answer, for a refusal that carries more than its error (the customer's order page gets the order as it stands). */
    readonly answer?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's sentence in this language, when it sent one in it; its English otherwise. */
  messageIn(language: Language): string {
    return language === 'fr' && this.messageFr ? this.messageFr : this.message;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The error a refused answer means, from its status, its body (JSON, or null) and its Retry-After header. */
export function apiErrorOf(status: number, body: unknown, retryAfterHeader: string | null): ApiError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  const fields = Array.isArray(error.fields) ? error.fields.filter((f): f is string => typeof f === 'string') : [];
  const retryAfter = Number(retryAfterHeader);
  return new ApiError(
    textOf(error.message) ?? `HTTP ${status}`,
    status,
    textOf(error.code) ?? 'http_error',
    textOf(error.message_fr),
    retryAfter > 0 ? retryAfter : undefined,
    fields,
    body,
  );
}

/** No answer at all: the page words these itself (the inbox's `unreachable`, the form's failure toast). */
export function noAnswer(code: 'unreachable' | 'timeout' | 'aborted', cause?: unknown): ApiError {
  const message = {
    unreachable: 'The server cannot be reached.',
    timeout: 'The server did not answer in time.',
    aborted: 'The request was cancelled.',
  }[code];
  const error = new ApiError(message, 0, code);
  if (cause !== undefined) error.cause = cause;
  return error;
}

/** The sentence an error carries, whatever was thrown: the server's French to a French reader when it sent one. */
export function messageOf(err: unknown, language: Language = 'en'): string {
  if (err instanceof ApiError) return err.messageIn(language);
  return err instanceof Error ? err.message : String(err);
}
