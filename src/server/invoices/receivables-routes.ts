// The receivables an accountant closes a month on (docs/accounts.md): deferred revenue at a date
// (JSON for the Accounts page, CSV to download), and a customer's statement from one of their
// orders, downloaded or mailed to them. Registered inside the inbox: each needs a session.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agedQuerySchema } from '../../shared/invoices/invoice-api.js';
import { statementQuerySchema } from '../../shared/invoices/statement.js';
import { statusLabel } from '../../shared/order-presentation.js';
import { noSuchOrder, periodEndsBeforeStart } from '../errors.js';
import { enqueueMails, mailRows } from '../storage/mail-queue.js';
import { mintOrderLink } from '../storage/order-links.js';
import { findOrder } from '../storage/orders.js';
import { fromJson } from '../storage/json.js';
import type { InvoiceDeps } from './accounts.js';
import { csvOf, csvReply, money } from './csv.js';
import { deferredRevenueAt } from './deferred-report.js';
import { sendPdf } from './send-pdf.js';
import { sha256 } from './issue-document.js';
import { composeStatementMail } from './statement-mail.js';
import { statementPdf } from './statement-service.js';

const orderParams = z.object({ id: z.string().uuid() });

export const checkStatementPeriod = (from: string, to: string) => {
  if (from > to) throw periodEndsBeforeStart();
};

export async function receivablesRoutes(
  app: FastifyInstance,
  opts: { deps: InvoiceDeps; onMailQueued: () => void },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  const orderOf = async (id: string) => {
    const order = await findOrder(deps.db, id);
    if (!order) throw noSuchOrder();
    return order;
  };

  // Deferred revenue: invoiced, not Completed, at the end of `asOf` (docs/accounts.md).
  api.get('/api/reports/deferred', { schema: { querystring: agedQuerySchema } }, async (request, reply) => {
    const { asOf, format } = request.query;
    const report = await deferredRevenueAt(deps.db, deps.books, asOf);
    if (format === 'json') return report;
    const csv = csvOf([
      [
        'Order',
        'Customer',
        'Status',
        'First invoiced on',
        'Invoiced before taxes (CAD)',
        'Invoiced with taxes (CAD)',
        'Received (CAD)',
      ],
      ...report.rows.map((r) => [
        r.orderReference,
        r.customer,
        // The CSV's headings are English: the status as the inbox names it in English, not its code.
        r.status ? statusLabel(r.status, 'en') : 'Order deleted',
        r.firstInvoicedOn,
        money(r.subtotalCents),
        money(r.totalCents),
        money(r.receivedCents),
      ]),
      ['Total', '', '', '', money(report.subtotalCents), money(report.totalCents), money(report.receivedCents)],
    ]);
    return csvReply(reply, `deferred-revenue-${asOf}.csv`, csv);
  });

  // The statement of the order's customer (every order billed to the same email), as a PDF.
  api.get(
    '/api/orders/:id/statement.pdf',
    { schema: { params: orderParams, querystring: statementQuerySchema } },
    async (request, reply) => {
      const { from, to } = request.query;
      checkStatementPeriod(from, to);
      const order = await orderOf(request.params.id);
      const { pdf } = await statementPdf(deps, order.customer_email, from, to);
      return sendPdf(reply, { name: `statement-${from}-${to}.pdf`, pdf, sha256: sha256(pdf) });
    },
  );

  // Mailed on request: the PDF kept as sent, the mail in the customer's language.
  api.post(
    '/api/orders/:id/statement/mail',
    { schema: { params: orderParams, body: statementQuerySchema } },
    async (request, reply) => {
      const { from, to } = request.body;
      checkStatementPeriod(from, to);
      const order = await orderOf(request.params.id);
      const { pdf, statement } = await statementPdf(deps, order.customer_email, from, to);
      const id = randomUUID();
      await deps.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('statements')
          .values({
            id,
            order_id: order.id,
            email: order.customer_email,
            from_date: from,
            to_date: to,
            created_by: request.staff!.email,
            created_at: new Date().toISOString(),
            pdf,
            sha256: sha256(pdf),
          })
          .execute();
        const token = await mintOrderLink(trx, order.id);
        const mail = composeStatementMail(
          { id: order.id, reference: order.reference, document: fromJson(order.document) },
          statement.statement,
          token,
          deps.shop,
        );
        await enqueueMails(trx, mailRows(order.id, [{ ...mail, attachments: [{ kind: 'statement', id }] }]));
      });
      opts.onMailQueued();
      return reply.code(202).send({ email: order.customer_email });
    },
  );
}
