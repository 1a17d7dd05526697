// Credit notes (docs/accounts.md, "Credit notes"): a clerk allowed to credit takes back lines of
// an invoice, an amount, or everything left; a changed order's approval credits its earlier
// invoice; cancelling credits what is unpaid. The arithmetic is shared/invoices/credit-notes.ts;
// this file numbers, stores, mails and records them. An invoice whose order was deleted can
// still be credited (from the Accounts page): its records outlive the order.
import type { Transaction } from 'kysely';
import { AMOUNT_ERRORS, readAmount } from '../../shared/amounts.js';
import { creditRoom, planCredit, type CreditRequest, type CreditRoomLine } from '../../shared/invoices/credit-notes.js';
import type { CreditNoteBody, InvoiceDocument } from '../../shared/invoices/invoice-api.js';
import { DomainError } from '../errors.js';
import { enqueueMails, mailRows } from '../storage/mail-queue.js';
import { lockOrder, recordEvent } from '../storage/orders.js';
import { mintOrderLink } from '../storage/order-links.js';
import type { Database, OrderRow } from '../storage/schema.js';
import { fromJson } from '../storage/json.js';
import { accountFrom, refreshPaymentState, todayOf, type InvoiceDeps } from './accounts.js';
import { composeCreditNoteMail } from './invoice-mail.js';
import { issueDocument, type Issued } from './issue-document.js';
import { combine, refuse, visibleText } from './refusals.js';
import { creditNotesOf, invoiceDocument, invoicesOfOrder, paymentsOfOrder, type InvoiceRow } from './invoice-store.js';
import { may, type Actor } from './permissions.js';

type Trx = Transaction<Database>;

function describer(original: InvoiceDocument) {
  const fr = original.language === 'fr';
  return (line: CreditRoomLine | null) =>
    line
      ? fr
        ? `Crédit\u00a0: ${line.description}`
        : `Credit: ${line.description}`
      : fr
        ? `Crédit sur la facture ${original.number}`
        : `Credit against invoice ${original.number}`;
}

/**
 * Issues a credit note of `request` against `invoice` in the caller's transaction (the order, when
 * it still exists, locked by the caller). Null when a credit of the rest finds nothing left.
 */
export async function creditNoteFor(
  deps: InvoiceDeps,
  trx: Trx,
  order: Pick<OrderRow, 'id'> | null,
  invoice: InvoiceRow,
  earlier: readonly InvoiceRow[],
  request: CreditRequest,
  reason: string,
  by: string,
  now: Date,
): Promise<Issued | null> {
  const original = invoiceDocument(invoice);
  const notes = earlier.map(invoiceDocument);
  if (request.kind === 'rest' && creditRoom(original, notes).totalCents <= 0) return null;
  const planned = planCredit(original, notes, request, describer(original));
  if (!planned.ok) {
    const e = planned.error;
    throw new DomainError('invalid', e.code, e.message.en, [e.field], { messageFr: e.message.fr });
  }
  const c = planned.credit;
  const issued = await issueDocument(
    deps,
    trx,
    invoice.order_id,
    {
      kind: 'credit_note',
      language: original.language,
      ...(original.bilingual ? { bilingual: true } : {}),
      orderReference: original.orderReference,
      quoteVersion: original.quoteVersion,
      quoteSha256: original.quoteSha256,
      credits: { number: original.number, issueDate: original.issueDate },
      reason,
      seller: original.seller,
      customer: original.customer,
      province: original.province,
      ...(original.delivery ? { delivery: original.delivery } : {}),
      ...(original.exemption ? { exemption: original.exemption } : {}),
      lines: c.lines,
      subtotalCents: c.subtotalCents,
      taxes: c.taxes,
      taxesNotCharged: original.taxesNotCharged,
      totalCents: c.totalCents,
      depositPercent: 0,
      depositCents: 0,
      terms: original.terms,
    },
    { quoteId: null, creditsInvoiceId: invoice.id, by },
    now,
  );
  if (order) {
    await recordEvent(trx, order.id, by, {
      kind: 'credit_note_issued',
      number: issued.number,
      invoiceNumber: original.number,
      totalCents: c.totalCents,
      reason,
    });
  }
  return issued;
}

/** The request a clerk's form makes: lines, an amount, or everything left. */
function requestOf(body: CreditNoteBody): CreditRequest | DomainError[] {
  if (body.rest) return { kind: 'rest' };
  const errors: DomainError[] = [];
  const amountOf = (text: string, field: string): number | null => {
    const a = readAmount(text);
    if ('error' in a) {
      errors.push(refuse(a.error, field, AMOUNT_ERRORS[a.error].en, AMOUNT_ERRORS[a.error].fr));
      return null;
    }
    if (a.cents < 0)
      errors.push(
        refuse(
          'credit_not_positive',
          field,
          'A credit note credits a positive amount.',
          'Une note de crédit crédite un montant positif.',
        ),
      );
    return a.cents;
  };
  if (body.lines && body.lines.length > 0) {
    const lines = body.lines.map((l) => ({ index: l.index, cents: amountOf(l.amount, `lines.${l.index}`) ?? 0 }));
    return errors.length > 0 ? errors : { kind: 'lines', lines };
  }
  const cents = amountOf(body.amount ?? '', 'amount');
  return errors.length > 0 || cents === null ? errors : { kind: 'amount', cents };
}

async function lockInvoice(deps: InvoiceDeps, trx: Trx, where: { id: string } | { orderId: string; number: string }) {
  let q = trx.selectFrom('invoices').select('id').where('kind', '=', 'invoice');
  q =
    'id' in where
      ? q.where('id', '=', where.id)
      : q.where('order_id', '=', where.orderId).where('number', '=', where.number);
  // The invoice's row stays locked until the credit note commits: two credits of it wait in turn.
  return (deps.dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
}

/**
 * A clerk credits part or all of an invoice, with a reason; the customer gets the PDF by email
 * while the order exists. `target` names the invoice by its order and number, or by its id
 * (the Accounts page, which also reaches invoices of deleted orders).
 */
export async function issueCreditNote(
  deps: InvoiceDeps,
  target: { orderId: string; number: string } | { invoiceId: string },
  body: CreditNoteBody,
  actor: Actor,
  now = new Date(),
): Promise<{ number: string; orderId: string }> {
  may(actor, 'credit');
  const reason = visibleText(body.reason);
  const request = requestOf(body);
  const errors = Array.isArray(request) ? [...request] : [];
  if (reason === '')
    errors.push(
      refuse(
        'reason_required',
        'reason',
        'Say why the invoice is credited.',
        'Dites pourquoi la facture est créditée.',
      ),
    );
  if (errors.length > 0 || Array.isArray(request)) throw combine(errors);
  return deps.db.transaction().execute(async (trx) => {
    const orderId =
      'orderId' in target
        ? target.orderId
        : (await trx.selectFrom('invoices').select('order_id').where('id', '=', target.invoiceId).executeTakeFirst())
            ?.order_id;
    const order = orderId ? await lockOrder(trx, deps.dialect, orderId) : undefined;
    const locked = await lockInvoice(
      deps,
      trx,
      'invoiceId' in target ? { id: target.invoiceId } : { orderId: target.orderId, number: target.number.trim() },
    );
    if (!locked || !orderId) {
      const number = 'number' in target ? target.number.trim() : '';
      throw number
        ? refuse(
            'unknown_invoice',
            'invoiceNumber',
            `This order has no invoice ${number} to credit.`,
            `Cette commande n’a pas de facture ${number} à créditer.`,
          )
        : refuse(
            'unknown_invoice',
            'invoiceNumber',
            'There is no such invoice to credit.',
            'Il n’y a pas de telle facture à créditer.',
          );
    }
    const rows = await invoicesOfOrder(trx, orderId);
    const invoice = rows.find((r) => r.id === locked.id)!;
    const note = await creditNoteFor(
      deps,
      trx,
      order ?? null,
      invoice,
      creditNotesOf(rows, invoice.id),
      request,
      reason,
      actor.email,
      now,
    );
    if (!note)
      throw new DomainError(
        'conflict',
        'nothing_to_credit',
        `Invoice ${invoice.number} is already fully credited: there is nothing left to credit.`,
        ['invoiceNumber'],
        { messageFr: `La facture ${invoice.number} est déjà entièrement créditée\u00a0: il ne reste rien à créditer.` },
      );
    if (order) {
      const account = (await refreshPaymentState(trx, deps.books, order.id, now))!;
      const token = await mintOrderLink(trx, order.id);
      const mail = composeCreditNoteMail(
        { id: order.id, reference: order.reference, document: fromJson(order.document) },
        note.document,
        account,
        token,
        deps.shop,
      );
      await enqueueMails(trx, mailRows(order.id, [{ ...mail, attachments: [{ kind: 'invoice', id: note.id }] }]));
    }
    return { number: note.number, orderId };
  });
}

/**
 * Cancelling an invoiced order with "credit what is unpaid": credit notes, newest invoice first,
 * for as much of the unpaid balance as the invoices hold, in the cancellation's transaction.
 * Returns the credit notes issued (the caller mails them with the cancellation).
 */
export async function creditUnpaid(
  deps: InvoiceDeps,
  trx: Trx,
  order: OrderRow,
  actor: Actor,
  now = new Date(),
): Promise<Issued[]> {
  may(actor, 'credit');
  const doc = fromJson(order.document);
  const reason =
    doc.language === 'fr'
      ? 'Commande annulée\u00a0: ce qui restait impayé est crédité'
      : 'Order cancelled: what was unpaid is credited';
  const [rows, payments] = await Promise.all([invoicesOfOrder(trx, order.id), paymentsOfOrder(trx, order.id)]);
  let unpaid = accountFrom(order.status, rows, payments, todayOf(deps.books, now)).balanceCents;
  const issued: Issued[] = [];
  for (const invoice of [...rows].reverse().filter((r) => r.kind === 'invoice')) {
    if (unpaid <= 0) break;
    const current = await invoicesOfOrder(trx, order.id);
    const room = creditRoom(invoiceDocument(invoice), creditNotesOf(current, invoice.id).map(invoiceDocument));
    if (room.totalCents <= 0) continue;
    const note = await creditNoteFor(
      deps,
      trx,
      order,
      invoice,
      creditNotesOf(current, invoice.id),
      { kind: 'up_to_total', totalCents: unpaid },
      reason,
      actor.email,
      now,
    );
    if (note) {
      issued.push(note);
      unpaid -= note.document.totalCents;
    }
  }
  if (issued.length > 0) {
    const account = (await refreshPaymentState(trx, deps.books, order.id, now))!;
    const token = await mintOrderLink(trx, order.id);
    const forMail = { id: order.id, reference: order.reference, document: doc };
    await enqueueMails(
      trx,
      mailRows(
        order.id,
        issued.map((note) => ({
          ...composeCreditNoteMail(forMail, note.document, account, token, deps.shop),
          attachments: [{ kind: 'invoice' as const, id: note.id }],
        })),
      ),
    );
  }
  return issued;
}
