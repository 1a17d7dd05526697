// Messages on an order (docs/portal.md): the shop's side, under the inbox's staff session
// (registered by inbox-routes.ts): the thread of an order, an answer in the staff member's
// name, and the customers' unread messages counted by order for the inbox list. The
// customer's side is in portal-routes.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_MESSAGE_CHARS,
  type OrderMessage,
  type OrderMessages,
  type UnreadMessages,
} from '../../shared/portal-api.js';
import { DomainError } from '../errors.js';
import type { QuoteDeps } from '../quotes/index.js';
import { fromJson } from '../storage/json.js';
import { enqueueMails, mailRows } from '../storage/mail-queue.js';
import { findOrder } from '../storage/orders.js';
import { messageToCustomer } from './message-mail.js';
import { addMessage, readThread, unreadByShop } from './message-store.js';

export const messageBody = z.object({ body: z.string().trim().min(1).max(MAX_MESSAGE_CHARS) });
const params = z.object({ id: z.string().max(100) });

export async function staffMessageRoutes(
  app: FastifyInstance,
  opts: { deps: QuoteDeps; onMailQueued: () => void },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const orderOf = async (id: string) => {
    const order = await findOrder(db, id);
    if (!order) throw new DomainError('not_found', 'not_found', 'No such order.');
    return order;
  };

  api.get('/api/messages/unread', async (): Promise<UnreadMessages> => ({ counts: await unreadByShop(db) }));

  api.get('/api/orders/:id/messages', { schema: { params } }, async (request): Promise<OrderMessages> => {
    const order = await orderOf(request.params.id);
    return { messages: await readThread(db, order.id, 'shop') };
  });

  api.post(
    '/api/orders/:id/messages',
    { schema: { params, body: messageBody } },
    async (request, reply): Promise<OrderMessage> => {
      const order = await orderOf(request.params.id);
      const now = new Date();
      const message = await addMessage(
        db,
        { orderId: order.id, author: 'shop', staffEmail: request.staff!.email, body: request.body.body },
        now,
      );
      const mail = messageToCustomer(
        { reference: order.reference, document: fromJson(order.document) },
        opts.deps.shop,
      );
      await enqueueMails(db, mailRows(order.id, [mail], now));
      opts.onMailQueued();
      void reply.code(201);
      return message;
    },
  );
}
