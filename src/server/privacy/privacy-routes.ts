// Access and deletion requests from the inbox: an order's data as one ZIP, and its deletion
// (the clerk confirms by typing the reference). The same functions serve `npm run orders`.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderDeletedSchema, orderDeleteSchema, orderIdParamsSchema } from '../../shared/inbox-api.js';
import { AppError, noSuchOrder } from '../errors.js';
import { outboxDirOf } from '../mail/outbox.js';
import { deleteOrder, exportOrder } from './order-data.js';
import { findOrder } from '../storage/orders.js';
import { attachmentDisposition } from '../http/downloads.js';
import { requireOwner } from '../staff/index.js';

export async function privacyRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  api.get('/api/orders/:id/data.zip', { schema: { params: orderIdParamsSchema } }, async (request, reply) => {
    if (!(await findOrder(db, request.params.id))) throw noSuchOrder();
    const { reference, stream } = await exportOrder(db, app.files, request.params.id);
    return reply
      .headers({
        'x-content-type-options': 'nosniff',
        'content-security-policy': "sandbox; default-src 'none'",
        'cache-control': 'private, no-store',
        'content-type': 'application/zip',
        'content-disposition': attachmentDisposition(`${reference}-data.zip`),
      })
      .send(stream);
  });

  api.delete(
    '/api/orders/:id',
    { schema: { params: orderIdParamsSchema, body: orderDeleteSchema, response: { 200: orderDeletedSchema } } },
    async (request) => {
      requireOwner(request, { en: 'delete orders', fr: 'supprimer des commandes' });
      const order = await findOrder(db, request.params.id);
      if (!order) throw noSuchOrder();
      if (request.body.reference.trim().toUpperCase() !== order.reference) {
        throw new AppError(
          422,
          'reference_mismatch',
          `Type the order's reference, ${order.reference}, to confirm.`,
          ['reference'],
          { messageFr: `Tapez la référence de la commande, ${order.reference}, pour confirmer.` },
        );
      }
      if (!(await deleteOrder(db, app.files, outboxDirOf(app.config.dataDir), order.id, request.staff!.email))) {
        throw noSuchOrder();
      }
      return { reference: order.reference };
    },
  );
}
