// Migrations from 068 on: what the Overview's aged receivables read of each invoice, and a card
// payment's fee settled against the provider's balance transactions. Frozen in time: never edit
// one that has shipped; add the next in a file of its own.
import type { Kysely, Migration } from 'kysely';
import { z } from 'zod';
import { readJson } from './json.js';

export const migrationsFromSixtyEight: Record<string, Migration> = {
  '068-invoice-ageing': {
    // What the aged receivables read of each invoice or credit note's frozen document (docs/
    // overview.md, "Agreement and speed"): the order's reference and customer as it printed them
    // and its balance terms, in columns beside it, so the Overview's "What is owed" reads no JSON.
    // Invoices are never changed (a trigger refuses it), so these live in a table of their own,
    // written in the transaction that issues the document; the documents issued before are read
    // once here.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('invoice_ageing')
        .addColumn('invoice_id', 'text', (c) => c.primaryKey().references('invoices.id'))
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('order_reference', 'text', (c) => c.notNull())
        .addColumn('customer', 'text', (c) => c.notNull())
        .addColumn('balance_due', 'text', (c) => c.notNull())
        .addColumn('balance_days', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('invoice_ageing_order').on('invoice_ageing').column('order_id').execute();
      // The Overview's period queries answered from indexes alone (each holds every column its
      // query reads): no row, and so no JSON document beside it, is visited.
      const covering: [string, string, string[]][] = [
        ['invoices_day_amounts', 'invoices', ['issue_date', 'kind', 'order_id', 'subtotal_cents', 'total_cents']],
        ['invoices_order_amounts', 'invoices', ['order_id', 'kind', 'issue_date', 'total_cents']],
        ['payments_order_amounts', 'payments', ['order_id', 'received_on', 'amount_cents', 'id']],
        ['orders_id_customer', 'orders', ['id', 'customer_email']],
        ['orders_open', 'orders', ['status', 'id', 'reference']],
        ['imprints_order_method', 'imprints', ['order_id', 'method', 'pieces']],
        ['quotes_sent_status', 'quotes', ['sent_at', 'status', 'id']],
        ['quote_responses_day_kind', 'quote_responses', ['created_at', 'kind', 'quote_id']],
        ['status_history_moves', 'status_history', ['to_status', 'changed_at', 'order_id']],
      ];
      for (const [name, table, columns] of covering)
        await db.schema.createIndex(name).on(table).columns(columns).execute();
      for (let after = ''; ;) {
        const rows: { id: string; order_id: string; document: string }[] = await db
          .selectFrom('invoices')
          .select(['id', 'order_id', 'document'])
          .where('id', '>', after)
          .orderBy('id')
          .limit(500)
          .execute();
        if (rows.length === 0) break;
        // A document that does not read so stays without its row: the Overview reads such an
        // invoice's document itself, as the Accounts page's report does.
        const values = rows.flatMap((r) => {
          const doc = readJson(AGEING_FACTS, r.document);
          return doc ? [{ invoice_id: r.id, order_id: r.order_id, ...invoiceAgeingOf(doc) }] : [];
        });
        if (values.length > 0) await db.insertInto('invoice_ageing').values(values).execute();
        after = rows.at(-1)!.id;
      }
    },
  },
  '069-card-fee-settlement': {
    // A card payment's fee read again until the provider knows it (payments/, docs/payments.md,
    // "Fees"): how many times it was asked, and the balance transaction it came from (a payout
    // lists its balance transactions: the payout report matches them to the ledger by it).
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('card_payments')
        .addColumn('fee_tries', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('card_payments').addColumn('balance_tx', 'text').execute();
    },
  },
  '070-card-payments-balance-tx': {
    // The payout report finds a provider's balance transactions in the ledger (payments/fees.ts).
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('card_payments_provider_balance_tx')
        .on('card_payments')
        .columns(['provider', 'balance_tx'])
        .execute();
    },
  },
};

/** What migration 068 reads of a stored invoice document (every document since 020 carries it). */
const AGEING_FACTS = z.object({
  orderReference: z.string(),
  customer: z.object({ name: z.string(), company: z.string() }),
  terms: z.object({ balanceDue: z.string(), balanceDays: z.number() }),
});

/** Migration 068's columns of an invoice document as it was stored (invoices/invoice-store.ts writes the same at issue). */
function invoiceAgeingOf(doc: {
  orderReference: string;
  customer: { name: string; company: string };
  terms: { balanceDue: string; balanceDays: number };
}) {
  return {
    order_reference: doc.orderReference,
    customer: doc.customer.company || doc.customer.name,
    balance_due: doc.terms.balanceDue,
    balance_days: doc.terms.balanceDays,
  };
}
