// `npm run backup -- FILE` (docs/operations.md, Backing up): one ZIP of the whole shop, taken while orders
// arrive. The database first, consistently: SQLite's online backup (a snapshot of one instant), or
// pg_dump on PostgreSQL. Then every file that snapshot's orders and proofs name, from the local
// disk; on S3 the objects stay in the bucket (its versioning keeps them) and the manifest lists
// each one's key, size and SHA-256. The price lists, settings, invoices' and receipts' PDFs are in
// the database. manifest.json gives every entry's SHA-256, which restore checks; with the
// operator's backup key, manifest.sig signs it (signature.ts), which restore verifies.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import yazl from 'yazl';
import { z } from 'zod';
import type { Config } from '../config.js';
import { sqlitePath } from '../storage/db.js';
import { Sqlite } from '../storage/sqlite-driver.js';
import { SIGNATURE_ENTRY, signManifest } from './signature.js';

const run = promisify(execFile);

export const BACKUP_FORMAT = 'apparel-order-form-backup/1';

export interface ManifestEntry {
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  files: 'local' | 's3';
  entries: ManifestEntry[];
  /** On S3: the objects the database names, kept by the bucket (its versioning), not copied. */
  s3Objects?: { key: string; size: number; sha256: string }[];
  /** Files the snapshot names that were gone when copied (an order deleted while the backup ran). */
  missing: string[];
  counts: Record<string, number>;
}

const entrySchema = z.object({ path: z.string(), size: z.number().int().nonnegative(), sha256: z.string() });

/** A manifest as an archive holds it: read by restore, checked before anything is trusted. */
export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  files: z.enum(['local', 's3']),
  entries: z.array(entrySchema),
  s3Objects: z
    .array(z.object({ key: z.string(), size: z.number().int().nonnegative(), sha256: z.string() }))
    .optional(),
  missing: z.array(z.string()),
  counts: z.record(z.string(), z.number()),
}) satisfies z.ZodType<Manifest, unknown>;

async function sha256Of(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

const TABLES_COUNTED = ['orders', 'attachments', 'invoices', 'payments', 'price_lists', 'quote_proofs'] as const;

/** What the snapshot names: every stored file's key, size and SHA-256, and how many of each row. */
async function snapshotContents(
  config: Config,
  snapshot: string | null,
): Promise<{ keys: { key: string; size: number; sha256: string }[]; counts: Record<string, number> }> {
  const counts: Record<string, number> = {};
  if (snapshot) {
    const db = new Sqlite(snapshot, { readonly: true });
    try {
      for (const t of TABLES_COUNTED)
        counts[t] = (db.prepare(`select count(*) as n from ${t}`).get() as { n: number }).n;
      const keys = db
        .prepare(
          'select storage_key as key, size, sha256 from attachments union all select storage_key, size, sha256 from quote_proofs',
        )
        .all() as { key: string; size: number; sha256: string }[];
      return { keys, counts };
    } finally {
      db.close();
    }
  }
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: config.DATABASE_URL });
  await client.connect();
  try {
    for (const t of TABLES_COUNTED)
      counts[t] = Number((await client.query<{ n: string }>(`select count(*) as n from ${t}`)).rows[0]?.n);
    const keys = (
      await client.query<{ key: string; size: string; sha256: string }>(
        'select storage_key as key, size, sha256 from attachments union all select storage_key, size, sha256 from quote_proofs',
      )
    ).rows.map((r) => ({ key: r.key, sha256: r.sha256, size: Number(r.size) }));
    return { keys, counts };
  } finally {
    await client.end();
  }
}

/** A backup that cannot be taken, in words the operator acts on. */
export class BackupRefused extends Error {}

/**
 * Writes the backup to `file`. With `key` (the operator's BACKUP_KEY), manifest.json is signed in
 * manifest.sig; without one the archive is unsigned, said so, and restore takes it only when told
 * to (`--accept-unsigned`).
 */
export async function backup(
  config: Config,
  file: string,
  print: (line: string) => void = () => {},
  key: Buffer | null = null,
): Promise<Manifest> {
  if (!config.DATABASE_URL && !fs.existsSync(sqlitePath(config.dataDir)))
    throw new BackupRefused(
      `There is no database in DATA_DIR (${config.dataDir}): nothing to back up. Is DATA_DIR the server's?`,
    );
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'aof-backup-'));
  try {
    const entries: { path: string; source: string }[] = [];
    const postgres = config.DATABASE_URL !== '';
    let snapshot: string | null = null;
    if (postgres) {
      const dump = path.join(work, 'database.pgdump');
      await run('pg_dump', ['--format=custom', '--no-owner', '--file', dump, config.DATABASE_URL]);
      entries.push({ path: 'database/database.pgdump', source: dump });
      print('Database: pg_dump (custom format).');
    } else {
      snapshot = path.join(work, 'orders.sqlite');
      const live = new Sqlite(sqlitePath(config.dataDir), { readonly: true, fileMustExist: true });
      try {
        // SQLite's online backup: a consistent copy while the server keeps writing.
        await live.backup(snapshot);
      } finally {
        live.close();
      }
      entries.push({ path: 'database/orders.sqlite', source: snapshot });
      print('Database: SQLite online backup.');
    }
    const { keys, counts } = await snapshotContents(config, snapshot);
    const s3 = config.filesLocation.kind === 's3';
    const missing: string[] = [];
    if (!s3) {
      const root = path.join(config.dataDir, 'files');
      for (const { key } of keys) {
        const source = path.join(root, key);
        if (!fs.existsSync(source)) missing.push(key);
        else entries.push({ path: `files/${key}`, source });
        const thumb = `${source}.thumb.webp`;
        if (fs.existsSync(thumb)) entries.push({ path: `files/${key}.thumb.webp`, source: thumb });
      }
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      database: postgres ? 'postgres' : 'sqlite',
      files: s3 ? 's3' : 'local',
      entries: [],
      ...(s3 ? { s3Objects: keys } : {}),
      missing,
      counts,
    };
    const zip = new yazl.ZipFile();
    const tmp = `${file}.${process.pid}.tmp`;
    const out = zip.outputStream.pipe(fs.createWriteStream(tmp, { mode: 0o600 }));
    const written = new Promise<void>((resolve, reject) => {
      out.on('close', resolve);
      out.on('error', reject);
    });
    for (const e of entries) {
      const { sha256, size } = await sha256Of(e.source);
      manifest.entries.push({ path: e.path, size, sha256 });
      // The bytes hashed are the bytes stored: files are never changed once written.
      zip.addFile(e.source, e.path, { compress: e.path.startsWith('database/') });
    }
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    zip.addBuffer(manifestBytes, 'manifest.json');
    if (key) zip.addBuffer(Buffer.from(JSON.stringify(signManifest(key, manifestBytes))), SIGNATURE_ENTRY);
    zip.end();
    await written;
    await fsp.rename(tmp, file);
    print(
      `Wrote ${file}: the database, ${manifest.entries.length - 1} files${s3 ? `, ${keys.length} S3 objects listed` : ''}${missing.length ? `; ${missing.length} gone since the snapshot (named in the manifest)` : ''}.`,
    );
    print(
      key
        ? 'Manifest signed with the backup key (BACKUP_KEY).'
        : 'UNSIGNED: BACKUP_KEY is not set, so nothing proves this archive unchanged; restore will take it only with --accept-unsigned.',
    );
    return manifest;
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}
