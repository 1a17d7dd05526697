// Turning bots away without a captcha: a signed token that says when the page was served
// (an order sent within MIN_FILL_SECONDS of it was not typed by a person), and a honeypot
// field a person never sees. Clients of the API that send neither are not affected; the
// per-address rate limit covers them.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors.js';

export const FORM_TOKEN_HEADER = 'x-form-token';
export const HONEYPOT_FIELD = 'website';

export function issueFormToken(secret: string, now = Date.now()): string {
  const issued = String(now);
  return `${issued}.${createHmac('sha256', secret).update(issued).digest('base64url')}`;
}

export function checkFormToken(token: string | undefined, secret: string, minFillSeconds: number, now = Date.now()): void {
  if (token === undefined) return;
  const [issued, mac] = token.split('.');
  const expected = createHmac('sha256', secret).update(issued ?? '').digest();
  const given = Buffer.from(mac ?? '', 'base64url');
  if (!issued || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError(400, 'invalid_form_token', 'This form has expired. Please reload the page and submit again; your entries are kept.');
  }
  if (now - Number(issued) < minFillSeconds * 1000) {
    throw new AppError(400, 'too_fast', 'This order was sent too quickly after the page opened. Please wait a moment and submit again.');
  }
}

export function checkHoneypot(raw: unknown): void {
  const value = (raw as Record<string, unknown> | null)?.[HONEYPOT_FIELD];
  if (typeof value === 'string' && value.trim() !== '') {
    throw new AppError(400, 'rejected', 'This order could not be accepted.');
  }
}
