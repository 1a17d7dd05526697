// A customer's statement (docs/accounts.md, "Statements"): every order billed to one email (test
// orders aside), their invoices, credit notes, payments and refunds, voided payments marked, read
// from the stored documents and reckoned by shared/invoices/statement.ts. The customer's language
// is their newest order's; a Quebec shop's statement is in French, with English beside it for an
// English-speaking customer, as its invoices are (issue-document.ts, documentLanguage).
import { sql, type Kysely } from 'kysely';
import type { Seller } from '../../shared/invoices/invoice-api.js';
import {
  statementOf,
  type Statement,
  type StatementEntry,
  type StatementOrder,
} from '../../shared/invoices/statement.js';
import type { Database } from '../storage/schema.js';
import { fromJson } from '../storage/json.js';
import { accountDocuments, todayOf, type InvoiceDeps } from './accounts.js';
import { documentLanguage, languageOf } from './issue-document.js';
import { renderStatementPdf } from './statement-pdf.js';
import { allPaymentsOfOrder, invoiceDocument, invoicesOfOrder } from './invoice-store.js';

export interface CustomerStatement {
  statement: Statement;
  /** The day it was drawn, in the shop's calendar. */
  date: string;
  seller: Seller;
  customer: { name: string; company: string; email: string; address: string[] };
  language: 'en' | 'fr';
  bilingual?: true;
}

export async function customerStatement(
  deps: Pick<InvoiceDeps, 'db' | 'seller' | 'books'>,
  email: string,
  from: string,
  to: string,
  now = new Date(),
): Promise<CustomerStatement> {
  const db: Kysely<Database> = deps.db;
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'reference', 'customer_name', 'company_name', 'customer_email', 'document', 'created_at'])
    .where(sql<string>`lower(customer_email)`, '=', email.trim().toLowerCase())
    .where('is_test', '=', 0)
    .orderBy('created_at', 'desc')
    .execute();
  const newest = orders[0];
  let address: string[] = [];
  const forStatement: StatementOrder[] = [];
  for (const order of orders) {
    const [invoices, payments] = await Promise.all([invoicesOfOrder(db, order.id), allPaymentsOfOrder(db, order.id)]);
    const customer = order.company_name || order.customer_name;
    const entries: StatementEntry[] = [
      ...invoices.map((row) => ({
        kind: row.kind,
        date: row.issue_date,
        at: row.issued_at,
        number: row.number,
        orderReference: order.reference,
        amountCents: Number(row.total_cents),
      })),
      ...payments.map(({ payment, voided }) => ({
        kind: Number(payment.amount_cents) < 0 ? ('refund' as const) : ('payment' as const),
        date: payment.received_on,
        at: payment.recorded_at,
        number: payment.receipt_number,
        orderReference: order.reference,
        amountCents: Math.abs(Number(payment.amount_cents)),
        ...(voided ? { voided: { on: voided.voided_on, reason: voided.reason } } : {}),
      })),
    ];
    const latest = invoices.filter((i) => i.kind === 'invoice').at(-1);
    if (latest && address.length === 0) address = invoiceDocument(latest).customer.address;
    forStatement.push({ orderReference: order.reference, customer, documents: accountDocuments(invoices), entries });
  }
  const language = newest ? languageOf(fromJson(newest.document)) : 'en';
  return {
    statement: statementOf(forStatement, from, to),
    date: todayOf(deps.books, now),
    seller: deps.seller,
    customer: {
      name: newest?.customer_name ?? '',
      company: newest?.company_name ?? '',
      email: newest?.customer_email ?? email,
      address,
    },
    ...documentLanguage(deps.books.shopProvince, language),
  };
}

/** The statement and its PDF, with the shop's logo in force. */
export async function statementPdf(
  deps: Pick<InvoiceDeps, 'db' | 'seller' | 'books' | 'logo'>,
  email: string,
  from: string,
  to: string,
): Promise<{ statement: CustomerStatement; pdf: Buffer }> {
  const statement = await customerStatement(deps, email, from, to);
  const logo = deps.logo ? await deps.db.transaction().execute((trx) => deps.logo!(trx)) : null;
  return { statement, pdf: await renderStatementPdf(statement, logo) };
}
