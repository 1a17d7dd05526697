// Row types of every table (Kysely's Database interface). Ids and timestamps are made in
// the app (ISO-8601 text), booleans are 0/1 integers: the same on SQLite and PostgreSQL.
import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { CollectionOutcome } from '../../shared/collections-api.js';
import type { OrderStatus } from '../../shared/constants.js';
import type { PaymentState } from '../../shared/invoices/account.js';
import type { ValidOrderBody } from '../../shared/order-schema.js';
import type { MailWording } from '../../shared/mail-wording.js';
import type { SeenEstimate } from '../../shared/price-list-api.js';
import type { QuoteLineInput, QuoteVersion } from '../../shared/quote.js';
import type { ShopProfile } from '../../shared/shop-profile.js';
import type { TaxExemption } from '../../shared/tax-treatment.js';
import type { Json } from './json.js';
import type { BigInt } from './schema-columns.js';
import type { MoneyTables } from './schema-money.js';
import type { ProductionTables } from './schema-production.js';

export type * from './schema-money.js';
export type * from './schema-production.js';

export interface OrdersTable {
  id: string;
  reference: string;
  created_at: string;
  status: OrderStatus;
  customer_name: string;
  customer_email: string;
  company_name: string;
  is_resale_partner: number;
  include_poly_bags: number;
  has_critical_deadline: number;
  deadline_date: string | null;
  layout_count: number;
  attachment_count: number;
  total_bytes: BigInt;
  /** The validated order, image data replaced by attachment names. */
  document: Json<ValidOrderBody>;
  /** Reference, name, email and company, lowercased: what the inbox search looks in. */
  search_text: string;
  /** The submitting address as an HMAC (clientKeyOf), never the address: per-address budgets. */
  client_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** The estimate the customer saw; null without a published list. */
  estimate: ColumnType<Json<SeenEstimate> | null, Json<SeenEstimate> | null | undefined, Json<SeenEstimate> | null>;
  /** Where its payments stand (shared/invoices/account.ts); null before an invoice. */
  payment_state: ColumnType<PaymentState | null, PaymentState | null | undefined, PaymentState | null>;
  /** When the customer was last reminded of an unpaid deposit. */
  deposit_reminded_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 for a test order from the owner's checklist: no customer mail, no invoice number. */
  is_test: ColumnType<number, number | undefined, number>;
  /** The order this one repeats ("Order again", docs/portal.md): its id, and its number kept apart. */
  reorder_of: ColumnType<string | null, string | null | undefined, string | null>;
  reorder_of_reference: ColumnType<string | null, string | null | undefined, string | null>;
  /** The number of the current version (order_versions); `document` and `estimate` are its copy. */
  version: ColumnType<number, number | undefined, number>;
}

/** Who made an order version: the customer (as sent, or before approval), a staff member, or the team's entries. */
export type OrderVersionAuthor = 'customer' | 'staff' | 'team';

/** One version of an order (storage/order-versions.ts): frozen once written. */
export interface OrderVersionsTable {
  order_id: string;
  /** 1 is what the customer sent, kept as sent. */
  number: number;
  document: Json<ValidOrderBody>;
  estimate: Json<SeenEstimate> | null;
  created_at: string;
  author_kind: OrderVersionAuthor;
  /** The staff member's email for a staff version; null for the customer and the team. */
  author: string | null;
  /** Why it changed ('' for version 1). */
  reason: string;
}

export interface AttachmentsTable {
  id: string;
  order_id: string;
  position: number;
  name: string;
  media_type: string;
  size: BigInt;
  sha256: string;
  storage_key: string;
  layout_number: number | null;
  role: 'mockup' | 'view' | 'po' | 'other';
  view: string | null;
}

export interface IdempotencyKeysTable {
  key: string;
  state: 'pending' | 'done';
  owner: string;
  updated_at: string;
  status_code: number | null;
  response: string | null;
  /** SHA-256 of the order answered (its JSON body, or a multipart order's "order" part); null before 032. */
  request_hash: string | null;
}

export interface UsedFormTokensTable {
  /** The random id inside a form token; present while the token could still be valid. */
  id: string;
  expires_at: string;
}

export interface StaffTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: string;
  /** The language the staff member chose for the inbox; null until they choose. */
  language: 'en' | 'fr' | null;
  /** owner (publishes prices, deletes orders) or staff; the first account made is an owner. */
  role: ColumnType<'owner' | 'staff', 'owner' | 'staff' | undefined, 'owner' | 'staff'>;
  /** The name they sign the shop's messages with ("Marie"); null: their email stands in. */
  display_name: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token: a database leak gives no usable session. */
  id: string;
  staff_id: string;
  created_at: string;
  expires_at: string;
}

export interface SignInFailuresTable {
  id: string;
  email: string;
  address: string;
  at: string;
}

export interface StatusHistoryTable {
  id: string;
  order_id: string;
  from_status: OrderStatus;
  to_status: OrderStatus;
  changed_by: string;
  changed_at: string;
  /**
   * What happened beyond the move, as JSON (src/shared/history-events.ts): a quote sent, a
   * customer's approval or request for changes. The repository parses it (storage/orders.ts).
   */
  event: ColumnType<string | null, string | null | undefined, string | null>;
  /** Free text kept from before events were data (migration 011); never written now. */
  note: ColumnType<string | null, string | null | undefined, string | null>;
}

/** shop: to the shop; customer: the order's confirmation; customer_update: a quote or "ready" with the order's link. */
export type MailKind = 'shop' | 'customer' | 'customer_update';
export type MailStatus = 'pending' | 'sent' | 'failed';

export interface MailQueueTable {
  id: string;
  order_id: string;
  kind: MailKind;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: MailStatus;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** The recipient's mailbox for the per-address cap (mail/recipient-key.ts). */
  recipient_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** A confirmation's submitting address, hashed (never the address itself), for the per-sender cap. */
  client_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Stored documents sent as PDFs with the message. */
  attachments: ColumnType<
    Json<MailAttachmentRef[]> | null,
    Json<MailAttachmentRef[]> | null | undefined,
    Json<MailAttachmentRef[]> | null
  >;
}

export interface MailAttachmentRef {
  kind: 'invoice' | 'receipt' | 'statement';
  id: string;
}

/** One rate-limit window per key (http/rate-limit-store.ts): requests counted, and when it ends (ms). */
export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: BigInt;
}

/** A sign-in form's request, until the background makes its link and mail (portal/sign-in-requests.ts). */
export interface PortalSignInRequestsTable {
  id: string;
  /** As typed (trimmed). */
  email: string;
  language: 'en' | 'fr';
  created_at: string;
}

/** A sign-in link of the customer's portal (portal/): its token's SHA-256, single use, 15 minutes. */
export interface PortalSignInLinksTable {
  token_hash: string;
  /** Lowercased. */
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A customer's portal session: its cookie's SHA-256 and the (lowercased) email it shows the orders of. */
export interface PortalSessionsTable {
  token_hash: string;
  email: string;
  created_at: string;
  expires_at: string;
}

/** A size collection (collections/, docs/collections.md): its two secrets kept as SHA-256 only. */
export interface SizeCollectionsTable {
  id: string;
  /** SHA-256 of the members' link token. */
  link_hash: string;
  /** SHA-256 of the organiser's key. */
  organiser_hash: string;
  title: string;
  /** The name of the price list's garment whose sizes members choose from. */
  garment: string;
  /** The garment's sizes when the collection was made. */
  sizes: Json<string[]>;
  /** The last day entries are taken, in the shop's calendar. */
  closes_on: string;
  closed_at: string | null;
  created_at: string;
  /** The order whose garment it fills (docs/collections.md): set when made from My orders or when the order is sent. */
  order_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The layout's key and the variation's index in it. */
  layout_key: ColumnType<string | null, string | null | undefined, string | null>;
  variation_index: ColumnType<number | null, number | null | undefined, number | null>;
  /** What became of its final entries (shared/collections-api.ts CollectionOutcome); null until settled. */
  outcome: ColumnType<CollectionOutcome, CollectionOutcome | undefined, CollectionOutcome>;
  /** The organiser's own extra pieces, as sizes text, added to the final entries (null: the entries alone). */
  extra_sizes: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when members are asked for a name and number to print. */
  asks_print: ColumnType<number, number | undefined, number>;
}

/** One member's entry, theirs by the SHA-256 of the key kept in their browser. */
export interface SizeCollectionEntriesTable {
  id: string;
  collection_id: string;
  member_hash: string;
  name: string;
  size: string;
  print_name: string;
  print_number: string;
  created_at: string;
  updated_at: string;
}

/** A message on an order (portal/): from its customer or from a staff member; read_at is when the other side read it. */
export interface OrderMessagesTable {
  id: string;
  order_id: string;
  author: 'customer' | 'shop';
  staff_email: string | null;
  body: string;
  created_at: string;
  read_at: string | null;
  /** When this message's mail to the other side was queued; null when the cap held it back. */
  mailed_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A file on a message (028): stored with the order's files, deleted with the order. */
export interface OrderMessageFilesTable {
  id: string;
  message_id: string;
  order_id: string;
  /** The sender's file name, cleaned (never a path). */
  name: string;
  /** From the bytes: image/png, image/jpeg, image/webp or application/pdf. */
  media_type: string;
  size: number;
  sha256: string;
  storage_key: string;
}

export interface UploadBudgetTable {
  address: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  bytes: BigInt;
}

export interface ArtworkTable {
  attachment_id: string;
  order_id: string;
  /**
   * working (waiting in its lane while claimed_until is null, else claimed by a process until
   * claimed_until), done, or failed (note says why).
   */
  status: 'working' | 'done' | 'failed';
  claimed_until: string | null;
  /** raster or vector, from the file's first bytes: which queue it waits in (artwork-store.ts). */
  lane: ColumnType<'raster' | 'vector' | null, 'raster' | 'vector' | null | undefined, 'raster' | 'vector' | null>;
  /** The real format, from the bytes. */
  format: string | null;
  media_type: string | null;
  is_vector: number | null;
  /** Pixels for rasters; points (1/72 in) for vector formats. */
  width: number | null;
  height: number | null;
  colour_mode: string | null;
  has_alpha: number | null;
  pages: number | null;
  /** A vector file that only holds a picture: that picture's pixel size, "WxH". */
  raster_inside: string | null;
  /** 1 when a thumbnail was made and stored beside the file. */
  thumbnail: number;
  note: string | null;
  analysed_at: string | null;
  /** How long measuring this file took: the order's files share a time budget (artwork-queue.ts). */
  spent_ms: ColumnType<number | null, number | null | undefined, number | null>;
  /** The order's submitting address (orders.client_key): addresses share a budget too. */
  client_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One line per deletion of an order; never personal data (the reference is not). */
export interface AuditLogTable {
  id: string;
  at: string;
  action: 'order_deleted';
  reference: string;
  /** A staff member's email, 'cli' or 'retention'. */
  actor: string;
}

export type QuoteStatus = 'draft' | 'sent' | 'approved' | 'changes_requested' | 'superseded';

/** A quote's lines as the clerk entered them; a sent version's also name its proofs. */
export interface StoredQuoteLines {
  lines: QuoteLineInput[];
  /** The customer's resale exemption the lines were quoted with (absent without one). */
  exemption?: TaxExemption;
  proofIds?: string[];
}

/** A quote version: the draft (one per order at most), then frozen once sent. */
export interface QuotesTable {
  id: string;
  order_id: string;
  version: number;
  status: QuoteStatus;
  /** The lines as the clerk entered them, and the proofs a sent version went with. */
  lines: Json<StoredQuoteLines>;
  /** Sent versions: the canonical text of the version (shared/quote.ts) and its SHA-256. */
  document: Json<QuoteVersion> | null;
  sha256: string | null;
  total_cents: ColumnType<number | null, number | null | undefined, number | null>;
  created_by: string;
  created_at: string;
  sent_by: string | null;
  sent_at: string | null;
  /** The published price list the editor started from, when there was one. */
  price_list_version: ColumnType<number | null, number | null | undefined, number | null>;
  /** The order version (order_versions.number) a sent version priced; null for a draft. */
  order_version: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One published version of the shop's price list: frozen, never updated (prices/price-list-store.ts). */
/** A price list saved by staff for an owner to review and publish (027-owner-day). */
export interface PriceDraftsTable {
  id: string;
  /** The document as the editor had it (JSON): checked only when it is published. */
  document: string;
  saved_at: string;
  saved_by: string;
}

export interface PriceListsTable {
  version: number;
  /** The document as published (JSON), checked by readPriceList before it was stored. */
  document: string;
  effective_at: string;
  published_by: string;
}

export interface QuoteProofsTable {
  id: string;
  order_id: string;
  layout_number: number;
  name: string;
  media_type: string;
  size: BigInt;
  sha256: string;
  storage_key: string;
  uploaded_by: string;
  uploaded_at: string;
}

/** The customer's answer to one version; inserted once, never updated. */
export interface QuoteResponsesTable {
  id: string;
  quote_id: string;
  order_id: string;
  version: number;
  kind: 'approved' | 'changes_requested';
  full_name: string | null;
  comment: string | null;
  quote_sha256: string;
  client_address: string;
  user_agent: string;
  created_at: string;
}

/** The SHA-256 of each link that opens an order's page; the link itself is never stored. */
export interface OrderLinksTable {
  token_hash: string;
  order_id: string;
  created_at: string;
}

/** A resumable upload (uploads/upload-rows.ts). */
export interface UploadsTable {
  id: string;
  created_at: string;
  address: string;
  size: BigInt;
  /** The order that adopted it; an upload belongs to one order at most. */
  order_id: string | null;
  /** 1 while its bytes are still in the upload store. */
  stored: number;
  /** SHA-256 of the secret the creating page holds (uploads/upload-secret.ts); null before secrets. */
  secret_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One setting of the shop as JSON: today "terms" (shared/invoices/terms.ts). */
export interface ShopSettingsTable {
  key: string;
  value: string;
  updated_at: string;
  updated_by: string;
}

/**
 * A profile as saved: a version saved before the logo or the mail's wording existed lacks them
 * (they read as their defaults).
 */
export type StoredShopProfile = Omit<ShopProfile, 'logo' | 'quoteWaitDays' | keyof MailWording> &
  Partial<Pick<ShopProfile, 'logo' | 'quoteWaitDays' | keyof MailWording>>;

/** A saved version of the shop's profile (settings/), a ShopProfile as JSON. */
export interface ShopProfilesTable {
  version: number;
  profile: Json<StoredShopProfile>;
  saved_at: string;
  saved_by: string;
}

/** A shop logo (settings/), named by its SHA-256 from a profile's `logo`. */
export interface ShopLogosTable {
  sha256: string;
  media_type: string;
  bytes: Buffer;
  /** The PNG documents draw, made in the artwork's child process when saved (migration 033). */
  print_png: Buffer | null;
  saved_at: string;
}

/**
 * Every table, by topic: the money tables in schema-money.ts, the production floor's and
 * purchasing's in schema-production.ts, the rest here (a new table goes at the end of its topic's list).
 */
export interface Database extends MoneyTables, ProductionTables {
  shop_profiles: ShopProfilesTable;
  shop_logos: ShopLogosTable;
  shop_settings: ShopSettingsTable;
  price_lists: PriceListsTable;
  price_drafts: PriceDraftsTable;
  quotes: QuotesTable;
  quote_proofs: QuoteProofsTable;
  quote_responses: QuoteResponsesTable;
  order_links: OrderLinksTable;
  uploads: UploadsTable;
  artwork: ArtworkTable;
  orders: OrdersTable;
  order_versions: OrderVersionsTable;
  attachments: AttachmentsTable;
  idempotency_keys: IdempotencyKeysTable;
  staff: StaffTable;
  sessions: SessionsTable;
  sign_in_failures: SignInFailuresTable;
  status_history: StatusHistoryTable;
  mail_queue: MailQueueTable;
  rate_limits: RateLimitsTable;
  portal_sign_in_links: PortalSignInLinksTable;
  portal_sign_in_requests: PortalSignInRequestsTable;
  portal_sessions: PortalSessionsTable;
  order_messages: OrderMessagesTable;
  size_collections: SizeCollectionsTable;
  size_collection_entries: SizeCollectionEntriesTable;
  order_message_files: OrderMessageFilesTable;
  upload_budget: UploadBudgetTable;
  used_form_tokens: UsedFormTokensTable;
  audit_log: AuditLogTable;
}

export type OrderRow = Selectable<OrdersTable>;
export type NewOrderRow = Insertable<OrdersTable>;
export type AttachmentRow = Selectable<AttachmentsTable>;
export type NewAttachmentRow = Insertable<AttachmentsTable>;
export type MailRow = Selectable<MailQueueTable>;
export type NewMailRow = Insertable<MailQueueTable>;

export type ArtworkRow = Selectable<ArtworkTable>;
export type QuoteRow = Selectable<QuotesTable>;
export type QuoteProofRow = Selectable<QuoteProofsTable>;
export type QuoteResponseRow = Selectable<QuoteResponsesTable>;
export type NewQuoteProofRow = Insertable<QuoteProofsTable>;
export type NewQuoteRow = Insertable<QuotesTable>;
export type NewQuoteResponseRow = Insertable<QuoteResponsesTable>;
