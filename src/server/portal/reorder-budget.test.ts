// "Order again" cannot write past the upload budget (docs/portal.md):
// a reorder's copies count against the address's daily budget, the per-order limit and the disk
// reserve before anything is written, and are answered with an upload's own 413 and 507; a
// stored file named many times is refused, one SHA-256 is one object on this disk, and a reorder
// that fails gives its claimed bytes back.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReorderSource } from '../../shared/portal-api.js';
import {
  authHeaders,
  backends,
  localFilePath,
  multipartBody,
  sampleOrder,
  startTestApp,
  type TestApp,
} from '../../../tests/support/harness.js';
import { freshBucket, hasS3, s3Env, type TestBucket } from '../../../tests/support/s3.js';
import { createSignInLink } from './portal-store.js';

const MiB = 1024 * 1024;
const ADDRESS = '10.39.0.1';

/** An order by ada@example.com whose front is the first file (any bytes: the artwork checks are off); the others go with it. */
const orderWith = (names: string[]) => {
  const o = sampleOrder();
  const first = o.layouts['1'] as Record<string, unknown>;
  first.billing = { ...(first.billing as object), email: 'ada@example.com' };
  first.viewData = { Front: { image: names[0], dimensions: '10" wide', decoration: 'dtf' } };
  return o;
};

async function send(t: TestApp, order: unknown, files: { name: string; data: Buffer }[], cookie?: string) {
  const { payload, contentType } = await multipartBody(
    order,
    files.map((f) => ({ ...f, type: 'application/octet-stream' })),
  );
  return t.app.inject({
    method: 'POST',
    url: '/functions/v1/submit-order',
    remoteAddress: ADDRESS,
    headers: { ...authHeaders, 'content-type': contentType, ...(cookie ? { cookie } : {}) },
    payload,
  });
}

async function signedIn(t: TestApp): Promise<string> {
  const token = await createSignInLink(t.app.db, 'ada@example.com');
  const res = await t.app.inject({ method: 'POST', url: '/api/portal/session', payload: { token } });
  expect(res.statusCode, res.body).toBe(200);
  return String(res.headers['set-cookie']).split(';')[0]!;
}

async function sourceOf(t: TestApp, cookie: string, orderId: string): Promise<ReorderSource> {
  const res = await t.app.inject({ url: `/api/portal/orders/${orderId}/reorder`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReorderSource>();
}

/** The reorder as the form sends it, or naming the files given. */
const again = (s: ReorderSource, files = s.files.map((f) => ({ id: f.id, name: f.name }))) => ({
  ...s.document,
  reorder: { orderId: s.orderId, files },
});

/** Bytes the stored files take under DATA_DIR/files: each inode once (a hard link is no new byte). */
function storedBytes(dataDir: string): number {
  const seen = new Set<number>();
  let total = 0;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else {
        const st = fs.statSync(p);
        if (!seen.has(st.ino)) total += st.size;
        seen.add(st.ino);
      }
    }
  };
  walk(path.join(dataDir, 'files'));
  return total;
}

const orderCount = async (t: TestApp) =>
  Number(
    (
      await t.app.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function expectOverBudget(res: { statusCode: number; body: string; json: () => unknown }) {
  expect(res.statusCode, res.body).toBe(413);
  const { error } = res.json() as { error: { code: string; message: string; message_fr: string } };
  expect(error.code).toBe('upload_budget_exceeded');
  expect(error.message).toMatch(/^This order would take your uploads past the daily limit of 3 MB per connection/);
  expect(error.message_fr).toMatch(/^Cette commande dépasserait la limite quotidienne d'envoi de 3 Mo par connexion/);
}

describe.each(backends())('a reorder within the upload budget, files on this disk, on %s', (backend) => {
  let t: TestApp;
  let cookie = '';
  let past: ReorderSource;
  const ART = Buffer.alloc(MiB, 1);

  beforeAll(async () => {
    t = await startTestApp(backend, {
      UPLOAD_BUDGET_BYTES_PER_DAY: String(3 * MiB),
      MIN_FREE_DISK_BYTES: '0',
      ARTWORK_CHECKS: 'false',
    });
    const first = await send(t, orderWith(['Layout_1_Front.png']), [{ name: 'Layout_1_Front.png', data: ART }]);
    expect(first.statusCode, first.body).toBe(201);
    cookie = await signedIn(t);
    past = await sourceOf(t, cookie, first.json<{ orderId: string }>().orderId);
  });
  afterAll(async () => t?.close());

  it('refuses a reorder naming one stored file 100 times, writing nothing, and counts each reorder', async () => {
    // 1 MiB of the 3 MiB counted; a 3 MiB order is over.
    const big = await send(t, orderWith(['Layout_1_Front.png']), [
      { name: 'Layout_1_Front.png', data: Buffer.alloc(3 * MiB, 2) },
    ]);
    expectOverBudget(big);
    const orders = await orderCount(t);
    const bytes = storedBytes(t.dataDir);
    expect(bytes).toBe(MiB);

    // The attack: an 8 KB body naming the same stored file 100 times (100 MiB before).
    const name = past.files[0]!.name;
    const hundred = await send(
      t,
      again(
        past,
        Array.from({ length: 100 }, () => ({ id: past.files[0]!.id, name })),
      ),
      [],
      cookie,
    );
    expect(hundred.statusCode, hundred.body).toBe(422);
    expect(hundred.json()).toMatchObject({
      error: { code: 'duplicate_reused_file', fields: ['reorder.files.1.id'] },
    });
    expect(await orderCount(t)).toBe(orders);
    expect(storedBytes(t.dataDir)).toBe(bytes);

    // Each reorder counts its 1 MiB: two fit (3 MiB in all), the third is the upload's own 413.
    expect((await send(t, again(past), [], cookie)).statusCode).toBe(201);
    expect((await send(t, again(past), [], cookie)).statusCode).toBe(201);
    expectOverBudget(await send(t, again(past), [], cookie));
    expect(await orderCount(t)).toBe(orders + 2);
    expect(storedBytes(t.dataDir)).toBe(3 * MiB);
  });
});

describe.each(backends())('the same bytes twice in a reorder, on %s', (backend) => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('keeps one object on this disk for one SHA-256, and counts it once', async () => {
    t = await startTestApp(backend, {
      UPLOAD_BUDGET_BYTES_PER_DAY: String(3 * MiB),
      MIN_FREE_DISK_BYTES: '0',
      ARTWORK_CHECKS: 'false',
    });
    const same = Buffer.alloc(MiB, 3);
    const first = await send(t, orderWith(['Layout_1_Front.png', 'copy.png']), [
      { name: 'Layout_1_Front.png', data: same },
      { name: 'copy.png', data: same },
    ]);
    expect(first.statusCode, first.body).toBe(201);
    const cookie = await signedIn(t);
    const past = await sourceOf(t, cookie, first.json<{ orderId: string }>().orderId);
    expect(past.files).toHaveLength(2);
    // 2 MiB counted by the upload; the reorder's two files are one 1 MiB object: it fits.
    const res = await send(t, again(past), [], cookie);
    expect(res.statusCode, res.body).toBe(201);
    const rows = await t.app.db
      .selectFrom('attachments')
      .select(['name', 'storage_key', 'sha256'])
      .where('order_id', '=', res.json<{ orderId: string }>().orderId)
      .orderBy('position')
      .execute();
    expect(rows.map((r) => r.name)).toEqual(['Layout_1_Front.png', 'copy.png']);
    const [a, b] = rows.map((r) => fs.statSync(path.join(t.dataDir, 'files', r.storage_key)));
    expect(a!.ino).toBe(b!.ino);
    // Two orders' files on disk: 1 MiB uploaded twice, 1 MiB for the reorder's two names.
    expect(storedBytes(t.dataDir)).toBe(3 * MiB);
    // The budget is spent (3 MiB): the next reorder is refused.
    expectOverBudget(await send(t, again(past), [], cookie));
  });
});

describe.each(backends())('a reorder that fails, on %s', (backend) => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('gives its claimed bytes back to the budget: failed reorders spend nothing', async () => {
    t = await startTestApp(backend, {
      UPLOAD_BUDGET_BYTES_PER_DAY: String(3 * MiB),
      MIN_FREE_DISK_BYTES: '0',
      ARTWORK_CHECKS: 'false',
    });
    const first = await send(t, orderWith(['Layout_1_Front.png']), [
      { name: 'Layout_1_Front.png', data: Buffer.alloc(MiB, 6) },
    ]);
    expect(first.statusCode, first.body).toBe(201);
    const cookie = await signedIn(t);
    const past = await sourceOf(t, cookie, first.json<{ orderId: string }>().orderId);
    const [stored] = await t.app.db
      .selectFrom('attachments')
      .select('storage_key')
      .where('order_id', '=', past.orderId)
      .execute();
    const file = localFilePath(t.app, stored!.storage_key);
    const original = fs.readFileSync(file);
    // 1 MiB of 3 spent. Its stored file changed: each reorder claims 1 MiB, then fails (409).
    fs.writeFileSync(file, Buffer.concat([original, Buffer.from('tampered')]));
    try {
      for (let i = 0; i < 3; i++) {
        const res = await send(t, again(past), [], cookie);
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toMatchObject({ error: { code: 'reused_file_changed' } });
      }
    } finally {
      fs.writeFileSync(file, original);
    }
    // Still 1 MiB spent: two reorders fit, the third is over.
    expect((await send(t, again(past), [], cookie)).statusCode).toBe(201);
    expect((await send(t, again(past), [], cookie)).statusCode).toBe(201);
    expectOverBudget(await send(t, again(past), [], cookie));
  });
});

/** A small real volume: tmpfs, when this runs as root and may mount. */
function mountTmpfs(size: string): string | null {
  if (process.getuid?.() !== 0) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-vol-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    fs.rmdirSync(dir);
    return null;
  }
}
const canMount = (() => {
  const dir = mountTmpfs('1m');
  if (!dir) return false;
  execFileSync('umount', [dir]);
  fs.rmdirSync(dir);
  return true;
})();

describe.skipIf(!canMount)('a reorder and the disk reserve (a 48 MiB tmpfs)', () => {
  let volume = '';
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close().catch(() => {});
    if (volume) {
      execFileSync('umount', [volume]);
      fs.rmdirSync(volume);
    }
  });

  it('answers the upload’s own 507 before copying when the copies would take the disk below its reserve', async () => {
    volume = mountTmpfs('48m')!;
    const dataDir = path.join(volume, 'data');
    // Free ≈ 48 MiB: a 6 MiB order leaves ≈ 42; a 6 MiB reorder would leave ≈ 36, under the 38 MiB reserve.
    t = await startTestApp('sqlite', {
      DATA_DIR: dataDir,
      MIN_FREE_DISK_BYTES: String(38 * MiB),
      UPLOAD_BUDGET_DISK_PERCENT: '100',
      ARTWORK_CHECKS: 'false',
    });
    const first = await send(t, orderWith(['Layout_1_Front.png']), [
      { name: 'Layout_1_Front.png', data: Buffer.alloc(6 * MiB, 4) },
    ]);
    expect(first.statusCode, first.body).toBe(201);
    const cookie = await signedIn(t);
    const past = await sourceOf(t, cookie, first.json<{ orderId: string }>().orderId);
    const bytes = storedBytes(dataDir);
    const res = await send(t, again(past), [], cookie);
    expect(res.statusCode, res.body).toBe(507);
    const { error } = res.json<{ error: { code: string; message: string; message_fr: string } }>();
    expect(error.code).toBe('insufficient_storage');
    expect(error.message).toMatch(/short of disk space.*Nothing was saved/);
    expect(error.message_fr).toMatch(/manque d'espace disque.*Rien n'a été enregistré/);
    expect(storedBytes(dataDir)).toBe(bytes);
    expect(await orderCount(t)).toBe(1);
  });
});

describe.runIf(hasS3()).each(backends())('a reorder within the upload budget, files on S3, on %s', (backend) => {
  let bucket: TestBucket;
  let t: TestApp;

  beforeAll(async () => {
    bucket = await freshBucket();
    t = await startTestApp(backend, {
      ...s3Env(bucket.name, 'shop'),
      UPLOAD_BUDGET_BYTES_PER_DAY: String(3 * MiB),
      MIN_FREE_DISK_BYTES: '0',
      ARTWORK_CHECKS: 'false',
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await bucket?.remove();
  });

  it('counts each copy inside the bucket, refuses a file named twice, and answers 413 past the budget', async () => {
    const first = await send(t, orderWith(['Layout_1_Front.png']), [
      { name: 'Layout_1_Front.png', data: Buffer.alloc(MiB, 5) },
    ]);
    expect(first.statusCode, first.body).toBe(201);
    const cookie = await signedIn(t);
    const past = await sourceOf(t, cookie, first.json<{ orderId: string }>().orderId);
    const objects = async () => (await bucket.keys('shop/files/')).filter((k) => !k.endsWith('.thumb.webp')).length;
    expect(await objects()).toBe(1);
    const f = past.files[0]!;
    const hundred = await send(
      t,
      again(
        past,
        Array.from({ length: 100 }, () => ({ id: f.id, name: f.name })),
      ),
      [],
      cookie,
    );
    expect(hundred.statusCode, hundred.body).toBe(422);
    expect(await objects()).toBe(1);
    expect((await send(t, again(past), [], cookie)).statusCode).toBe(201);
    expect((await send(t, again(past), [], cookie)).statusCode).toBe(201);
    expectOverBudget(await send(t, again(past), [], cookie));
    expect(await objects()).toBe(3);
  });
});
