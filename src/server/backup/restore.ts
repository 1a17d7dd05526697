// `npm run restore -- FILE` (docs/operations.md, Backing up): a backup into an empty data folder (and, on
// PostgreSQL, an empty database); anything else is refused, so a restore never mixes two shops.
// Every entry's SHA-256 is checked against the manifest before the data is put in place; the
// database is then opened as the server opens it (its migrations run), and the numbers of orders,
// files, invoices and payments are said. Before any of it, the manifest's signature: verified with
// the operator's backup key, or the restore refused (a bad signature always; a missing one, or no
// key, unless the operator accepts an unsigned archive).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import type { Config } from '../config.js';
import { openDatabase, sqlitePath } from '../storage/db.js';
import { readJson } from '../storage/json.js';
import { BACKUP_FORMAT, manifestSchema, type Manifest } from './backup.js';
import { keyIdOf, SIGNATURE_ENTRY, signatureMatches } from './signature.js';

const run = promisify(execFile);

export class RestoreRefused extends Error {}

const openZip = promisify<string, yauzl.Options, yauzl.ZipFile>(yauzl.open);

async function readEntries(
  file: string,
  onEntry: (entry: yauzl.Entry, stream: NodeJS.ReadableStream) => Promise<void>,
) {
  const zip = await openZip(file, { lazyEntries: true, autoClose: true });
  const openStream = promisify(zip.openReadStream.bind(zip));
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', resolve);
    zip.on('entry', (entry: yauzl.Entry) => {
      openStream(entry)
        .then((stream) => onEntry(entry, stream))
        .then(() => zip.readEntry(), reject);
    });
    zip.readEntry();
  });
}

async function emptyFolder(dir: string): Promise<boolean> {
  if (!fs.existsSync(dir)) return true;
  // A data folder a server once started in holds only empty folders until an order arrives.
  const names = (await fsp.readdir(dir)).filter((n) => !['tmp', 'uploads', 'outbox', 'files', 'staging'].includes(n));
  if (names.length > 0) return false;
  for (const n of ['files', 'outbox'])
    if (fs.existsSync(path.join(dir, n)) && (await fsp.readdir(path.join(dir, n))).length > 0) return false;
  return true;
}

async function emptyDatabase(url: string): Promise<boolean> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables where table_schema = 'public'`,
    );
    return Number(r.rows[0]?.n) === 0;
  } finally {
    await client.end();
  }
}

export interface RestoreOptions {
  /** The operator's backup key (BACKUP_KEY), which the manifest's signature must match. */
  key?: Buffer | null;
  /** Take an archive without a signature, or restore without a key: said, never silent. */
  acceptUnsigned?: boolean;
}

/** The manifest's signature checked; what to say about it, or a refusal. */
function checkSignature(manifest: Buffer, signature: Buffer | null, options: RestoreOptions): string {
  const { key = null, acceptUnsigned = false } = options;
  let parsed: unknown = null;
  if (signature) {
    try {
      parsed = JSON.parse(signature.toString('utf8'));
    } catch {
      parsed = null;
    }
  }
  if (signature && key) {
    if (signatureMatches(key, manifest, parsed)) return `Signature verified (key ${keyIdOf(key)}).`;
    const signedBy = (parsed as { keyId?: unknown } | null)?.keyId;
    throw new RestoreRefused(
      `The manifest's signature does not match: the archive was changed after it was made, or signed with another key${typeof signedBy === 'string' && signedBy !== keyIdOf(key) ? ` (it names key ${signedBy.slice(0, 16)}, BACKUP_KEY is ${keyIdOf(key)})` : ''}. Nothing was restored.`,
    );
  }
  if (!acceptUnsigned)
    throw new RestoreRefused(
      signature
        ? 'This backup is signed: set BACKUP_KEY (or BACKUP_KEY_FILE) to the key it was made with, so its signature can be checked (or pass --accept-unsigned to restore it unchecked). Nothing was restored.'
        : 'This backup is not signed, so nothing proves it unchanged: restore it only if you trust where it was kept, with --accept-unsigned. Nothing was restored.',
    );
  return signature
    ? 'Signature NOT checked (no BACKUP_KEY; --accept-unsigned).'
    : 'UNSIGNED archive taken (--accept-unsigned): its SHA-256s are checked, but nothing proves the manifest unchanged.';
}

export async function restore(
  config: Config,
  file: string,
  print: (line: string) => void = () => {},
  options: RestoreOptions = {},
): Promise<Manifest['counts']> {
  const postgres = config.DATABASE_URL !== '';
  if (!(await emptyFolder(config.dataDir)))
    throw new RestoreRefused(`DATA_DIR (${config.dataDir}) is not empty: restore only into a new, empty data folder.`);
  if (postgres && !(await emptyDatabase(config.DATABASE_URL)))
    throw new RestoreRefused('The database of DATABASE_URL is not empty: restore only into a new, empty database.');

  // First pass: the manifest. Second: every entry checked into a staging folder, nothing in place yet.
  // A second manifest.json or manifest.sig in one archive is refused: one of each is signed.
  const small: Record<string, Buffer> = {};
  await readEntries(file, async (entry, stream) => {
    if (entry.fileName !== 'manifest.json' && entry.fileName !== SIGNATURE_ENTRY) return void stream.resume();
    if (small[entry.fileName])
      throw new RestoreRefused(`${file} holds ${entry.fileName} twice: it is not a backup made here.`);
    const chunks: Buffer[] = [];
    for await (const c of stream as AsyncIterable<Buffer>) chunks.push(c);
    small[entry.fileName] = Buffer.concat(chunks);
  });
  const manifestBytes = small['manifest.json'];
  const m = manifestBytes ? readJson(manifestSchema, manifestBytes.toString('utf8')) : null;
  if (!m || !manifestBytes)
    throw new RestoreRefused(`${file} is not a backup of this app (no manifest.json of ${BACKUP_FORMAT}).`);
  print(checkSignature(manifestBytes, small[SIGNATURE_ENTRY] ?? null, options));
  if ((m.database === 'postgres') !== postgres)
    throw new RestoreRefused(
      `This backup's database is ${m.database}: restore it with ${m.database === 'postgres' ? 'DATABASE_URL set to an empty PostgreSQL database' : 'DATABASE_URL empty (SQLite)'}.`,
    );
  const expected = new Map(m.entries.map((e) => [e.path, e]));
  await fsp.mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const staging = await fsp.mkdtemp(path.join(config.dataDir, '.restore-'));
  try {
    const seen = new Set<string>();
    await readEntries(file, async (entry, stream) => {
      if (entry.fileName === 'manifest.json' || entry.fileName === SIGNATURE_ENTRY) return void stream.resume();
      const want = expected.get(entry.fileName);
      if (!want || entry.fileName.includes('..') || path.isAbsolute(entry.fileName))
        throw new RestoreRefused(`${entry.fileName} is in the archive but not in its manifest.`);
      const target = path.join(staging, entry.fileName);
      await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const hash = createHash('sha256');
      const bytes = stream as Readable;
      bytes.on('data', (chunk: Buffer) => hash.update(chunk));
      await pipeline(bytes, fs.createWriteStream(target, { mode: 0o600 }));
      if (hash.digest('hex') !== want.sha256)
        throw new RestoreRefused(
          `${entry.fileName} does not match its SHA-256 in the manifest: the backup is damaged.`,
        );
      seen.add(entry.fileName);
    });
    const absent = m.entries.filter((e) => !seen.has(e.path));
    if (absent.length > 0)
      throw new RestoreRefused(
        `${absent.length} entries of the manifest are not in the archive (${absent[0]!.path}…).`,
      );
    print(`Checked ${seen.size} entries against their SHA-256.`);

    // In place: the files, then the database.
    if (fs.existsSync(path.join(staging, 'files')))
      await fsp.cp(path.join(staging, 'files'), path.join(config.dataDir, 'files'), { recursive: true });
    if (postgres) {
      await run('pg_restore', [
        '--no-owner',
        '--exit-on-error',
        '--dbname',
        config.DATABASE_URL,
        path.join(staging, 'database/database.pgdump'),
      ]);
    } else {
      await fsp.rename(path.join(staging, 'database/orders.sqlite'), sqlitePath(config.dataDir));
    }
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
  // Opened as the server opens it: its migrations run on a backup of an older version.
  const { db } = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL });
  try {
    const counts: Record<string, number> = {};
    for (const t of ['orders', 'attachments', 'invoices', 'payments'] as const)
      counts[t] = Number(
        (
          await db
            .selectFrom(t)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    print(
      `Restored ${counts.orders} orders, ${counts.attachments} files, ${counts.invoices} invoices and credit notes, ${counts.payments} payments${m.files === 's3' ? ` (the files stay in the bucket: ${m.s3Objects?.length ?? 0} objects listed in the manifest)` : ''}.`,
    );
    return counts;
  } finally {
    await db.destroy();
  }
}
