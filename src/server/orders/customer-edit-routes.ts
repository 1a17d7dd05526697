// The customer changes their own order before approval (docs/product.md, "Changing an order"),
// from the order's page: POST /api/o/<token>/versions, in the page's scope (quotes/
// orderLinkScope: an unknown link answers as an unknown path). The change is the order's next
// version with the customer as author (edit-order.ts); a quote already sent is withdrawn, so the
// shop revises it, and the inbox flags the order as edited by the customer.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderEditSchema } from '../../shared/inbox-api.js';
import type { ValidOrderBody } from '../../shared/order-schema.js';
import type { SeenEstimate } from '../../shared/price-list-api.js';
import { orderLinkParamsSchema, type CustomerOrderView } from '../../shared/quote-api.js';
import type { Config } from '../config.js';
import type { SendPage } from '../http/pages.js';
import { customerView, orderLinkScope, type QuoteDeps } from '../quotes/index.js';
import { findOrder } from '../storage/orders.js';
import type { OrderRow } from '../storage/schema.js';
import { editOrder } from './edit-order.js';

export async function customerEditRoutes(
  app: FastifyInstance,
  opts: {
    config: Config;
    deps: QuoteDeps;
    sendPage: SendPage | null;
    estimateOrder: (order: OrderRow, document: ValidOrderBody) => Promise<SeenEstimate | null>;
  },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const orderOf = await orderLinkScope(app, { config: opts.config, sendPage: opts.sendPage, name: 'order-link-edit' });

  api.post(
    '/api/o/:token/versions',
    { schema: { params: orderLinkParamsSchema, body: orderEditSchema } },
    async (request, reply): Promise<{ version: number; view: CustomerOrderView }> => {
      const order = await orderOf(request.params.token);
      const saved = await editOrder(
        { db: app.db, dialect: app.dialect, estimateOf: opts.estimateOrder },
        order.id,
        request.body,
        { kind: 'customer', author: null, historyBy: 'customer', beforeApproval: true },
      );
      reply.code(201);
      return { version: saved.version, view: await customerView(opts.deps, (await findOrder(app.db, order.id))!) };
    },
  );
}
