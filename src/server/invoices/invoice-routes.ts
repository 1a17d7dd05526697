// The inbox's side of invoices and payments: an order's account, recording payments and
// refunds, credit notes, the stored PDFs, the shop's terms (owners change them), and the
// accountant's reports and exports (report-routes.ts). Registered inside the inbox, so each
// needs a session.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  creditNoteBodySchema,
  recordPaymentBodySchema,
  voidPaymentBodySchema,
} from '../../shared/invoices/invoice-api.js';
import { paymentTermsSchema } from '../../shared/invoices/terms.js';
import { AppError } from '../errors.js';
import { requireOwner } from '../staff/index.js';
import { attachmentDisposition, DOWNLOAD_HEADERS } from '../http/downloads.js';
import { findOrder } from '../storage/orders.js';
import { recordPayment, voidPayment } from './invoice-service.js';
import { refuse, visibleText } from './refusals.js';
import { staffAccountView, type InvoiceDeps } from './accounts.js';
import { issueCreditNote } from './credit-service.js';
import { actorOf, readPermissions, savePermissions } from './permissions.js';
import { moneyPermissionsSchema } from '../../shared/invoices/permissions.js';
import { readRecordsHold, readTerms, saveRecordsHold, saveTerms, storedPdf } from './invoice-store.js';
import { reportRoutes } from './report-routes.js';

const orderParams = z.object({ id: z.string().uuid() });
const invoiceParams = orderParams.extend({ documentId: z.string().uuid() });
const invoiceIdParams = z.object({ invoiceId: z.string().uuid() });
const recordsHoldSchema = z.object({ hold: z.boolean(), reason: z.string().max(500).default('') });

export function sendPdf(
  reply: FastifyReply,
  file: { name: string; pdf: Buffer; sha256: string },
  extra: Record<string, string> = {},
) {
  return reply
    .headers({
      ...DOWNLOAD_HEADERS,
      ...extra,
      'content-type': 'application/pdf',
      'content-disposition': attachmentDisposition(file.name),
      'content-length': String(file.pdf.length),
      // The SHA-256 stored when the document was issued: anyone can check the copy they hold.
      'x-content-sha256': file.sha256,
    })
    .send(file.pdf);
}

export async function invoiceRoutes(
  app: FastifyInstance,
  opts: { deps: InvoiceDeps; onMailQueued: () => void },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  const orderOf = async (id: string) => {
    const order = await findOrder(deps.db, id);
    if (!order) throw new AppError(404, 'not_found', 'No such order.');
    return order;
  };

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
    if (!file) throw new AppError(404, 'not_found', 'No such invoice.');
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
    if (!file) throw new AppError(404, 'not_found', 'No such invoice.');
    return sendPdf(reply, file);
  });

  api.get(
    '/api/orders/:id/payments/:documentId/receipt',
    { schema: { params: invoiceParams } },
    async (request, reply) => {
      const file = await storedPdf(deps.db, 'receipt', request.params.documentId, request.params.id);
      if (!file) throw new AppError(404, 'not_found', 'No such receipt.');
      return sendPdf(reply, file);
    },
  );

  api.get('/api/terms', async () => readTerms(deps.db, deps.shop.shopEmail));

  api.put('/api/terms', async (request, reply) => {
    requireOwner(request, { en: 'change the payment terms', fr: 'modifier les conditions de paiement' });
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
    await saveTerms(deps.db, parsed.data, request.staff!.email);
    return parsed.data;
  });

  await reportRoutes(app, deps);
}
