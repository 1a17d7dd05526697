// The signed-in customer's own order (docs/portal.md), for the capabilities that act on one from
// My orders: 401 without a session; undefined for an id that is not theirs, exactly as for one
// that does not exist (the caller answers 404 for both).
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError } from '../errors.js';
import { UUID } from '../http/private-scope.js';
import type { Database, OrderRow } from '../storage/schema.js';
import { emailOfSession, orderOfEmail, PORTAL_COOKIE } from './portal-store.js';

export async function customerOrder(
  db: Kysely<Database>,
  request: FastifyRequest,
  orderId: string,
): Promise<OrderRow | undefined> {
  const email = await emailOfSession(db, request.cookies[PORTAL_COOKIE]);
  if (!email) {
    throw new AppError(401, 'unauthenticated', 'Please sign in with the link we email you.', undefined, {
      messageFr: 'Veuillez vous connecter avec le lien que nous vous envoyons par courriel.',
    });
  }
  return UUID.test(orderId) ? orderOfEmail(db, email, orderId) : undefined;
}
