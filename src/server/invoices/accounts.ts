// An order's account read from its stored documents: the one place the server turns invoices,
// credit notes, payments and the order's status into shared/invoices/account.ts's answer. Every
// mail, page, list filter, reminder and PDF of the server reads it from here.
import type { Kysely, Transaction } from 'kysely';
import { accountOf, type Account, type AccountDocument } from '../../shared/invoices/account.js';
import type { CustomerAccountView, HowToPay, Seller, StaffAccountView } from '../../shared/invoices/invoice-api.js';
import { offeredMethods, PAYMENT_METHODS } from '../../shared/invoices/payment-methods.js';
import { balanceDueText, cardPaymentDue, type PaymentTerms } from '../../shared/invoices/terms.js';
import { dateIn } from '../../shared/dates.js';
import type { OrderStatus } from '../../shared/constants.js';
import { formatCents } from '../../shared/money.js';
import { DomainError } from '../errors.js';
import type { ShopIdentity } from '../mail/compose.js';
import type { Dialect } from '../storage/db.js';
import type { Database, OrderRow } from '../storage/schema.js';
import { fromJson } from '../storage/json.js';
import {
  accountsRecordsOf,
  allPaymentsOfOrder,
  creditNotesOf,
  invoiceDocument,
  invoicesOfOrder,
  paymentsOfOrder,
  readTerms,
  type InvoiceRow,
  type PaymentRow,
} from './invoice-store.js';
import { creditRoom, lineTaxKeys } from '../../shared/invoices/credit-notes.js';
import { cardCharge, type CardCharge } from '../../shared/invoices/surcharge.js';
import { firstLayoutWith } from '../../shared/order-details.js';
import { provinceCodeOf } from '../../shared/quote.js';

/** How the shop keeps its books: its calendar and its fiscal year (docs/accounts.md). */
export interface Books {
  /** SHOP_TIMEZONE: every document's and report's date. */
  timeZone: string;
  /** FISCAL_YEAR_END as MM-DD: records are kept six years from the end of the year they belong to. */
  fiscalYearEnd: string;
  /** SHOP_PROVINCE: a Quebec shop issues its documents in French (with English beside it for an English customer). */
  shopProvince: string;
}

export interface InvoiceDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Printed on every invoice and receipt. */
  seller: Seller;
  shop: ShopIdentity;
  books: Books;
  /** The shop's logo in force, printed on each invoice, credit note and receipt as it is issued. */
  logo?: (db: Transaction<Database>) => Promise<Buffer | null>;
  /** A card payment provider is set up (payments/, docs/payments.md): the terms may then offer a Pay button. */
  cardPayments?: boolean;
}

type Db = Kysely<Database> | Transaction<Database>;

/** Today in the shop's calendar. */
export const todayOf = (books: Pick<Books, 'timeZone'>, now = new Date()) => dateIn(books.timeZone, now);

export function accountDocuments(invoices: readonly InvoiceRow[]): AccountDocument[] {
  return invoices.map((r) => {
    const doc = invoiceDocument(r);
    return {
      kind: r.kind,
      totalCents: Number(r.total_cents),
      depositCents: Number(r.deposit_cents),
      issueDate: r.issue_date,
      terms: { balanceDue: doc.terms.balanceDue, balanceDays: doc.terms.balanceDays },
    };
  });
}

export function accountFrom(
  status: OrderStatus | null,
  invoices: readonly InvoiceRow[],
  payments: readonly Pick<PaymentRow, 'amount_cents'>[],
  today: string,
): Account {
  return accountOf({
    documents: accountDocuments(invoices),
    paymentsCents: payments.map((p) => Number(p.amount_cents)),
    status,
    today,
  });
}

export async function orderAccount(
  db: Db,
  books: Pick<Books, 'timeZone'>,
  order: Pick<OrderRow, 'id' | 'status'>,
  now = new Date(),
): Promise<Account> {
  const [invoices, payments] = await Promise.all([invoicesOfOrder(db, order.id), paymentsOfOrder(db, order.id)]);
  return accountFrom(order.status, invoices, payments, todayOf(books, now));
}

/** The accounts of several orders (a page of the inbox's list), from two queries, by order id. */
export async function ordersAccounts(
  db: Db,
  books: Pick<Books, 'timeZone'>,
  orders: readonly Pick<OrderRow, 'id' | 'status'>[],
  now = new Date(),
): Promise<Map<string, Account>> {
  const records = await accountsRecordsOf(
    db,
    orders.map((o) => o.id),
  );
  const today = todayOf(books, now);
  return new Map(
    orders.map((o) => {
      const found = records.get(o.id);
      return [o.id, accountFrom(o.status, found?.invoices ?? [], found?.payments ?? [], today)];
    }),
  );
}

/** Keeps orders.payment_state (what the inbox filters by) equal to the account's state. */
export async function refreshPaymentState(
  trx: Db,
  books: Pick<Books, 'timeZone'>,
  orderId: string,
  now = new Date(),
): Promise<Account | null> {
  const order = await trx
    .selectFrom('orders')
    .select(['id', 'status', 'payment_state'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return null;
  const account = await orderAccount(trx, books, order, now);
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
  /**
   * A mail's link to the order's Pay button and what that button charges, when a card may pay
   * now: the card comes first, saying the total and surcharge the button says.
   */
  pay?: { url: string; charge: CardCharge },
): HowToPay[] {
  const card = pay ? [PAYMENT_METHODS.card_stripe] : [];
  return [...card, ...offeredMethods(terms)].map((m) => ({
    id: m.id,
    label: m.label[language],
    instructions: m.instructions(
      {
        terms,
        reference: order.reference,
        legalName: seller.legalName,
        dueNowCents,
        ...(pay ? { payUrl: pay.url, cardCharge: pay.charge } : {}),
      },
      language,
    ),
  }));
}

function summaries(rows: readonly InvoiceRow[]) {
  const numberOf = new Map(rows.map((r) => [r.id, r.number]));
  return rows.map((r) => {
    const doc = invoiceDocument(r);
    const room =
      r.kind === 'invoice'
        ? creditRoom(doc, creditNotesOf(rows, r.id).map(invoiceDocument))
        : { subtotalCents: 0, totalCents: 0, lines: [] };
    return {
      id: r.id,
      number: r.number,
      kind: r.kind,
      issueDate: r.issue_date,
      totalCents: Number(r.total_cents),
      subtotalCents: Number(r.subtotal_cents),
      depositCents: Number(r.deposit_cents),
      sha256: r.sha256,
      credits: r.credits_invoice_id ? (numberOf.get(r.credits_invoice_id) ?? null) : null,
      reason: doc.reason,
      creditableSubtotalCents: Math.max(0, room.subtotalCents),
      creditableTotalCents: Math.max(0, room.totalCents),
      lines: doc.lines.map((line, index) => ({
        description: line.description,
        lineTotalCents: line.lineTotalCents,
        taxKeys: lineTaxKeys(doc, line),
        creditableCents: room.lines[index]?.leftCents ?? 0,
      })),
    };
  });
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

const languageOf = (order: OrderRow): 'en' | 'fr' => (fromJson(order.document).language === 'fr' ? 'fr' : 'en');

/** The order's billing province (a code), '' when it has none: a Quebec address is never surcharged. */
function billingProvinceOf(order: OrderRow): string {
  const billing = firstLayoutWith(fromJson(order.document), 'billing')?.billing;
  return billing ? (provinceCodeOf(billing.province) ?? billing.province) : '';
}

/**
 * What a Pay button asks by card now, or null (docs/payments.md): the amount due, the owner's
 * card surcharge on it (none for a Quebec billing address or a Quebec shop) and their total.
 */
export function payOnlineOf(
  deps: Pick<InvoiceDeps, 'cardPayments' | 'books'>,
  terms: Pick<PaymentTerms, 'cardPayments' | 'cardSurchargeBasisPoints'>,
  account: Account,
  order: OrderRow,
): CardCharge | null {
  const amountCents = cardPaymentDue(terms.cardPayments, account, deps.cardPayments === true);
  if (amountCents <= 0) return null;
  return cardCharge(amountCents, terms.cardSurchargeBasisPoints, billingProvinceOf(order), deps.books.shopProvince);
}

/** The customer's page: null before the first invoice. */
export async function customerAccountView(deps: InvoiceDeps, order: OrderRow): Promise<CustomerAccountView | null> {
  const [invoices, payments] = await Promise.all([
    invoicesOfOrder(deps.db, order.id),
    paymentsOfOrder(deps.db, order.id),
  ]);
  if (invoices.length === 0) return null;
  const account = accountFrom(order.status, invoices, payments, todayOf(deps.books));
  const lang = languageOf(order);
  const latest = [...invoices].reverse().find((r) => r.kind === 'invoice');
  const terms = await readTerms(deps.db, deps.shop.shopEmail);
  return {
    invoices: summaries(invoices),
    account,
    payments: payments.map(paymentInfo),
    howToPay: account.dueNowCents > 0 ? howToPay(terms, order, deps.seller, account.dueNowCents, lang) : [],
    balanceDueText: balanceDueText(
      latest ? invoiceDocument(latest).terms : { balanceDue: 'pickup', balanceDays: 0 },
      lang,
    ),
    payOnline: payOnlineOf(deps, terms, account, order),
  };
}

export async function staffAccountView(deps: InvoiceDeps, order: OrderRow): Promise<StaffAccountView> {
  const [invoices, all, terms] = await Promise.all([
    invoicesOfOrder(deps.db, order.id),
    allPaymentsOfOrder(deps.db, order.id),
    readTerms(deps.db, deps.shop.shopEmail),
  ]);
  const counted = all.filter((p) => !p.voided).map((p) => p.payment);
  return {
    invoices: summaries(invoices),
    account: accountFrom(order.status, invoices, counted, todayOf(deps.books)),
    payments: all.map(({ payment: p, voided: v }) => ({
      ...paymentInfo(p),
      recordedBy: p.recorded_by,
      voided: v ? { reason: v.reason, on: v.voided_on, by: v.voided_by } : null,
    })),
    terms,
    today: todayOf(deps.books),
    receivedOn: todayOf(deps.books, new Date(order.created_at)),
  };
}

/**
 * An open balance keeps its order (docs/accounts.md, "Records"): what refuses deleting or
 * purging an order whose account owes money either way, with the amount and what settles it;
 * null when the account is settled (or there is nothing invoiced or paid).
 */
export async function openBalanceRefusal(
  db: Db,
  order: Pick<OrderRow, 'id' | 'status' | 'reference'>,
): Promise<DomainError | null> {
  // The balance reads no date: any calendar gives the same answer.
  const account = await orderAccount(db, { timeZone: 'UTC' }, order);
  const cents = account.balanceCents;
  if (cents === 0) return null;
  const en = (c: number) => formatCents(c, 'en');
  const fr = (c: number) => formatCents(c, 'fr');
  return cents > 0
    ? new DomainError(
        'conflict',
        'open_balance',
        `Order ${order.reference} still has ${en(cents)} owed by the customer, so it is kept. Settle it first: record a payment, or issue a credit note for what will not be paid.`,
        ['order'],
        {
          messageFr: `La commande ${order.reference} a encore ${fr(cents)} dû par le client\u00a0; elle est donc conservée. Réglez-le d’abord\u00a0: inscrivez un paiement, ou émettez une note de crédit pour ce qui ne sera pas payé.`,
        },
      )
    : new DomainError(
        'conflict',
        'open_balance',
        `The shop still owes the customer ${en(-cents)} on order ${order.reference}, so it is kept. Settle it first: record a refund of the money paid back.`,
        ['order'],
        {
          messageFr: `La boutique doit encore ${fr(-cents)} au client sur la commande ${order.reference}\u00a0; elle est donc conservée. Réglez-le d’abord\u00a0: inscrivez le remboursement de l’argent rendu.`,
        },
      );
}
