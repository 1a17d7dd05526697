// Deferred revenue at a date (docs/accounts.md, "Deferred revenue"): every order's documents,
// payments (not voided) and moves between statuses, read here and reckoned by
// shared/invoices/deferred.ts. A deleted order's invoices count too (its status is then unknown).
import type { Kysely } from 'kysely';
import { dateIn } from '../../shared/dates.js';
import { deferredRevenue, type DeferredInput, type DeferredRevenue } from '../../shared/invoices/deferred.js';
import type { Database } from '../storage/schema.js';
import type { Books } from './accounts.js';
import { invoiceDocument, invoicesIssuedBetween, paymentsReceivedBetween } from './invoice-store.js';

export async function deferredRevenueAt(
  db: Kysely<Database>,
  books: Pick<Books, 'timeZone'>,
  asOf: string,
): Promise<DeferredRevenue> {
  const [invoices, payments] = await Promise.all([
    invoicesIssuedBetween(db, '0000-01-01', asOf),
    paymentsReceivedBetween(db, '0000-01-01', asOf),
  ]);
  const ids = [...new Set(invoices.map((i) => i.order_id))];
  const [orders, moves] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db.selectFrom('orders').select(['id', 'status']).where('id', 'in', ids).execute(),
          db
            .selectFrom('status_history')
            .select(['order_id', 'from_status', 'to_status', 'changed_at'])
            .where('order_id', 'in', ids)
            .orderBy('changed_at')
            .execute(),
        ]);
  const statusOf = new Map(orders.map((o) => [o.id, o.status]));
  const byOrder = new Map<string, DeferredInput & { documents: DeferredInput['documents'][number][] }>();
  for (const row of invoices) {
    const doc = invoiceDocument(row);
    const order = byOrder.get(row.order_id) ?? {
      orderReference: doc.orderReference,
      customer: doc.customer.company || doc.customer.name,
      status: statusOf.get(row.order_id) ?? null,
      documents: [],
      moves: moves
        .filter((m) => m.order_id === row.order_id)
        .map((m) => ({ on: dateIn(books.timeZone, new Date(m.changed_at)), from: m.from_status, to: m.to_status })),
      payments: payments
        .filter((p) => p.order_id === row.order_id)
        .map((p) => ({ receivedOn: p.received_on, cents: Number(p.amount_cents) })),
    };
    order.documents.push({
      kind: row.kind,
      issueDate: row.issue_date,
      subtotalCents: Number(row.subtotal_cents),
      totalCents: Number(row.total_cents),
    });
    byOrder.set(row.order_id, order);
  }
  return deferredRevenue([...byOrder.values()], asOf);
}
