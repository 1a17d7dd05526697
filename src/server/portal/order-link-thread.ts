// The messages on an order from its own page, /o/<token> (docs/portal.md): the order's link is
// the key, as for the page's other answers (quotes/ order-link-routes.ts), so whoever holds the
// link reads and writes the thread as the customer. A bad link, and a file of another order,
// answer as an unknown path would. Limited per address like the page, never cached or indexed.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OrderMessages } from '../../shared/portal-api.js';
import { orderLinkParamsSchema } from '../../shared/quote-api.js';
import type { Config } from '../config.js';
import { sendNotFound, type SendPage } from '../http/pages.js';
import { privateScope, UUID } from '../http/private-scope.js';
import type { QuoteDeps } from '../quotes/index.js';
import { orderIdOfLink } from '../storage/order-links.js';
import { findOrder } from '../storage/orders.js';
import { receiveMessage, sendMessageFile } from './message-intake.js';
import { messageToShop } from './message-mail.js';
import { readThread } from './message-store.js';

const fileParams = orderLinkParamsSchema.extend({ fileId: z.string().max(100) });
const fileQuery = z.object({ preview: z.literal('1').optional() });

export async function orderLinkMessageRoutes(
  app: FastifyInstance,
  opts: { config: Config; deps: QuoteDeps; sendPage: SendPage | null; onMailQueued: () => void },
): Promise<void> {
  const { config, deps, sendPage } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  await privateScope(app, {
    name: 'order-link-messages',
    max: config.ORDER_LINK_RATE_LIMIT,
    windowSeconds: config.ORDER_LINK_RATE_WINDOW_SECONDS,
  });
  await app.register(multipart);

  const orderOf = async (token: string) => {
    const id = await orderIdOfLink(db, token);
    return id ? await findOrder(db, id) : undefined;
  };
  const notFound = (request: FastifyRequest, reply: FastifyReply) => sendNotFound(request, reply, sendPage);

  api.get('/api/o/:token/messages', { schema: { params: orderLinkParamsSchema } }, async (request, reply) => {
    const order = await orderOf(request.params.token);
    if (!order) return notFound(request, reply);
    return { messages: await readThread(db, order.id, 'customer', deps.shop.name) } satisfies OrderMessages;
  });

  api.post('/api/o/:token/messages', { schema: { params: orderLinkParamsSchema } }, async (request, reply) => {
    const order = await orderOf(request.params.token);
    if (!order) return notFound(request, reply);
    const message = await receiveMessage(app, request, {
      orderId: order.id,
      author: 'customer',
      staffEmail: null,
      shopName: deps.shop.name,
      mail: async () => messageToShop(order, deps.shop),
      onMailQueued: opts.onMailQueued,
    });
    return reply.code(201).send(message);
  });

  api.get(
    '/api/o/:token/message-files/:fileId',
    { schema: { params: fileParams, querystring: fileQuery } },
    async (request, reply) => {
      const order = await orderOf(request.params.token);
      const { fileId } = request.params;
      const preview = request.query.preview === '1';
      const sent = order && UUID.test(fileId) ? await sendMessageFile(app, reply, order.id, fileId, preview) : null;
      return sent ?? notFound(request, reply);
    },
  );
}
