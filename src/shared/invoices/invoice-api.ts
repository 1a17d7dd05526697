// What the invoices capability stores and answers: the frozen documents (an invoice or credit
// note, a receipt) exactly as their PDFs print them, and the account views of the customer's
// page and the inbox. Request bodies are checked here, once, for the server and the inbox.
import { z } from 'zod';
import type { ProvinceCode } from '../constants.js';
import { isCalendarDate } from '../dates.js';
import type { TaxExemption } from '../tax-treatment.js';
import type { TaxLine, TaxNotCharged } from '../taxes.js';
import type { Account, BalanceTerms, PaymentState } from './account.js';
import type { InvoiceLine } from './credit-notes.js';
import type { AmountFlag } from './card-flag.js';
import type { CardCharge } from './surcharge.js';
import { PAYMENT_METHOD_IDS, type PaymentMethodId, type PaymentTerms } from './terms.js';

export interface Seller {
  legalName: string;
  address: string;
  gstHst: string;
  qst: string;
  email: string;
}

export interface InvoiceCustomer {
  name: string;
  company: string;
  /** The billing address, one line each. */
  address: string[];
}

/** Where the goods go: the place of supply's evidence, kept with the invoice. */
export interface InvoiceDelivery {
  pickup: boolean;
  name: string;
  company: string;
  address: string[];
}

/** The customer's approval the invoice was issued on: who typed their name, when, and what they approved. */
export interface InvoiceApproval {
  fullName: string;
  /** The instant, ISO 8601 UTC as recorded. */
  at: string;
  /** The shop's time zone when issued: the PDF prints the approval's day and time in it (absent on older invoices: UTC). */
  timeZone?: string;
  version: number;
  quoteSha256: string;
}

/** An invoice or a credit note, frozen when issued: what its PDF prints, and what reports add up. */
export interface InvoiceDocument {
  /** invoice/2 adds taxes line by line, the delivery, the approval, the exemption and bilingual documents. */
  format: 'invoice/1' | 'invoice/2';
  kind: 'invoice' | 'credit_note';
  /** "2026-0001"; a credit note's is "CN-2026-0001". */
  number: string;
  /** YYYY-MM-DD in the shop's calendar. */
  issueDate: string;
  language: 'en' | 'fr';
  /** French and English side by side: a Quebec shop's document for an English-speaking customer. */
  bilingual?: boolean;
  orderReference: string;
  /** The approved quote version it was issued from (an invoice) or that its invoice came from. */
  quoteVersion: number | null;
  quoteSha256: string | null;
  /** A credit note: the invoice it credits, and why. */
  credits: { number: string; issueDate: string } | null;
  reason: string | null;
  /**
   * A bad debt written off (docs/accounts.md, "Write-offs"): a credit-note-shaped record of the
   * amount no longer asked and the tax relief in it, tax by tax; kept, never mailed.
   */
  writeOff?: true;
  seller: Seller;
  customer: InvoiceCustomer;
  province: ProvinceCode;
  delivery?: InvoiceDelivery;
  approval?: InvoiceApproval;
  exemption?: TaxExemption;
  lines: InvoiceLine[];
  subtotalCents: number;
  taxes: TaxLine[];
  taxesNotCharged: TaxNotCharged[];
  totalCents: number;
  depositPercent: number;
  depositCents: number;
  /**
   * The order's account as this invoice left it (its credit notes and the payments so far
   * counted): what the PDF asks to send. Absent on invoices issued before it was printed.
   */
  account?: Account;
  /** When the balance is due for this order (at pickup, before shipping, or N days after), and how to pay. */
  terms: BalanceTerms & Pick<PaymentTerms, 'methods' | 'etransferEmail' | 'autodeposit'>;
}

/** A payment's receipt (a refund's too: a negative amount), frozen when recorded. */
export interface ReceiptDocument {
  format: 'receipt/1';
  number: string;
  /** The day the money came in (or went back), as the clerk recorded it. */
  receivedOn: string;
  language: 'en' | 'fr';
  bilingual?: boolean;
  orderReference: string;
  seller: Seller;
  customerName: string;
  amountCents: number;
  method: PaymentMethodId;
  reference: string;
  reason: string;
  invoiceNumbers: string[];
  paidCents: number;
  balanceCents: number;
  /** Set on the copy drawn again when the payment is voided: the receipt then says VOID. */
  voided?: { reason: string; on: string; by: string };
  /** The order's account after this payment (absent on receipts issued before it was printed). */
  account?: Account;
  /** A card surcharge paid with it (docs/payments.md, "Surcharges"): apart from amountCents, which settles the invoices. */
  surchargeCents?: number;
}

export interface InvoiceSummary {
  id: string;
  number: string;
  kind: 'invoice' | 'credit_note';
  issueDate: string;
  totalCents: number;
  subtotalCents: number;
  depositCents: number;
  sha256: string;
  credits: string | null;
  reason: string | null;
  /** An invoice: the part of its subtotal no credit note has taken back yet. */
  creditableSubtotalCents: number;
  /** An invoice: what is left of its total (taxes included) to credit. */
  creditableTotalCents: number;
  /** Its lines, with the taxes charged on each and what is left to credit of each. */
  lines: { description: string; lineTotalCents: number; taxKeys: string[]; creditableCents: number }[];
}

export interface PaymentInfo {
  id: string;
  receiptNumber: string;
  amountCents: number;
  method: PaymentMethodId;
  receivedOn: string;
  reference: string;
  reason: string;
  recordedAt: string;
}

export interface StaffPaymentInfo extends PaymentInfo {
  recordedBy: string;
  /** A payment recorded in error and voided: kept, counted nowhere (docs/accounts.md, "Voids"). */
  voided: { reason: string; on: string; by: string } | null;
}

export interface HowToPay {
  id: PaymentMethodId;
  label: string;
  instructions: string[];
}

/** The customer's page: the invoices, what is due now and how to pay it. */
export interface CustomerAccountView {
  invoices: InvoiceSummary[];
  account: Account;
  payments: PaymentInfo[];
  howToPay: HowToPay[];
  balanceDueText: string;
  /**
   * What a Pay button asks by card now (payments/, docs/payments.md): the amount due, the card
   * surcharge on it and the total charged, as the screen shows them; null when not offered.
   */
  payOnline: CardCharge | null;
}

export interface StaffAccountView {
  invoices: InvoiceSummary[];
  account: Account;
  payments: StaffPaymentInfo[];
  terms: PaymentTerms;
  /** Today in the shop's calendar (SHOP_TIMEZONE), and the day the order was received: a payment's date lies between. */
  today: string;
  receivedOn: string;
}

const date = z.string().refine(isCalendarDate, 'A real date, written YYYY-MM-DD.');

export const recordPaymentBodySchema = z.object({
  amount: z.string().max(40),
  method: z.enum(PAYMENT_METHOD_IDS),
  receivedOn: date,
  reference: z.string().max(100).default(''),
  reason: z.string().max(500).default(''),
  /** The clerk confirmed a payment larger than the balance. */
  confirmOverpayment: z.boolean().default(false),
  /** The clerk confirmed a payment like one recorded within the last minute. */
  confirmDuplicate: z.boolean().default(false),
});
export type RecordPaymentBody = z.input<typeof recordPaymentBodySchema>;

export const creditNoteBodySchema = z.object({
  invoiceNumber: z.string().max(20),
  /** An amount before taxes, in dollars as typed, when every line left is taxed alike. */
  amount: z.string().max(40).optional(),
  /** Amounts of named lines (index from 0), before taxes, in dollars as typed. */
  lines: z
    .array(z.object({ index: z.number().int().min(0).max(1000), amount: z.string().max(40) }))
    .max(200)
    .optional(),
  /** Everything left on the invoice, to the cent. */
  rest: z.boolean().optional(),
  reason: z.string().max(500),
});
export type CreditNoteBody = z.input<typeof creditNoteBodySchema>;

export const voidPaymentBodySchema = z.object({ reason: z.string().max(500) });

export const agedQuerySchema = z.object({
  asOf: date,
  format: z.enum(['json', 'csv']).default('json'),
});

export const reportQuerySchema = z.object({
  from: date,
  to: date,
  format: z.enum(['json', 'csv']).default('json'),
});

export interface TaxReportRow {
  /** "GST", "HST", "QST", "PST" or "RST". */
  code: string;
  /** The tax line's key (shared/tax-treatment.ts taxKeyOf): a rebated HST is its own row. */
  key: string;
  province: ProvinceCode;
  /** The tax's name and rate as each language writes them ("TPS", "9,975 %"). */
  name: { en: string; fr: string };
  rateLabel: { en: string; fr: string };
  /** Why the rate is not the tax's usual one (the HST's point-of-sale rebate). */
  note?: { en: string; fr: string };
  /** The period's own supplies: its invoices less the credit notes of those invoices. */
  taxableCents: number;
  amountCents: number;
  /**
   * Adjustments (docs/accounts.md, "Reports and exports"): what credit notes issued in the period
   * against earlier periods' invoices, and bad debts written off in it, took back; positive.
   */
  adjustmentTaxableCents: number;
  adjustmentCents: number;
  documents: number;
}

/** A figure a return asks for, under the line number the return prints. */
export interface TaxReturnLine {
  /** "101", "103"; null for a figure that helps fill a line (the GST and the HST within line 103). */
  line: string | null;
  label: { en: string; fr: string };
  amountCents: number;
}

/** One return's figures for the period: the GST/HST return, Quebec's QST return, or a province's PST/RST. */
export interface TaxReturn {
  id: string;
  title: { en: string; fr: string };
  /** The form the lines are numbered by ("GST34", "FPZ-500"). */
  form: string;
  lines: TaxReturnLine[];
  /** Where the line numbers and what goes on them are published. */
  source: { title: string; url: string };
}

/**
 * The sales taxes of a period, each on its own (never a total across taxes): by tax, province and
 * rate, and the figures each return asks for. Credit notes issued in the period are subtracted.
 */
export interface TaxReport {
  from: string;
  to: string;
  rows: TaxReportRow[];
  returns: TaxReturn[];
}

export const JOURNAL_TAXES = ['GST', 'HST', 'QST', 'PST', 'RST'] as const;
export type JournalTax = (typeof JOURNAL_TAXES)[number];

/** One invoice or credit note of the sales journal; a credit note's amounts are negative. */
export interface JournalRow {
  id: string;
  issueDate: string;
  number: string;
  kind: 'invoice' | 'credit_note';
  /** A credit note: the number of the invoice it credits. */
  credits: string | null;
  /** A bad debt written off (docs/accounts.md, "Write-offs") rather than a credit note sent. */
  writeOff?: boolean;
  orderReference: string;
  customerName: string;
  customerCompany: string;
  /** The place of supply. */
  province: ProvinceCode;
  subtotalCents: number;
  taxes: Record<JournalTax, number>;
  totalCents: number;
  /** An invoice: what is left of its total to credit today (0 on a credit note). */
  creditableTotalCents: number;
  /** An invoice: what is left of its subtotal to credit today. */
  creditableSubtotalCents: number;
}

export interface SalesJournal {
  from: string;
  to: string;
  rows: JournalRow[];
  /** Each column's sum: each tax on its own. */
  totals: { subtotalCents: number; taxes: Record<JournalTax, number>; totalCents: number };
  /** The card provider's fees of the period's card payments: an expense, apart from the sales (docs/payments.md). */
  fees: JournalFees;
  /** The card surcharges collected (and given back) in the period: untaxed income, apart from the sales (docs/payments.md). */
  surcharges: JournalSurcharges;
}

/** A card payment's fee as an expense line of the journal, dated as its payment. */
export interface JournalFeeRow {
  receivedOn: string;
  receiptNumber: string;
  orderReference: string;
  method: PaymentMethodId;
  /** The provider's payment (Stripe's pi_…). */
  reference: string;
  /** The payment's full amount, and the fee the provider kept of it. */
  amountCents: number;
  feeCents: number;
}

export interface JournalFees {
  rows: JournalFeeRow[];
  totalCents: number;
  /** Card payments of the period whose fee the provider has not settled yet (read again later). */
  unknown: number;
}

/**
 * A card surcharge as an income line of the journal, dated as its payment (a refund's surcharge
 * given back negative, as its refund): the card was charged the payment plus the surcharge.
 */
export interface JournalSurchargeRow {
  receivedOn: string;
  receiptNumber: string;
  orderReference: string;
  method: PaymentMethodId;
  /** The provider's payment (pi_…) or refund (re_…). */
  reference: string;
  /** The ledger's amount (what settles the invoices; a refund negative). */
  amountCents: number;
  /** The surcharge income (a refund's negative). */
  surchargeCents: number;
  /** What the card was charged (or given back): amount + surcharge. */
  chargedCents: number;
}

export interface JournalSurcharges {
  rows: JournalSurchargeRow[];
  /** Each column's sum: amountCents + surchargeCents = chargedCents. */
  amountCents: number;
  totalCents: number;
  chargedCents: number;
}

export const journalQuerySchema = z.object({
  from: date,
  to: date,
  format: z
    .enum([
      'json',
      'csv',
      'quickbooks',
      'quickbooks-credit-notes',
      'xero',
      'quickbooks-payments',
      'xero-credit-notes',
      'xero-payments',
    ])
    .default('json'),
});
export type JournalQuery = z.infer<typeof journalQuerySchema>;

/** A staff member as the Accounts page lists them for the money permissions. */
export interface StaffMember {
  id: string;
  email: string;
  role: 'owner' | 'staff';
}

export interface PaymentsReportRow {
  receivedOn: string;
  receiptNumber: string;
  orderReference: string;
  method: PaymentMethodId;
  reference: string;
  amountCents: number;
  recordedBy: string;
  /** A card payment's provider fee (docs/payments.md), once read; null for other methods. */
  feeCents: number | null;
  /**
   * A card payment's (or refund's, negative) surcharge, kept apart from amountCents
   * (docs/payments.md, "Surcharges"); 0 for a card entry without one; null for other methods.
   */
  surchargeCents: number | null;
  /** What the card was charged (or given back): amountCents + surchargeCents; null for other methods. */
  chargedCents: number | null;
}

export interface PaymentsReport {
  from: string;
  to: string;
  rows: PaymentsReportRow[];
  totalCents: number;
  /** The card payments' fees of the period (an expense of the shop, never taken off the payments). */
  feesCents: number;
  /** The card surcharges of the period (refunds' negative): untaxed income, never part of totalCents. */
  surchargesCents: number;
  byMethod: Partial<Record<PaymentMethodId, number>>;
}

export type { PaymentState };

/** A card payment or refund beside its ledger entry (payments/, docs/payments.md), as the inbox shows it. */
export interface CardEntryView {
  paymentId: string;
  kind: 'payment' | 'refund';
  /** The provider's id: a PaymentIntent (pi_…) or a refund (re_…). */
  providerRef: string;
  amountCents: number;
  receiptNumber: string;
  receivedOn: string;
  feeCents: number | null;
  netCents: number | null;
  /** An amount or currency other than the checkout's (card-flag.ts): a clerk checks it; null when none. */
  flag: AmountFlag | null;
  /** A card surcharge the customer paid on top of amountCents (kept apart from the invoices); 0 when none. */
  surchargeCents: number;
  /** A payment: what is left of it to refund (refunds pending at the provider count as taken). */
  refundableCents: number;
}

/** A refund asked of the provider and where it stands there. */
export interface CardRefundView {
  refundRef: string;
  /** The card payment it gives back. */
  cardPaymentId: string;
  amountCents: number;
  reason: string;
  requestedBy: string;
  requestedAt: string;
  /** unrecorded: made in the provider's dashboard, no credit note matches it to the cent: a clerk records it by hand. */
  status: 'pending' | 'succeeded' | 'failed' | 'unrecorded';
  failure: string;
}

export interface CardPaymentsView {
  /** Whether a provider is set up (its keys): refunds go through it. */
  online: boolean;
  entries: CardEntryView[];
  refunds: CardRefundView[];
}

/**
 * A payout of the card provider: one deposit on the bank statement (docs/payments.md, "Payouts").
 * Gross less fees is net; ledgerCents is what this ledger recorded of its movements.
 */
export interface PayoutRow {
  id: string;
  arrivalDate: string;
  status: string;
  grossCents: number;
  feesCents: number;
  netCents: number;
  /** The receipts of the payments and refunds it carries. */
  receipts: string[];
  ledgerCents: number;
  /** Its movements this ledger has no entry for (made in the provider's dashboard, disputes, adjustments). */
  unmatched: number;
}

export interface PayoutReport {
  from: string;
  to: string;
  rows: PayoutRow[];
  totals: { grossCents: number; feesCents: number; netCents: number };
}
