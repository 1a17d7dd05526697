// A backup's manifest is signed with the operator's key (README, Backing up): a restore says
// "Signature verified", and refuses an archive whose database was changed and whose manifest's
// SHA-256 was recomputed to match, one re-signed with another key, and one unsigned or stripped of
// its signature unless the operator accepts it in so many words. On SQLite and PostgreSQL.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import {
  backends,
  freshPostgres,
  pageToken,
  sampleOrder,
  startTestApp,
  submitMultipart,
  type TestApp,
} from '../../../tests/support/harness.js';
import { backup, type Manifest } from './backup.js';
import { restore, RestoreRefused } from './restore.js';
import { backupKey, signManifest } from './signature.js';

const KEY = Buffer.from('0123456789abcdef0123456789abcdef-the-shop-key');
const OTHER = Buffer.from('an attacker key that is long enough to be taken');

/** The archive's entries, in order, as bytes. */
async function entriesOf(file: string): Promise<[string, Buffer][]> {
  const out: [string, Buffer][] = [];
  await new Promise<void>((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, reader) => {
      if (err || !reader) return reject(err ?? new Error('no zip'));
      reader.on('entry', (entry: yauzl.Entry) => {
        reader.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.push([entry.fileName, Buffer.concat(chunks)]);
            reader.readEntry();
          });
        });
      });
      reader.on('end', () => resolve());
      reader.readEntry();
    });
  });
  return out;
}

async function writeArchive(file: string, entries: [string, Buffer][]): Promise<void> {
  const zip = new yazl.ZipFile();
  const out = fs.createWriteStream(file);
  zip.outputStream.pipe(out);
  for (const [name, bytes] of entries) zip.addBuffer(bytes, name);
  zip.end();
  await new Promise<void>((r) => out.on('close', () => r()));
}

/**
 * What an attacker with the archive but not the key makes: the database changed, its SHA-256 and
 * size recomputed in the manifest, the signature kept, left out, or made with their own key.
 */
async function tampered(file: string, signature: 'kept' | 'dropped' | 'theirs'): Promise<string> {
  const entries = await entriesOf(file);
  const db = entries.find(([name]) => name.startsWith('database/'))!;
  db[1] = Buffer.concat([db[1], Buffer.from('tampered')]);
  const manifest = entries.find(([name]) => name === 'manifest.json')!;
  const m = JSON.parse(manifest[1].toString('utf8')) as Manifest;
  const entry = m.entries.find((e) => e.path === db[0])!;
  entry.sha256 = createHash('sha256').update(db[1]).digest('hex');
  entry.size = db[1].length;
  manifest[1] = Buffer.from(JSON.stringify(m, null, 2));
  let kept = entries.filter(([name]) => signature === 'kept' || name !== 'manifest.sig');
  if (signature === 'theirs')
    kept = [...kept, ['manifest.sig', Buffer.from(JSON.stringify(signManifest(OTHER, manifest[1])))]];
  const out = `${file}.${signature}.zip`;
  await writeArchive(out, kept);
  return out;
}

describe.each(backends())('signed backups on %s', (backend) => {
  let t: TestApp;
  let signed = '';
  let unsigned = '';
  const drops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    t = await startTestApp(backend, { ARTWORK_CHECKS: 'false' });
    await submitMultipart(t.app, sampleOrder(), [], { 'x-form-token': pageToken(t) });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-bk-'));
    signed = path.join(dir, 'signed.zip');
    unsigned = path.join(dir, 'unsigned.zip');
    const said: string[] = [];
    await backup(t.config, signed, (l) => said.push(l), KEY);
    await backup(t.config, unsigned, (l) => said.push(l));
    expect(said).toContain('Manifest signed with the backup key (BACKUP_KEY).');
    expect(said.some((l) => l.startsWith('UNSIGNED:'))).toBe(true);
  });
  afterAll(async () => {
    await t?.close();
    for (const drop of drops) await drop();
  });

  /** An empty place to restore into: a fresh folder, and on PostgreSQL a fresh database. */
  const target = async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-restored-'));
    if (backend === 'sqlite') return { config: loadConfig({ DATA_DIR: dataDir }), dataDir };
    const database = await freshPostgres();
    drops.push(database.drop);
    return { config: loadConfig({ DATA_DIR: dataDir, DATABASE_URL: database.url }), dataDir };
  };
  const nothingRestored = (dataDir: string) =>
    expect(fs.readdirSync(dataDir).filter((n) => !n.startsWith('.restore-'))).toEqual([]);

  it('restores a signed archive with its key, and says the signature was verified', async () => {
    const { config } = await target();
    const said: string[] = [];
    expect((await restore(config, signed, (l) => said.push(l), { key: KEY })).orders).toBe(1);
    expect(said[0]).toMatch(/^Signature verified \(key [0-9a-f]{16}\)\.$/);
  });

  it('refuses a changed archive whose hashes were recomputed, kept signature or their own', async () => {
    for (const how of ['kept', 'theirs'] as const) {
      const { config, dataDir } = await target();
      const archive = await tampered(signed, how);
      await expect(restore(config, archive, () => {}, { key: KEY })).rejects.toThrow(
        /The manifest's signature does not match: the archive was changed after it was made/,
      );
      // Even an operator who accepts unsigned archives is not given a bad signature.
      await expect(restore(config, archive, () => {}, { key: KEY, acceptUnsigned: true })).rejects.toThrow(
        RestoreRefused,
      );
      nothingRestored(dataDir);
    }
  });

  it('refuses an unsigned archive, or one stripped of its signature, unless told to take it', async () => {
    const stripped = await tampered(signed, 'dropped');
    for (const archive of [unsigned, stripped]) {
      const { config, dataDir } = await target();
      await expect(restore(config, archive, () => {}, { key: KEY })).rejects.toThrow(/This backup is not signed/);
      nothingRestored(dataDir);
    }
    const { config } = await target();
    const said: string[] = [];
    expect((await restore(config, unsigned, (l) => said.push(l), { key: KEY, acceptUnsigned: true })).orders).toBe(1);
    expect(said[0]).toMatch(/^UNSIGNED archive taken \(--accept-unsigned\)/);
  });

  it('refuses a signed archive without the key, unless told to restore it unchecked', async () => {
    const { config, dataDir } = await target();
    await expect(restore(config, signed)).rejects.toThrow(/This backup is signed: set BACKUP_KEY/);
    nothingRestored(dataDir);
    const said: string[] = [];
    expect((await restore(config, signed, (l) => said.push(l), { acceptUnsigned: true })).orders).toBe(1);
    expect(said[0]).toBe('Signature NOT checked (no BACKUP_KEY; --accept-unsigned).');
  });
});

describe('the backup key from the environment', () => {
  it('reads BACKUP_KEY or BACKUP_KEY_FILE, and refuses a short key', () => {
    expect(backupKey({})).toBeNull();
    expect(backupKey({ BACKUP_KEY: KEY.toString() })).toEqual(KEY);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'aof-key-')), 'backup.key');
    fs.writeFileSync(file, `${OTHER.toString()}\n`, { mode: 0o600 });
    expect(backupKey({ BACKUP_KEY_FILE: file, BACKUP_KEY: KEY.toString() })).toEqual(OTHER);
    expect(() => backupKey({ BACKUP_KEY: 'short' })).toThrow(ConfigError);
    expect(() => backupKey({ BACKUP_KEY_FILE: `${file}.missing` })).toThrow(/BACKUP_KEY_FILE: cannot read/);
  });
});
