// Invoices and payments (docs/accounts.md). An invoice is issued in the customer's approval
// transaction from exactly the approved version, with the taxes in force on its own date; it is
// never changed: a new approval credits the invoice before it and issues the next one. Payments
// and refunds are entries, never edits. Every amount comes from shared/invoices/.
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { personName } from '../../shared/order-presentation.js';
import type { ValidOrderBody } from '../../shared/order-schema.js';
import { formatCents } from '../../shared/money.js';
import { accountOf, depositOf } from '../../shared/invoices/account.js';
import { AMOUNT_ERRORS, readAmount } from '../../shared/amounts.js';
import type {
  InvoiceApproval,
  InvoiceDelivery,
  InvoiceDocument,
  ReceiptDocument,
  RecordPaymentBody,
} from '../../shared/invoices/invoice-api.js';
import { invoiceBalanceTerms, type PaymentMethodId } from '../../shared/invoices/terms.js';
import { PAYMENT_METHODS } from '../../shared/invoices/payment-methods.js';
import { computeQuote, type QuoteVersion } from '../../shared/quote.js';
import type { TaxRegistrations } from '../../shared/taxes.js';
import { isCalendarDate } from '../../shared/dates.js';
import { DomainError } from '../errors.js';
import { enqueueMails, mailRows } from '../storage/mail-queue.js';
import { recordEvent } from '../storage/orders.js';
import { mintOrderLink } from '../storage/order-links.js';
import type { Database, OrderRow, QuoteRow } from '../storage/schema.js';
import { fromJson, toJson } from '../storage/json.js';
import { renderReceiptPdf } from './invoice-pdf.js';
import { documentLanguage, issueDocument, languageOf, sha256 } from './issue-document.js';
import { combine, refuse, visibleText } from './refusals.js';
import { composeCreditNoteMail, composeInvoiceMail, composeReceiptMail } from './invoice-mail.js';
import {
  accountDocuments,
  accountFrom,
  howToPay,
  payOnlineOf,
  refreshPaymentState,
  todayOf,
  type InvoiceDeps,
} from './accounts.js';
import {
  creditNotesOf,
  insertPayment,
  insertPaymentVoid,
  receiptDocument,
  sameReference,
  type EarlierPayment,
  invoicesOfOrder,
  nextNumber,
  refuseTestOrder,
  paymentsOfOrder,
  readTerms,
} from './invoice-store.js';
import { creditForRefund, creditNoteFor } from './credit-service.js';
import { may, type Actor } from './permissions.js';
import { lockOrder } from './lock-order.js';
import { refuseIfClosed } from './periods.js';

type Trx = Transaction<Database>;

const documentOf = (order: OrderRow) => fromJson(order.document);

/** The order's page opened at its Pay button: what a mail links to (never a card form). */
export const payPageUrl = (publicUrl: string, token: string) => `${publicUrl}/o/${token}?pay=1#pay`;

const addressLines = (p: { address: string; city: string; province: string; postalCode: string }) =>
  [p.address, [p.city, p.province, p.postalCode].filter(Boolean).join(' ')].filter((l) => l.trim() !== '');

function customerOf(doc: ValidOrderBody): InvoiceDocument['customer'] {
  const b = doc.layouts['1']?.billing;
  if (!b) return { name: '', company: '', address: [] };
  return { name: personName(b), company: b.companyName, address: addressLines(b) };
}

/** Where the goods go: the shipping address, the billing one when the same, or the shop for a pickup. */
function deliveryOf(doc: ValidOrderBody): InvoiceDelivery {
  const first = doc.layouts['1'];
  const s = first?.shipping;
  const b = first?.billing;
  if (s?.localPickup) return { pickup: true, name: b ? personName(b) : '', company: b?.companyName ?? '', address: [] };
  if (!s || s.sameAsBilling)
    return {
      pickup: false,
      name: b ? personName(b) : '',
      company: b?.companyName ?? '',
      address: b ? addressLines(b) : [],
    };
  return { pickup: false, name: personName(s), company: s.companyName, address: addressLines(s) };
}

/**
 * In the approval's transaction: credits what is left of the order's earlier invoices (a
 * changed order), issues the invoice of the approved version at the rates in force today, and
 * queues the customer's email with the PDFs and what is due now. Returns the invoice's number.
 */
export async function issueInvoiceOnApproval(
  deps: InvoiceDeps & { registrations: TaxRegistrations },
  trx: Trx,
  order: OrderRow,
  quote: QuoteRow,
  approval: Pick<InvoiceApproval, 'fullName' | 'at'>,
  now = new Date(),
): Promise<string> {
  const version: QuoteVersion = fromJson(quote.document!);
  const doc = documentOf(order);
  const terms = await readTerms(trx, deps.shop.shopEmail);
  const earlier = await invoicesOfOrder(trx, order.id);
  const lang = documentLanguage(deps.books.shopProvince, languageOf(doc));
  const creditNotes = [];
  for (const invoice of earlier.filter((r) => r.kind === 'invoice')) {
    const reason =
      lang.language === 'fr'
        ? `Remplacée par la facture de la soumission v${version.version}`
        : `Replaced by the invoice of quote v${version.version}`;
    const note = await creditNoteFor(
      deps,
      trx,
      order,
      invoice,
      creditNotesOf(earlier, invoice.id),
      { kind: 'rest' },
      reason,
      'customer',
      now,
    );
    if (note) creditNotes.push(note);
  }
  // The taxes in force on the invoice's date, which may differ from the quote's.
  const computed = computeQuote(version.lines, {
    province: version.province,
    date: todayOf(deps.books, now),
    registrations: deps.registrations,
    exemption: version.exemption ?? null,
  });
  if (!computed.ok) throw new Error(`An approved version no longer computes: ${JSON.stringify(computed.errors)}`);
  const q = computed.quote;
  const delivery = deliveryOf(doc);
  const depositCents = depositOf(q.totalCents, terms.depositPercent);
  const balanceTerms = invoiceBalanceTerms(terms, delivery.pickup);
  // What the PDF asks is the account once this invoice is issued (docs/accounts.md, "The account"):
  // a v2 replacing a part-paid v1 asks what is left of its deposit, not its whole deposit.
  const [sofar, paid] = await Promise.all([invoicesOfOrder(trx, order.id), paymentsOfOrder(trx, order.id)]);
  const issueDate = todayOf(deps.books, now);
  const accountWhenIssued = accountOf({
    documents: [
      ...accountDocuments(sofar),
      { kind: 'invoice', totalCents: q.totalCents, depositCents, issueDate, terms: balanceTerms },
    ],
    paymentsCents: paid.map((p) => Number(p.amount_cents)),
    status: order.status,
    today: issueDate,
  });
  const issued = await issueDocument(
    deps,
    trx,
    order.id,
    {
      kind: 'invoice',
      ...lang,
      orderReference: order.reference,
      quoteVersion: version.version,
      quoteSha256: quote.sha256,
      credits: null,
      reason: null,
      seller: deps.seller,
      customer: customerOf(doc),
      province: q.province,
      delivery,
      approval: { ...approval, timeZone: deps.books.timeZone, version: version.version, quoteSha256: quote.sha256! },
      ...(q.exemption ? { exemption: q.exemption } : {}),
      lines: q.lines.map((l, i) => ({ ...l, taxKeys: q.lineTaxKeys?.[i] ?? [] })),
      subtotalCents: q.subtotalCents,
      taxes: q.taxes,
      taxesNotCharged: q.taxesNotCharged ?? [],
      totalCents: q.totalCents,
      depositPercent: terms.depositPercent,
      depositCents,
      account: accountWhenIssued,
      terms: {
        ...balanceTerms,
        methods: terms.methods,
        etransferEmail: terms.etransferEmail,
        autodeposit: terms.autodeposit,
      },
    },
    { quoteId: quote.id, creditsInvoiceId: null, by: 'customer' },
    now,
  );
  await recordEvent(trx, order.id, 'customer', {
    kind: 'invoice_issued',
    number: issued.number,
    totalCents: issued.document.totalCents,
    depositCents: issued.document.depositCents,
  });
  const account = (await refreshPaymentState(trx, deps.books, order.id, now))!;
  const token = await mintOrderLink(trx, order.id);
  const charge = payOnlineOf(deps, terms, account, order);
  const mail = composeInvoiceMail(
    { id: order.id, reference: order.reference, document: doc },
    issued.document,
    creditNotes.map((c) => c.number),
    account,
    howToPay(
      terms,
      order,
      deps.seller,
      account.dueNowCents,
      languageOf(doc),
      charge ? { url: payPageUrl(deps.shop.publicUrl, token), charge } : undefined,
    ),
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

const DUPLICATE_WINDOW_MS = 60_000;

/** The duplicate check's sentence: the method and reference, and the earlier receipt with its order. */
function duplicateReference(method: PaymentMethodId, reference: string, earlier: EarlierPayment): DomainError {
  const m = PAYMENT_METHODS[method].label;
  const en = formatCents(earlier.amountCents, 'en');
  const fr = formatCents(earlier.amountCents, 'fr');
  return refuse(
    'duplicate_reference',
    'reference',
    `${m.en} ${reference} was already recorded: receipt ${earlier.receiptNumber}, ${en} received ${earlier.receivedOn} on order ${earlier.orderReference}, by ${earlier.recordedBy}. Is this another payment? Confirm to record it too.`,
    `${m.fr} ${reference} a déjà été inscrit\u00a0: reçu ${earlier.receiptNumber}, ${fr} reçu le ${earlier.receivedOn} sur la commande ${earlier.orderReference}, par ${earlier.recordedBy}. Est-ce un autre paiement\u00a0? Confirmez pour l’inscrire aussi.`,
    'conflict',
  );
}

/** A refund beyond what is owed back: the amount there is to refund, and what makes more. */
function refundWithoutCredit(cents: number, owedBackCents: number): DomainError {
  const [en, fr] = [formatCents(cents, 'en'), formatCents(cents, 'fr')];
  if (owedBackCents === 0) {
    return refuse(
      'nothing_to_refund',
      'amount',
      `There is nothing to refund: the customer is owed nothing back, and refunding ${en} would bill them ${en} again. Issue a credit note first (the refund then gives back what it credits), or void a payment recorded in error.`,
      `Il n’y a rien à rembourser\u00a0: rien n’est dû au client, et rembourser ${fr} lui facturerait ${fr} de nouveau. Émettez d’abord une note de crédit (le remboursement rend alors ce qu’elle crédite), ou annulez un paiement inscrit par erreur.`,
      'conflict',
    );
  }
  const [owedEn, owedFr] = [formatCents(owedBackCents, 'en'), formatCents(owedBackCents, 'fr')];
  return refuse(
    'refund_exceeds_credit',
    'amount',
    `The customer is owed ${owedEn} back, not ${en}: refunding more would bill them the difference again. Refund ${owedEn}, or issue a credit note for the rest first.`,
    `Le client a droit à ${owedFr}, pas à ${fr}\u00a0: rembourser davantage lui facturerait de nouveau la différence. Remboursez ${owedFr}, ou émettez d’abord une note de crédit pour le reste.`,
    'conflict',
  );
}

export interface RecordedPayment {
  id: string;
  receiptNumber: string;
  account: ReturnType<typeof accountFrom>;
  /** Credit notes issued with a refund (RecordPaymentOptions.creditRefund). */
  creditNotes?: string[];
}

/**
 * A clerk records money received (or refunded, as a negative amount with a reason, by those the
 * owner allows). Refused with the field named: a bad amount, a date before the order or after
 * today, a refund without a reason or beyond what was paid, a payment beyond the balance unless
 * confirmed, the same payment twice in a minute unless confirmed.
 */
/** How a payment provider's webhook records through the same rules as a clerk (payments/). */
export interface RecordPaymentOptions {
  now?: Date;
  /**
   * A payment provider's webhook, which dedupes by its own event or payment id (event,
   * PaymentIntent): no duplicate check (the minute's, nor the method and reference's) stops it.
   */
  skipDuplicateChecks?: boolean;
  /** Runs in the payment's transaction once it is stored: the provider's references beside it. */
  within?: (trx: Trx, payment: { id: string; receiptNumber: string }) => Promise<void>;
  /**
   * A refund of invoiced money (a card refund from the inbox): the credit note it calls for is
   * issued first, in the same transaction, and mailed with the receipt (creditForRefund).
   */
  creditRefund?: boolean;
  /**
   * A card surcharge paid on top of this payment (payments/, docs/payments.md, "Surcharges"):
   * printed on the receipt as its own line; the payment's amount alone settles the account.
   */
  cardSurchargeCents?: number;
}

export async function recordPayment(
  deps: InvoiceDeps,
  orderId: string,
  input: RecordPaymentBody,
  actor: Actor,
  nowOrOptions: Date | RecordPaymentOptions = {},
): Promise<RecordedPayment> {
  const options: RecordPaymentOptions = nowOrOptions instanceof Date ? { now: nowOrOptions } : nowOrOptions;
  const now = options.now ?? new Date();
  const checkDuplicates = !options.skipDuplicateChecks && !input.confirmDuplicate;
  const body = {
    ...input,
    reference: (input.reference ?? '').normalize('NFC').trim(),
    reason: visibleText(input.reason ?? ''),
  };
  const amount = readAmount(body.amount);
  const errors: DomainError[] = [];
  if ('error' in amount)
    errors.push(refuse(amount.error, 'amount', AMOUNT_ERRORS[amount.error].en, AMOUNT_ERRORS[amount.error].fr));
  const refund = 'cents' in amount && amount.cents < 0;
  if (refund) may(actor, 'refund');
  if (refund && body.reason === '') {
    errors.push(
      refuse('refund_reason_required', 'reason', 'A refund needs a reason.', 'Un remboursement doit avoir un motif.'),
    );
  }
  const today = todayOf(deps.books, now);
  if (!isCalendarDate(body.receivedOn)) {
    errors.push(
      refuse(
        'received_on_invalid',
        'receivedOn',
        'Give the date the payment was received, as a real date.',
        'Donnez la date de réception du paiement, une date réelle.',
      ),
    );
  } else if (body.receivedOn > today) {
    errors.push(
      refuse(
        'received_on_future',
        'receivedOn',
        `The payment date cannot be after today (${today}).`,
        `La date du paiement ne peut pas être après aujourd’hui (${today}).`,
      ),
    );
  }
  if (errors.length > 0) throw combine(errors);
  const cents = (amount as { cents: number }).cents;
  return deps.db.transaction().execute(async (trx) => {
    const order = await lockOrder(deps, trx, orderId);
    // A test order takes no receipt number (docs/settings.md): said before anything else.
    await refuseTestOrder(trx, orderId);
    // A mistyped year (2016 for 2026) would file the payment in a closed period and let retention drop it.
    const received = todayOf(deps.books, new Date(order.created_at));
    if (body.receivedOn < received) {
      throw refuse(
        'received_on_before_order',
        'receivedOn',
        `The payment date cannot be before the order was received (${received}).`,
        `La date du paiement ne peut pas précéder la réception de la commande (${received}).`,
      );
    }
    // A closed period's reports never change (docs/accounts.md, "Closing a period"): a late
    // cheque is recorded on today's date, its own date in the note.
    await refuseIfClosed(trx, body.receivedOn, 'payment', 'receivedOn', today);
    const [firstInvoices, payments] = await Promise.all([invoicesOfOrder(trx, orderId), paymentsOfOrder(trx, orderId)]);
    let invoices = firstInvoices;
    if (!invoices.some((r) => r.kind === 'invoice')) {
      throw refuse(
        'no_invoice',
        'amount',
        'This order has no invoice yet: payments are recorded once the customer approves a quote.',
        'Cette commande n’a pas encore de facture\u00a0: les paiements s’inscrivent une fois une soumission approuvée.',
        'conflict',
      );
    }
    let before = accountFrom(order.status, invoices, payments, today);
    // A cancelled order asks for nothing: money that arrives anyway is recorded only on purpose.
    if (order.status === 'cancelled' && !refund && !body.confirmOverpayment) {
      throw refuse(
        'order_cancelled',
        'amount',
        'This order is cancelled and asks for nothing. Record this payment only if the money did arrive: it will show as owed back unless the order goes on.',
        'Cette commande est annulée et rien n’est demandé. N’inscrivez ce paiement que si l’argent est bien arrivé\u00a0: il apparaîtra comme dû au client, sauf si la commande reprend.',
        'conflict',
      );
    }
    if (refund && -cents > before.paidCents) {
      throw refuse(
        'refund_exceeds_paid',
        'amount',
        `A refund cannot exceed what was paid (${formatCents(before.paidCents, 'en')}).`,
        `Un remboursement ne peut dépasser ce qui a été payé (${formatCents(before.paidCents, 'fr')}).`,
      );
    }
    // The credit note a refund of invoiced money calls for, before the receipt states the account.
    const credits =
      refund && options.creditRefund
        ? await creditForRefund(deps, trx, order, -cents, -before.balanceCents, body.reason, actor.email, now)
        : [];
    // A refund gives back only what the customer is owed back (docs/accounts.md, "Refunds"): a
    // payment beyond the invoices, or a credit note (earlier, or issued with it just above).
    // Anything more would bill the customer again.
    const creditedNow = credits.reduce((sum, note) => sum + note.document.totalCents, 0);
    if (refund && -cents > before.refundCents + creditedNow) throw refundWithoutCredit(-cents, before.refundCents);
    if (credits.length > 0) {
      invoices = await invoicesOfOrder(trx, orderId);
      before = accountFrom(order.status, invoices, payments, today);
    }
    const recent = payments.find(
      (p) => Number(p.amount_cents) === cents && now.getTime() - Date.parse(p.recorded_at) < DUPLICATE_WINDOW_MS,
    );
    if (recent && checkDuplicates) {
      const seconds = Math.max(1, Math.round((now.getTime() - Date.parse(recent.recorded_at)) / 1000));
      throw refuse(
        'possible_duplicate',
        'amount',
        `${recent.recorded_by} recorded ${formatCents(cents, 'en')} on this order ${seconds} s ago (receipt ${recent.receipt_number}). Is this another payment? Confirm to record it too.`,
        `${recent.recorded_by} a inscrit ${formatCents(cents, 'fr')} sur cette commande il y a ${seconds} s (reçu ${recent.receipt_number}). Est-ce un autre paiement ? Confirmez pour l’inscrire aussi.`,
        'conflict',
      );
    }
    // The same cheque, e-Transfer or card payment, on any order (docs/accounts.md, "Duplicates").
    const earlier = !refund && checkDuplicates ? await sameReference(trx, body.method, body.reference) : undefined;
    if (earlier) throw duplicateReference(body.method, body.reference, earlier);
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
    const after = accountFrom(order.status, invoices, [...payments, { amount_cents: cents }], today);
    const doc = documentOf(order);
    const receipt: ReceiptDocument = {
      format: 'receipt/1',
      number: receiptNumber,
      receivedOn: body.receivedOn,
      ...documentLanguage(deps.books.shopProvince, languageOf(doc)),
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
      account: after,
      ...(options.cardSurchargeCents ? { surchargeCents: options.cardSurchargeCents } : {}),
    };
    const pdf = await renderReceiptPdf(receipt, now, (await deps.logo?.(trx)) ?? null);
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
      recorded_by: actor.email,
      recorded_at: now.toISOString(),
      document: toJson(receipt),
      pdf,
      sha256: sha256(pdf),
    });
    // A payment is an event of the order, never a move between statuses.
    await recordEvent(trx, order.id, actor.email, {
      kind: 'payment_recorded',
      receiptNumber,
      amountCents: cents,
      method: body.method,
      reference: body.reference,
      reason: body.reason,
    });
    await options.within?.(trx, { id, receiptNumber });
    const account = (await refreshPaymentState(trx, deps.books, orderId, now))!;
    const token = await mintOrderLink(trx, orderId);
    const mail = composeReceiptMail(
      { id: order.id, reference: order.reference, document: doc },
      receipt,
      account,
      token,
      deps.shop,
    );
    const forMail = { id: order.id, reference: order.reference, document: doc };
    await enqueueMails(
      trx,
      mailRows(orderId, [
        ...credits.map((note) => ({
          ...composeCreditNoteMail(forMail, note.document, account, token, deps.shop),
          attachments: [{ kind: 'invoice' as const, id: note.id }],
        })),
        { ...mail, attachments: [{ kind: 'receipt' as const, id }] },
      ]),
    );
    return { id, receiptNumber, account, creditNotes: credits.map((c) => c.number) };
  });
}

/**
 * A payment (or refund) recorded in error is voided, with a reason, by anyone who may record
 * payments (docs/accounts.md, "Voids"): the payment stays in the record with its receipt number,
 * its receipt is drawn again marked VOID, the account and the reports leave it out, and nothing
 * is mailed to the customer.
 */
export async function voidPayment(
  deps: InvoiceDeps,
  orderId: string,
  paymentId: string,
  input: { reason: string },
  actor: Actor,
  now = new Date(),
): Promise<{ receiptNumber: string; account: ReturnType<typeof accountFrom> }> {
  const reason = visibleText(input.reason);
  if (reason === '')
    throw refuse(
      'void_reason_required',
      'reason',
      'Say why this payment is voided (recorded in error, wrong amount, wrong order).',
      'Dites pourquoi ce paiement est annulé (inscrit par erreur, mauvais montant, mauvaise commande).',
    );
  return deps.db.transaction().execute(async (trx) => {
    const order = await lockOrder(deps, trx, orderId);
    const payment = await trx
      .selectFrom('payments')
      .select(['id', 'receipt_number', 'amount_cents', 'received_on', 'method', 'document', 'recorded_at'])
      .where('id', '=', paymentId)
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    if (!payment)
      throw new DomainError('not_found', 'not_found', 'No such payment on this order.', undefined, {
        messageFr: 'Ce paiement n’existe pas sur cette commande.',
      });
    const already = await trx
      .selectFrom('payment_voids')
      .select(['voided_by', 'voided_on'])
      .where('payment_id', '=', paymentId)
      .executeTakeFirst();
    if (already)
      throw refuse(
        'already_voided',
        'reason',
        `Receipt ${payment.receipt_number} was already voided by ${already.voided_by} on ${already.voided_on}.`,
        `Le reçu ${payment.receipt_number} a déjà été annulé par ${already.voided_by} le ${already.voided_on}.`,
        'conflict',
      );
    const today = todayOf(deps.books, now);
    // Voiding takes the payment out of its own period's reports: refused once that period is closed.
    await refuseIfClosed(trx, payment.received_on, 'void', 'reason', today);
    const receipt: ReceiptDocument = {
      ...receiptDocument(payment),
      voided: { reason, on: today, by: actor.email },
    };
    const pdf = await renderReceiptPdf(receipt, new Date(payment.recorded_at), (await deps.logo?.(trx)) ?? null);
    await insertPaymentVoid(trx, {
      payment_id: paymentId,
      order_id: orderId,
      reason,
      voided_on: today,
      voided_by: actor.email,
      voided_at: now.toISOString(),
      pdf,
      sha256: sha256(pdf),
    });
    await recordEvent(trx, order.id, actor.email, {
      kind: 'payment_voided',
      receiptNumber: payment.receipt_number,
      amountCents: Number(payment.amount_cents),
      reason,
    });
    // No mail: no money moved.
    const account = (await refreshPaymentState(trx, deps.books, orderId, now))!;
    return { receiptNumber: payment.receipt_number, account };
  });
}
