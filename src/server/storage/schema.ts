// Row types of every table (Kysely's Database interface). Ids and timestamps are made in
// the app (ISO-8601 text), booleans are 0/1 integers: the same on SQLite and PostgreSQL.
import type { ColumnType, Insertable, Selectable } from 'kysely';

/** PostgreSQL returns bigint as text unless told otherwise; db.ts tells it to use numbers. */
type BigInt = ColumnType<number, number, number>;

export interface OrdersTable {
  id: string;
  reference: string;
  created_at: string;
  status: string;
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
  /** The validated order as JSON, image data replaced by attachment names. */
  document: string;
  /** Reference, name, email and company, lowercased: what the inbox search looks in. */
  search_text: string;
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
}

export interface StaffTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: string;
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
  from_status: string;
  to_status: string;
  changed_by: string;
  changed_at: string;
}

export type MailKind = 'shop' | 'customer';
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
}

export interface Database {
  orders: OrdersTable;
  attachments: AttachmentsTable;
  idempotency_keys: IdempotencyKeysTable;
  staff: StaffTable;
  sessions: SessionsTable;
  sign_in_failures: SignInFailuresTable;
  status_history: StatusHistoryTable;
  mail_queue: MailQueueTable;
}

export type OrderRow = Selectable<OrdersTable>;
export type NewOrderRow = Insertable<OrdersTable>;
export type AttachmentRow = Selectable<AttachmentsTable>;
export type NewAttachmentRow = Insertable<AttachmentsTable>;
export type MailRow = Selectable<MailQueueTable>;
export type NewMailRow = Insertable<MailQueueTable>;
