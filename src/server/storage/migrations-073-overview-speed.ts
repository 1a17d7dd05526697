// Migration 073: the Overview's quotes panel reads when each answered version was sent from an
// index (docs/overview.md, "Agreement and speed"): a quote's sent_at is stored after its JSON
// documents, so reading it from the row walks through them, a year of answers at a time.
import type { Kysely, Migration } from 'kysely';

export const migrationsOverviewSpeed: Record<string, Migration> = {
  '073-overview-speed': {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('quotes_id_sent_at').on('quotes').columns(['id', 'sent_at']).execute();
    },
  },
};
