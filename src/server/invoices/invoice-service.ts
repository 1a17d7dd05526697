// Invoices, credit notes and payments (docs/product.md, "Invoices and payments"). An invoice is
// issued in the customer's approval transaction from exactly the approved version; it is never
// changed: a new approval credits the invoice before it and issues the next one. Payments and
// refunds are entries, never edits. Every amount comes from shared/invoices/account.ts.
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { personName } from '../../shared/order-presentation.js';
import type { ValidOrderBody } from '../../shared/order-schema.js';
import { formatCents } from '../../shared/money.js';
import {
  accountOf,
  AMOUNT_ERRORS,
  creditNoteTaxes,
  depositOf,
  readAmount,
  type Account,
} from '../../shared/invoices/account.js';
import type {
  CreditNoteBody,
  CustomerAccountView,
  HowToPay,
  InvoiceDocument,
  InvoiceSummary,
  ReceiptDocument,
  RecordPaymentBody,
  Seller,
  StaffAccountView,
} from '../../shared/invoices/invoice-api.js';
import { offeredMethods } from '../../shared/invoices/payment-methods.js';
import { balanceDueText, type PaymentTerms } from '../../shared/invoices/terms.js';
import { DomainError } from '../errors.js';
import { shopDate } from '../shop-date.js';
import type { ShopIdentity } from '../mail/compose.js';
import { enqueueMails, mailRows } from '../storage/mail-queue.js';
import { lockOrder as lockOrderRow, recordStatus } from '../storage/orders.js';
import { mintOrderLink } from '../storage/order-links.js';
import type { Dialect } from '../storage/db.js';
import type { Database, OrderRow, QuoteRow } from '../storage/schema.js';
import { renderInvoicePdf, renderReceiptPdf } from './invoice-pdf.js';
import { composeCreditNoteMail, composeInvoiceMail, composeReceiptMail } from './invoice-mail.js';
import {
  insertInvoice,
  insertPayment,
  invoiceDocument,
  invoicesOfOrder,
  nextNumber,
  paymentsOfOrder,
  readTerms,
  type InvoiceRow,
  type PaymentRow,
} from './invoice-store.js';
import { fromJson, toJson } from '../storage/json.js';

export interface InvoiceDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Printed on every invoice and receipt. */
  seller: Seller;
  shop: ShopIdentity;
}

type Trx = Transaction<Database>;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const documentOf = (order: OrderRow) => fromJson(order.document);
const languageOf = (doc: ValidOrderBody): 'en' | 'fr' => (doc.language === 'fr' ? 'fr' : 'en');

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function lockOrder(deps: Pick<InvoiceDeps, 'dialect'>, trx: Trx, orderId: string): Promise<OrderRow> {
  const order = await lockOrderRow(trx, deps.dialect, orderId);
  if (!order) throw new DomainError('not_found', 'not_found', 'No such order.');
  return order;
}

function customerOf(doc: ValidOrderBody): InvoiceDocument['customer'] {
  const b = doc.layouts['1']?.billing;
  if (!b) return { name: '', company: '', address: [] };
  return {
    name: personName(b),
    company: b.companyName,
    address: [b.address, [b.city, b.province, b.postalCode].filter(Boolean).join(' ')].filter((l) => l.trim() !== ''),
  };
}

/** Credit notes' subtotals taken from each invoice so far. */
function creditedSubtotals(rows: readonly InvoiceRow[]): Map<string, number> {
  const credited = new Map<string, number>();
  for (const r of rows)
    if (r.kind === 'credit_note' && r.credits_invoice_id)
      credited.set(r.credits_invoice_id, (credited.get(r.credits_invoice_id) ?? 0) + Number(r.subtotal_cents));
  return credited;
}

/** The balance comes due once the order is Ready (or later), or on the date the latest invoice gives. */
function balanceCameDue(order: Pick<OrderRow, 'status'>, invoices: readonly InvoiceRow[], today: string): boolean {
  if (order.status === 'ready' || order.status === 'completed') return true;
  const latest = [...invoices].reverse().find((r) => r.kind === 'invoice');
  if (!latest) return false;
  const terms = invoiceDocument(latest).terms;
  return terms.balanceDue === 'days' && today >= addDays(latest.issue_date, terms.balanceDays);
}

function accountFrom(
  order: Pick<OrderRow, 'status'>,
  invoices: readonly InvoiceRow[],
  payments: readonly Pick<PaymentRow, 'amount_cents'>[],
  today = shopDate(),
): Account {
  return accountOf({
    documents: invoices.map((r) => ({
      kind: r.kind,
      totalCents: Number(r.total_cents),
      depositCents: Number(r.deposit_cents),
    })),
    paymentsCents: payments.map((p) => Number(p.amount_cents)),
    balanceCameDue: balanceCameDue(order, invoices, today),
  });
}

export { shopDate };

export async function orderAccount(
  db: Kysely<Database> | Trx,
  order: Pick<OrderRow, 'id' | 'status'>,
): Promise<Account> {
  const [invoices, payments] = await Promise.all([invoicesOfOrder(db, order.id), paymentsOfOrder(db, order.id)]);
  return accountFrom(order, invoices, payments);
}

/** Keeps orders.payment_state (what the inbox filters by) equal to the account's state. */
export async function refreshPaymentState(trx: Kysely<Database> | Trx, orderId: string): Promise<Account | null> {
  const order = await trx
    .selectFrom('orders')
    .select(['id', 'status', 'payment_state'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return null;
  const account = await orderAccount(trx, order);
  if (account.state !== order.payment_state) {
    await trx.updateTable('orders').set({ payment_state: account.state }).where('id', '=', orderId).execute();
  }
  return account;
}

export function howToPay(
  terms: PaymentTerms,
  order: Pick<OrderRow, 'reference'>,
  seller: Seller,
  dueNowCents: number,
  language: 'en' | 'fr',
): HowToPay[] {
  return offeredMethods(terms).map((m) => ({
    id: m.id,
    label: m.label[language],
    instructions: m.instructions(
      { terms, reference: order.reference, legalName: seller.legalName, dueNowCents },
      language,
    ),
  }));
}

interface Issued {
  id: string;
  number: string;
  document: InvoiceDocument;
}

async function issueDocument(
  deps: InvoiceDeps,
  trx: Trx,
  order: OrderRow,
  document: Omit<InvoiceDocument, 'number' | 'issueDate' | 'format'>,
  extra: { quoteId: string | null; creditsInvoiceId: string | null; by: string },
  now: Date,
): Promise<Issued> {
  const issueDate = shopDate(now);
  const number = await nextNumber(trx, document.kind, Number(issueDate.slice(0, 4)));
  const full: InvoiceDocument = { format: 'invoice/1', number, issueDate, ...document };
  const pdf = await renderInvoicePdf(full, now);
  const id = randomUUID();
  await insertInvoice(trx, {
    id,
    order_id: order.id,
    number,
    kind: full.kind,
    issue_date: issueDate,
    issued_at: now.toISOString(),
    issued_by: extra.by,
    quote_id: extra.quoteId,
    credits_invoice_id: extra.creditsInvoiceId,
    subtotal_cents: full.subtotalCents,
    total_cents: full.totalCents,
    deposit_cents: full.depositCents,
    document: toJson(full),
    pdf,
    sha256: sha256(pdf),
  });
  return { id, number, document: full };
}

async function creditNoteFor(
  deps: InvoiceDeps,
  trx: Trx,
  order: OrderRow,
  invoice: InvoiceRow,
  subtotalCents: number,
  reason: string,
  by: string,
  now: Date,
): Promise<Issued> {
  const original = invoiceDocument(invoice);
  const { taxes, totalCents } = creditNoteTaxes(original, subtotalCents);
  const lang = original.language;
  const issued = await issueDocument(
    deps,
    trx,
    order,
    {
      kind: 'credit_note',
      language: lang,
      orderReference: original.orderReference,
      quoteVersion: original.quoteVersion,
      quoteSha256: original.quoteSha256,
      credits: { number: original.number, issueDate: original.issueDate },
      reason,
      seller: deps.seller,
      customer: original.customer,
      province: original.province,
      lines: [
        {
          description:
            lang === 'fr' ? `Crédit sur la facture ${original.number}` : `Credit against invoice ${original.number}`,
          quantity: 1,
          unitPriceCents: subtotalCents,
          taxable: taxes.length > 0,
          lineTotalCents: subtotalCents,
        },
      ],
      subtotalCents,
      taxes,
      taxesNotCharged: [],
      totalCents,
      depositPercent: 0,
      depositCents: 0,
      terms: original.terms,
    },
    { quoteId: null, creditsInvoiceId: invoice.id, by },
    now,
  );
  await recordStatus(trx, order, order.status, by, {
    kind: 'credit_note_issued',
    number: issued.number,
    invoiceNumber: original.number,
    totalCents,
    reason,
  });
  return issued;
}

/**
 * In the approval's transaction: credits what is left of the order's earlier invoices (a
 * changed order), issues the invoice of the approved version, and queues the customer's email
 * with the PDFs and what is due now. Returns the invoice's number.
 */
export async function issueInvoiceOnApproval(
  deps: InvoiceDeps,
  trx: Trx,
  order: OrderRow,
  quote: QuoteRow,
  now = new Date(),
): Promise<string> {
  const version = fromJson(quote.document!);
  const doc = documentOf(order);
  const terms = await readTerms(trx, deps.shop.shopEmail);
  const earlier = await invoicesOfOrder(trx, order.id);
  const credited = creditedSubtotals(earlier);
  const creditNotes: Issued[] = [];
  for (const invoice of earlier.filter((r) => r.kind === 'invoice')) {
    const left = Number(invoice.subtotal_cents) - (credited.get(invoice.id) ?? 0);
    if (left > 0) {
      const reason =
        languageOf(doc) === 'fr'
          ? `Remplacée par la facture de la soumission v${version.version}`
          : `Replaced by the invoice of quote v${version.version}`;
      creditNotes.push(await creditNoteFor(deps, trx, order, invoice, left, reason, 'customer', now));
    }
  }
  const issued = await issueDocument(
    deps,
    trx,
    order,
    {
      kind: 'invoice',
      language: languageOf(doc),
      orderReference: order.reference,
      quoteVersion: version.version,
      quoteSha256: quote.sha256,
      credits: null,
      reason: null,
      seller: deps.seller,
      customer: customerOf(doc),
      province: version.province,
      lines: version.lines,
      subtotalCents: version.subtotalCents,
      taxes: version.taxes,
      taxesNotCharged: version.taxesNotCharged ?? [],
      totalCents: version.totalCents,
      depositPercent: terms.depositPercent,
      depositCents: depositOf(version.totalCents, terms.depositPercent),
      terms: {
        balanceDue: terms.balanceDue,
        balanceDays: terms.balanceDays,
        methods: terms.methods,
        etransferEmail: terms.etransferEmail,
        autodeposit: terms.autodeposit,
      },
    },
    { quoteId: quote.id, creditsInvoiceId: null, by: 'customer' },
    now,
  );
  await recordStatus(trx, { id: order.id, status: 'approved' }, 'approved', 'customer', {
    kind: 'invoice_issued',
    number: issued.number,
    totalCents: issued.document.totalCents,
    depositCents: issued.document.depositCents,
  });
  const account = (await refreshPaymentState(trx, order.id))!;
  const token = await mintOrderLink(trx, order.id);
  const lang = languageOf(doc);
  const mail = composeInvoiceMail(
    { id: order.id, reference: order.reference, document: doc },
    issued.document,
    creditNotes.map((c) => c.number),
    account,
    howToPay(terms, order, deps.seller, account.dueNowCents, lang),
    token,
    deps.shop,
  );
  await enqueueMails(
    trx,
    mailRows(order.id, [
      { ...mail, attachments: [...creditNotes, issued].map((d) => ({ kind: 'invoice' as const, id: d.id })) },
    ]),
  );
  return issued.number;
}

const refuse = (code: string, field: string, en: string, fr: string, kind: 'invalid' | 'conflict' = 'invalid') =>
  new DomainError(kind, code, en, [field], { messageFr: fr });

/** A clerk credits part or all of an invoice, with a reason; the customer gets the PDF. */
export async function issueCreditNote(
  deps: InvoiceDeps,
  orderId: string,
  body: CreditNoteBody,
  by: string,
): Promise<string> {
  const reason = body.reason.normalize('NFC').trim();
  const amount = readAmount(body.amount);
  const errors: DomainError[] = [];
  if ('error' in amount)
    errors.push(refuse(amount.error, 'amount', AMOUNT_ERRORS[amount.error].en, AMOUNT_ERRORS[amount.error].fr));
  else if (amount.cents < 0)
    errors.push(
      refuse(
        'amount_invalid',
        'amount',
        'A credit note credits a positive amount.',
        'Une note de crédit crédite un montant positif.',
      ),
    );
  if (reason === '')
    errors.push(
      refuse(
        'reason_required',
        'reason',
        'Say why the invoice is credited.',
        'Dites pourquoi la facture est créditée.',
      ),
    );
  if (errors.length > 0) throw combine(errors);
  const cents = (amount as { cents: number }).cents;
  const issued = await deps.db.transaction().execute(async (trx) => {
    const order = await lockOrder(deps, trx, orderId);
    const rows = await invoicesOfOrder(trx, orderId);
    const invoice = rows.find((r) => r.kind === 'invoice' && r.number === body.invoiceNumber.trim());
    if (!invoice) {
      throw refuse(
        'unknown_invoice',
        'invoiceNumber',
        `This order has no invoice ${body.invoiceNumber}.`,
        `Cette commande n’a pas de facture ${body.invoiceNumber}.`,
      );
    }
    const left = Number(invoice.subtotal_cents) - (creditedSubtotals(rows).get(invoice.id) ?? 0);
    if (cents > left) {
      throw refuse(
        'credit_exceeds_invoice',
        'amount',
        `A credit note cannot exceed its invoice: at most ${formatCents(left, 'en')} before taxes is left to credit on ${invoice.number}.`,
        `Une note de crédit ne peut dépasser sa facture : il reste au plus ${formatCents(left, 'fr')} avant taxes à créditer sur la ${invoice.number}.`,
      );
    }
    const note = await creditNoteFor(deps, trx, order, invoice, cents, reason, by, new Date());
    const account = (await refreshPaymentState(trx, orderId))!;
    const token = await mintOrderLink(trx, orderId);
    const doc = documentOf(order);
    const mail = composeCreditNoteMail(
      { id: order.id, reference: order.reference, document: doc },
      note.document,
      account,
      token,
      deps.shop,
    );
    await enqueueMails(trx, mailRows(orderId, [{ ...mail, attachments: [{ kind: 'invoice', id: note.id }] }]));
    return note.number;
  });
  return issued;
}

function combine(errors: DomainError[]): DomainError {
  if (errors.length === 1) return errors[0]!;
  return new DomainError(
    'invalid',
    errors[0]!.code,
    errors.map((e) => e.message).join(' '),
    errors.flatMap((e) => e.fields ?? []),
    { messageFr: errors.map((e) => e.extras.messageFr).join(' ') },
  );
}

const DUPLICATE_WINDOW_MS = 60_000;

export interface RecordedPayment {
  id: string;
  receiptNumber: string;
  account: Account;
}

/**
 * A clerk records money received (or refunded, as a negative amount with a reason). Refused
 * with the field named: a bad amount, a refund without a reason or beyond what was paid, a
 * payment beyond the balance unless confirmed, the same payment twice in a minute unless confirmed.
 */
export async function recordPayment(
  deps: InvoiceDeps,
  orderId: string,
  input: RecordPaymentBody,
  by: string,
  now = new Date(),
): Promise<RecordedPayment> {
  const body = {
    ...input,
    reference: (input.reference ?? '').normalize('NFC').trim(),
    reason: (input.reason ?? '').normalize('NFC').trim(),
  };
  const amount = readAmount(body.amount);
  const errors: DomainError[] = [];
  if ('error' in amount)
    errors.push(refuse(amount.error, 'amount', AMOUNT_ERRORS[amount.error].en, AMOUNT_ERRORS[amount.error].fr));
  const refund = 'cents' in amount && amount.cents < 0;
  if (refund && body.reason === '') {
    errors.push(
      refuse('refund_reason_required', 'reason', 'A refund needs a reason.', 'Un remboursement doit avoir un motif.'),
    );
  }
  const today = shopDate(now);
  if (!isDate(body.receivedOn)) {
    errors.push(
      refuse(
        'received_on_invalid',
        'receivedOn',
        'Give the date the payment was received.',
        'Donnez la date de réception du paiement.',
      ),
    );
  } else if (body.receivedOn > addDays(today, 1)) {
    errors.push(
      refuse(
        'received_on_future',
        'receivedOn',
        'The payment date cannot be in the future.',
        'La date du paiement ne peut pas être dans le futur.',
      ),
    );
  }
  if (errors.length > 0) throw combine(errors);
  const cents = (amount as { cents: number }).cents;
  return deps.db.transaction().execute(async (trx) => {
    const order = await lockOrder(deps, trx, orderId);
    const [invoices, payments] = await Promise.all([invoicesOfOrder(trx, orderId), paymentsOfOrder(trx, orderId)]);
    if (!invoices.some((r) => r.kind === 'invoice')) {
      throw refuse(
        'no_invoice',
        'amount',
        'This order has no invoice yet: payments are recorded once the customer approves a quote.',
        'Cette commande n’a pas encore de facture : les paiements s’inscrivent une fois une soumission approuvée.',
        'conflict',
      );
    }
    const before = accountFrom(order, invoices, payments, today);
    if (refund && -cents > before.paidCents) {
      throw refuse(
        'refund_exceeds_paid',
        'amount',
        `A refund cannot exceed what was paid (${formatCents(before.paidCents, 'en')}).`,
        `Un remboursement ne peut dépasser ce qui a été payé (${formatCents(before.paidCents, 'fr')}).`,
      );
    }
    const recent = payments.find(
      (p) => Number(p.amount_cents) === cents && now.getTime() - Date.parse(p.recorded_at) < DUPLICATE_WINDOW_MS,
    );
    if (recent && !body.confirmDuplicate) {
      const seconds = Math.max(1, Math.round((now.getTime() - Date.parse(recent.recorded_at)) / 1000));
      throw refuse(
        'possible_duplicate',
        'amount',
        `${recent.recorded_by} recorded ${formatCents(cents, 'en')} on this order ${seconds} s ago (receipt ${recent.receipt_number}). Is this another payment? Confirm to record it too.`,
        `${recent.recorded_by} a inscrit ${formatCents(cents, 'fr')} sur cette commande il y a ${seconds} s (reçu ${recent.receipt_number}). Est-ce un autre paiement ? Confirmez pour l’inscrire aussi.`,
        'conflict',
      );
    }
    if (!refund && cents > before.balanceCents && !body.confirmOverpayment) {
      throw refuse(
        'overpayment_unconfirmed',
        'amount',
        `${formatCents(cents, 'en')} is more than the balance of ${formatCents(Math.max(0, before.balanceCents), 'en')}. Check the amount, or confirm to record it anyway.`,
        `${formatCents(cents, 'fr')} dépasse le solde de ${formatCents(Math.max(0, before.balanceCents), 'fr')}. Vérifiez le montant ou confirmez pour l’inscrire quand même.`,
        'conflict',
      );
    }
    const receiptNumber = await nextNumber(trx, 'receipt', Number(today.slice(0, 4)));
    const after = accountFrom(order, invoices, [...payments, { amount_cents: cents }], today);
    const doc = documentOf(order);
    const receipt: ReceiptDocument = {
      format: 'receipt/1',
      number: receiptNumber,
      receivedOn: body.receivedOn,
      language: languageOf(doc),
      orderReference: order.reference,
      seller: deps.seller,
      customerName: customerOf(doc).name,
      amountCents: cents,
      method: body.method,
      reference: body.reference,
      reason: body.reason,
      invoiceNumbers: invoices.map((r) => r.number),
      paidCents: after.paidCents,
      balanceCents: after.balanceCents,
    };
    const pdf = await renderReceiptPdf(receipt, now);
    const id = randomUUID();
    await insertPayment(trx, {
      id,
      order_id: orderId,
      receipt_number: receiptNumber,
      amount_cents: cents,
      method: body.method,
      received_on: body.receivedOn,
      reference: body.reference,
      reason: body.reason,
      recorded_by: by,
      recorded_at: now.toISOString(),
      document: toJson(receipt),
      pdf,
      sha256: sha256(pdf),
    });
    await recordStatus(trx, order, order.status, by, {
      kind: 'payment_recorded',
      receiptNumber,
      amountCents: cents,
      method: body.method,
      reference: body.reference,
      reason: body.reason,
    });
    const account = (await refreshPaymentState(trx, orderId))!;
    const token = await mintOrderLink(trx, orderId);
    const mail = composeReceiptMail(
      { id: order.id, reference: order.reference, document: doc },
      receipt,
      account,
      token,
      deps.shop,
    );
    await enqueueMails(trx, mailRows(orderId, [{ ...mail, attachments: [{ kind: 'receipt', id }] }]));
    return { id, receiptNumber, account };
  });
}

const isDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/**
 * Moving an order to In production without its deposit needs a reason, recorded with the move;
 * returns the history event to record, or throws the refusal the inbox turns into a question.
 */
export async function depositGate(
  trx: Kysely<Database> | Trx,
  order: Pick<OrderRow, 'id' | 'status'>,
  withoutDeposit: { reason: string } | undefined,
): Promise<{ kind: 'started_without_deposit'; reason: string } | null> {
  const account = await orderAccount(trx, order);
  if (account.state !== 'deposit_due') return null;
  const reason = withoutDeposit?.reason.normalize('NFC').trim() ?? '';
  if (reason === '') {
    throw new DomainError(
      'conflict',
      'deposit_unpaid',
      `The deposit (${formatCents(account.dueNowCents, 'en')} still due) has not been paid. Say why production starts without it.`,
      ['reason'],
      {
        messageFr: `L’acompte (${formatCents(account.dueNowCents, 'fr')} encore dû) n’a pas été payé. Dites pourquoi la production commence sans lui.`,
      },
    );
  }
  return { kind: 'started_without_deposit', reason };
}

function summaries(rows: readonly InvoiceRow[]): InvoiceSummary[] {
  const credited = creditedSubtotals(rows);
  const numberOf = new Map(rows.map((r) => [r.id, r.number]));
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    kind: r.kind,
    issueDate: r.issue_date,
    totalCents: Number(r.total_cents),
    subtotalCents: Number(r.subtotal_cents),
    depositCents: Number(r.deposit_cents),
    sha256: r.sha256,
    credits: r.credits_invoice_id ? (numberOf.get(r.credits_invoice_id) ?? null) : null,
    reason: invoiceDocument(r).reason,
    creditableSubtotalCents: r.kind === 'invoice' ? Number(r.subtotal_cents) - (credited.get(r.id) ?? 0) : 0,
  }));
}

const paymentInfo = (p: PaymentRow) => ({
  id: p.id,
  receiptNumber: p.receipt_number,
  amountCents: Number(p.amount_cents),
  method: p.method,
  receivedOn: p.received_on,
  reference: p.reference,
  reason: p.reason,
  recordedAt: p.recorded_at,
});

/** The customer's page: null before the first invoice. */
export async function customerAccountView(deps: InvoiceDeps, order: OrderRow): Promise<CustomerAccountView | null> {
  const [invoices, payments] = await Promise.all([
    invoicesOfOrder(deps.db, order.id),
    paymentsOfOrder(deps.db, order.id),
  ]);
  if (invoices.length === 0) return null;
  const account = accountFrom(order, invoices, payments);
  const lang = languageOf(documentOf(order));
  const latest = [...invoices].reverse().find((r) => r.kind === 'invoice');
  const frozenTerms = latest ? invoiceDocument(latest).terms : null;
  const terms = await readTerms(deps.db, deps.shop.shopEmail);
  const owed = account.dueNowCents > 0 ? account.dueNowCents : Math.max(0, account.balanceCents);
  return {
    invoices: summaries(invoices),
    account,
    payments: payments.map(paymentInfo),
    howToPay: owed > 0 ? howToPay(terms, order, deps.seller, owed, lang) : [],
    balanceDueText: balanceDueText(frozenTerms ?? terms, lang),
  };
}

export async function staffAccountView(deps: InvoiceDeps, order: OrderRow): Promise<StaffAccountView> {
  const [invoices, payments, terms] = await Promise.all([
    invoicesOfOrder(deps.db, order.id),
    paymentsOfOrder(deps.db, order.id),
    readTerms(deps.db, deps.shop.shopEmail),
  ]);
  return {
    invoices: summaries(invoices),
    account: accountFrom(order, invoices, payments),
    payments: payments.map((p) => ({ ...paymentInfo(p), recordedBy: p.recorded_by })),
    terms,
  };
}
