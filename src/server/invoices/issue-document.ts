// Numbering, drawing and storing an invoice or credit note, in the language the shop must issue it.
import { createHash, randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { InvoiceDocument } from '../../shared/invoices/invoice-api.js';
import type { ValidOrderBody } from '../../shared/order-schema.js';
import type { Database } from '../storage/schema.js';
import { toJson } from '../storage/json.js';
import { todayOf, type InvoiceDeps } from './accounts.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { refuseIfClosed } from './periods.js';
import { insertInvoice, nextNumber, refuseTestOrder } from './invoice-store.js';

type Trx = Transaction<Database>;

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
export const languageOf = (doc: ValidOrderBody): 'en' | 'fr' => (doc.language === 'fr' ? 'fr' : 'en');

/**
 * The language of the documents a customer keeps: theirs, except that a shop established in
 * Quebec issues them in French, with English beside it for an English-speaking customer (the
 * Charter of the French language, s. 57; docs/accounts.md).
 */
export function documentLanguage(
  shopProvince: string,
  customer: 'en' | 'fr',
): { language: 'en' | 'fr'; bilingual?: true } {
  if (shopProvince !== 'QC') return { language: customer };
  return customer === 'fr' ? { language: 'fr' } : { language: 'fr', bilingual: true };
}

export interface Issued {
  id: string;
  number: string;
  document: InvoiceDocument;
}

/** Numbers, draws and stores an invoice or credit note in the caller's transaction. */
export async function issueDocument(
  deps: InvoiceDeps,
  trx: Trx,
  orderId: string,
  document: Omit<InvoiceDocument, 'number' | 'issueDate' | 'format'>,
  extra: { quoteId: string | null; creditsInvoiceId: string | null; by: string },
  now: Date,
): Promise<Issued> {
  await refuseTestOrder(trx, orderId);
  const issueDate = todayOf(deps.books, now);
  // Nothing is dated in a closed period (docs/accounts.md, "Closing a period").
  await refuseIfClosed(
    trx,
    issueDate,
    document.kind === 'credit_note' ? 'credit' : 'issue',
    'invoiceNumber',
    issueDate,
  );
  const number = await nextNumber(trx, document.kind, Number(issueDate.slice(0, 4)));
  const full: InvoiceDocument = { format: 'invoice/2', number, issueDate, ...document };
  const pdf = await renderInvoicePdf(full, now, (await deps.logo?.(trx)) ?? null);
  const id = randomUUID();
  await insertInvoice(trx, {
    id,
    order_id: orderId,
    number,
    kind: full.kind,
    issue_date: issueDate,
    issued_at: now.toISOString(),
    issued_by: extra.by,
    quote_id: extra.quoteId,
    credits_invoice_id: extra.creditsInvoiceId,
    subtotal_cents: full.subtotalCents,
    total_cents: full.totalCents,
    deposit_cents: full.depositCents,
    document: toJson(full),
    pdf,
    sha256: sha256(pdf),
  });
  return { id, number, document: full };
}

/** What a credit note (or a write-off) takes back: its lines, subtotal, taxes and total. */
export type CreditAmounts = Pick<InvoiceDocument, 'lines' | 'subtotalCents' | 'taxes' | 'totalCents'>;

/**
 * Numbers and stores a credit note against `invoice` (whose document is `original`) in the
 * caller's transaction: the invoice's parties, place and terms, with `amounts` taken back.
 * A write-off is the same document marked `writeOff` (docs/accounts.md, "Write-offs").
 */
export function issueCreditAgainst(
  deps: InvoiceDeps,
  trx: Trx,
  invoice: { id: string; order_id: string },
  original: InvoiceDocument,
  amounts: CreditAmounts,
  reason: string,
  by: string,
  now: Date,
  writeOff = false,
): Promise<Issued> {
  return issueDocument(
    deps,
    trx,
    invoice.order_id,
    {
      kind: 'credit_note',
      ...(writeOff ? { writeOff: true } : {}),
      language: original.language,
      ...(original.bilingual ? { bilingual: true } : {}),
      orderReference: original.orderReference,
      quoteVersion: original.quoteVersion,
      quoteSha256: original.quoteSha256,
      credits: { number: original.number, issueDate: original.issueDate },
      reason,
      seller: original.seller,
      customer: original.customer,
      province: original.province,
      ...(original.delivery ? { delivery: original.delivery } : {}),
      ...(original.exemption ? { exemption: original.exemption } : {}),
      lines: amounts.lines,
      subtotalCents: amounts.subtotalCents,
      taxes: amounts.taxes,
      taxesNotCharged: original.taxesNotCharged,
      totalCents: amounts.totalCents,
      depositPercent: 0,
      depositCents: 0,
      terms: original.terms,
    },
    { quoteId: null, creditsInvoiceId: invoice.id, by },
    now,
  );
}
