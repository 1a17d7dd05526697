// Messages on an order (docs/portal.md): the shop's side, under the inbox's staff session
// (registered by inbox-routes.ts): the thread of an order, an answer in the staff member's
// name (with a file, as the customer may), the files of its messages, and the customers'
// unread messages counted by order for the inbox list. The customer's side is in
// customer-thread.ts (My orders and the order's page).
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OrderMessage, OrderMessages, UnreadMessages } from '../../shared/portal-api.js';
import { DomainError, noSuchOrder } from '../errors.js';
import { UUID } from '../http/private-scope.js';
import type { QuoteDeps } from '../quotes/index.js';
import { fromJson } from '../storage/json.js';
import { mintOrderLink } from '../storage/order-links.js';
import { findOrder } from '../storage/orders.js';
import { receiveMessage, sendMessageFile } from './message-intake.js';
import { messageToCustomer } from './message-mail.js';
import { readThread, unreadByShop } from './message-store.js';

const params = z.object({ id: z.string().max(100) });
const fileParams = params.extend({ fileId: z.string().max(100) });
const fileQuery = z.object({ preview: z.literal('1').optional() });

export async function staffMessageRoutes(
  app: FastifyInstance,
  opts: { deps: QuoteDeps; onMailQueued: () => void },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const shopName = opts.deps.shop.name;
  const orderOf = async (id: string) => {
    const order = UUID.test(id) ? await findOrder(db, id) : undefined;
    if (!order) throw noSuchOrder();
    return order;
  };

  await app.register(multipart);

  api.get('/api/messages/unread', async (): Promise<UnreadMessages> => ({ counts: await unreadByShop(db) }));

  api.get('/api/orders/:id/messages', { schema: { params } }, async (request): Promise<OrderMessages> => {
    const order = await orderOf(request.params.id);
    return { messages: await readThread(db, order.id, 'shop', shopName) };
  });

  api.post('/api/orders/:id/messages', { schema: { params } }, async (request, reply): Promise<OrderMessage> => {
    const order = await orderOf(request.params.id);
    const message = await receiveMessage(app, request, {
      orderId: order.id,
      author: 'shop',
      staffEmail: request.staff!.email,
      shopName,
      // A link to the order's page, minted for this mail (decision 014), and My orders.
      mail: async () =>
        messageToCustomer(
          { reference: order.reference, document: fromJson(order.document) },
          await mintOrderLink(db, order.id),
          opts.deps.shop,
        ),
      onMailQueued: opts.onMailQueued,
    });
    void reply.code(201);
    return message;
  });

  api.get(
    '/api/orders/:id/message-files/:fileId',
    { schema: { params: fileParams, querystring: fileQuery } },
    async (request, reply) => {
      const order = await orderOf(request.params.id);
      const sent = UUID.test(request.params.fileId)
        ? await sendMessageFile(app, reply, order.id, request.params.fileId, request.query.preview === '1')
        : null;
      if (!sent)
        throw new DomainError('not_found', 'not_found', 'No such file.', undefined, {
          messageFr: 'Ce fichier n’existe pas.',
        });
      return sent;
    },
  );
}
