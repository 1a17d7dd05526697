// The inbox's calls to /api. Same origin; the session cookie goes with them.
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

export async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(path, {
    ...init,
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    credentials: 'same-origin',
  });
  if (res.status === 204) return undefined as T;
  const body = (await res.json().catch(() => null)) as { error?: { message?: string; code?: string } } | null;
  if (!res.ok) throw new ApiError(body?.error?.message ?? `HTTP ${res.status}`, res.status, body?.error?.code ?? 'http_error');
  return body as T;
}

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
  document: import('../../shared/order.js').OrderBody;
  attachments: Attachment[];
  history: { from_status: string; to_status: string; changed_by: string; changed_at: string }[];
  mails: { kind: string; recipient: string; status: string; attempts: number; last_error: string | null; sent_at: string | null }[];
}
