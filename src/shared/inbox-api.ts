// The inbox API's wire format, one zod schema per answer: the server's routes declare them
// (answers are filtered by them), and the inbox imports only the types derived from them.
import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from './constants.js';
import { historyEventSchema } from './history-events.js';
import type { ValidOrderBody } from './order-schema.js';
import type { SeenEstimate } from './price-list-api.js';
import { PAYMENT_STATES } from './invoices/account.js';
import { ORDER_FLAGS } from './order-flags.js';

const statusValues = ORDER_STATUSES.map((s) => s.value) as [OrderStatus, ...OrderStatus[]];
const orderStatusSchema = z.enum(statusValues);

export { ORDER_FLAGS, type OrderFlag } from './order-flags.js';

export const orderListQuerySchema = z.object({
  q: z.string().max(200).default(''),
  status: z.enum(['', ...statusValues]).default(''),
  payment: z.enum(['', ...PAYMENT_STATES]).default(''),
  flag: z.enum(['', ...ORDER_FLAGS]).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const orderIdParamsSchema = z.object({ id: z.string().uuid() });
export const fileParamsSchema = z.object({ id: z.string().uuid(), attachmentId: z.string().uuid() });
export const statusChangeSchema = z.object({
  status: orderStatusSchema,
  /**
   * In production, Ready or Completed while the deposit is unpaid or without an approved quote:
   * the reason, recorded with the move and who gave it (docs/accounts.md, "The gate").
   */
  override: z.object({ reason: z.string().max(500) }).optional(),
  /** The name this had when only In production was gated; read as `override`. */
  withoutDeposit: z.object({ reason: z.string().max(500) }).optional(),
  /** Cancelling an invoiced order: credit what is unpaid. */
  creditUnpaid: z.boolean().optional(),
  /** With creditUnpaid: write off what is left under the owner's small-balance threshold (docs/accounts.md, "Write-offs"). */
  writeOffRest: z.boolean().optional(),
});

export const statusPreviewQuerySchema = z.object({ status: orderStatusSchema });

/** What a move would do, asked before it is made: the gate it meets and the mails it sends. */
export interface StatusPreview {
  /** Set when the move needs an override: why, in both languages. */
  gate: { depositDueCents: number; withoutApprovedQuote: boolean; message: { en: string; fr: string } } | null;
  /** The emails the customer will get, as they will read them. */
  mails: { to: string; subject: string; text: string }[];
  /** Cancelling: what is invoiced and unpaid, which the clerk may credit. */
  unpaidCents: number;
  /** Cancelling: exactly what "credit what is unpaid" credits (the same plan the move then carries out). */
  creditCents: number;
  /** Cancelling: what is left after it, under the owner's small-balance threshold, offered for writing off. */
  writeOffCents: number;
  /** What this clerk may do here. */
  may: { credit: boolean; override: boolean };
}
/** Deleting an order: the clerk types its reference to confirm. */
export const orderDeleteSchema = z.object({ reference: z.string().max(50) });
export const orderDeletedSchema = z.object({ reference: z.string() });

export const orderSummarySchema = z.object({
  id: z.string(),
  reference: z.string(),
  created_at: z.string(),
  status: orderStatusSchema,
  customer_name: z.string(),
  customer_email: z.string(),
  company_name: z.string(),
  has_critical_deadline: z.boolean(),
  deadline_date: z.string().nullable(),
  layout_count: z.number(),
  attachment_count: z.number(),
  total_bytes: z.number(),
  /** failed if any email failed, pending if one waits, sent, or none. */
  mail_status: z.enum(['sent', 'pending', 'failed', 'none']),
  /** Where its payments stand; null before an invoice. */
  payment_state: z.enum(PAYMENT_STATES).nullable(),
  /** A test order from the owner's checklist: no customer mail, no invoice number (docs/settings.md). */
  is_test: z.boolean(),
  /** The number of the order this one repeats ("Order again", docs/portal.md), else null. */
  reorder_of_reference: z.string().nullable(),
  /** The number of the order's current version (1: as the customer sent it). */
  version: z.number().int(),
  /** Its current version is the customer's own change from the order's page (docs/product.md, "Changing an order"). */
  edited_by_customer: z.boolean().optional(),
  /** What needs the clerk (ORDER_FLAGS), with the customer's unread messages and the days a quote waits. */
  flags: z
    .object({
      change_requested: z.boolean(),
      unread_messages: z.number().int(),
      edited_by_customer: z.boolean(),
      /** Days the sent quote has waited, once at least the owner's threshold; else null. */
      quote_waiting_days: z.number().int().nullable(),
    })
    .optional(),
  /** Pieces of the version made (approved, else current); null when a quantity cannot be read. */
  pieces: z.number().int().nullable().optional(),
  /** What the customer is asked to pay now (the account's dueNowCents); null before an invoice. */
  amount_due_cents: z.number().int().nullable().optional(),
});

export const orderListSchema = z.object({
  orders: z.array(orderSummarySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** What the server measured in a stored file (shared/artwork-report.ts reads it). */
export const measuredArtworkSchema = z.object({
  status: z.enum(['working', 'done', 'failed']),
  format: z.string().nullable(),
  isVector: z.boolean(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  colourMode: z.string().nullable(),
  pages: z.number().nullable(),
  rasterInside: z.object({ width: z.number(), height: z.number() }).nullable(),
  note: z.string().nullable(),
});

export const attachmentSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  position: z.number(),
  name: z.string(),
  media_type: z.string(),
  size: z.number(),
  sha256: z.string(),
  layout_number: z.number().nullable(),
  role: z.enum(['mockup', 'view', 'po', 'other']),
  view: z.string().nullable(),
  /** Null until the server has measured the file, after the order's commit. */
  artwork: measuredArtworkSchema.nullable(),
  has_thumbnail: z.boolean(),
});

export const orderDetailSchema = z.object({
  order: orderSummarySchema.omit({ mail_status: true }),
  // Validated by the order schema when the order arrived; stored and sent back as it was.
  document: z.custom<ValidOrderBody>((v) => typeof v === 'object' && v !== null),
  /**
   * Layouts left out of `document` to keep the answer under its budget (a very large order): each
   * is read on its own from /api/orders/:id/layouts/:layout when the clerk opens it.
   */
  omittedLayouts: z.array(z.string()),
  /** The estimate the customer saw on the form, recomputed by the server when the order arrived. */
  estimate: z.custom<SeenEstimate>((v) => typeof v === 'object' && v !== null).nullable(),
  attachments: z.array(attachmentSchema),
  history: z.array(
    z.object({
      from_status: orderStatusSchema,
      to_status: orderStatusSchema,
      changed_by: z.string(),
      changed_at: z.string(),
      /** A quote sent, a customer's approval (with their typed name) or comment, as data. */
      event: historyEventSchema.nullable(),
      /** Free text from before events were data. */
      note: z.string().nullable(),
    }),
  ),
  mails: z.array(
    z.object({
      kind: z.string(),
      recipient: z.string(),
      status: z.string(),
      attempts: z.number(),
      last_error: z.string().nullable(),
      sent_at: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});

/** The languages the inbox speaks; each staff member chooses one (null: not chosen yet). */
export const staffLanguageSchema = z.enum(['en', 'fr']);
export const languageChangeSchema = z.object({ language: staffLanguageSchema });
export const accountLanguageSchema = z.object({ language: staffLanguageSchema.nullable() });
/** What a staff member may do: an owner also publishes prices and deletes orders. */
export const staffRoleSchema = z.enum(['owner', 'staff']);
/** Who is signed in, the inbox language they chose (null: follow the browser), and their role. */
export const staffSessionSchema = z.object({
  email: z.string(),
  language: staffLanguageSchema.nullable(),
  role: staffRoleSchema,
  /** The shop's time zone (IANA, its settings): the inbox says each message's time in it. */
  timeZone: z.string(),
});

export type OrderList = z.infer<typeof orderListSchema>;
export type Attachment = z.infer<typeof attachmentSchema>;
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const layoutParamsSchema = z.object({ id: z.string().uuid(), layout: z.string().regex(/^\d{1,3}$/) });
export type StaffLanguage = z.infer<typeof staffLanguageSchema>;
export type StaffSession = z.infer<typeof staffSessionSchema>;
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** The shop's change to an order (POST /api/orders/:id/versions): the whole order as it should be, and why. */
export const orderEditSchema = z.object({
  document: z.unknown(),
  reason: z.string().max(4000),
  baseVersion: z.number().int().positive(),
});
export type OrderEditBody = z.infer<typeof orderEditSchema>;

/** One version of an order, as the inbox lists them (GET /api/orders/:id/versions). */
export interface OrderVersionInfo {
  number: number;
  createdAt: string;
  /** customer: as sent (or changed before approval); staff: a clerk's edit; team: a team's entries. */
  authorKind: 'customer' | 'staff' | 'team';
  author: string | null;
  reason: string;
  /** The version the approved quote priced: what the floor makes and the shop buys. */
  toMake: boolean;
}

export interface OrderEditResult {
  version: number;
  status: OrderStatus;
}
