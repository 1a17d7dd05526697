// The payments capability's routes (docs/payments.md): the provider's webhook, which reads its
// body as raw bytes (the signature covers them exactly), and the inbox's view of an order's card
// payments with their refunds. The customer's Pay routes live with the order's page (quotes/)
// and My orders (portal/), which authorise them, and call startCheckout.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, periodEndsBeforeStart } from '../errors.js';
import { addDays } from '../../shared/dates.js';
import { reportQuerySchema } from '../../shared/invoices/invoice-api.js';
import { actorOf, csvOf, csvReply } from '../invoices/index.js';
import { requireOrder } from '../storage/orders.js';
import type { PaymentsDeps } from './deps.js';
import { payoutCsvRows, payoutReport, readFee, startFeePass } from './fees.js';
import { cardEntries, refundCardPayment } from './refunds.js';
import { handleWebhook } from './webhook.js';

export const WEBHOOK_PATH = '/api/payments/stripe/webhook';

/** The longest period a payout report covers (docs/payments.md, "Payouts"): a quarter. */
export const PAYOUT_PERIOD_MAX_DAYS = 92;

/** POST /api/payments/stripe/webhook: raw bytes in, verified by the provider's SDK. */
export async function webhookRoutes(
  app: FastifyInstance,
  opts: { deps: PaymentsDeps; onMailQueued: () => void; feePassMs?: number },
): Promise<void> {
  // A fee not settled when its payment was recorded is read again until known (fees.ts).
  if (opts.deps.provider) {
    const pass = startFeePass(opts.deps, opts.feePassMs ?? 10 * 60_000, (err) =>
      app.log.warn({ err }, 'reading card fees again'),
    );
    app.addHook('onClose', async () => pass.stop());
  }
  // This plugin's own parser (encapsulated: the rest of the app keeps parsing JSON): the body
  // stays the bytes Stripe signed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(WEBHOOK_PATH, { config: { crossSite: 'answered-by-route' } }, async (request, reply) => {
    if (!opts.deps.provider)
      throw new AppError(404, 'not_found', 'Payments online are off.', undefined, {
        messageFr: 'Le paiement en ligne est désactivé.',
      });
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['stripe-signature'];
    const outcome = await handleWebhook(opts.deps, raw, typeof signature === 'string' ? signature : undefined);
    if (outcome.status === 400) request.log.warn({ answer: outcome.body }, 'payment webhook refused');
    if (outcome.mailed) opts.onMailQueued();
    if (outcome.recorded) {
      opts.onMailQueued();
      // The fee, once the provider has it; the fee pass reads it later otherwise.
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
  const orderOf = (id: string) => requireOrder(deps.db, id);

  api.get('/api/orders/:id/card-payments', { schema: { params: orderParams } }, async (request) => {
    await orderOf(request.params.id);
    return { online: Boolean(deps.provider), ...(await cardEntries(deps, request.params.id)) };
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

  // The provider's payouts of a period (docs/payments.md, "Payouts"): one bank deposit each.
  api.get('/api/reports/payouts', { schema: { querystring: reportQuerySchema } }, async (request, reply) => {
    const { from, to, format } = request.query;
    // Off first: the Accounts page reads this answer to know whether to offer payouts at all.
    const provider = deps.provider;
    if (!provider)
      throw new AppError(409, 'payments_off', 'Payments online are off: there are no payouts.', undefined, {
        messageFr: 'Le paiement en ligne est désactivé\u202f: il n’y a aucun versement.',
      });
    if (from > to) throw periodEndsBeforeStart();
    // One call to the provider per page of its payouts: a quarter at most, asked in one go.
    if (to > addDays(from, PAYOUT_PERIOD_MAX_DAYS - 1))
      throw new AppError(
        400,
        'period_too_long',
        `A payout report covers ${PAYOUT_PERIOD_MAX_DAYS} days at most: choose a shorter period (a month or a quarter).`,
        ['to'],
        {
          messageFr: `Un rapport des versements couvre au plus ${PAYOUT_PERIOD_MAX_DAYS}\u00a0jours\u00a0: choisissez une période plus courte (un mois ou un trimestre).`,
        },
      );
    const report = await payoutReport(deps, provider, from, to);
    if (format === 'json') return report;
    return csvReply(reply, `payouts-${from}-to-${to}.csv`, csvOf(payoutCsvRows(report)));
  });
}
