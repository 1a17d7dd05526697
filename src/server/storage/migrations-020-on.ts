// Migrations from 020 on: the books' evidence, artwork lanes, the production floor, purchasing
// and the shop's profile, up to 066. Frozen in time: never edit one that has shipped; 068 and
// later are in migrations-068-on.ts.
import { sql, type Kysely, type Migration } from 'kysely';

export const migrationsFromTwenty: Record<string, Migration> = {
  '020-order-evidence': {
    // What an invoice needs once its order is deleted (invoices/invoice-store.ts, keepEvidence):
    // the billing and delivery addresses, the approved versions and the approvals, kept with
    // the invoices and payments until they are past retention.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('order_evidence')
        .addColumn('order_id', 'text', (c) => c.primaryKey())
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('kept_at', 'text', (c) => c.notNull())
        .addColumn('document', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('invoices_credits').on('invoices').column('credits_invoice_id').execute();
    },
  },
  '021-artwork-lanes': {
    // Pictures and drawings wait in separate lanes (artwork/artwork-store.ts): each row names its
    // lane, told from the file's first bytes before any process reads it. A row still working
    // was claimed before there were lanes: it is forgotten, and the file queued again.
    async up(db: Kysely<any>) {
      await db.schema.alterTable('artwork').addColumn('lane', 'text').execute();
      await db.deleteFrom('artwork').where('status', '=', 'working').execute();
      await db.schema.createIndex('artwork_lane').on('artwork').columns(['lane', 'status']).execute();
    },
  },
  '022-production': {
    // Jobs and their imprints (production/): an approved order becomes a job, each decorated view
    // an imprint moving through its method's stages. Deleted with their order.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('jobs')
        .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
        .addColumn('approved_on', 'text', (c) => c.notNull())
        .addColumn('due_on', 'text', (c) => c.notNull())
        .addColumn('proof_approved', 'integer', (c) => c.notNull())
        .addColumn('blanks', 'text', (c) => c.notNull())
        .addColumn('pieces', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('jobs_due_on').on('jobs').column('due_on').execute();
      await db.schema
        .createTable('imprints')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('layout', 'text', (c) => c.notNull())
        .addColumn('location', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('print_size', 'text', (c) => c.notNull())
        .addColumn('ink_colours', 'integer')
        .addColumn('stitches', 'integer')
        .addColumn('transfer_inches', 'real')
        .addColumn('pieces', 'integer')
        .addColumn('graphic', 'text', (c) => c.notNull())
        .addColumn('stage', 'integer', (c) => c.notNull())
        .addColumn('moved_at', 'text')
        .addColumn('moved_by', 'text')
        .execute();
      await db.schema.createIndex('imprints_order').on('imprints').columns(['order_id', 'position']).execute();
    },
  },
  '023-purchasing': {
    // Blanks ordered from suppliers and received (purchasing/): a purchase order numbered per year
    // (document_counters' 'purchase_order' series), its lines by style, colour and size, each
    // line's part per job, the deliveries. A job's order is on one PO per supplier at most (the
    // unique key refuses a second clerk's same PO). The jobs keep what they are still short.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('purchase_orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('number', 'text', (c) => c.notNull().unique())
        .addColumn('supplier', 'text', (c) => c.notNull())
        .addColumn('overage_percent', 'integer', (c) => c.notNull())
        .addColumn('made_at', 'text', (c) => c.notNull())
        .addColumn('made_by', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .addColumn('sent_by', 'text')
        .execute();
      await db.schema
        .createTable('purchase_order_lines')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('po_id', 'text', (c) => c.notNull().references('purchase_orders.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('style', 'text', (c) => c.notNull())
        .addColumn('sku', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('colour', 'text', (c) => c.notNull())
        .addColumn('size', 'text', (c) => c.notNull())
        .addColumn('needed', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('received', 'integer', (c) => c.notNull())
        .addColumn('damaged', 'integer', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('purchase_order_lines_po')
        .on('purchase_order_lines')
        .columns(['po_id', 'position'])
        .execute();
      await db.schema
        .createTable('purchase_order_jobs')
        .addColumn('po_id', 'text', (c) => c.notNull().references('purchase_orders.id').onDelete('cascade'))
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('supplier', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('purchase_order_jobs_pk', ['order_id', 'supplier'])
        .execute();
      await db.schema.createIndex('purchase_order_jobs_po').on('purchase_order_jobs').column('po_id').execute();
      await db.schema
        .createTable('purchase_order_needs')
        .addColumn('line_id', 'text', (c) => c.notNull().references('purchase_order_lines.id').onDelete('cascade'))
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('qty', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('purchase_order_needs_pk', ['line_id', 'order_id'])
        .execute();
      await db.schema.createIndex('purchase_order_needs_order').on('purchase_order_needs').column('order_id').execute();
      await db.schema
        .createTable('purchase_order_receipts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('po_id', 'text', (c) => c.notNull().references('purchase_orders.id').onDelete('cascade'))
        .addColumn('received_at', 'text', (c) => c.notNull())
        .addColumn('received_by', 'text', (c) => c.notNull())
        .addColumn('lines', 'text', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('jobs').addColumn('blanks_short', 'text').execute();
    },
  },
  '024-shop-profile': {
    // The shop's profile (settings/): one frozen row per saved version, like the price list; the
    // latest is in force, and with none the environment's values are (docs/settings.md).
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('shop_profiles')
        .addColumn('version', 'integer', (c) => c.primaryKey())
        .addColumn('profile', 'text', (c) => c.notNull())
        .addColumn('saved_at', 'text', (c) => c.notNull())
        .addColumn('saved_by', 'text', (c) => c.notNull())
        .execute();
      // The logos a profile names by their SHA-256 (PNG or SVG, at most 1 MB), kept while any
      // version names them.
      const isPostgres = await sql`select version() as v`.execute(db).then(
        (r) => String((r.rows[0] as { v?: string })?.v ?? '').startsWith('PostgreSQL'),
        () => false,
      );
      await db.schema
        .createTable('shop_logos')
        .addColumn('sha256', 'text', (c) => c.primaryKey())
        .addColumn('media_type', 'text', (c) => c.notNull())
        .addColumn('bytes', isPostgres ? sql`bytea` : sql`blob`, (c) => c.notNull())
        .addColumn('saved_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '026-portal': {
    // The customer's portal (portal/, docs/portal.md): sign-in links sent by email and the
    // sessions they open, each stored only as the SHA-256 of its token; orders found by their
    // billing email, whatever its case.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('portal_sign_in_links')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createIndex('portal_sign_in_links_email')
        .on('portal_sign_in_links')
        .columns(['email', 'created_at'])
        .execute();
      await db.schema
        .createTable('portal_sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      // Messages on an order (text), between its customer and the shop: deleted with the order.
      await db.schema
        .createTable('order_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('staff_email', 'text')
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('read_at', 'text')
        .execute();
      await db.schema
        .createIndex('order_messages_order')
        .on('order_messages')
        .columns(['order_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('orders_customer_email_lower')
        .on('orders')
        .expression(sql`lower(customer_email)`)
        .execute();
    },
  },
  '027-owner-day': {
    // Price lists drafted by staff who cannot publish, kept for an owner to review (prices/,
    // docs/prices.md); and test orders, placed from the owner's checklist, that never mail a
    // customer nor take an invoice number (orders/, docs/settings.md).
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('price_drafts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('saved_at', 'text', (c) => c.notNull())
        .addColumn('saved_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .alterTable('orders')
        .addColumn('is_test', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  '028-size-collections-team-sizes': {
    // Sizes collected from a team by a link (collections/, docs/collections.md): the link's and
    // the organiser's secrets as SHA-256 only, and each member's entry by its own key's hash.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('size_collections')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('link_hash', 'text', (c) => c.notNull().unique())
        .addColumn('organiser_hash', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('garment', 'text', (c) => c.notNull())
        .addColumn('sizes', 'text', (c) => c.notNull())
        .addColumn('closes_on', 'text', (c) => c.notNull())
        .addColumn('closed_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('size_collection_entries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('collection_id', 'text', (c) => c.notNull().references('size_collections.id').onDelete('cascade'))
        .addColumn('member_hash', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('size', 'text', (c) => c.notNull())
        .addColumn('print_name', 'text', (c) => c.notNull())
        .addColumn('print_number', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('size_collection_entries_member', ['collection_id', 'member_hash'])
        .execute();
    },
  },
  '029-message-attachments': {
    // Messages on an order (portal/, docs/portal.md): small files on a message, stored with the
    // order's files and deleted with the order; when a message's mail went out (one mail per
    // order per ten minutes while the last is unread); and the name a staff member signs with.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('order_message_files')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('message_id', 'text', (c) => c.notNull().references('order_messages.id').onDelete('cascade'))
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('media_type', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_message_files_order').on('order_message_files').column('order_id').execute();
      await db.schema.alterTable('order_messages').addColumn('mailed_at', 'text').execute();
      await db.schema.alterTable('staff').addColumn('display_name', 'text').execute();
    },
  },
  '030-reorder-of': {
    // "Order again" (portal/, docs/portal.md): the order a reorder repeats, by id and by number,
    // so the inbox still says "Reorder of 3SJ5-DHPY" after the old order's data is deleted.
    async up(db: Kysely<any>) {
      await db.schema.alterTable('orders').addColumn('reorder_of', 'text').execute();
      await db.schema.alterTable('orders').addColumn('reorder_of_reference', 'text').execute();
    },
  },
  '031-collections-for-orders': {
    // A team's sizes for an order (collections/, docs/collections.md): the order and the garment
    // (layout, variation) a collection fills, and what became of its final entries. Deleted with
    // the order; its entries with it.
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('size_collections')
        .addColumn('order_id', 'text', (c) => c.references('orders.id').onDelete('cascade'))
        .execute();
      await db.schema.alterTable('size_collections').addColumn('layout_key', 'text').execute();
      await db.schema.alterTable('size_collections').addColumn('variation_index', 'integer').execute();
      await db.schema.alterTable('size_collections').addColumn('outcome', 'text').execute();
      await db.schema.createIndex('size_collections_order').on('size_collections').column('order_id').execute();
    },
  },
  '032-sign-in-requests-and-idempotency-hash': {
    // The sign-in form's requests (portal/, docs/portal.md): one row per request, written alike
    // whatever the email, so the answer takes the same time for a customer and a stranger; the
    // link and its mail are made from it in the background, and the row deleted with that.
    // And the SHA-256 of the order an idempotency key answered (orders/idempotency.ts): the same
    // key with another order is refused, never answered with the first one's.
    async up(db: Kysely<any>) {
      await db.schema.alterTable('idempotency_keys').addColumn('request_hash', 'text').execute();
      await db.schema
        .createTable('portal_sign_in_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '033-logo-print-raster': {
    // The shop's logo as documents draw it (settings/logo.ts, docs/settings.md): a small PNG made
    // in the artwork's child process when the logo is saved. A logo kept before has none; the
    // first document that needs it has it made the same way, then kept.
    async up(db: Kysely<any>) {
      const isPostgres = await sql`select version() as v`.execute(db).then(
        (r) => String((r.rows[0] as { v?: string })?.v ?? '').startsWith('PostgreSQL'),
        () => false,
      );
      await db.schema
        .alterTable('shop_logos')
        .addColumn('print_png', isPostgres ? sql`bytea` : sql`blob`)
        .execute();
    },
  },
  '045-card-payments': {
    // Card payments online (payments/, docs/payments.md): each checkout the provider hosts (one
    // open per order at a time, deleted with the order), the provider's events already handled
    // (a webhook is delivered at least once), and beside each card payment or refund in the
    // ledger the provider's own reference (unique: one PaymentIntent makes one payment), its fee
    // and what a clerk should check. Card payment rows go with their payment (records outlive the order).
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('checkout_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('payment_id', 'text')
        .execute();
      await db.schema.createIndex('checkout_sessions_order').on('checkout_sessions').column('order_id').execute();
      await db.schema
        .createTable('provider_events')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('provider_events_pk', ['provider', 'event_id'])
        .execute();
      await db.schema
        .createTable('card_payments')
        .addColumn('payment_id', 'text', (c) => c.primaryKey().references('payments.id').onDelete('cascade'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('provider_ref', 'text', (c) => c.notNull())
        .addColumn('charge_ref', 'text', (c) => c.notNull())
        .addColumn('session_id', 'text')
        .addColumn('fee_cents', 'bigint')
        .addColumn('net_cents', 'bigint')
        .addColumn('flag', 'text', (c) => c.notNull())
        .addUniqueConstraint('card_payments_provider_ref', ['provider', 'provider_ref'])
        .execute();
      await db.schema.createIndex('card_payments_charge').on('card_payments').column('charge_ref').execute();
    },
  },
  '046-card-refunds': {
    // Refunds asked of the payment provider (payments/, docs/payments.md, "Refunds"): each with
    // its amount, reason and who asked, and where it stands at the provider (pending, succeeded,
    // failed with its reason). Recorded in the ledger once it succeeds (then payment_id), whether
    // the API's answer or the webhook says so first. No foreign key: records outlive the order.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('card_refunds')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('refund_ref', 'text', (c) => c.notNull())
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('card_payment_id', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('requested_by', 'text', (c) => c.notNull())
        .addColumn('requested_at', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('failure', 'text', (c) => c.notNull())
        .addColumn('payment_id', 'text')
        .addPrimaryKeyConstraint('card_refunds_pk', ['provider', 'refund_ref'])
        .execute();
      await db.schema.createIndex('card_refunds_order').on('card_refunds').column('order_id').execute();
    },
  },
  '041-payment-voids': {
    // A payment recorded in error, voided (invoices/, docs/accounts.md, "Voids"): the payment row
    // stays as it was (never changed); its void is a row of its own, with the reason, who and
    // when, and the receipt drawn again marked VOID. No foreign key, like the payments.
    async up(db: Kysely<any>) {
      const isPostgres = await sql`select version() as v`.execute(db).then(
        (r) => String((r.rows[0] as { v?: string } | undefined)?.v ?? '').includes('PostgreSQL'),
        () => false,
      );
      await db.schema
        .createTable('payment_voids')
        .addColumn('payment_id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('voided_on', 'text', (c) => c.notNull())
        .addColumn('voided_by', 'text', (c) => c.notNull())
        .addColumn('voided_at', 'text', (c) => c.notNull())
        .addColumn('pdf', isPostgres ? sql`bytea` : sql`blob`, (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payment_voids_order').on('payment_voids').column('order_id').execute();
    },
  },
  '037-order-versions': {
    // An order's versions (storage/order-versions.ts, docs/decisions/020-order-versions-and-what-is-made.md): the
    // first is what the customer sent, kept as sent; every change (the shop's edit, a team's
    // entries, the customer's before approval) is the next number, with who, when and why.
    // orders.document stays the current version (a cache written in the same transaction) and
    // orders.version its number; a sent quote names the order version it priced, a job the one it
    // makes. Existing orders get their version 1 from what they hold now; their quotes priced it.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('order_versions')
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('estimate', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('author_kind', 'text', (c) => c.notNull())
        .addColumn('author', 'text')
        .addColumn('reason', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('order_versions_pk', ['order_id', 'number'])
        .execute();
      await db.schema
        .alterTable('orders')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('quotes').addColumn('order_version', 'integer').execute();
      await db.schema.alterTable('jobs').addColumn('order_version', 'integer').execute();
      await sql`insert into order_versions (order_id, number, document, estimate, created_at, author_kind, author, reason)
        select id, 1, document, estimate, created_at, 'customer', null, '' from orders`.execute(db);
      await db.updateTable('quotes').set({ order_version: 1 }).execute();
      await db.updateTable('jobs').set({ order_version: 1 }).execute();
    },
  },
  '058-statements': {
    // A customer's statement mailed on request (invoices/, docs/accounts.md, "Statements"): the PDF
    // as it was sent, for the mail worker to attach and for the record. Downloads are drawn on
    // the spot and not kept. No foreign key: like the invoices, it outlives its order.
    async up(db: Kysely<any>) {
      const isPostgres = await sql`select version() as v`.execute(db).then(
        (r) => String((r.rows[0] as { v?: string } | undefined)?.v ?? '').includes('PostgreSQL'),
        () => false,
      );
      await db.schema
        .createTable('statements')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('from_date', 'text', (c) => c.notNull())
        .addColumn('to_date', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('pdf', isPostgres ? sql`bytea` : sql`blob`, (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // --- closing periods (invoices/periods.ts, docs/accounts.md, "Closing a period") ---
  '054-period-closes': {
    // Every close and reopening of the books, never changed: the owner's act, its period, the
    // date the books are closed through after it ('' when none), the reason, who and when. The
    // books' state is the last act (the highest seq).
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('period_closes')
        .addColumn('seq', 'integer', (c) => c.primaryKey())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('closed_through', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('acted_by', 'text', (c) => c.notNull())
        .addColumn('acted_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '062-purchase-order-heading': {
    // A purchase order a supplier's desk can use (docs/production.md, "Blanks and purchase orders"):
    // the shop's account number with each supplier (a setting), and on each PO as it was made the
    // ship-to address, the shop's address and phone, that account number and the need-by date
    // (the soonest due of its jobs). POs made before read empty and no date.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('supplier_accounts')
        .addColumn('supplier', 'text', (c) => c.primaryKey())
        .addColumn('account_number', 'text', (c) => c.notNull())
        .addColumn('saved_by', 'text', (c) => c.notNull())
        .addColumn('saved_at', 'text', (c) => c.notNull())
        .execute();
      for (const column of ['ship_to', 'shop_address', 'shop_phone', 'account_number'])
        await db.schema
          .alterTable('purchase_orders')
          .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
          .execute();
      await db.schema.alterTable('purchase_orders').addColumn('need_by', 'text').execute();
    },
  },
  '063-purchase-order-revisions': {
    // An amended purchase order (docs/production.md, "A change after a purchase order"): a new
    // row numbered as the first with " rev 2" after it, naming the one it amends; the one it
    // replaces is kept unchanged, only marked superseded, so what was sent stays as it was sent.
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('purchase_orders')
        .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('purchase_orders').addColumn('amends', 'text').execute();
      await db.schema.alterTable('purchase_orders').addColumn('superseded_by', 'text').execute();
    },
  },
  '066-team-extras-and-print-question': {
    // A team's collection (docs/collections.md): the organiser's own extra pieces sent with an
    // order before its entries close (added to the final entries when they settle; null: the
    // entries alone, as before), and whether members are asked for a name and number to print
    // (existing collections kept asking).
    async up(db: Kysely<any>) {
      await db.schema.alterTable('size_collections').addColumn('extra_sizes', 'text').execute();
      await db.schema
        .alterTable('size_collections')
        .addColumn('asks_print', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
  },
};
