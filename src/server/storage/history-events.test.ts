// The history's events are data: written as JSON beside the move, read back typed, and the
// English sentences stored before migration 011 turned into the same events once.
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { backends, freshPostgres } from '../../../tests/support/harness.js';
import { migrate } from './db.js';
import { migrations } from './migrations.js';
import { recordStatus, statusHistory } from './orders.js';
import type { Database } from './schema.js';
import { Sqlite } from './sqlite-driver.js';
import { toJson } from './json.js';
import type { ValidOrderBody } from '../../shared/order-schema.js';

const HASH = '8b9d641820878c23aa00ff00aa00ff00aa00ff00aa00ff00aa00ff00aa00ff00';
const ORDER_ID = '00000000-0000-4000-8000-000000000001';

describe.each(backends())('history events on %s', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  async function database(): Promise<Kysely<Database>> {
    let db: Kysely<Database>;
    if (backend === 'sqlite') {
      db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new Sqlite(':memory:') }) });
    } else {
      const fresh = await freshPostgres();
      db = new Kysely<Database>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: fresh.url }) }),
      });
      cleanups.push(fresh.drop);
    }
    cleanups.unshift(() => db.destroy());
    return db;
  }

  async function insertOrder(db: Kysely<Database>) {
    await db
      .insertInto('orders')
      .values({
        id: ORDER_ID,
        reference: 'ABCD-EFGH',
        created_at: '2026-11-01T10:00:00.000Z',
        status: 'new',
        customer_name: 'Ada Lovelace',
        customer_email: 'ada@example.com',
        company_name: '',
        is_resale_partner: 0,
        include_poly_bags: 0,
        has_critical_deadline: 0,
        deadline_date: null,
        layout_count: 1,
        attachment_count: 0,
        total_bytes: 0,
        document: toJson({ layouts: {} } as unknown as ValidOrderBody),
        search_text: 'abcd-efgh',
      })
      .execute();
  }

  it('turns the sentences stored before migration 011 into events, and leaves other text a note', async () => {
    const db = await database();
    const provider = { getMigrations: () => Promise.resolve(migrations) };
    const before = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateTo('010-staff-language');
    expect(before.error).toBeUndefined();
    await insertOrder(db);
    const notes = [
      'Quote v2 sent (8b9d64182087…)',
      'Quote v2 approved online by “Zoë “Zed” O’Brien” (8b9d64182087…)',
      'Changes requested to quote v1: Navy, please.\nAnd: bigger (12").',
      'Called the customer.',
    ];
    for (const [i, note] of notes.entries()) {
      await db
        .insertInto('status_history')
        .values({
          id: `00000000-0000-4000-8000-00000000010${i}`,
          order_id: ORDER_ID,
          from_status: 'new',
          to_status: 'quoted',
          changed_by: 'clerk@shop.example',
          changed_at: `2026-11-01T10:0${i}:00.000Z`,
          note,
        } as never)
        .execute();
    }

    await migrate(db);

    const history = await statusHistory(db, ORDER_ID);
    expect(history.map((h) => [h.event, h.note])).toEqual([
      [{ kind: 'quote_sent', version: 2, hash: '8b9d64182087' }, null],
      [{ kind: 'quote_approved', version: 2, fullName: 'Zoë “Zed” O’Brien', hash: '8b9d64182087' }, null],
      [{ kind: 'changes_requested', version: 1, comment: 'Navy, please.\nAnd: bigger (12").' }, null],
      [null, 'Called the customer.'],
    ]);
  });

  it('records an event with the move and reads it back typed, the whole hash kept', async () => {
    const db = await database();
    await migrate(db);
    await insertOrder(db);
    await db.transaction().execute(async (trx) => {
      await recordStatus(trx, { id: ORDER_ID, status: 'new' }, 'quoted', 'clerk@shop.example', {
        kind: 'quote_sent',
        version: 1,
        hash: HASH,
      });
    });
    const [entry] = await statusHistory(db, ORDER_ID);
    expect(entry).toMatchObject({
      from_status: 'new',
      to_status: 'quoted',
      event: { kind: 'quote_sent', version: 1, hash: HASH },
      note: null,
    });
    const stored = await db.selectFrom('status_history').select('event').executeTakeFirstOrThrow();
    expect(JSON.parse(stored.event!)).toEqual({ kind: 'quote_sent', version: 1, hash: HASH });
  });

  it('refuses to store an event that is not one', async () => {
    const db = await database();
    await migrate(db);
    await insertOrder(db);
    await expect(
      db.transaction().execute((trx) =>
        recordStatus(trx, { id: ORDER_ID, status: 'new' }, 'quoted', 'clerk', {
          kind: 'quote_sent',
          version: 0,
          hash: 'not a hash',
        }),
      ),
    ).rejects.toThrow();
    expect(await statusHistory(db, ORDER_ID)).toEqual([]);
  });
});
