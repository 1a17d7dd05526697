// The wire format of quotes: what the inbox sends and reads (under /api/orders/:id/quote) and
// what the customer's order page reads and sends (under /api/o/:token). The server's routes
// declare these schemas; the pages import only the types.
import { z } from 'zod';
import type { CustomerAccountView } from './invoices/invoice-api.js';
import {
  MAX_APPROVAL_NAME_CHARS,
  MAX_CHANGE_REQUEST_CHARS,
  type CUSTOMER_STEPS,
  type DecorationMethod,
  type OrderStatus,
} from './constants.js';
import type { ComputedQuote, QuoteLineInput, QuoteVersion, SuggestedQuoteLine } from './quote.js';
import { TAX_GROUPS, type TaxExemption } from './tax-treatment.js';
import type { PriceLineKind } from './prices/price-order.js';
import type { Bilingual } from './prices/price-list.js';
import type { SeenEstimate } from './price-list-api.js';
import type { ValidOrderBody } from './order-schema.js';
import type { RecordSection } from './order-record.js';
import type { RevisedQuoteLine } from './quote-revision.js';

/** A line as the clerk's editor sends it. Amounts are recomputed on the server; anything else is dropped. */
export const quoteLineInputSchema = z.object({
  description: z.string().max(2000),
  /** The description in French: a Quebec shop's documents print it (shared/quote.ts, lineDescription). */
  descriptionFr: z.string().max(2000).optional(),
  quantity: z.number(),
  unitPriceCents: z.number(),
  taxable: z.boolean(),
  /** The taxes of the place of supply this line is exempt from (shared/tax-treatment.ts). */
  notTaxed: z.array(z.enum(TAX_GROUPS)).max(TAX_GROUPS.length).optional(),
  /** Clothing sized for children: the province's rule applies. */
  childrens: z.boolean().optional(),
});

/** A purchase for resale: the customer's PST (or RST) number; checked by shared/quote.ts. */
export const quoteExemptionSchema = z.object({ kind: z.literal('resale'), pstNumber: z.string().max(100) });

export const quoteLinesBodySchema = z.object({
  lines: z.array(quoteLineInputSchema).max(500),
  /** The published price list the lines started from, when they did. */
  priceListVersion: z.number().int().min(1).max(1_000_000).optional(),
  /** The customer buys for resale with their PST number: BC, SK and MB PST are not charged. */
  exemption: quoteExemptionSchema.optional(),
});

/** Sending also says, when no proof was uploaded, that the quote goes without (409 `no_proofs` otherwise). */
export const sendQuoteBodySchema = quoteLinesBodySchema.extend({
  confirmNoProofs: z.boolean().optional(),
});

export const approveBodySchema = z.object({
  version: z.number().int().min(1),
  fullName: z.string().max(MAX_APPROVAL_NAME_CHARS),
  agree: z.literal(true),
});

export const changesBodySchema = z.object({ comment: z.string().max(MAX_CHANGE_REQUEST_CHARS) });

/** Any text: a token of the wrong shape is an unknown link (404), not a malformed request. */
export const orderLinkParamsSchema = z.object({ token: z.string() });

export type QuoteLinesBody = z.infer<typeof quoteLinesBodySchema>;
export type SendQuoteBody = z.infer<typeof sendQuoteBodySchema>;

export interface ProofInfo {
  id: string;
  layout: number;
  name: string;
  mediaType: string;
  size: number;
  /** True when the bytes are a PNG, JPEG, GIF or WebP the page may draw. */
  isImage: boolean;
  uploadedAt: string;
}

export interface QuoteResponseInfo {
  kind: 'approved' | 'changes_requested';
  fullName: string | null;
  comment: string | null;
  at: string;
  quoteSha256: string;
}

export interface SentQuoteInfo {
  version: number;
  status: 'sent' | 'approved' | 'changes_requested' | 'superseded';
  sentAt: string;
  sha256: string;
  quote: QuoteVersion;
  proofIds: string[];
  response: QuoteResponseInfo | null;
}

/** A response as the inbox shows it: with the address and browser the approval came from. */
export interface StaffQuoteResponseInfo extends QuoteResponseInfo {
  clientAddress: string;
  userAgent: string;
}

export interface StaffQuoteVersion extends Omit<SentQuoteInfo, 'response'> {
  sentBy: string;
  /** The price list version the lines started from, if any. */
  priceListVersion: number | null;
  response: StaffQuoteResponseInfo | null;
}

/** GET /api/orders/:id/quote */
export interface StaffQuoteState {
  /** Where the order is supplied, for its taxes; null when the order names no known province. */
  province: string | null;
  /** The shop's province (its settings): a Quebec shop's lines carry a French description (shared/quote.ts, lineDescription). */
  shopProvince: string;
  registration: Registration;
  suggestions: SuggestedQuoteLine[];
  /** The order priced from the current price list ("Prepare quote"), or null without one. */
  priced: PricedStart | null;
  /** "Revise": the order as it stands priced again with the clerk's edits kept; null before a version is sent or without a list. */
  revision: RevisionStart | null;
  draft: QuoteLinesBody['lines'] | null;
  /** The price list version the draft started from, if any. */
  draftPriceListVersion: number | null;
  /** The customer's resale exemption saved with the draft, if any. */
  draftExemption: TaxExemption | null;
  /** The estimate the customer saw on the form, if the shop showed one. */
  estimate: SeenEstimate | null;
  versions: StaffQuoteVersion[];
  proofs: ProofInfo[];
}

/** One line of an order priced from the price list; "to price" lines are left for the clerk at $0. */
export interface PricedQuoteLine extends QuoteLineInput {
  needsPrice: boolean;
  /** What the price list priced (absent on a line left to price): the editor treats a rush or resale line apart. */
  kind?: PriceLineKind;
  /** A rush fee's or a resale discount's percent of the lines it applies to (docs/prices.md). */
  percent?: number;
  /** How the amount came about, or why the price list could not price it. */
  reason: Bilingual;
}

export interface PricedStart {
  priceListVersion: number;
  lines: PricedQuoteLine[];
  /** Minimums and the like, from the pricing. */
  notes: Bilingual[];
}

/** Where a new version of a quote starts (shared/quote-revision.ts). */
export interface RevisionStart {
  priceListVersion: number;
  /** The quote version the changes are counted from, and its status (approved, sent…). */
  fromVersion: number;
  fromStatus: SentQuoteInfo['status'];
  lines: RevisedQuoteLine[];
}

export interface Registration {
  gstHst: string;
  qst: string;
}

/** POST /api/orders/:id/quote/preview */
export interface QuotePreview {
  quote: ComputedQuote;
}

/** GET /api/o/:token */
export interface CustomerOrderView {
  reference: string;
  language: 'en' | 'fr';
  createdAt: string;
  /** The shop's time zone (IANA): every date and time the customer reads is in it, not the browser's. */
  timeZone: string;
  status: OrderStatus;
  /** What the customer sent and the estimate they saw, as their confirmation said it; null once a quote is sent. */
  record: Record<'en' | 'fr', RecordSection[]> | null;
  /** When each step was last reached (from the status history); received is the order's arrival. */
  steps: Partial<Record<(typeof CUSTOMER_STEPS)[number], string>>;
  document: ValidOrderBody;
  attachments: {
    id: string;
    name: string;
    layout: number | null;
    role: string;
    view: string | null;
    preview: boolean;
    /** Its drawing used up the server's processor time: no preview will come (shared/artwork-report.ts). */
    tooComplex: boolean;
  }[];
  proofs: ProofInfo[];
  quote: SentQuoteInfo | null;
  registration: Registration;
  shopName: string;
  /** Once ready: whether the order ships or waits for pickup. */
  fulfilment: 'pickup' | 'shipping' | null;
  /** Invoices, what is due now and how to pay it; null before the first invoice. */
  account: CustomerAccountView | null;
  /**
   * The order's current version when it changed after the quote shown was sent (docs/product.md,
   * "Changing an order"): the page shows the order as it now stands and says a new quote follows.
   */
  changedVersion: number | null;
  /** Who made that version: the customer on this page, or the shop (a team's entries count as the shop's); null with no change. */
  changedBy: 'customer' | 'shop' | null;
  /**
   * Each decoration's stage on the floor once the order is a job (docs/production.md, "The status
   * follows the floor"), in the ticket's order; empty before, and once the order is completed.
   */
  floor: FloorDecoration[];
  /** The order's current version: a change the customer makes starts from it (docs/product.md, "Changing an order"). */
  version: number;
}

/** A decoration on the floor as its customer reads it: "Front: printing", "Left chest: embroidery done". */
export interface FloorDecoration {
  layout: string;
  /** The view or named location, as imprints name it (order-presentation `imprintPlaceName`). */
  location: string;
  method: DecorationMethod;
  /** Not started yet (its first stage), under way, or done (at Pack). */
  phase: 'waiting' | 'underway' | 'done';
}

/** The answer to an approval or a change request: the order as it now stands. */
export interface CustomerAnswer {
  view: CustomerOrderView;
}
