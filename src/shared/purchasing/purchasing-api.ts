// What the purchasing capability answers (the To order list, purchase orders) and takes (a PO for
// a supplier, a receipt): the wire format the inbox's Blanks page reads and the server declares.
import { z } from 'zod';
import type { BlankLine, BlanksChange, Shortage, SupplierBlanks, UnreadBlank } from './blanks.js';

export interface ToOrderList {
  overagePercent: number;
  /** By supplier; the one named '' gathers garments the price list names no supplier for. */
  suppliers: SupplierBlanks[];
  /** Variations whose sizes could not be read, with their order's reference. */
  unread: (UnreadBlank & { reference: string })[];
  /** The reference of each order named in the lists. */
  references: Record<string, string>;
  /** Jobs whose purchase orders have not brought all they need yet, and what they still wait for. */
  waiting: { orderId: string; reference: string; dueOn: string; short: Shortage[] }[];
  /**
   * Purchase orders whose orders changed since (docs/production.md, "A change after a purchase
   * order"): per line, what is now short or ordered in excess, with the order's reference.
   */
  changes: { poId: string; number: string; supplier: string; lines: (BlanksChange & { reference: string })[] }[];
}

/** A line of the To order list as the purchase order froze it, and what came of it. */
export interface PurchaseOrderLine extends Omit<BlankLine, 'orders'> {
  id: string;
  received: number;
  damaged: number;
  /** Pieces still to come: quantity less the good ones received. */
  short: number;
  /** Short and damaged notes, each receipt's on its own line. */
  note: string;
}

export interface PurchaseOrderSummary {
  id: string;
  number: string;
  supplier: string;
  madeAt: string;
  madeBy: string;
  sentAt: string | null;
  sentBy: string | null;
  overagePercent: number;
  pieces: number;
  /** Every line received in full (good pieces). */
  received: boolean;
  /** The references of the orders whose blanks it carries. */
  references: string[];
  /** Where the supplier ships, the shop's address and phone, as the PO was made ('' before them). */
  shipTo: string;
  shopAddress: string;
  shopPhone: string;
  /** The shop's account number with this supplier when the PO was made; '' when none was set. */
  accountNumber: string;
  /** The soonest due date of its jobs (YYYY-MM-DD): when the blanks are needed by. */
  needBy: string | null;
  /** 1 as first made; an amended PO is the next, its number "PO-2026-0012 rev 2". */
  revision: number;
  /** The number of the revision that replaced this one (kept as it was sent), or null while in force. */
  supersededBy: string | null;
}

/** The shop's account number with each supplier it has set one for (GET /api/purchasing/suppliers). */
export interface SupplierAccounts {
  accounts: { supplier: string; accountNumber: string }[];
}

export const supplierAccountSchema = z.object({
  supplier: z.string().trim().min(1, 'Name the supplier.').max(200),
  /** Empty forgets it. */
  accountNumber: z.string().trim().max(60, 'At most 60 characters.'),
});

export interface PurchaseOrder extends PurchaseOrderSummary {
  lines: PurchaseOrderLine[];
}

export const makePurchaseOrderSchema = z.object({
  supplier: z.string().trim().min(1, 'Name the supplier.').max(200),
});

const count = z.number().int().min(0).max(100_000);

/**
 * The most good pieces (received less damaged) a purchase order's line may take in all: what
 * was ordered and a margin for a supplier's overage, a quarter more or a dozen, whichever is more.
 * Damaged pieces may reach the same bound (a whole replacement). A receipt past either is refused
 * beside its field; counts stay small numbers whatever is typed or scripted.
 */
export const receivableOf = (quantity: number) => quantity + Math.max(12, Math.ceil(quantity / 4));
/** The most deliveries recorded against one purchase order. */
export const MAX_RECEIPTS_PER_PURCHASE_ORDER = 100;
/** The longest a line's notes may grow, receipt after receipt (characters). */
export const MAX_LINE_NOTE_CHARS = 2000;

export const receiptSchema = z
  .object({
    lines: z
      .array(
        z.object({
          lineId: z.string().uuid(),
          /** Received in this delivery, damaged ones included. */
          received: count,
          damaged: count,
          note: z.string().trim().max(500).default(''),
        }),
      )
      .min(1)
      .max(1000),
  })
  .superRefine((body, ctx) => {
    body.lines.forEach((line, i) => {
      if (line.damaged > line.received)
        ctx.addIssue({
          code: 'custom',
          path: ['lines', i, 'damaged'],
          message: 'More damaged than received.',
        });
    });
  });
export type ReceiptBody = z.input<typeof receiptSchema>;
