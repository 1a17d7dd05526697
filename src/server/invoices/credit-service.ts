// Credit notes (docs/accounts.md, "Credit notes"): a clerk allowed to credit takes back lines of
// an invoice, an amount, or everything left; a changed order's approval credits its earlier
// invoice; cancelling credits what is unpaid. The arithmetic is shared/invoices/credit-notes.ts;
// this file numbers, stores, mails and records them. An invoice whose order was deleted can
// still be credited (from the Accounts page): its records outlive the order.
import type { Kysely, Transaction } from 'kysely';
import { AMOUNT_ERRORS, readAmount } from '../../shared/amounts.js';
import { creditRoom, planCredit, type CreditRequest, type CreditRoomLine } from '../../shared/invoices/credit-notes.js';
import type { CreditNoteBody, InvoiceDocument } from '../../shared/invoices/invoice-api.js';
import { lineDescription } from '../../shared/quote.js';
import { DomainError } from '../errors.js';
import { enqueueMails, mailRows } from '../storage/mail-queue.js';
import { lockOrder, recordEvent } from '../storage/orders.js';
import { mintOrderLink } from '../storage/order-links.js';
import type { Database, OrderRow } from '../storage/schema.js';
import { fromJson } from '../storage/json.js';
import { accountFrom, refreshPaymentState, todayOf, type InvoiceDeps } from './accounts.js';
import { composeCreditNoteMail } from './invoice-mail.js';
import { issueCreditAgainst, type Issued } from './issue-document.js';
import { combine, refuse, visibleText } from './refusals.js';
import {
  creditNotesOf,
  invoiceDocument,
  invoicesOfOrder,
  paymentsOfOrder,
  type InvoiceRow,
  type PaymentRow,
} from './invoice-store.js';
import { readWriteOffThreshold, writeOffIn } from './write-offs.js';
import { may, type Actor } from './permissions.js';

type Trx = Transaction<Database>;

function describer(original: InvoiceDocument) {
  const fr = original.language === 'fr';
  // The line as the invoice printed it: a Quebec shop's in French, the English beside it if bilingual.
  const printed = (line: CreditRoomLine) => {
    const source = original.lines[line.index];
    return source ? lineDescription(source, original.language, original.bilingual === true) : line.description;
  };
  return (line: CreditRoomLine | null) =>
    line
      ? fr
        ? `Crédit\u00a0: ${printed(line)}`
        : `Credit: ${printed(line)}`
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
  const issued = await issueCreditAgainst(deps, trx, invoice, original, c, reason, by, now);
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

/** One credit note a cancellation will issue: against which invoice, what it asks, and its total. */
export interface PlannedUnpaidCredit {
  invoice: InvoiceRow;
  earlier: InvoiceRow[];
  request: CreditRequest;
  totalCents: number;
}

/**
 * What cancelling with "credit what is unpaid" does, worked out once (docs/accounts.md, "Credit
 * notes"): the credit notes, newest invoice first, each the largest whose total does not pass
 * what is still unpaid; what they credit in all; what is left (a cent the taxes' rounding cannot
 * credit); and the part of it the owner's small-balance threshold writes off. The cancel dialog
 * shows this and creditUnpaid then does exactly this.
 */
export function planUnpaidCredit(
  status: OrderRow['status'],
  rows: readonly InvoiceRow[],
  payments: readonly Pick<PaymentRow, 'amount_cents'>[],
  today: string,
  thresholdCents: number,
): { credits: PlannedUnpaidCredit[]; creditCents: number; leftCents: number; writeOffCents: number } {
  let unpaid = Math.max(0, accountFrom(status, rows, payments, today).balanceCents);
  const credits: PlannedUnpaidCredit[] = [];
  for (const invoice of [...rows].reverse().filter((r) => r.kind === 'invoice')) {
    if (unpaid <= 0) break;
    const original = invoiceDocument(invoice);
    const earlier = creditNotesOf(rows, invoice.id);
    if (creditRoom(original, earlier.map(invoiceDocument)).totalCents <= 0) continue;
    const request: CreditRequest = { kind: 'up_to_total', totalCents: unpaid };
    const planned = planCredit(original, earlier.map(invoiceDocument), request, describer(original));
    if (!planned.ok || planned.credit.totalCents <= 0) continue;
    credits.push({ invoice, earlier, request, totalCents: planned.credit.totalCents });
    unpaid -= planned.credit.totalCents;
  }
  return {
    credits,
    creditCents: credits.reduce((sum, c) => sum + c.totalCents, 0),
    leftCents: unpaid,
    writeOffCents: unpaid > 0 && unpaid <= thresholdCents ? unpaid : 0,
  };
}

/**
 * Cancelling an invoiced order with "credit what is unpaid": the credit notes of
 * planUnpaidCredit, in the cancellation's transaction, mailed to the customer; then, when asked,
 * the rest under the owner's small-balance threshold written off (never mailed).
 */
export async function creditUnpaid(
  deps: InvoiceDeps,
  trx: Trx,
  order: OrderRow,
  actor: Actor,
  now = new Date(),
  options: { writeOffRest?: boolean } = {},
): Promise<Issued[]> {
  may(actor, 'credit');
  const doc = fromJson(order.document);
  const fr = doc.language === 'fr';
  const reason = fr
    ? 'Commande annulée\u00a0: ce qui restait impayé est crédité'
    : 'Order cancelled: what was unpaid is credited';
  const [rows, payments] = await Promise.all([invoicesOfOrder(trx, order.id), paymentsOfOrder(trx, order.id)]);
  const plan = planUnpaidCredit(
    order.status,
    rows,
    payments,
    todayOf(deps.books, now),
    await readWriteOffThreshold(trx),
  );
  const issued: Issued[] = [];
  for (const step of plan.credits) {
    const note = await creditNoteFor(
      deps,
      trx,
      order,
      step.invoice,
      step.earlier,
      step.request,
      reason,
      actor.email,
      now,
    );
    if (note) issued.push(note);
  }
  if (options.writeOffRest && plan.writeOffCents > 0) {
    const why = fr
      ? 'Commande annulée\u00a0: le reste, sous le seuil des petits soldes, est radié'
      : 'Order cancelled: the rest, under the small-balance threshold, is written off';
    await writeOffIn(deps, trx, order, why, actor.email, now, plan.writeOffCents);
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

/**
 * A refund that gives back invoiced money (docs/payments.md, "Refunds"): the credit note the books
 * ask for, issued in the refund's transaction before its receipt, so the refund never bills the
 * customer again. Only the part beyond what the customer had overpaid is credited (an overpayment
 * given back is no sale undone): `overpaidCents` is what the account owed the customer before.
 * Newest invoice first, as cancelling does; the caller mails the notes with the refund's receipt.
 */
export async function creditForRefund(
  deps: InvoiceDeps,
  trx: Trx,
  order: Pick<OrderRow, 'id'>,
  refundCents: number,
  overpaidCents: number,
  reason: string,
  by: string,
  now: Date,
): Promise<Issued[]> {
  let left = refundCents - Math.max(0, overpaidCents);
  const issued: Issued[] = [];
  const rows = await invoicesOfOrder(trx, order.id);
  for (const invoice of [...rows].reverse().filter((r) => r.kind === 'invoice')) {
    if (left <= 0) break;
    const current = await invoicesOfOrder(trx, order.id);
    const notes = creditNotesOf(current, invoice.id);
    if (creditRoom(invoiceDocument(invoice), notes.map(invoiceDocument)).totalCents <= 0) continue;
    const note = await creditNoteFor(
      deps,
      trx,
      order,
      invoice,
      notes,
      { kind: 'up_to_total', totalCents: left },
      reason,
      by,
      now,
    );
    if (note) {
      issued.push(note);
      left -= note.document.totalCents;
    }
  }
  return issued;
}

/**
 * What creditForRefund would credit for a refund now, without issuing anything: asked before the
 * provider moves the money, so a refund whose credit note cannot come to its amount exactly
 * (each tax rounded to the cent: with GST and QST, no credit totals exactly $20.00) is refused
 * with the nearest amounts that do. `neededCents` is the invoiced part of the refund.
 */
export async function refundCreditPlan(
  deps: Pick<InvoiceDeps, 'db' | 'books'>,
  orderId: string,
  refundCents: number,
  now = new Date(),
): Promise<{ neededCents: number; creditCents: number; exact: (cents: number) => boolean }> {
  const order = await deps.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst();
  const [rows, payments] = await Promise.all([invoicesOfOrder(deps.db, orderId), paymentsOfOrder(deps.db, orderId)]);
  const overpaid = Math.max(
    0,
    -accountFrom(order?.status ?? null, rows, payments, todayOf(deps.books, now)).balanceCents,
  );
  const creditOf = (needed: number) => {
    let left = needed;
    for (const invoice of [...rows].reverse().filter((r) => r.kind === 'invoice')) {
      if (left <= 0) break;
      const original = invoiceDocument(invoice);
      const notes = creditNotesOf(rows, invoice.id).map(invoiceDocument);
      if (creditRoom(original, notes).totalCents <= 0) continue;
      const planned = planCredit(original, notes, { kind: 'up_to_total', totalCents: left }, describer(original));
      if (planned.ok) left -= planned.credit.totalCents;
    }
    return needed - left;
  };
  const neededOf = (cents: number) => Math.max(0, cents - overpaid);
  return {
    neededCents: neededOf(refundCents),
    creditCents: creditOf(neededOf(refundCents)),
    exact: (cents) => creditOf(neededOf(cents)) === neededOf(cents),
  };
}

/** What the cancel dialog shows: planUnpaidCredit of the order as it stands, with the owner's threshold. */
export async function cancellationPlan(
  deps: Pick<InvoiceDeps, 'books'>,
  db: Kysely<Database>,
  order: Pick<OrderRow, 'id'>,
  now = new Date(),
): Promise<{ creditCents: number; leftCents: number; writeOffCents: number }> {
  const [rows, payments] = await Promise.all([invoicesOfOrder(db, order.id), paymentsOfOrder(db, order.id)]);
  const { creditCents, leftCents, writeOffCents } = planUnpaidCredit(
    'cancelled',
    rows,
    payments,
    todayOf(deps.books, now),
    await readWriteOffThreshold(db),
  );
  return { creditCents, leftCents, writeOffCents };
}
