// The shop's inbox API under /api/orders (and /api/account, the staff member's own settings):
// every route needs a staff session.
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account.js';
import { exportRoutes } from './export.js';
import { fileRoutes } from './files.js';
import { orderRoutes } from './orders.js';
import { privacyRoutes } from './privacy.js';
import { quoteRoutes } from './quotes.js';
import type { QuoteDeps } from '../../quotes/quote-service.js';

export async function inboxRoutes(
  app: FastifyInstance,
  opts: { quoteDeps: QuoteDeps; onMailQueued: () => void },
): Promise<void> {
  app.addHook('preHandler', app.requireStaff);
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });
  await app.register(orderRoutes, opts);
  await app.register(exportRoutes);
  await app.register(fileRoutes);
  await app.register(privacyRoutes);
  await app.register(accountRoutes);
  await app.register(quoteRoutes, { deps: opts.quoteDeps, onMailQueued: opts.onMailQueued });
}
