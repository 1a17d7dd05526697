// A public scope whose URLs are keys (an order's link, a customer's session): limited per address
// across processes, and never indexed, sent on as a Referer or cached (docs/portal.md,
// docs/decisions/014-order-links-minted-per-email.md).
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { rateLimited } from '../errors.js';

export const PRIVATE_PAGE_HEADERS = {
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
  'cache-control': 'private, no-store',
};

/** A text that reads as a UUID: checked before a lookup, so a stray id answers 404 without a query. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Rate-limits every route of the scope per address in the shared store, and marks its answers private. */
export async function privateScope(
  app: FastifyInstance,
  limit: { name: string; max: number; windowSeconds: number },
): Promise<void> {
  await app.register(rateLimit, {
    ...app.rateLimits(limit.name),
    global: true,
    max: limit.max,
    timeWindow: limit.windowSeconds * 1000,
    errorResponseBuilder: rateLimited('requests'),
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(PRIVATE_PAGE_HEADERS);
  });
}
