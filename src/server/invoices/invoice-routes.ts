// The inbox's side of invoices and payments: an order's account, recording payments and
// refunds, credit notes, the stored PDFs, the shop's terms (owners change them), and the
// accountant's reports and exports (report-routes.ts). Registered inside the inbox, so each
// needs a session.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  creditNoteBodySchema,
  recordPaymentBodySchema,
  voidPaymentBodySchema,
} from '../../shared/invoices/invoice-api.js';
import { paymentTermsSchema } from '../../shared/invoices/terms.js';
import { surchargeRefusal } from '../../shared/invoices/surcharge.js';
import { AppError } from '../errors.js';
import { refuseUnknownFields } from '../http/strict-bodies.js';
import { requireOwner } from '../staff/index.js';
import { requireOrder } from '../storage/orders.js';
import { recordPayment, voidPayment } from './invoice-service.js';
import { refuse, visibleText } from './refusals.js';
import { sendPdf } from './send-pdf.js';
import { staffAccountView, type InvoiceDeps } from './accounts.js';
import { issueCreditNote } from './credit-service.js';
import { actorOf, readPermissions, savePermissions } from './permissions.js';
import { moneyPermissionsSchema } from '../../shared/invoices/permissions.js';
import { readRecordsHold, readTerms, saveRecordsHold, saveTerms, storedPdf } from './invoice-store.js';
import { reportRoutes } from './report-routes.js';
import { receivablesRoutes } from './receivables-routes.js';
import { closePeriod, periodsView, reopenPeriod } from './periods.js';
import { readWriteOffThreshold, saveWriteOffThreshold, writeOffBalance } from './write-offs.js';
import { closePeriodBodySchema, reopenPeriodBodySchema } from '../../shared/invoices/periods.js';

const orderParams = z.object({ id: z.string().uuid() });
const invoiceParams = orderParams.extend({ documentId: z.string().uuid() });
const invoiceIdParams = z.object({ invoiceId: z.string().uuid() });
const recordsHoldSchema = z.object({ hold: z.boolean(), reason: z.string().max(500).default('') });

export async function invoiceRoutes(
  app: FastifyInstance,
  opts: { deps: InvoiceDeps; onMailQueued: () => void },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  const orderOf = (id: string) => requireOrder(deps.db, id);

  api.get('/api/orders/:id/account', { schema: { params: orderParams } }, async (request) =>
    staffAccountView(deps, await orderOf(request.params.id)),
  );

  api.post(
    '/api/orders/:id/payments',
    { schema: { params: orderParams, body: recordPaymentBodySchema } },
    async (request, reply) => {
      await orderOf(request.params.id);
      const actor = await actorOf(deps.db, request.staff!);
      const recorded = await recordPayment(deps, request.params.id, request.body, actor);
      opts.onMailQueued();
      return reply.code(201).send(recorded);
    },
  );

  // A payment recorded in error: voided with a reason by anyone who records payments; no mail.
  api.post(
    '/api/orders/:id/payments/:documentId/void',
    { schema: { params: invoiceParams, body: voidPaymentBodySchema } },
    async (request) => {
      await orderOf(request.params.id);
      const actor = await actorOf(deps.db, request.staff!);
      return voidPayment(deps, request.params.id, request.params.documentId, request.body, actor);
    },
  );

  api.post(
    '/api/orders/:id/credit-notes',
    { schema: { params: orderParams, body: creditNoteBodySchema } },
    async (request, reply) => {
      await orderOf(request.params.id);
      const actor = await actorOf(deps.db, request.staff!);
      const { number } = await issueCreditNote(
        deps,
        { orderId: request.params.id, number: request.body.invoiceNumber },
        request.body,
        actor,
      );
      opts.onMailQueued();
      return reply.code(201).send({ number });
    },
  );

  // The Accounts page credits any invoice, its order deleted or not.
  api.post(
    '/api/invoices/:invoiceId/credit-notes',
    { schema: { params: invoiceIdParams, body: creditNoteBodySchema } },
    async (request, reply) => {
      const actor = await actorOf(deps.db, request.staff!);
      const { number } = await issueCreditNote(deps, { invoiceId: request.params.invoiceId }, request.body, actor);
      opts.onMailQueued();
      return reply.code(201).send({ number });
    },
  );

  api.get('/api/invoices/:invoiceId/pdf', { schema: { params: invoiceIdParams } }, async (request, reply) => {
    const file = await storedPdf(deps.db, 'invoice', request.params.invoiceId);
    if (!file)
      throw new AppError(404, 'not_found', 'No such invoice.', undefined, { messageFr: 'Cette facture n’existe pas.' });
    return sendPdf(reply, file);
  });

  // Who may refund, credit and override (owners always): read by every staff member, set by owners.
  api.get('/api/money-permissions', async (request) => ({
    permissions: await readPermissions(deps.db),
    you: [...(await actorOf(deps.db, request.staff!)).allowed],
  }));

  api.put('/api/money-permissions', { schema: { body: moneyPermissionsSchema } }, async (request) => {
    requireOwner(request, {
      en: 'decide who may refund, credit and override',
      fr: 'décider qui peut rembourser, créditer et passer outre',
    });
    await savePermissions(deps.db, request.body, request.staff!.email);
    return { permissions: request.body };
  });

  api.get('/api/records-hold', async () => readRecordsHold(deps.db));

  api.put('/api/records-hold', { schema: { body: recordsHoldSchema } }, async (request) => {
    requireOwner(request, { en: 'hold the records', fr: 'conserver les dossiers' });
    const reason = visibleText(request.body.reason);
    if (request.body.hold && reason === '')
      throw refuse(
        'reason_required',
        'reason',
        'Say why the records are held (an audit, a dispute): the hold keeps every record past its retention.',
        'Dites pourquoi les dossiers sont conservés (une vérification, un litige)\u00a0: la conservation garde tout dossier au-delà de sa durée.',
      );
    await saveRecordsHold(deps.db, request.body.hold, reason, request.staff!.email);
    return readRecordsHold(deps.db);
  });

  api.get('/api/orders/:id/invoices/:documentId/pdf', { schema: { params: invoiceParams } }, async (request, reply) => {
    const file = await storedPdf(deps.db, 'invoice', request.params.documentId, request.params.id);
    if (!file)
      throw new AppError(404, 'not_found', 'No such invoice.', undefined, { messageFr: 'Cette facture n’existe pas.' });
    return sendPdf(reply, file);
  });

  api.get(
    '/api/orders/:id/payments/:documentId/receipt',
    { schema: { params: invoiceParams } },
    async (request, reply) => {
      const file = await storedPdf(deps.db, 'receipt', request.params.documentId, request.params.id);
      if (!file)
        throw new AppError(404, 'not_found', 'No such receipt.', undefined, { messageFr: 'Ce reçu n’existe pas.' });
      return sendPdf(reply, file);
    },
  );

  api.get('/api/terms', async () => readTerms(deps.db, deps.shop.shopEmail));

  api.put('/api/terms', async (request, reply) => {
    requireOwner(request, { en: 'change the payment terms', fr: 'modifier les conditions de paiement' });
    refuseUnknownFields(paymentTermsSchema, request.body);
    const parsed = paymentTermsSchema.safeParse(request.body);
    if (!parsed.success) {
      const issues = parsed.error.issues;
      return reply.code(422).send({
        error: {
          code: 'invalid_terms',
          message: `The terms were not saved: ${issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
          message_fr: `Les conditions n’ont pas été enregistrées\u00a0: ${issues.map((i) => i.path.join('.')).join(', ')}`,
          fields: issues.map((i) => i.path.join('.')),
        },
      });
    }
    // A card surcharge: at most 2.4 %, and never by a Quebec shop (shared/invoices/surcharge.ts).
    const surcharge = surchargeRefusal(parsed.data.cardSurchargeBasisPoints, deps.books.shopProvince);
    if (surcharge)
      return reply.code(422).send({
        error: {
          code: 'invalid_surcharge',
          message: surcharge.en,
          message_fr: surcharge.fr,
          fields: ['cardSurchargeBasisPoints'],
        },
      });
    await saveTerms(deps.db, parsed.data, request.staff!.email);
    return parsed.data;
  });

  // A bad debt written off (docs/accounts.md, "Write-offs"): by those allowed to credit; never mailed.
  api.post(
    '/api/orders/:id/write-off',
    { schema: { params: orderParams, body: z.object({ reason: z.string().max(500) }) } },
    async (request, reply) => {
      await orderOf(request.params.id);
      const actor = await actorOf(deps.db, request.staff!);
      return reply.code(201).send(await writeOffBalance(deps, request.params.id, request.body, actor));
    },
  );

  // The small-balance threshold (docs/accounts.md, "Write-offs"): read by all, set by owners ($0.00 to $100.00).
  api.get('/api/write-off-threshold', async () => ({ cents: await readWriteOffThreshold(deps.db) }));

  api.put(
    '/api/write-off-threshold',
    { schema: { body: z.object({ cents: z.number().int().min(0).max(10_000) }) } },
    async (request) => {
      requireOwner(request, { en: 'set the small-balance threshold', fr: 'fixer le seuil des petits soldes' });
      await saveWriteOffThreshold(deps.db, request.body.cents, request.staff!.email);
      return { cents: await readWriteOffThreshold(deps.db) };
    },
  );

  // Closing periods (docs/accounts.md, "Closing a period"): every staff member reads them; owners close and reopen.
  api.get('/api/periods', async () => periodsView(deps.db, deps.books));

  api.post('/api/periods/close', { schema: { body: closePeriodBodySchema } }, async (request) => {
    requireOwner(request, { en: 'close a period', fr: 'fermer une période' });
    return closePeriod(deps.db, deps.books, request.body, request.staff!.email);
  });

  api.post('/api/periods/reopen', { schema: { body: reopenPeriodBodySchema } }, async (request) => {
    requireOwner(request, { en: 'reopen a period', fr: 'rouvrir une période' });
    return reopenPeriod(deps.db, deps.books, request.body, request.staff!.email);
  });

  await reportRoutes(app, deps);
  await receivablesRoutes(app, opts);
}
