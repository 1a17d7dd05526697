// The S3 file store against a real S3 server (Ceph RGW): what the local store does, on a bucket.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../../tests/support/harness.js';
import { freshBucket, hasS3, s3Location, type TestBucket } from '../../../tests/support/s3.js';
import { DomainError } from '../errors.js';
import { S3FileStore, PART_BYTES } from './s3-file-store.js';

const LIMITS = { maxFileBytes: 1024 ** 3, maxOrderBytes: 1024 ** 3, maxFiles: 100 };

describe.runIf(hasS3())('S3 file store', () => {
  let bucket: TestBucket;
  let dataDir: string;
  let store: S3FileStore;

  beforeAll(async () => {
    bucket = await freshBucket();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-s3-store-'));
    store = new S3FileStore(dataDir, 0, s3Location(bucket.name, 'shop/a'));
    await store.init();
  }, 60_000);

  afterAll(async () => {
    await bucket?.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function storeOrder(files: { name: string; data: Buffer }[]) {
    const staging = store.newStaging(LIMITS);
    for (const f of files) await staging.writeBuffer(f.data, f.name, 'application/octet-stream');
    const orderId = randomUUID();
    const keys = await staging.moveInto(orderId);
    await staging.discard();
    return { orderId, staged: staging.files, keys };
  }

  it('uploads staged files (one PUT and multipart) and gives them back byte for byte, with ranged reads', async () => {
    const small = randomBytes(300_000);
    const large = randomBytes(PART_BYTES * 2 + 12_345);
    const empty = Buffer.alloc(0);
    const { orderId, staged, keys } = await storeOrder([
      { name: 'small.png', data: small },
      { name: 'large.psd', data: large },
      { name: 'empty.txt', data: empty },
    ]);
    expect([...keys.values()].sort()).toEqual(staged.map((f) => `${orderId}/${f.id}`).sort());
    expect((await bucket.keys('shop/a/files/')).sort()).toEqual(
      staged.map((f) => `shop/a/files/${orderId}/${f.id}`).sort(),
    );
    for (const [i, data] of [small, large, empty].entries()) {
      const key = keys.get(staged[i]!.id)!;
      const { stream, size } = await store.open(key);
      expect(size).toBe(data.length);
      expect(sha256(await buffer(stream))).toBe(sha256(data));
      expect(staged[i]!.sha256).toBe(sha256(data));
      expect(await store.head(key, 12)).toEqual(data.subarray(0, 12));
    }
    // Staging is left empty: the bytes live in the bucket only.
    expect(fs.readdirSync(path.join(dataDir, 'tmp'))).toEqual([]);
  }, 120_000);

  it('adopts a finished upload by a copy inside the bucket: one CopyObject, or ranges above the limit', async () => {
    // Ranges from 6 MiB up: the large object takes the UploadPartCopy path (S3's 5 GiB in production).
    const copier = new S3FileStore(dataDir, 0, s3Location(bucket.name, 'shop/a'), {
      copyObjectMaxBytes: 6 * 1024 * 1024,
      copyPartBytes: 5 * 1024 * 1024,
    });
    const small = randomBytes(200_000);
    const large = randomBytes(12 * 1024 * 1024 + 99);
    for (const [name, data] of [
      ['small', small],
      ['large', large],
    ] as const) {
      await bucket.client.send(
        new PutObjectCommand({ Bucket: bucket.name, Key: `shop/a/uploads/${name}`, Body: data }),
      );
    }
    const staging = copier.newStaging(LIMITS);
    for (const [name, data] of [
      ['small', small],
      ['large', large],
    ] as const) {
      const taken = await staging.takeObject(`shop/a/uploads/${name}`, `${name}.tif`, 'image/tiff', {
        size: data.length,
        sha256: sha256(data),
      });
      expect(taken).toMatchObject({ objectKey: `shop/a/uploads/${name}`, size: data.length });
    }
    const orderId = randomUUID();
    const keys = await staging.moveInto(orderId);
    await staging.discard();
    for (const [i, data] of [small, large].entries()) {
      const key = keys.get(staging.files[i]!.id)!;
      const { stream, size } = await copier.open(key);
      expect(size).toBe(data.length);
      expect(sha256(await buffer(stream))).toBe(sha256(data));
      expect(await copier.describe(key)).toEqual({ size: data.length, sha256: sha256(data) });
    }
    // Nothing was staged on this machine's disk.
    expect(fs.readdirSync(path.join(dataDir, 'tmp'))).toEqual([]);
  }, 120_000);

  it('answers ENOENT for a file that is not there', async () => {
    await expect(store.open(`${randomUUID()}/${randomUUID()}`)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('keeps a thumbnail beside its file, and lends the file as a private local copy', async () => {
    const data = randomBytes(5000);
    const { staged, keys } = await storeOrder([{ name: 'art.png', data }]);
    const key = keys.get(staged[0]!.id)!;
    expect(await store.openThumbnail(key)).toBeNull();

    let copy = '';
    const seen = await store.withLocalFile(key, async (local) => {
      copy = local;
      expect(fs.statSync(local).mode & 0o777).toBe(0o600);
      return fs.readFileSync(local);
    });
    expect(seen.equals(data)).toBe(true);
    expect(fs.existsSync(copy)).toBe(false);

    const draft = store.thumbnailDraftPath();
    fs.writeFileSync(draft, 'webp bytes');
    await store.saveThumbnail(key, draft);
    expect(fs.existsSync(draft)).toBe(false);
    expect((await buffer((await store.openThumbnail(key))!)).toString()).toBe('webp bytes');
  });

  it('removes an order’s files and thumbnails, and nothing of other orders', async () => {
    const a = await storeOrder([{ name: 'a', data: Buffer.from('a') }]);
    const b = await storeOrder([{ name: 'b', data: Buffer.from('b') }]);
    const draft = store.thumbnailDraftPath();
    fs.writeFileSync(draft, 'thumb');
    await store.saveThumbnail(a.keys.get(a.staged[0]!.id)!, draft);
    expect(await bucket.keys(`shop/a/files/${a.orderId}/`)).toHaveLength(2);
    await store.removeOrderFiles(a.orderId);
    expect(await bucket.keys(`shop/a/files/${a.orderId}/`)).toEqual([]);
    expect(await bucket.keys(`shop/a/files/${b.orderId}/`)).toHaveLength(1);
  });

  it('removes one file and its thumbnail, and nothing else of its order', async () => {
    const { orderId, staged, keys } = await storeOrder([
      { name: 'wrong', data: Buffer.from('wrong') },
      { name: 'right', data: Buffer.from('right') },
    ]);
    const wrong = keys.get(staged[0]!.id)!;
    const draft = store.thumbnailDraftPath();
    fs.writeFileSync(draft, 'thumb');
    await store.saveThumbnail(wrong, draft);
    expect(await bucket.keys(`shop/a/files/${orderId}/`)).toHaveLength(3);
    await store.removeFile(wrong);
    await store.removeFile(wrong);
    expect(await bucket.keys(`shop/a/files/${orderId}/`)).toEqual([store.objectKey(keys.get(staged[1]!.id)!)]);
  });

  it('sweeps the files of orders that do not exist, once older than minAge, and keeps the others', async () => {
    const kept = await storeOrder([{ name: 'kept', data: Buffer.from('kept') }]);
    const orphan = await storeOrder([{ name: 'orphan', data: Buffer.from('orphan') }]);
    const known = new Set<string>([kept.orderId]);
    const existing = async (ids: string[]) => new Set(ids.filter((id) => known.has(id)));

    // Young leftovers may be another process's order in flight: an hour's protection keeps them.
    await store.sweep(existing, 60 * 60 * 1000);
    expect(await bucket.keys(`shop/a/files/${orphan.orderId}/`)).toHaveLength(1);

    const { removed } = await store.sweep(existing, 0);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await bucket.keys(`shop/a/files/${orphan.orderId}/`)).toEqual([]);
    expect(await bucket.keys(`shop/a/files/${kept.orderId}/`)).toHaveLength(1);
  });

  it('never touches objects outside its prefix', async () => {
    await bucket.client.send(
      new PutObjectCommand({ Bucket: bucket.name, Key: `shop/b/files/${randomUUID()}/x`, Body: 'other shop' }),
    );
    await store.sweep(async () => new Set(), 0);
    expect(await bucket.keys('shop/b/')).toHaveLength(1);
  });

  it('passes its health check', async () => {
    await store.check();
    expect(await bucket.keys('shop/a/health/')).toEqual([]);
  });

  it('refuses with 503 when the store cannot be reached, and leaves nothing behind', async () => {
    const dead = new S3FileStore(
      dataDir,
      0,
      s3Location(bucket.name, 'shop/dead', { endpoint: 'http://127.0.0.1:9', timeoutMs: 1000 }),
    );
    const staging = dead.newStaging(LIMITS);
    await staging.writeBuffer(Buffer.from('lost'), 'x', 'text/plain');
    const err = await staging.moveInto(randomUUID()).catch((e: unknown) => e);
    await staging.discard();
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ kind: 'unavailable', code: 'unavailable' });
    await expect(dead.check()).rejects.toThrow();
    expect(await bucket.keys('shop/dead/')).toEqual([]);
  }, 60_000);
});
