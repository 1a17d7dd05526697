// The shop's inbox API under /api/orders (with /api/account, the staff member's own settings,
// and /api/prices, the shop's price list):
// every route needs a staff session.
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './staff/index.js';
import { exportRoutes, fileRoutes, orderRoutes } from './orders/index.js';
import { privacyRoutes } from './privacy/index.js';
import { quoteRoutes } from './quotes/index.js';
import type { QuoteDeps } from './quotes/index.js';
import { staffPriceRoutes, type CurrentPriceList } from './prices/index.js';
import { invoiceRoutes } from './invoices/index.js';
import { productionRoutes } from './production/index.js';
import { purchasingRoutes } from './purchasing/index.js';

export async function inboxRoutes(
  app: FastifyInstance,
  opts: { quoteDeps: QuoteDeps; onMailQueued: () => void; currentPriceList: CurrentPriceList },
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
  await app.register(staffPriceRoutes, { current: opts.currentPriceList });
  await app.register(invoiceRoutes, { deps: opts.quoteDeps, onMailQueued: opts.onMailQueued });
  await app.register(productionRoutes, {
    deps: { db: opts.quoteDeps.db, dialect: opts.quoteDeps.dialect, timeZone: opts.quoteDeps.books.timeZone },
  });
  await app.register(purchasingRoutes, {
    deps: {
      db: opts.quoteDeps.db,
      dialect: opts.quoteDeps.dialect,
      timeZone: opts.quoteDeps.books.timeZone,
      currentPriceList: opts.currentPriceList,
    },
  });
}
