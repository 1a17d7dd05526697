// The public key of the order form, as the hosted backend the shop used before takes it on its public routes
// (the submit-order function and the resumable uploads).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/** The hosted backend's functions endpoint: `apikey` and/or `Authorization: Bearer` with the public key. */
export function checkApiKey(expected: string) {
  const expectedBuf = Buffer.from(expected);
  const matches = (value: unknown) => {
    if (typeof value !== 'string') return false;
    const buf = Buffer.from(value);
    return buf.length === expectedBuf.length && timingSafeEqual(buf, expectedBuf);
  };
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const apikey = request.headers.apikey;
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    // supabase-js sends both; with a signed-in session, Bearer carries the user's token
    // and apikey still carries the public key.
    if (apikey !== undefined ? matches(apikey) : matches(bearer)) return;
    throw new AppError(
      401,
      'unauthorized',
      'A valid apikey header (the public key of this order form) is required.',
      undefined,
      {
        messageFr: 'Un en-tête apikey valide (la clé publique de ce formulaire de commande) est requis.',
      },
    );
  };
}
