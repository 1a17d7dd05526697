// The messages on an order from its own page, /o/<token> (docs/portal.md): the order's link is
// the key, as for the page's other answers (quotes/ order-link-routes.ts), so whoever holds the
// link reads and writes the thread as the customer (customer-thread.ts, the same routes as My
// orders'). A bad link, and a file of another order, answer as an unknown path would. Limited
// per address like the page, never cached or indexed.
import type { FastifyInstance } from 'fastify';
import { orderLinkParamsSchema } from '../../shared/quote-api.js';
import type { Config } from '../config.js';
import type { SendPage } from '../http/pages.js';
import { orderLinkScope, type QuoteDeps } from '../quotes/index.js';
import { customerThreadRoutes } from './customer-thread.js';

export async function orderLinkMessageRoutes(
  app: FastifyInstance,
  opts: { config: Config; deps: QuoteDeps; sendPage: SendPage | null; onMailQueued: () => void },
): Promise<void> {
  const { config, deps, sendPage } = opts;
  // The page's scope (quotes/ orderLinkScope), its messages counted apart.
  const orderOf = await orderLinkScope(app, { config, sendPage, name: 'order-link-messages' });
  await customerThreadRoutes(app, {
    prefix: '/api/o/:token',
    params: orderLinkParamsSchema,
    findOrder: async (_request, { token }) => orderOf(token),
    deps,
    sendPage,
    onMailQueued: opts.onMailQueued,
  });
}
