// The payments capability's routes (docs/payments.md): the provider's webhook, which reads its
// body as raw bytes (the signature covers them exactly), and the inbox's view of an order's card
// payments with their refunds. The customer's Pay routes live with the order's page (quotes/)
// and My orders (portal/), which authorise them, and call startCheckout.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { actorOf } from '../invoices/index.js';
import { findOrder } from '../storage/orders.js';
import { cardEntries, handleWebhook, readFee, refundCardPayment, type PaymentsDeps } from './payment-service.js';

export const WEBHOOK_PATH = '/api/payments/stripe/webhook';

/** POST /api/payments/stripe/webhook: raw bytes in, verified by the provider's SDK. */
export async function webhookRoutes(
  app: FastifyInstance,
  opts: { deps: PaymentsDeps; onMailQueued: () => void },
): Promise<void> {
  // This plugin's own parser (encapsulated: the rest of the app keeps parsing JSON): the body
  // stays the bytes Stripe signed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(WEBHOOK_PATH, { config: { crossSite: 'answered-by-route' } }, async (request, reply) => {
    if (!opts.deps.provider) throw new AppError(404, 'not_found', 'Payments online are off.');
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['stripe-signature'];
    const outcome = await handleWebhook(opts.deps, raw, typeof signature === 'string' ? signature : undefined);
    if (outcome.status === 400) request.log.warn({ answer: outcome.body }, 'payment webhook refused');
    if (outcome.recorded) {
      opts.onMailQueued();
      // The fee, once the provider has it; a later event or the report's refresh reads it otherwise.
      await readFee(opts.deps, outcome.recorded.checkoutId, outcome.recorded.paymentId).catch((err: unknown) =>
        request.log.warn({ err }, 'reading a card payment fee'),
      );
    }
    return reply.code(outcome.status).send(outcome.body);
  });
}

const orderParams = z.object({ id: z.string().uuid() });
const refundParams = orderParams.extend({ paymentId: z.string().uuid() });
const refundBody = z.object({ amount: z.string().max(40), reason: z.string().max(500) });

/** The inbox's side: an order's card payments (fee, flag, what is left to refund), and refunds. */
export async function cardPaymentRoutes(
  app: FastifyInstance,
  opts: { deps: PaymentsDeps; onMailQueued: () => void },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  const orderOf = async (id: string) => {
    const order = await findOrder(deps.db, id);
    if (!order) throw new AppError(404, 'not_found', 'No such order.');
    return order;
  };

  api.get('/api/orders/:id/card-payments', { schema: { params: orderParams } }, async (request) => {
    await orderOf(request.params.id);
    return { online: Boolean(deps.provider), entries: await cardEntries(deps, request.params.id) };
  });

  api.post(
    '/api/orders/:id/card-payments/:paymentId/refund',
    { schema: { params: refundParams, body: refundBody } },
    async (request, reply) => {
      await orderOf(request.params.id);
      const actor = await actorOf(deps.db, request.staff!);
      const result = await refundCardPayment(deps, request.params.id, request.params.paymentId, request.body, actor);
      if (result.status === 'recorded') opts.onMailQueued();
      return reply.code(result.status === 'recorded' ? 201 : 202).send(result);
    },
  );
}
