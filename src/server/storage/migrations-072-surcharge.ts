// Migration 072: card surcharges (docs/payments.md, "Surcharges"). A checkout keeps the surcharge
// it asked on top of the amount due (its amount_cents is the total charged), and a card payment
// keeps the surcharge it carried, recorded apart from the ledger's amount, which settles only
// the amount due: the account and the invoices stay exact.
import type { Kysely, Migration } from 'kysely';

export const migrationsSurcharge: Record<string, Migration> = {
  '072-card-surcharge': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('checkout_sessions')
        .addColumn('surcharge_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('card_payments')
        .addColumn('surcharge_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
};
