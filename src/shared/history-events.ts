// What an order's history records beyond a move between statuses: a quote sent, a customer's
// approval (with the name they typed) or request for changes. Stored as data with the move
// (status_history.event) and worded only when shown, in the reader's language (the inbox's
// messages.ts), so nothing has to be read back out of a sentence.
import { z } from 'zod';

const version = z.number().int().positive();
/** The quote version's SHA-256, in full; what is shown is its first 12 digits. */
const hash = z.string().regex(/^[0-9a-f]{12,64}$/);

export const historyEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('quote_sent'), version, hash }),
  z.object({ kind: z.literal('quote_approved'), version, fullName: z.string(), hash }),
  z.object({ kind: z.literal('changes_requested'), version, comment: z.string() }),
  // Invoices and payments (src/server/invoices/): amounts in cents, refunds negative.
  z.object({
    kind: z.literal('invoice_issued'),
    number: z.string(),
    totalCents: z.number().int(),
    depositCents: z.number().int(),
  }),
  z.object({
    kind: z.literal('credit_note_issued'),
    number: z.string(),
    invoiceNumber: z.string(),
    totalCents: z.number().int(),
    reason: z.string(),
  }),
  z.object({
    kind: z.literal('payment_recorded'),
    receiptNumber: z.string(),
    amountCents: z.number().int(),
    method: z.string(),
    reference: z.string(),
    reason: z.string(),
  }),
  // A payment recorded in error, voided (docs/accounts.md, "Voids").
  z.object({
    kind: z.literal('payment_voided'),
    receiptNumber: z.string(),
    amountCents: z.number().int(),
    reason: z.string(),
  }),
  // A bad debt written off (docs/accounts.md, "Write-offs"): the amount, the tax relief in it, and why.
  z.object({
    kind: z.literal('balance_written_off'),
    number: z.string(),
    invoiceNumber: z.string(),
    totalCents: z.number().int(),
    taxCents: z.number().int(),
    reason: z.string(),
  }),
  // Recorded before every move was gated: In production without the deposit.
  z.object({ kind: z.literal('started_without_deposit'), reason: z.string() }),
  // A move to In production, Ready or Completed past the gate: the deposit still due, or no approved quote.
  z.object({
    kind: z.literal('gate_overridden'),
    reason: z.string(),
    depositDueCents: z.number().int(),
    withoutApprovedQuote: z.boolean(),
  }),
  // An imprint moved on the production floor (production/): where, and between which stages as they were named then.
  z.object({
    kind: z.literal('imprint_moved'),
    layout: z.string(),
    location: z.string(),
    method: z.string(),
    from: z.object({ en: z.string(), fr: z.string() }),
    to: z.object({ en: z.string(), fr: z.string() }),
  }),
  // Blanks (purchasing/): a purchase order carrying the order's garments made, sent, or received
  // against (pieces of the whole delivery; shortPieces: what this order still waits for).
  z.object({ kind: z.literal('po_made'), number: z.string(), supplier: z.string(), pieces: z.number().int() }),
  z.object({ kind: z.literal('po_sent'), number: z.string(), supplier: z.string() }),
  z.object({
    kind: z.literal('blanks_received'),
    number: z.string(),
    received: z.number().int(),
    damaged: z.number().int(),
    shortPieces: z.number().int(),
  }),
  // A team's size entries for the order closed (collections/): the order's sizes and names taken
  // from them (applied), or left as they were because the shop had already quoted.
  z.object({
    kind: z.literal('team_sizes_closed'),
    layout: z.string(),
    variation: z.number().int(),
    title: z.string(),
    entries: z.number().int(),
    sizes: z.string(),
    applied: z.boolean(),
  }),
  // A new version of the order (storage/order-versions.ts): who made it is the history line's
  // author; why, in their words; and what it withdrew: the customer's approval, or a quote sent
  // for the version before (the order goes back to New for a new quote).
  z.object({
    kind: z.literal('order_edited'),
    version,
    reason: z.string(),
    withdrew: z.enum(['approval', 'quote']).nullable(),
  }),
  // Cancelled with what was unpaid credited.
  z.object({
    kind: z.literal('cancelled_and_credited'),
    creditNotes: z.array(z.string()),
    totalCents: z.number().int(),
  }),
]);

export type HistoryEvent = z.infer<typeof historyEventSchema>;

/** The digits of a quote's hash the history shows: enough to match it with the quote's page. */
export const shortHash = (hash: string): string => hash.slice(0, 12);
