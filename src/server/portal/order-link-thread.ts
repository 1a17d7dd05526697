// The messages on an order from its own page, /o/<token> (docs/portal.md): the order's link is
// the key, as for the page's other answers (quotes/ order-link-routes.ts), so whoever holds the
// link reads and writes the thread as the customer (customer-thread.ts, the same routes as My
// orders'). A bad link, and a file of another order, answer as an unknown path would. Limited
// per address like the page, never cached or indexed.
import type { FastifyInstance } from 'fastify';
import { orderLinkParamsSchema } from '../../shared/quote-api.js';
import type { Config } from '../config.js';
import type { SendPage } from '../http/pages.js';
import { privateScope } from '../http/private-scope.js';
import type { QuoteDeps } from '../quotes/index.js';
import { orderIdOfLink } from '../storage/order-links.js';
import { findOrder } from '../storage/orders.js';
import { customerThreadRoutes } from './customer-thread.js';

export async function orderLinkMessageRoutes(
  app: FastifyInstance,
  opts: { config: Config; deps: QuoteDeps; sendPage: SendPage | null; onMailQueued: () => void },
): Promise<void> {
  const { config, deps, sendPage } = opts;
  const db = app.db;

  await privateScope(app, {
    name: 'order-link-messages',
    max: config.ORDER_LINK_RATE_LIMIT,
    windowSeconds: config.ORDER_LINK_RATE_WINDOW_SECONDS,
  });

  await customerThreadRoutes(app, {
    prefix: '/api/o/:token',
    params: orderLinkParamsSchema,
    findOrder: async (_request, { token }) => {
      const id = await orderIdOfLink(db, token);
      return id ? await findOrder(db, id) : undefined;
    },
    deps,
    sendPage,
    onMailQueued: opts.onMailQueued,
  });
}
