// Turning bots away without a captcha: a signed, single-use token that says when the page was
// served (an order sent within MIN_FILL_SECONDS of it was not typed by a person, one sent after
// FORM_TOKEN_MAX_AGE_SECONDS gets a message to reload), and a honeypot field a person never sees.
// Clients of the API that send no token are still served (docs/decisions/011), but their
// orders never cause a customer email; the per-address rate limit covers them.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../errors.js';

export const FORM_TOKEN_HEADER = 'x-form-token';
export const HONEYPOT_FIELD = 'website';

/** A checked token: its id (stored once used) and when it stops being accepted. */
export interface FormToken {
  id: string;
  expiresAt: Date;
}

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest();

/** `<served at, ms>.<random id>.<HMAC of both>` */
export function issueFormToken(secret: string, now = Date.now()): string {
  const payload = `${now}.${randomBytes(16).toString('base64url')}`;
  return `${payload}.${sign(secret, payload).toString('base64url')}`;
}

/**
 * Checks a token's signature and age: null when there is none, its id and expiry when it is
 * good. Whether it was already used is for the database to say (orders/form-tokens.ts).
 */
export function checkFormToken(
  token: string | undefined,
  secret: string,
  limits: { minFillSeconds: number; maxAgeSeconds: number },
  now = Date.now(),
): FormToken | null {
  if (token === undefined) return null;
  const [issued, id, mac, ...rest] = token.split('.');
  const expected = sign(secret, `${issued}.${id}`);
  const given = Buffer.from(mac ?? '', 'base64url');
  if (
    !issued ||
    !/^\d{1,15}$/.test(issued) ||
    !id ||
    rest.length > 0 ||
    given.length !== expected.length ||
    !timingSafeEqual(given, expected)
  ) {
    throw new DomainError(
      'bad_input',
      'invalid_form_token',
      'This form has expired. Please reload the page and submit again; your entries are kept.',
      undefined,
      {
        messageFr:
          'Ce formulaire a expiré. Veuillez recharger la page et envoyer de nouveau\u202f; vos entrées sont conservées.',
      },
    );
  }
  const servedAt = Number(issued);
  const expiresAt = servedAt + limits.maxAgeSeconds * 1000;
  if (now > expiresAt) {
    throw new DomainError(
      'bad_input',
      'form_token_expired',
      'This page was opened too long ago. Please reload the page and submit again; your entries are kept.',
      undefined,
      {
        messageFr:
          'Cette page a été ouverte il y a trop longtemps. Veuillez recharger la page et envoyer de nouveau\u202f; vos entrées sont conservées.',
      },
    );
  }
  if (now - servedAt < limits.minFillSeconds * 1000) {
    throw new DomainError(
      'bad_input',
      'too_fast',
      'This order was sent too quickly after the page opened. Please wait a moment and submit again.',
      undefined,
      {
        messageFr:
          'Cette commande a été envoyée trop vite après l’ouverture de la page. Veuillez patienter un moment et envoyer de nouveau.',
      },
    );
  }
  return { id, expiresAt: new Date(expiresAt) };
}

export function checkHoneypot(raw: unknown): void {
  const value = (raw as Record<string, unknown> | null)?.[HONEYPOT_FIELD];
  if (typeof value === 'string' && value.trim() !== '') {
    throw new DomainError('bad_input', 'rejected', 'This order could not be accepted.', undefined, {
      messageFr: 'Cette commande n’a pas pu être acceptée.',
    });
  }
}
