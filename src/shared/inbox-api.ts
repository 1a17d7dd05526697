// What the inbox API answers: the server's routes are checked against these, the inbox reads them.
import type { OrderBody } from './order.js';

export interface OrderSummary {
  id: string;
  reference: string;
  created_at: string;
  status: string;
  customer_name: string;
  customer_email: string;
  company_name: string;
  has_critical_deadline: boolean;
  deadline_date: string | null;
  layout_count: number;
  attachment_count: number;
  total_bytes: number;
  /** failed if any email failed, pending if one waits, sent, or none. */
  mail_status: string;
}

export interface OrderList {
  orders: OrderSummary[];
  total: number;
  page: number;
  pageSize: number;
}

export interface Attachment {
  id: string;
  order_id: string;
  position: number;
  name: string;
  media_type: string;
  size: number;
  sha256: string;
  layout_number: number | null;
  role: 'mockup' | 'view' | 'po' | 'other';
  view: string | null;
}

export interface OrderDetail {
  order: Omit<OrderSummary, 'mail_status'>;
  document: OrderBody;
  attachments: Attachment[];
  history: { from_status: string; to_status: string; changed_by: string; changed_at: string }[];
  mails: { kind: string; recipient: string; status: string; attempts: number; last_error: string | null; sent_at: string | null; created_at: string }[];
}
