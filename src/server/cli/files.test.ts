// `npm run files -- copy-to-s3` against a real S3 server: every file of DATA_DIR/files reaches
// the bucket under its storage key with its size and SHA-256 checked; a second run skips them;
// a file on disk that does not match the database is refused, never copied. Its command line
// (help, refusals) is tested without a bucket.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backends,
  localFilePath,
  sampleOrder,
  sha256,
  startTestApp,
  submitMultipart,
  type TestApp,
} from '../../../tests/support/harness.js';
import { builtServer } from '../../../tests/support/built-server.js';
import { runCli } from '../../../tests/support/cli.js';
import { freshBucket, hasS3, s3Env, s3Location, type TestBucket } from '../../../tests/support/s3.js';
import { copyFilesToS3 } from '../files/copy-to-s3.js';
import { LocalFileStore } from '../files/file-store.js';
import { S3FileStore } from '../files/s3-file-store.js';
import { listAttachments } from '../storage/orders.js';

await builtServer();

const filesCli = (env: Record<string, string>, args: string[]) => runCli('files', args, { env });

describe('npm run files, its command line', () => {
  let dataDir = '';
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-files-cli-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('prints its help, and refuses a wrong command line saying what is wrong, then the usage, exit 2', async () => {
    // No bucket: a command line it accepted would stop at FILES_URL, exit 64, copying nothing.
    const env = { DATA_DIR: dataDir, FILES_URL: '' };
    const help = await filesCli(env, ['--help']);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^Usage: npm run files -- <command>/);
    for (const line of ['  copy-to-s3 ', '  -h, --help ', 'FILES_URL=s3://bucket/prefix'])
      expect(help.stdout).toContain(line);

    const wrong: [string[], string][] = [
      [['copy-to-s3', '--bogus'], 'unknown option --bogus'],
      [[], 'missing command'],
      [['nonsense'], 'unknown command "nonsense"'],
      [['copy-to-s3', 'now'], 'unexpected argument "now" for copy-to-s3'],
    ];
    for (const [args, message] of wrong) {
      const r = await filesCli(env, args);
      expect(r, args.join(' ')).toEqual({ code: 2, stdout: '', stderr: `npm run files: ${message}\n\n${help.stdout}` });
    }
    const noBucket = await filesCli(env, ['copy-to-s3']);
    expect(noBucket).toMatchObject({ code: 64, stdout: '' });
    expect(noBucket.stderr).toContain('Set FILES_URL=s3://bucket/prefix');
  });
});

describe.runIf(hasS3()).each(backends())('npm run files -- copy-to-s3, on %s', (backend) => {
  let t: TestApp;
  let bucket: TestBucket;

  beforeAll(async () => {
    bucket = await freshBucket();
    t = await startTestApp(backend, { ARTWORK_CHECKS: 'false' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await bucket?.remove();
  });

  it('copies every file with its thumbnail, checked; skips them the second time; refuses a file that changed on disk', async () => {
    const big = Buffer.alloc(17 * 1024 * 1024, 3);
    const first = await submitMultipart(t.app, sampleOrder(), [
      { name: 'Layout_1_Front.psd', type: 'image/vnd.adobe.photoshop', data: big },
      { name: 'po.txt', type: 'text/plain', data: 'PO 1' },
    ]);
    const second = await submitMultipart(t.app, sampleOrder(), [
      { name: 'logo.svg', type: 'image/svg+xml', data: '<svg/>' },
    ]);
    const rows = [
      ...(await listAttachments(t.app.db, first.orderId)),
      ...(await listAttachments(t.app.db, second.orderId)),
    ];
    fs.writeFileSync(`${localFilePath(t.app, rows[0]!.storage_key)}.thumb.webp`, 'a thumbnail');
    const env = { DATA_DIR: t.config.DATA_DIR, DATABASE_URL: t.config.DATABASE_URL, ...s3Env(bucket.name, 'shop') };

    const run = await filesCli(env, ['copy-to-s3']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('Failed');
    expect(run.stdout).toContain('Copied 3 files (17 MB) and 1 thumbnails; 0 already in the bucket; 0 failed.');
    for (const r of rows) expect(run.stdout).toContain(`${r.storage_key} (`);

    const s3 = new S3FileStore(t.dataDir, 0, s3Location(bucket.name, 'shop'));
    for (const r of rows) {
      const { stream, size } = await s3.open(r.storage_key);
      expect(size).toBe(r.size);
      expect(sha256(await buffer(stream))).toBe(r.sha256);
    }
    expect((await buffer((await s3.openThumbnail(rows[0]!.storage_key))!)).toString()).toBe('a thumbnail');

    // Run again: nothing to do.
    const lines: string[] = [];
    const local = new LocalFileStore(t.dataDir);
    const again = await copyFilesToS3({ db: t.app.db, from: local, to: s3, print: (l) => lines.push(l) });
    expect(again).toEqual({ copied: 0, copiedBytes: 0, skipped: 3, failed: 0, thumbnails: 0 });
    expect(lines.filter((l) => l.endsWith('already in the bucket'))).toHaveLength(3);

    // A file altered on disk since its order was saved is not copied.
    const third = await submitMultipart(t.app, sampleOrder(), [
      { name: 'x.txt', type: 'text/plain', data: 'original' },
    ]);
    const [altered] = await listAttachments(t.app.db, third.orderId);
    fs.writeFileSync(localFilePath(t.app, altered!.storage_key), 'tampered');
    const refused = await copyFilesToS3({ db: t.app.db, from: local, to: s3, print: (l) => lines.push(l) });
    expect(refused).toMatchObject({ copied: 0, skipped: 3, failed: 1 });
    const failedLine = lines.find((l) => l.includes(altered!.storage_key) && l.includes('FAILED'));
    expect(failedLine).toContain('does not match the database');
    expect(await s3.describe(altered!.storage_key)).toBeNull();
  }, 180_000);
});
