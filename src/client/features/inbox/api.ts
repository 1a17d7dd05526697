// Every call the inbox makes to /api, and every server path it links to. Same origin; the
// session cookie goes with each call. Answers are typed by the shared wire format
// (src/shared/inbox-api.ts and quote-api.ts, which the server's routes declare) and checked
// with a few cheap tests before use. Not parsed with those zod schemas: zod would triple this
// chunk (14 KB gzip to 39 KB, measured) to check answers the server already filtered by them.
import type { ClosePeriodBody, PeriodsView, ReopenPeriodBody } from '../../../shared/invoices/periods.js';
import type {
  OrderDetail,
  OrderEditBody,
  OrderEditResult,
  OrderList,
  OrderVersionInfo,
  StaffSession,
  StatusPreview,
} from '../../../shared/inbox-api.js';
import type { Language } from '../../../shared/order-presentation.js';
import type { OrderLayout } from '../../../shared/order.js';
import type {
  ProofInfo,
  QuoteLinesBody,
  QuotePreview,
  SendQuoteBody,
  StaffQuoteState,
} from '../../../shared/quote-api.js';
import type { PriceDraftInfo, PriceListCheck, StaffPriceLists } from '../../../shared/price-list-api.js';
import type { PriceList } from '../../../shared/prices/price-list.js';
import type { RoomForOrder } from '../../../shared/production/production-api.js';
import type { Checklist, ShopProfile, ShopSettings } from '../../../shared/shop-profile.js';
import { ORDER_FLAGS } from '../../../shared/order-flags.js';
import { ApiError, isRecord } from '../../shared/api-error.js';
import { callApi, expectAnswer } from '../../shared/call-api.js';
import { messageThreadApi } from '../../shared/message-api.js';

import type {
  CardPaymentsView,
  CreditNoteBody,
  JournalQuery,
  PaymentsReport,
  PayoutReport,
  RecordPaymentBody,
  SalesJournal,
  StaffAccountView,
  StaffMember,
  TaxReport,
} from '../../../shared/invoices/invoice-api.js';
import type { MoneyPermission, MoneyPermissions } from '../../../shared/invoices/permissions.js';
import type { TaxCodes } from '../../../shared/invoices/tax-codes.js';
import type { AgedReceivables } from '../../../shared/invoices/ageing.js';
import type { DeferredRevenue } from '../../../shared/invoices/deferred.js';
import type { PaymentTerms } from '../../../shared/invoices/terms.js';
export type { Attachment, OrderDetail, OrderList, StaffSession } from '../../../shared/inbox-api.js';

/** The owner's hold on the records: while on, nothing is destroyed. */
export interface RecordsHold {
  hold: boolean;
  reason: string;
  by: string;
  at: string;
}

/** What the list asks for: the search, the status filter and the page (from 1). */
export interface OrderListQuery {
  q: string;
  status: string;
  /** A payment state (shared/invoices/account.ts), or '' for any. */
  payment?: string;
  /** What needs the clerk (shared/inbox-api.ts ORDER_FLAGS), or '' for every order. */
  flag?: string;
  page: number;
}

/** The list's query string, as the server and the inbox's own address bar take it. */
export function listQueryString({ q, status, payment, flag, page }: OrderListQuery): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (status) params.set('status', status);
  if (payment) params.set('payment', payment);
  if (flag) params.set('flag', flag);
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

/** The list's query read from an address's query string (a reload, a shared link). */
export function parseListQuery(search: string): OrderListQuery {
  const p = new URLSearchParams(search);
  const flag = p.get('flag') ?? '';
  return {
    q: p.get('q') ?? '',
    status: p.get('status') ?? '',
    payment: p.get('payment') ?? '',
    // A flag the list does not know reads as none (the server would refuse it).
    flag: (ORDER_FLAGS as readonly string[]).includes(flag) ? flag : '',
    page: Math.max(1, Number(p.get('page')) || 1),
  };
}

const isSession = (b: unknown): b is StaffSession =>
  isRecord(b) && typeof b.email === 'string' && (b.language === null || b.language === 'en' || b.language === 'fr');
const isOrderList = (b: unknown): b is OrderList =>
  isRecord(b) && Array.isArray(b.orders) && typeof b.total === 'number' && typeof b.pageSize === 'number';
const isOrderDetail = (b: unknown): b is OrderDetail =>
  isRecord(b) &&
  isRecord(b.order) &&
  isRecord(b.document) &&
  isRecord(b.document.layouts) &&
  Array.isArray(b.attachments) &&
  Array.isArray(b.history) &&
  Array.isArray(b.mails);
const isQuoteState = (b: unknown): b is StaffQuoteState =>
  isRecord(b) &&
  Array.isArray(b.versions) &&
  Array.isArray(b.proofs) &&
  Array.isArray(b.suggestions) &&
  isRecord(b.registration) &&
  (b.draft === null || Array.isArray(b.draft));
const isQuotePreview = (b: unknown): b is QuotePreview =>
  isRecord(b) && isRecord(b.quote) && Array.isArray(b.quote.taxes) && typeof b.quote.totalCents === 'number';
const isSentVersion = (b: unknown): b is { version: number } => isRecord(b) && typeof b.version === 'number';
const isProof = (b: unknown): b is ProofInfo => isRecord(b) && typeof b.id === 'string';
const isStatusPreview = (b: unknown): b is StatusPreview => isRecord(b) && Array.isArray(b.mails) && isRecord(b.may);
const isAccount = (b: unknown): b is StaffAccountView =>
  isRecord(b) && Array.isArray(b.invoices) && Array.isArray(b.payments) && isRecord(b.account);
const isReceipt = (b: unknown): b is { receiptNumber: string } => isRecord(b) && typeof b.receiptNumber === 'string';
const isNumbered = (b: unknown): b is { number: string } => isRecord(b) && typeof b.number === 'string';
const isTerms = (b: unknown): b is PaymentTerms => isRecord(b) && typeof b.depositPercent === 'number';
const isTaxReport = (b: unknown): b is TaxReport => isRecord(b) && Array.isArray(b.rows) && Array.isArray(b.returns);
const isPaymentsReport = (b: unknown): b is PaymentsReport =>
  isRecord(b) && Array.isArray(b.rows) && isRecord(b.byMethod);
const isJournal = (b: unknown): b is SalesJournal => isRecord(b) && Array.isArray(b.rows) && isRecord(b.totals);
const isPayoutReport = (b: unknown): b is PayoutReport => isRecord(b) && Array.isArray(b.rows) && isRecord(b.totals);
const isTaxCodes = (b: unknown): b is TaxCodes =>
  isRecord(b) && isRecord(b.codes) && typeof b.xeroAccountCode === 'string';
const isWrittenOff = (b: unknown): b is { totalCents: number; taxCents: number } =>
  isRecord(b) && typeof b.totalCents === 'number' && typeof b.taxCents === 'number';
const isCents = (b: unknown): b is { cents: number } => isRecord(b) && typeof b.cents === 'number';
const isPeriods = (b: unknown): b is PeriodsView =>
  isRecord(b) && Array.isArray(b.history) && typeof b.today === 'string';
const isStaffList = (b: unknown): b is { staff: StaffMember[] } => isRecord(b) && Array.isArray(b.staff);
const isPermissions = (b: unknown): b is { permissions: MoneyPermissions; you: MoneyPermission[] } =>
  isRecord(b) && isRecord(b.permissions) && Array.isArray(b.you);
const isHold = (b: unknown): b is RecordsHold => isRecord(b) && typeof b.hold === 'boolean';
const isPriceLists = (b: unknown): b is StaffPriceLists =>
  isRecord(b) &&
  Array.isArray(b.versions) &&
  Array.isArray(b.drafts) &&
  typeof b.canPublish === 'boolean' &&
  isRecord(b.shop);
const isPriceDraft = (b: unknown): b is PriceDraftInfo & { document: PriceList } =>
  isRecord(b) && typeof b.id === 'string' && isRecord(b.document);
const isShopSettings = (b: unknown): b is ShopSettings =>
  isRecord(b) && isRecord(b.profile) && typeof b.canEdit === 'boolean';
const isChecklist = (b: unknown): b is Checklist =>
  isRecord(b) && Array.isArray(b.steps) && typeof b.show === 'boolean';
const isPriceListCheck = (b: unknown): b is PriceListCheck =>
  isRecord(b) && (b.ok === true ? isRecord(b.priceList) : Array.isArray(b.errors));

/**
 * The inbox's calls. `onUnauthenticated` runs whenever the server answers 401 (the session
 * ended or was never there), before the caller sees the error: the session goes back to sign-in.
 */
export function createInboxApi(onUnauthenticated: () => void) {
  const call = async (path: string, init?: RequestInit): Promise<unknown> => {
    try {
      return await callApi(path, init);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) onUnauthenticated();
      throw err;
    }
  };
  const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });
  const order = (id: string) => `/api/orders/${encodeURIComponent(id)}`;

  return {
    /** A call of a feature that keeps its own calls (production/production-api.ts): a 401 signs out too. */
    call,
    /** Who is signed in (a 401 when nobody is). */
    session: (): Promise<StaffSession> => call('/api/session').then((b) => expectAnswer(b, isSession, 'session')),
    signIn: (email: string, password: string): Promise<StaffSession> =>
      call('/api/session', json('POST', { email, password })).then((b) => expectAnswer(b, isSession, 'session')),
    signOut: async (): Promise<void> => void (await call('/api/session', { method: 'DELETE' })),
    /** Keeps the staff member's inbox language with their account. */
    saveLanguage: async (language: Language): Promise<void> =>
      void (await call('/api/account/language', json('PUT', { language }))),

    /** The customers' unread messages, by order id (absent: none). */
    unreadMessages: (): Promise<Record<string, number>> =>
      call('/api/messages/unread').then(
        (b) =>
          expectAnswer(b, (x): x is { counts: Record<string, number> } => isRecord(x) && isRecord(x.counts), 'unread')
            .counts,
      ),
    /** The thread of one order (src/client/shared/message-api.ts); reading it marks the customer's messages read. A 401 signs out. */
    messages: (id: string) => messageThreadApi(order(id), call),
    /** The name the staff member signs messages with (null: their email). */
    staffName: (): Promise<string | null> =>
      call('/api/account/name').then(
        (b) => expectAnswer(b, (x): x is { name: string | null } => isRecord(x) && 'name' in x, 'name').name,
      ),
    saveStaffName: (name: string): Promise<string | null> =>
      call('/api/account/name', json('PUT', { name })).then(
        (b) => expectAnswer(b, (x): x is { name: string | null } => isRecord(x) && 'name' in x, 'name').name,
      ),

    orders: (query: OrderListQuery): Promise<OrderList> =>
      call(`/api/orders?${listQueryString(query)}`).then((b) => expectAnswer(b, isOrderList, 'orders')),
    order: (id: string): Promise<OrderDetail> => call(order(id)).then((b) => expectAnswer(b, isOrderDetail, 'order')),
    /** One layout a very large order's answer left out. */
    layout: (id: string, layout: string): Promise<OrderLayout> =>
      call(`${order(id)}/layouts/${encodeURIComponent(layout)}`).then(
        (b) => expectAnswer(b, (x): x is { layout: OrderLayout } => isRecord(x) && isRecord(x.layout), 'layout').layout,
      ),
    /** Moves the order; In production before the deposit is in needs `withoutDeposit` (a 409 says so). */
    /** Moves the order; a move past the gate carries `override`, a cancellation may credit what is unpaid. */
    changeStatus: async (
      id: string,
      status: string,
      extra: { override?: { reason: string }; creditUnpaid?: boolean; writeOffRest?: boolean } = {},
    ): Promise<void> => void (await call(`${order(id)}/status`, json('PATCH', { status, ...extra }))),
    /** The shop's change to the order: the next version, with why (a 422 names the fields at fault). */
    editOrder: (id: string, body: OrderEditBody): Promise<OrderEditResult> =>
      call(`${order(id)}/versions`, json('POST', body)).then((b) =>
        expectAnswer(b, (x): x is OrderEditResult => isRecord(x) && typeof x.version === 'number', 'version'),
      ),
    /** The order's versions, oldest first, with the one the floor makes marked. */
    orderVersions: (id: string): Promise<OrderVersionInfo[]> =>
      call(`${order(id)}/versions`).then(
        (b) =>
          expectAnswer(
            b,
            (x): x is { versions: OrderVersionInfo[] } => isRecord(x) && Array.isArray(x.versions),
            'versions',
          ).versions,
      ),
    /** Whether the order is a job of the production floor (its quote approved): it has a job ticket. */
    isJob: async (id: string): Promise<boolean> => {
      try {
        await call(`/api/production/jobs/${encodeURIComponent(id)}`);
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return false;
        throw err;
      }
    },
    /** The first day the floor has room for the order's pieces: the quote editor's proposed due date. */
    roomForOrder: (id: string): Promise<RoomForOrder> =>
      call(`/api/production/orders/${encodeURIComponent(id)}/room`).then((b) =>
        expectAnswer(b, (x): x is RoomForOrder => isRecord(x) && isRecord(x.pieces), 'room'),
      ),
    /** What a move would do: the gate it meets, the emails it sends, what a cancellation may credit. */
    statusPreview: (id: string, status: string): Promise<StatusPreview> =>
      call(`${order(id)}/status-preview?status=${encodeURIComponent(status)}`).then((b) =>
        expectAnswer(b, isStatusPreview, 'status preview'),
      ),
    account: (id: string): Promise<StaffAccountView> =>
      call(`${order(id)}/account`).then((b) => expectAnswer(b, isAccount, 'account')),
    recordPayment: (id: string, body: RecordPaymentBody): Promise<{ receiptNumber: string }> =>
      call(`${order(id)}/payments`, json('POST', body)).then((b) => expectAnswer(b, isReceipt, 'payment')),
    /** Closing periods (docs/accounts.md, "Closing a period"): read by all, closed and reopened by owners. */
    periods: (): Promise<PeriodsView> => call('/api/periods').then((b) => expectAnswer(b, isPeriods, 'periods')),
    closePeriod: (body: ClosePeriodBody): Promise<PeriodsView> =>
      call('/api/periods/close', json('POST', body)).then((b) => expectAnswer(b, isPeriods, 'periods')),
    reopenPeriod: (body: ReopenPeriodBody): Promise<PeriodsView> =>
      call('/api/periods/reopen', json('POST', body)).then((b) => expectAnswer(b, isPeriods, 'periods')),
    writeOffThreshold: (): Promise<{ cents: number }> =>
      call('/api/write-off-threshold').then((b) => expectAnswer(b, isCents, 'threshold')),
    saveWriteOffThreshold: (cents: number): Promise<{ cents: number }> =>
      call('/api/write-off-threshold', json('PUT', { cents })).then((b) => expectAnswer(b, isCents, 'threshold')),
    /** Writes the unpaid balance off as a bad debt (docs/accounts.md, "Write-offs"): no mail goes out. */
    writeOff: (id: string, reason: string): Promise<{ totalCents: number; taxCents: number }> =>
      call(`${order(id)}/write-off`, json('POST', { reason })).then((b) => expectAnswer(b, isWrittenOff, 'write-off')),
    /** Voids a payment recorded in error (docs/accounts.md, "Voids"): no mail goes out. */
    voidPayment: async (id: string, paymentId: string, reason: string): Promise<void> =>
      void (await call(`${order(id)}/payments/${paymentId}/void`, json('POST', { reason }))),
    /** An order's card payments (fee, flag, what is left to refund) and the refunds asked of the provider. */
    cardPayments: (id: string): Promise<CardPaymentsView> =>
      call(`${order(id)}/card-payments`).then((b) =>
        expectAnswer(
          b,
          (x): x is CardPaymentsView => isRecord(x) && Array.isArray(x.entries) && Array.isArray(x.refunds),
          'card payments',
        ),
      ),
    /** Refunds a card payment through the provider: recorded now (succeeded) or once it confirms (pending). */
    refundCard: (
      id: string,
      paymentId: string,
      body: { amount: string; reason: string },
    ): Promise<{ status: 'recorded' | 'pending' }> =>
      call(`${order(id)}/card-payments/${encodeURIComponent(paymentId)}/refund`, json('POST', body)).then((b) =>
        expectAnswer(
          b,
          (x): x is { status: 'recorded' | 'pending' } =>
            isRecord(x) && (x.status === 'recorded' || x.status === 'pending'),
          'refund',
        ),
      ),
    creditNote: (id: string, body: CreditNoteBody): Promise<{ number: string }> =>
      call(`${order(id)}/credit-notes`, json('POST', body)).then((b) => expectAnswer(b, isNumbered, 'credit note')),
    terms: (): Promise<PaymentTerms> => call('/api/terms').then((b) => expectAnswer(b, isTerms, 'terms')),
    saveTerms: (terms: PaymentTerms): Promise<PaymentTerms> =>
      call('/api/terms', json('PUT', terms)).then((b) => expectAnswer(b, isTerms, 'terms')),
    taxReport: (from: string, to: string): Promise<TaxReport> =>
      call(`/api/reports/taxes?${new URLSearchParams({ from, to })}`).then((b) =>
        expectAnswer(b, isTaxReport, 'tax report'),
      ),
    payoutReport: (from: string, to: string): Promise<PayoutReport> =>
      call(`/api/reports/payouts?${new URLSearchParams({ from, to })}`).then((b) =>
        expectAnswer(b, isPayoutReport, 'payout report'),
      ),
    paymentsReport: (from: string, to: string): Promise<PaymentsReport> =>
      call(`/api/reports/payments?${new URLSearchParams({ from, to })}`).then((b) =>
        expectAnswer(b, isPaymentsReport, 'payments report'),
      ),
    journal: (from: string, to: string): Promise<SalesJournal> =>
      call(`/api/reports/journal?${new URLSearchParams({ from, to })}`).then((b) =>
        expectAnswer(b, isJournal, 'sales journal'),
      ),
    /** Mails the order's customer their statement for the period (docs/accounts.md, "Statements"). */
    mailStatement: (id: string, from: string, to: string): Promise<{ email: string }> =>
      call(`${order(id)}/statement/mail`, json('POST', { from, to })).then((b) =>
        expectAnswer(b, (x): x is { email: string } => isRecord(x) && typeof x.email === 'string', 'statement'),
      ),
    /** Aged receivables at the end of `asOf` (docs/accounts.md). */
    aged: (asOf: string): Promise<AgedReceivables> =>
      call(`/api/reports/aged?${new URLSearchParams({ asOf })}`).then((b) =>
        expectAnswer(b, (x): x is AgedReceivables => isRecord(x) && Array.isArray(x.customers), 'aged receivables'),
      ),
    /** Orders invoiced and not Completed at the end of `asOf` (docs/accounts.md, "Deferred revenue"). */
    deferred: (asOf: string): Promise<DeferredRevenue> =>
      call(`/api/reports/deferred?${new URLSearchParams({ asOf })}`).then((b) =>
        expectAnswer(b, (x): x is DeferredRevenue => isRecord(x) && Array.isArray(x.rows), 'deferred revenue'),
      ),
    /** Credits an invoice by its id (the Accounts page: its order may be deleted). */
    creditInvoice: (invoiceId: string, body: CreditNoteBody): Promise<{ number: string }> =>
      call(`/api/invoices/${encodeURIComponent(invoiceId)}/credit-notes`, json('POST', body)).then((b) =>
        expectAnswer(b, isNumbered, 'credit note'),
      ),
    taxCodes: (): Promise<TaxCodes> => call('/api/tax-codes').then((b) => expectAnswer(b, isTaxCodes, 'tax codes')),
    saveTaxCodes: (codes: TaxCodes): Promise<TaxCodes> =>
      call('/api/tax-codes', json('PUT', codes)).then((b) => expectAnswer(b, isTaxCodes, 'tax codes')),
    /** Owners only: the staff an owner can allow to refund, credit and override. */
    staffList: (): Promise<StaffMember[]> =>
      call('/api/staff-list').then((b) => expectAnswer(b, isStaffList, 'staff list').staff),
    moneyPermissions: (): Promise<{ permissions: MoneyPermissions; you: MoneyPermission[] }> =>
      call('/api/money-permissions').then((b) => expectAnswer(b, isPermissions, 'permissions')),
    saveMoneyPermissions: async (permissions: MoneyPermissions): Promise<void> =>
      void (await call('/api/money-permissions', json('PUT', permissions))),
    recordsHold: (): Promise<RecordsHold> => call('/api/records-hold').then((b) => expectAnswer(b, isHold, 'hold')),
    saveRecordsHold: (hold: boolean, reason: string): Promise<RecordsHold> =>
      call('/api/records-hold', json('PUT', { hold, reason })).then((b) => expectAnswer(b, isHold, 'hold')),
    /** Deletes the order for good; the server checks the reference the clerk typed. */
    deleteOrder: async (id: string, typedReference: string): Promise<void> =>
      void (await call(order(id), json('DELETE', { reference: typedReference }))),

    /** The published versions, the current one with its document, and whether this account may publish. */
    /** The shop's profile in force (docs/settings.md); owners save a new version. */
    shopSettings: (): Promise<ShopSettings> =>
      call('/api/settings/shop').then((b) => expectAnswer(b, isShopSettings, 'shop settings')),
    saveShopSettings: (profile: ShopProfile): Promise<ShopSettings> =>
      call('/api/settings/shop', json('PUT', profile)).then((b) => expectAnswer(b, isShopSettings, 'shop settings')),
    /** A PNG or SVG as the body: the server reads what it really is. */
    uploadLogo: (file: File): Promise<ShopSettings> =>
      call('/api/settings/shop/logo', {
        method: 'PUT',
        body: file,
        headers: { 'content-type': /\.svg$/i.test(file.name) ? 'image/svg+xml' : 'image/png' },
      }).then((b) => expectAnswer(b, isShopSettings, 'shop settings')),
    checklist: (): Promise<Checklist> =>
      call('/api/settings/checklist').then((b) => expectAnswer(b, isChecklist, 'checklist')),
    dismissChecklist: async (): Promise<void> =>
      void (await call('/api/settings/checklist/dismiss', { method: 'POST' })),
    prices: (): Promise<StaffPriceLists> => call('/api/prices').then((b) => expectAnswer(b, isPriceLists, 'prices')),
    /** The server's reading of a document, publishing nothing. */
    checkPrices: (document: PriceList): Promise<PriceListCheck> =>
      call('/api/prices/check', json('POST', document)).then((b) => expectAnswer(b, isPriceListCheck, 'price check')),
    /** Publishes the document as the next version (owners); a refusal carries every error in its answer. */
    publishPrices: (document: PriceList, draftId?: string): Promise<{ version: number }> =>
      call(`/api/prices${draftId ? `?draft=${encodeURIComponent(draftId)}` : ''}`, json('POST', document)).then((b) =>
        expectAnswer(b, isSentVersion, 'published prices'),
      ),
    /** Keeps the document for an owner to review (any staff member). */
    savePriceDraft: async (document: PriceList): Promise<void> =>
      void (await call('/api/prices/drafts', json('POST', { document }))),
    priceDraft: (id: string): Promise<PriceDraftInfo & { document: PriceList }> =>
      call(`/api/prices/drafts/${encodeURIComponent(id)}`).then((b) => expectAnswer(b, isPriceDraft, 'price draft')),
    discardPriceDraft: async (id: string): Promise<void> =>
      void (await call(`/api/prices/drafts/${encodeURIComponent(id)}`, { method: 'DELETE' })),

    quote: (id: string): Promise<StaffQuoteState> =>
      call(`${order(id)}/quote`).then((b) => expectAnswer(b, isQuoteState, 'quote')),
    /** The taxes and total of these lines, as the server computes them. */
    previewQuote: (id: string, body: Pick<QuoteLinesBody, 'lines' | 'exemption'>): Promise<QuotePreview> =>
      call(`${order(id)}/quote/preview`, json('POST', body)).then((b) =>
        expectAnswer(b, isQuotePreview, 'quote preview'),
      ),
    saveQuoteDraft: async (id: string, body: QuoteLinesBody): Promise<void> =>
      void (await call(`${order(id)}/quote/draft`, json('PUT', body))),
    /** Freezes the lines as the next version and emails the customer; answers the version's number. */
    sendQuote: (id: string, body: SendQuoteBody): Promise<{ version: number }> =>
      call(`${order(id)}/quote/send`, json('POST', body)).then((b) => expectAnswer(b, isSentVersion, 'quote sent')),
    uploadProof: (id: string, layout: number, file: File): Promise<ProofInfo> => {
      const form = new FormData();
      form.append('file', file, file.name);
      return call(`${order(id)}/proofs?layout=${layout}`, { method: 'POST', body: form }).then((b) =>
        expectAnswer(b, isProof, 'proof'),
      );
    },
    removeProof: async (id: string, proofId: string): Promise<void> =>
      void (await call(`${order(id)}/proofs/${encodeURIComponent(proofId)}`, { method: 'DELETE' })),
  };
}

export type InboxApi = ReturnType<typeof createInboxApi>;

/** The server's addresses the inbox links to (downloads, pictures): followed by the browser, not called. */
export const inboxLinks = {
  exportCsv: (query: Omit<OrderListQuery, 'page'>) => {
    const qs = listQueryString({ ...query, page: 1 });
    return `/api/orders/export.csv${qs ? `?${qs}` : ''}`;
  },
  file: (orderId: string, attachmentId: string) => `/api/orders/${orderId}/files/${attachmentId}`,
  /** The server's thumbnail once it made one, else the file itself when the browser can draw it. */
  picture: (orderId: string, attachmentId: string, kind: 'thumbnail' | 'preview') =>
    `/api/orders/${orderId}/files/${attachmentId}/${kind}`,
  allFiles: (orderId: string) => `/api/orders/${orderId}/files.zip`,
  /** The job ticket PDF, in the staff member's language. */
  jobTicket: (orderId: string) => `/api/production/jobs/${orderId}/ticket.pdf`,
  invoicePdf: (orderId: string, invoiceId: string) => `/api/orders/${orderId}/invoices/${invoiceId}/pdf`,
  receiptPdf: (orderId: string, paymentId: string) => `/api/orders/${orderId}/payments/${paymentId}/receipt`,
  report: (kind: 'taxes' | 'payments' | 'payouts', from: string, to: string) =>
    `/api/reports/${kind}?${new URLSearchParams({ from, to, format: 'csv' })}`,
  journal: (format: Exclude<JournalQuery['format'], 'json'>, from: string, to: string) =>
    `/api/reports/journal?${new URLSearchParams({ from, to, format })}`,
  /** Aged receivables or deferred revenue at a date, as CSV. */
  atDate: (kind: 'aged' | 'deferred', asOf: string) =>
    `/api/reports/${kind}?${new URLSearchParams({ asOf, format: 'csv' })}`,
  /** A customer's statement for a period, in the customer's language (docs/accounts.md, "Statements"). */
  statement: (orderId: string, from: string, to: string) =>
    `/api/orders/${orderId}/statement.pdf?${new URLSearchParams({ from, to })}`,
  /** An invoice's or credit note's PDF by its id, its order deleted or not. */
  documentPdf: (invoiceId: string) => `/api/invoices/${invoiceId}/pdf`,
  customerData: (orderId: string) => `/api/orders/${orderId}/data.zip`,
  proof: (orderId: string, proofId: string) => `/api/orders/${orderId}/proofs/${proofId}`,
  proofPreview: (orderId: string, proofId: string) => `/api/orders/${orderId}/proofs/${proofId}/preview`,
};
