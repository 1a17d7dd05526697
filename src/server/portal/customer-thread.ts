// The customer's side of an order's messages (docs/portal.md, "Messages on an order"): read the
// thread (the shop's messages now read by them), write a message (with a file, multipart), and
// read a message's file (its preview or its bytes). One set of routes under two keys: the order's
// link (`/api/o/<token>`, order-link-thread.ts) and the portal session
// (`/api/portal/orders/<id>`, portal-routes.ts). Whatever the key, an order it does not open,
// and a file of another order, answer as an unknown path would.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OrderMessages } from '../../shared/portal-api.js';
import { sendNotFound, type SendPage } from '../http/pages.js';
import { UUID } from '../http/private-scope.js';
import type { QuoteDeps } from '../quotes/index.js';
import type { OrderRow } from '../storage/schema.js';
import { receiveMessage, sendMessageFile } from './message-intake.js';
import { messageToShop } from './message-mail.js';
import { readThread } from './message-store.js';

const fileQuery = z.object({ preview: z.literal('1').optional() });

export async function customerThreadRoutes<Shape extends Record<string, z.ZodString>>(
  app: FastifyInstance,
  opts: {
    /** The order's path, e.g. `/api/o/:token`: the thread is `<prefix>/messages`. */
    prefix: string;
    /** The prefix's parameters. */
    params: z.ZodObject<Shape>;
    /** The order the key opens, or undefined (answered 404); may throw (a 401 without a session). */
    findOrder: (request: FastifyRequest, params: Record<keyof Shape, string>) => Promise<OrderRow | undefined>;
    deps: QuoteDeps;
    sendPage: SendPage | null;
    onMailQueued: () => void;
  },
): Promise<void> {
  const { prefix, params, deps, sendPage } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const fileParams = params.extend({ fileId: z.string().max(100) });
  const orderOf = (request: FastifyRequest) => opts.findOrder(request, request.params as Record<keyof Shape, string>);

  await app.register(multipart);

  api.get(`${prefix}/messages`, { schema: { params } }, async (request, reply) => {
    const order = await orderOf(request);
    if (!order) return sendNotFound(request, reply, sendPage);
    return { messages: await readThread(db, order.id, 'customer', deps.shop.name) } satisfies OrderMessages;
  });

  api.post(`${prefix}/messages`, { schema: { params } }, async (request, reply) => {
    const order = await orderOf(request);
    if (!order) return sendNotFound(request, reply, sendPage);
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

  // The files on the order's messages: a picture's preview, or the file itself.
  api.get(
    `${prefix}/message-files/:fileId`,
    { schema: { params: fileParams, querystring: fileQuery } },
    async (request, reply) => {
      const order = await orderOf(request);
      const { fileId } = request.params as { fileId: string };
      const preview = request.query.preview === '1';
      const sent = order && UUID.test(fileId) ? await sendMessageFile(app, reply, order.id, fileId, preview) : null;
      return sent ?? sendNotFound(request, reply, sendPage);
    },
  );
}
