// The money tables of the Database (schema.ts): invoices, payments, card payments, statements,
// closed periods. Written as in schema.ts: ISO-8601 text, 0/1 booleans, integer cents.
import type { PaymentMethodId } from '../../shared/invoices/terms.js';
import type { InvoiceDocument, ReceiptDocument } from '../../shared/invoices/invoice-api.js';
import type { Json } from './json.js';
import type { ColumnType } from 'kysely';
import type { BigInt } from './schema-columns.js';

/** The last number used in a series ("invoice", "credit_note", "receipt") and year. */
export interface DocumentCountersTable {
  series: string;
  year: number;
  last: number;
}

/** An invoice or credit note, never changed (a trigger refuses it): invoices/invoice-store.ts. */
export interface InvoicesTable {
  id: string;
  order_id: string;
  number: string;
  kind: 'invoice' | 'credit_note';
  issue_date: string;
  issued_at: string;
  issued_by: string;
  quote_id: string | null;
  credits_invoice_id: string | null;
  subtotal_cents: BigInt;
  total_cents: BigInt;
  deposit_cents: BigInt;
  /** Everything the PDF prints. */
  document: Json<InvoiceDocument>;
  pdf: Buffer;
  sha256: string;
}

/** A payment received, or a refund (negative), never changed. */
export interface PaymentsTable {
  id: string;
  order_id: string;
  receipt_number: string;
  amount_cents: BigInt;
  method: PaymentMethodId;
  received_on: string;
  reference: string;
  reason: string;
  recorded_by: string;
  recorded_at: string;
  /** Everything the receipt prints. */
  document: Json<ReceiptDocument>;
  pdf: Buffer;
  sha256: string;
}

/** A checkout a payment provider hosts for an order (payments/, docs/payments.md). */
export interface CheckoutSessionsTable {
  /** The provider's id (Stripe's cs_…). */
  id: string;
  provider: string;
  order_id: string;
  amount_cents: BigInt;
  currency: string;
  url: string;
  /** open, processing (paid by a delayed method), completed, failed, expired or replaced. */
  status: string;
  created_at: string;
  expires_at: string;
  /** The payment it made, once recorded. */
  payment_id: string | null;
  /** The card surcharge included in amount_cents (migration 072): 0 when none. */
  surcharge_cents: ColumnType<number, number | undefined, number>;
}

/** A provider's event already handled: the same event delivered again changes nothing. */
export interface ProviderEventsTable {
  provider: string;
  event_id: string;
  type: string;
  received_at: string;
}

/** Beside a card payment or refund of the ledger: the provider's reference, fee and flag. */
export interface CardPaymentsTable {
  payment_id: string;
  provider: string;
  kind: 'payment' | 'refund';
  /** A payment's PaymentIntent (pi_…), a refund's id (re_…): one ledger entry each. */
  provider_ref: string;
  /** The PaymentIntent a refund gives back (a payment's own). */
  charge_ref: string;
  session_id: string | null;
  /** The provider's fee and what reaches the bank, once read from its balance transaction. */
  fee_cents: BigInt | null;
  net_cents: BigInt | null;
  /** What a clerk should check (an amount or currency other than the checkout's), or ''. */
  flag: string;
  /** How many times the fee was asked of the provider before it knew it (migration 069). */
  fee_tries: ColumnType<number, number | undefined, number>;
  /** The provider's balance transaction of the payment (Stripe's txn_…), once its fee is read. */
  balance_tx: ColumnType<string | null, string | null | undefined, string | null>;
  /** The card surcharge the customer paid on top of the ledger's amount (migration 072): 0 when none. */
  surcharge_cents: ColumnType<number, number | undefined, number>;
}

/** A refund asked of the payment provider, and where it stands there (payments/payment-store.ts). */
export interface CardRefundsTable {
  provider: string;
  /** The provider's refund id (re_…). */
  refund_ref: string;
  order_id: string;
  /** The ledger entry of the card payment it gives back. */
  card_payment_id: string;
  amount_cents: BigInt;
  reason: string;
  requested_by: string;
  requested_at: string;
  /** unrecorded: made in the provider's dashboard, no credit note matches it to the cent: a clerk records it. */
  status: 'pending' | 'succeeded' | 'failed' | 'unrecorded';
  /** The provider's reason for a failed refund, or ''. */
  failure: string;
  /** The refund's own ledger entry, once recorded. */
  payment_id: string | null;
}

/** A payment recorded in error, voided: the payment row stays; this is its void (invoices/invoice-store.ts). */
/** A customer's statement mailed on request (migration 058): the PDF as sent. */
export interface StatementsTable {
  id: string;
  /** The order whose customer it was asked for (the mail is queued under it). */
  order_id: string;
  email: string;
  from_date: string;
  to_date: string;
  created_by: string;
  created_at: string;
  pdf: Buffer;
  sha256: string;
}

export interface PaymentVoidsTable {
  payment_id: string;
  order_id: string;
  reason: string;
  /** The day of the void in the shop's calendar. */
  voided_on: string;
  voided_by: string;
  voided_at: string;
  /** The receipt drawn again, marked VOID. */
  pdf: Buffer;
  sha256: string;
}

/** What the invoices of a deleted order still need (invoices/invoice-store.ts, keepEvidence). */
export interface OrderEvidenceTable {
  order_id: string;
  reference: string;
  kept_at: string;
  document: Json<OrderEvidence>;
}

export interface OrderEvidence {
  format: 'order-evidence/1';
  billing: unknown;
  shipping: unknown;
  /** Each approved version: its canonical text (whose SHA-256 the approval names) and the approval. */
  approvals: {
    version: number;
    quoteSha256: string;
    versionText: string;
    fullName: string | null;
    at: string;
    clientAddress: string;
  }[];
}

/** A close or reopening of the books (invoices/periods.ts, docs/accounts.md, "Closing a period"). */
export interface PeriodClosesTable {
  seq: number;
  /** 'close_month', 'close_year' or 'reopen'. */
  action: string;
  /** The month (YYYY-MM), or the fiscal year's last day for a year. */
  period: string;
  /** The last day closed once this act is done; '' when nothing is closed. */
  closed_through: string;
  reason: string;
  acted_by: string;
  acted_at: string;
}

/** The money tables (a new one is added at the end). */
export interface MoneyTables {
  order_evidence: OrderEvidenceTable;
  document_counters: DocumentCountersTable;
  invoices: InvoicesTable;
  payments: PaymentsTable;
  checkout_sessions: CheckoutSessionsTable;
  provider_events: ProviderEventsTable;
  card_payments: CardPaymentsTable;
  card_refunds: CardRefundsTable;
  payment_voids: PaymentVoidsTable;
  statements: StatementsTable;
  period_closes: PeriodClosesTable;
  invoice_ageing: InvoiceAgeingTable;
}

/**
 * What the aged receivables read of an invoice or credit note's document, in columns (migration
 * 068): written with the invoice in the transaction that issues it (invoices/invoice-store.ts).
 */
export interface InvoiceAgeingTable {
  invoice_id: string;
  order_id: string;
  /** The order's reference and the customer (company, else name) as the document printed them. */
  order_reference: string;
  customer: string;
  balance_due: 'pickup' | 'before_shipping' | 'days';
  balance_days: number;
}
