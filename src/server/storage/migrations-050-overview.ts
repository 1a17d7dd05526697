// Migration 050: what the owner's Overview reads (docs/overview.md). Each purchase-order line
// may carry its supplier's unit cost (null: not known, and the job's margin says so), and the
// Overview's period queries read indexes rather than whole tables: quotes by the day they were
// sent, answers by the day they came, Ready moves by when they happened, jobs by approval.
import type { Kysely, Migration } from 'kysely';

export const migrationsFromFifty: Record<string, Migration> = {
  '050-overview': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('purchase_order_lines').addColumn('unit_cost_cents', 'integer').execute();
      await db.schema.createIndex('quotes_sent_at').on('quotes').column('sent_at').execute();
      await db.schema.createIndex('quote_responses_created_at').on('quote_responses').column('created_at').execute();
      await db.schema
        .createIndex('status_history_to_status')
        .on('status_history')
        .columns(['to_status', 'changed_at'])
        .execute();
      await db.schema.createIndex('jobs_approved_on').on('jobs').column('approved_on').execute();
    },
  },
};
