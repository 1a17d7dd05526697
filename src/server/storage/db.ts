// Opens the database named by the configuration: SQLite under DATA_DIR by default,
// PostgreSQL when DATABASE_URL is a postgres:// URL. Migrations run here, at start.
import fs from 'node:fs';
import path from 'node:path';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  type DialectAdapter,
  type Driver,
  type MigrationProvider,
} from 'kysely';
import pg from 'pg';
import { mkdirPrivateSync, PRIVATE_FILE_MODE } from '../files/private.js';
import { migrations } from './migrations.js';
import type { Database } from './schema.js';
import { Sqlite } from './sqlite-driver.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
}

export function sqlitePath(dataDir: string): string {
  return path.join(dataDir, 'orders.sqlite');
}

/** bigint columns (file sizes) as numbers: exact up to 8 PiB. */
function bigintAsNumber(): pg.TypeOverrides {
  const types = new pg.TypeOverrides();
  types.setTypeParser(20, Number);
  return types;
}

export async function openDatabase(options: { dataDir: string; databaseUrl: string }): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
      types: bigintAsNumber(),
    });
    // A client losing its connection (PostgreSQL restarted) must not crash the process: idle
    // ones report it on the pool, checked-out ones on themselves; the next query reports it.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    handle = { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  } else {
    // DATA_DIR private when made here; the database private whatever the umask. SQLite gives
    // its -wal and -shm files the mode of the database file; they are set again below anyway.
    mkdirPrivateSync(options.dataDir, false);
    const file = sqlitePath(options.dataDir);
    fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
    fs.chmodSync(file, PRIVATE_FILE_MODE);
    const sqlite = new Sqlite(file);
    sqlite.pragma('journal_mode = WAL');
    for (const extra of [`${file}-wal`, `${file}-shm`]) {
      if (fs.existsSync(extra)) fs.chmodSync(extra, PRIVATE_FILE_MODE);
    }
    // FULL: a commit is on disk before the customer is told "submitted" (docs/architecture.md).
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    handle = {
      db: new Kysely<Database>({ dialect: new SqliteDialectKeepingErrors({ database: sqlite }) }),
      dialect: 'sqlite',
    };
  }
  await migrate(handle.db);
  return handle;
}

/**
 * SQLite rolls a transaction back by itself when it fails for want of space (SQLITE_FULL) or
 * on an I/O error; Kysely's ROLLBACK then fails with "no transaction is active" and would hide
 * the real error (a 500 instead of a 507 or 503). That second failure is ignored here.
 *
 * Transactions begin IMMEDIATE: one that reads and then writes (an approval reads the quote,
 * then takes the next invoice number) holds the write lock from its start, so a second process
 * waits its turn (busy_timeout) instead of failing at once with SQLITE_BUSY when it comes to
 * write after another process committed (src/server/invoices/invoice-numbering.test.ts).
 */
class SqliteDialectKeepingErrors extends SqliteDialect {
  /**
   * SQLite's DDL is transactional, but Kysely's adapter says otherwise, so its migrator ran each
   * statement as a transaction of its own: a fresh database paid one synchronous commit per table
   * and index (about half a second), and a crash mid-migration left it half made. Saying so runs
   * all pending migrations in one transaction (BEGIN IMMEDIATE, below), which also makes a second
   * process starting on the same file wait and then find them done.
   */
  override createAdapter(): DialectAdapter {
    return new (class extends SqliteAdapter {
      override get supportsTransactionalDdl() {
        return true;
      }
    })();
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection) => {
      try {
        await rollback(connection);
      } catch (err) {
        if (!/no transaction is active/.test(String((err as Error).message))) throw err;
      }
    };
    return driver;
  }
}

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

export async function migrate(db: Kysely<Database>): Promise<void> {
  const { error, results } = await new Migrator({
    db,
    provider,
    // Numbers are handed out to work done side by side (004, 005…), so one may reach a database
    // after a higher one: run it anyway rather than refuse to start.
    allowUnorderedMigrations: true,
  }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Database migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`,
    );
  }
}
