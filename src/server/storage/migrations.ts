// Migrations, frozen in time: never edit one that has shipped; add the next.
// Dialect-neutral: text ids and timestamps, integer flags, no database-made defaults.
import type { Kysely, Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '001-orders': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('reference', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('customer_name', 'text', (c) => c.notNull())
        .addColumn('customer_email', 'text', (c) => c.notNull())
        .addColumn('company_name', 'text', (c) => c.notNull())
        .addColumn('is_resale_partner', 'integer', (c) => c.notNull())
        .addColumn('include_poly_bags', 'integer', (c) => c.notNull())
        .addColumn('has_critical_deadline', 'integer', (c) => c.notNull())
        .addColumn('deadline_date', 'text')
        .addColumn('layout_count', 'integer', (c) => c.notNull())
        .addColumn('attachment_count', 'integer', (c) => c.notNull())
        .addColumn('total_bytes', 'bigint', (c) => c.notNull())
        .addColumn('document', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('orders_created_at').on('orders').column('created_at').execute();

      await db.schema
        .createTable('attachments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('media_type', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .addColumn('layout_number', 'integer')
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('view', 'text')
        .execute();
      await db.schema.createIndex('attachments_order_id').on('attachments').columns(['order_id', 'position']).execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('response', 'text')
        .execute();
    },
  },
};
