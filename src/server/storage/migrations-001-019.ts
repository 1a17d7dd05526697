// Migrations 001 to 019, from the order form to invoices and payments. Frozen in time: never
// edit one that has shipped; migrations.ts runs them before the later ones, in key order.
import { sql, type Kysely, type Migration } from 'kysely';

export const migrationsOneToNineteen: Record<string, Migration> = {
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
  '002-shop': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('staff')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_staff_id').on('sessions').column('staff_id').execute();

      await db.schema
        .createTable('sign_in_failures')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sign_in_failures_email').on('sign_in_failures').columns(['email', 'at']).execute();
      await db.schema
        .createIndex('sign_in_failures_address')
        .on('sign_in_failures')
        .columns(['address', 'at'])
        .execute();

      await db.schema
        .createTable('status_history')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('from_status', 'text', (c) => c.notNull())
        .addColumn('to_status', 'text', (c) => c.notNull())
        .addColumn('changed_by', 'text', (c) => c.notNull())
        .addColumn('changed_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('status_history_order_id')
        .on('status_history')
        .columns(['order_id', 'changed_at'])
        .execute();

      await db.schema
        .createTable('mail_queue')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema.createIndex('mail_queue_due').on('mail_queue').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('mail_queue_order_id').on('mail_queue').column('order_id').execute();

      // The inbox lists newest first, filtered by status.
      await db.schema.createIndex('orders_status_created_at').on('orders').columns(['status', 'created_at']).execute();
    },
  },
  '003-order-search-text': {
    // One lowercased column for the inbox search: a single LIKE over 100,000 orders takes
    // a few milliseconds, four lower(...) LIKEs took 40 to 100 (bench/inbox-scale.mjs).
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('orders')
        .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await sql`update orders set search_text = lower(reference || ' ' || customer_name || ' ' || customer_email || ' ' || company_name)`.execute(
        db,
      );
      // Narrow and covering: a search scans this index, not the wide rows with their documents.
      await db.schema.createIndex('orders_search').on('orders').columns(['search_text', 'created_at', 'id']).execute();
      // On PostgreSQL, a trigram index answers LIKE '%term%' without a scan, when the server
      // offers pg_trgm (a trusted extension since PostgreSQL 13). Without it, the scan remains.
      const isPostgres = await sql`select version() as v`.execute(db).then(
        (r) => String((r.rows[0] as { v?: string })?.v ?? '').startsWith('PostgreSQL'),
        () => false,
      );
      if (isPostgres) {
        await sql`savepoint trigram`.execute(db);
        try {
          await sql`create extension if not exists pg_trgm`.execute(db);
          await sql`create index orders_search_trigram on orders using gin (search_text gin_trgm_ops)`.execute(db);
          await sql`release savepoint trigram`.execute(db);
        } catch {
          await sql`rollback to savepoint trigram`.execute(db);
        }
      }
    },
  },
  '004-public-form-tokens-and-mail-caps': {
    // Used form tokens (single use, kept until they expire), and an index that lets the
    // confirmation caps count recent customer mail without a scan.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('used_form_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('used_form_tokens_expires_at').on('used_form_tokens').column('expires_at').execute();
      await db.schema
        .createIndex('mail_queue_kind_created_at')
        .on('mail_queue')
        .columns(['kind', 'created_at'])
        .execute();
    },
  },
  '005-limits-upload-budget': {
    // Bytes uploaded per client address and UTC day (UPLOAD_BUDGET_BYTES_PER_DAY), in the
    // database so that every process sharing it counts against the same budget.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('upload_budget')
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('bytes', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('upload_budget_pk', ['address', 'day'])
        .execute();
      await db.schema.createIndex('upload_budget_day').on('upload_budget').column('day').execute();
    },
  },
  '006-privacy-audit-log': {
    // Deletions of orders (on request, or by RETENTION_DAYS), without personal data.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
    },
  },
  '007-artwork': {
    // What the server measured in each stored file, after the order's commit (never before it):
    // one row per attachment, claimed by one process at a time.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('artwork')
        .addColumn('attachment_id', 'text', (c) => c.primaryKey().references('attachments.id').onDelete('cascade'))
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('claimed_until', 'text')
        .addColumn('format', 'text')
        .addColumn('media_type', 'text')
        .addColumn('is_vector', 'integer')
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('colour_mode', 'text')
        .addColumn('has_alpha', 'integer')
        .addColumn('pages', 'integer')
        .addColumn('raster_inside', 'text')
        .addColumn('thumbnail', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('note', 'text')
        .addColumn('analysed_at', 'text')
        .execute();
      await db.schema.createIndex('artwork_order_id').on('artwork').column('order_id').execute();
      await db.schema.createIndex('artwork_status').on('artwork').columns(['status', 'claimed_until']).execute();
    },
  },
  '008-uploads': {
    // Resumable (tus) uploads: who started each one (the address the rate limits key), its
    // declared size, and the one order that adopted it. While `stored` is 1 its bytes are still
    // in the upload store; rows never adopted are swept after UPLOAD_EXPIRY_HOURS.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('uploads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('order_id', 'text', (c) => c.references('orders.id').onDelete('cascade'))
        .addColumn('stored', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('uploads_created_at').on('uploads').columns(['order_id', 'created_at']).execute();
      await db.schema.createIndex('uploads_stored').on('uploads').columns(['stored', 'order_id']).execute();
    },
  },
  '009-quotes': {
    // Quotes and the customer's answers (docs/decisions/014-order-links-minted-per-email.md):
    // quote versions (a draft, then sent versions frozen with the SHA-256 of their canonical
    // text), the shop's proofs, the customer's approvals and change requests (never updated),
    // and the hashes of the links that open an order's page. A note on status changes says
    // what a customer or a quote did.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('quotes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('lines', 'text', (c) => c.notNull())
        .addColumn('document', 'text')
        .addColumn('sha256', 'text')
        .addColumn('total_cents', 'bigint')
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_by', 'text')
        .addColumn('sent_at', 'text')
        .addUniqueConstraint('quotes_order_version', ['order_id', 'version'])
        .execute();

      await db.schema
        .createTable('quote_proofs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('layout_number', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('media_type', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .addColumn('uploaded_by', 'text', (c) => c.notNull())
        .addColumn('uploaded_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('quote_proofs_order_id').on('quote_proofs').column('order_id').execute();

      await db.schema
        .createTable('quote_responses')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // One answer per version: the unique key makes a second approval impossible.
        .addColumn('quote_id', 'text', (c) => c.notNull().unique().references('quotes.id').onDelete('cascade'))
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('full_name', 'text')
        .addColumn('comment', 'text')
        .addColumn('quote_sha256', 'text', (c) => c.notNull())
        .addColumn('client_address', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('quote_responses_order_id').on('quote_responses').column('order_id').execute();

      await db.schema
        .createTable('order_links')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_links_order_id').on('order_links').column('order_id').execute();

      await db.schema.alterTable('status_history').addColumn('note', 'text').execute();
    },
  },
  '010-staff-language': {
    // The language each staff member chose for the inbox: 'en' or 'fr', or null when they have
    // not chosen yet (the inbox then follows their browser).
    async up(db: Kysely<any>) {
      await db.schema.alterTable('staff').addColumn('language', 'text').execute();
    },
  },
  '011-history-events': {
    // The history's events become data (docs/architecture.md, typed storage): a JSON column
    // beside the move, worded when shown. Notes written before as English sentences are read
    // once, here, into events; any other text stays a note.
    async up(db: Kysely<any>) {
      await db.schema.alterTable('status_history').addColumn('event', 'text').execute();
      const rows = (await db
        .selectFrom('status_history')
        .select(['id', 'note'])
        .where('note', 'is not', null)
        .execute()) as { id: string; note: string }[];
      for (const row of rows) {
        const event = eventOfOldNote(row.note);
        if (!event) continue;
        await db
          .updateTable('status_history')
          .set({ event: JSON.stringify(event), note: null })
          .where('id', '=', row.id)
          .execute();
      }
    },
  },
  '012-mail-caps': {
    // Confirmation caps that strangers cannot use up: the recipient's mailbox without +tags
    // (recipient_key) and the hashed submitting address (client_key) of each confirmation.
    async up(db: Kysely<any>) {
      await db.schema.alterTable('mail_queue').addColumn('recipient_key', 'text').execute();
      await db.schema.alterTable('mail_queue').addColumn('client_key', 'text').execute();
      await db
        .updateTable('mail_queue')
        .set({ recipient_key: sql`lower(recipient)` })
        .execute();
      await db.schema.createIndex('mail_queue_caps').on('mail_queue').columns(['kind', 'created_at']).execute();
    },
  },
  '013-rate-limits': {
    // Rate limits every process shares when there is no Redis: one window per key.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('reset_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  '014-artwork-fairness': {
    // Artwork checks first come, first served, and fair: the time each file took, so an order
    // that has used its share waits behind one that has not (artwork/artwork-store.ts).
    async up(db: Kysely<any>) {
      await db.schema.alterTable('artwork').addColumn('spent_ms', 'integer').execute();
    },
  },
  '015-upload-secrets': {
    // An upload is bound to the page that created it: the hash of the secret it was given.
    async up(db: Kysely<any>) {
      await db.schema.alterTable('uploads').addColumn('secret_hash', 'text').execute();
    },
  },
  '016-artwork-per-address': {
    // Artwork checks share a time budget per submitting address too: the order and each
    // measured file keep the address's HMAC (never the address) (artwork/artwork-queue.ts).
    async up(db: Kysely<any>) {
      await db.schema.alterTable('orders').addColumn('client_key', 'text').execute();
      await db.schema.alterTable('artwork').addColumn('client_key', 'text').execute();
      await db.schema.createIndex('artwork_client_key').on('artwork').columns(['client_key', 'analysed_at']).execute();
    },
  },
  '017-prices-and-roles': {
    // The shop's price list, one frozen row per published version (prices/price-list-store.ts);
    // the version a quote was priced from; and staff roles: an owner publishes prices and
    // deletes orders, and the account made first becomes the owner.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('price_lists')
        .addColumn('version', 'integer', (c) => c.primaryKey())
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('effective_at', 'text', (c) => c.notNull())
        .addColumn('published_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('quotes').addColumn('price_list_version', 'integer').execute();
      await db.schema
        .alterTable('staff')
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('staff'))
        .execute();
      const first = await db.selectFrom('staff').select('id').orderBy('created_at').limit(1).executeTakeFirst();
      if (first) await db.updateTable('staff').set({ role: 'owner' }).where('id', '=', first.id).execute();
    },
  },
  '018-order-estimates': {
    // The estimate the customer saw (shared/price-list-api.ts, SeenEstimate), as JSON.
    async up(db: Kysely<any>) {
      await db.schema.alterTable('orders').addColumn('estimate', 'text').execute();
    },
  },
  '019-invoices-and-payments': {
    // Invoices, credit notes and payments (invoices/): numbered per series and year without a gap
    // (document_counters, incremented in the issuing transaction), frozen with their PDF and its
    // SHA-256, and kept apart from the order (no foreign key) so deleting an order's personal
    // data leaves the records the CRA asks a shop to keep. The database refuses to change them.
    async up(db: Kysely<any>) {
      const isPostgres = await sql`select version() as v`.execute(db).then(
        (r) => String((r.rows[0] as { v?: string })?.v ?? '').startsWith('PostgreSQL'),
        () => false,
      );
      const bytes = isPostgres ? sql`bytea` : sql`blob`;
      await db.schema
        .createTable('shop_settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('document_counters')
        .addColumn('series', 'text', (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('last', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('document_counters_pk', ['series', 'year'])
        .execute();
      await db.schema
        .createTable('invoices')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('number', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('issue_date', 'text', (c) => c.notNull())
        .addColumn('issued_at', 'text', (c) => c.notNull())
        .addColumn('issued_by', 'text', (c) => c.notNull())
        .addColumn('quote_id', 'text')
        .addColumn('credits_invoice_id', 'text')
        .addColumn('subtotal_cents', 'bigint', (c) => c.notNull())
        .addColumn('total_cents', 'bigint', (c) => c.notNull())
        .addColumn('deposit_cents', 'bigint', (c) => c.notNull())
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('pdf', bytes, (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .execute();
      // One invoice per approved quote version, whatever races.
      await db.schema.createIndex('invoices_quote').on('invoices').column('quote_id').unique().execute();
      await db.schema.createIndex('invoices_order').on('invoices').columns(['order_id', 'issued_at']).execute();
      await db.schema.createIndex('invoices_issue_date').on('invoices').column('issue_date').execute();
      await db.schema
        .createTable('payments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('receipt_number', 'text', (c) => c.notNull().unique())
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('received_on', 'text', (c) => c.notNull())
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('recorded_by', 'text', (c) => c.notNull())
        .addColumn('recorded_at', 'text', (c) => c.notNull())
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('pdf', bytes, (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payments_order').on('payments').columns(['order_id', 'recorded_at']).execute();
      await db.schema.createIndex('payments_received_on').on('payments').column('received_on').execute();
      await db.schema.alterTable('orders').addColumn('payment_state', 'text').execute();
      await db.schema.alterTable('orders').addColumn('deposit_reminded_at', 'text').execute();
      await db.schema
        .createIndex('orders_payment_state')
        .on('orders')
        .columns(['payment_state', 'created_at'])
        .execute();
      // References to stored documents ([{ "kind": "invoice" | "receipt", "id": … }]) the mail carries as PDFs.
      await db.schema.alterTable('mail_queue').addColumn('attachments', 'text').execute();
      for (const table of ['invoices', 'payments']) {
        if (isPostgres) {
          await sql`create or replace function refuse_change() returns trigger language plpgsql as $$
            begin raise exception '% are never changed: issue a credit note or record a refund', tg_table_name; end $$`.execute(
            db,
          );
          await sql`create trigger ${sql.raw(`${table}_frozen`)} before update on ${sql.table(table)}
            for each row execute function refuse_change()`.execute(db);
        } else {
          await sql`create trigger ${sql.raw(`${table}_frozen`)} before update on ${sql.table(table)}
            begin select raise(abort, ${sql.lit(`${table} are never changed: issue a credit note or record a refund`)}); end`.execute(
            db,
          );
        }
      }
    },
  },
};

/** The sentences migration 011 turns into events, as they were written before it. */
function eventOfOldNote(text: string): Record<string, unknown> | null {
  let m = /^Quote v(\d+) sent \(([0-9a-f]{12})…\)$/.exec(text);
  if (m) return { kind: 'quote_sent', version: Number(m[1]), hash: m[2] };
  m = /^Quote v(\d+) approved online by “(.*)” \(([0-9a-f]{12})…\)$/s.exec(text);
  if (m) return { kind: 'quote_approved', version: Number(m[1]), fullName: m[2], hash: m[3] };
  m = /^Changes requested to quote v(\d+): (.*)$/s.exec(text);
  if (m) return { kind: 'changes_requested', version: Number(m[1]), comment: m[2] };
  return null;
}
