// Opens the database named by the configuration: SQLite under DATA_DIR by default,
// PostgreSQL when DATABASE_URL is a postgres:// URL. Migrations run here, at start.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
}

export function sqlitePath(dataDir: string): string {
  return path.join(dataDir, 'orders.sqlite');
}

export async function openDatabase(options: { dataDir: string; databaseUrl: string }): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
      // bigint columns (file sizes) as numbers: exact up to 8 PiB.
      types: { getTypeParser: (oid: number, format?: any) => (oid === 20 ? Number : pg.types.getTypeParser(oid, format)) },
    });
    // An idle client losing its connection must not crash the process; the next query reports it.
    pool.on('error', () => {});
    handle = { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  } else {
    fs.mkdirSync(options.dataDir, { recursive: true });
    const sqlite = new BetterSqlite3(sqlitePath(options.dataDir));
    sqlite.pragma('journal_mode = WAL');
    // FULL: a commit is on disk before the customer is told "submitted" (DESIGN.md).
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    handle = { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: 'sqlite' };
  }
  await migrate(handle.db);
  return handle;
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrate(db: Kysely<Database>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
}
