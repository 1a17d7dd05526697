// The S3 store of resumable uploads against a real S3 server (Ceph RGW), through the datastore
// @tus/server drives: creation, PATCHes (one process after another), state, read back, removal.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { GetObjectCommand, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { ERRORS, Upload } from '@tus/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../../tests/support/harness.js';
import { freshBucket, hasS3, s3Location, type TestBucket } from '../../../tests/support/s3.js';
import { createS3UploadStore } from './s3-upload-store.js';

const MiB = 1024 * 1024;

describe.runIf(hasS3())('S3 upload store', () => {
  let bucket: TestBucket;
  beforeAll(async () => {
    bucket = await freshBucket();
  }, 60_000);
  afterAll(async () => bucket?.remove());

  const storeOf = () => createS3UploadStore({ location: s3Location(bucket.name, 'shop'), partSize: 5 * MiB });

  it('takes an upload in several PATCHes, across two processes, and gives back the same bytes', async () => {
    // Two stores on one bucket: two server processes, nothing shared but S3.
    const first = storeOf();
    const second = storeOf();
    const data = randomBytes(12 * MiB + 1234);
    const id = randomBytes(16).toString('hex');
    await first.datastore.create(
      new Upload({
        id,
        size: data.length,
        offset: 0,
        metadata: { filename: 'Layout_1_Front.psd', filetype: 'image/vnd.adobe.photoshop' },
      }),
    );
    expect(await second.describe(id)).toEqual({
      offset: 0,
      size: data.length,
      metadata: { filename: 'Layout_1_Front.psd', filetype: 'image/vnd.adobe.photoshop' },
    });

    // A full part, then a tail shorter than a part (kept aside), then the rest through the other process.
    let offset = await first.datastore.write(Readable.from([data.subarray(0, 6 * MiB)]), id, 0);
    expect(offset).toBe(6 * MiB);
    offset = await first.datastore.write(Readable.from([data.subarray(offset, 8 * MiB)]), id, offset);
    expect(offset).toBe(8 * MiB);
    expect((await second.describe(id))?.offset).toBe(8 * MiB);
    offset = await second.datastore.write(Readable.from([data.subarray(offset)]), id, offset);
    expect(offset).toBe(data.length);

    expect(await first.describe(id)).toMatchObject({ offset: data.length, size: data.length });
    expect(sha256(await buffer(await first.read(id)))).toBe(sha256(data));
    // The process that finished it had no hash of the first 8 MiB: it read the object once.
    expect(await second.finished(id)).toEqual({
      objectKey: `shop/uploads/${id}`,
      size: data.length,
      sha256: sha256(data),
    });
    expect(await first.finished(id)).toEqual({
      objectKey: `shop/uploads/${id}`,
      size: data.length,
      sha256: sha256(data),
    });
    const keys = await bucket.keys();
    expect(keys.every((k) => k.startsWith('shop/uploads/'))).toBe(true);
    expect(keys).toContain(`shop/uploads/${id}`);

    await second.remove(id);
    expect(await first.describe(id)).toBeNull();
    expect(await bucket.keys(`shop/uploads/${id}`)).toEqual([]);
    // Removing twice is no error.
    await first.remove(id);
  }, 120_000);

  it('takes the SHA-256 as the bytes arrive, from one PATCH to the next, and keeps it beside the object', async () => {
    const store = storeOf();
    const data = randomBytes(11 * MiB + 77);
    const id = randomBytes(16).toString('hex');
    await store.datastore.create(new Upload({ id, size: data.length, offset: 0, metadata: { filename: 'a.pdf' } }));
    let offset = 0;
    for (const end of [3 * MiB, 9 * MiB, data.length]) {
      offset = await store.datastore.write(Readable.from([data.subarray(offset, end)]), id, offset);
    }
    expect(offset).toBe(data.length);
    const digest = await bucket.client.send(
      new GetObjectCommand({ Bucket: bucket.name, Key: `shop/uploads/${id}.sha256` }),
    );
    const kept = JSON.parse((await digest.Body?.transformToString()) ?? '') as unknown;
    expect(kept).toEqual({ sha256: sha256(data), bytes: data.length });
    expect(await store.finished(id)).toEqual({
      objectKey: `shop/uploads/${id}`,
      size: data.length,
      sha256: sha256(data),
    });
    // Unfinished, there is nothing to adopt.
    const other = randomBytes(16).toString('hex');
    await store.datastore.create(new Upload({ id: other, size: 6 * MiB, offset: 0, metadata: {} }));
    await store.datastore.write(Readable.from([randomBytes(MiB)]), other, 0);
    expect(await store.finished(other)).toBeNull();
    await store.remove(other);
    await store.remove(id);
    expect(await bucket.keys(`shop/uploads/${id}`)).toEqual([]);
  }, 120_000);

  it('terminates an unfinished upload: its multipart upload is aborted and nothing stays', async () => {
    const store = storeOf();
    const id = randomBytes(16).toString('hex');
    await store.datastore.create(new Upload({ id, size: 20 * MiB, offset: 0, metadata: { filename: 'big.tif' } }));
    await store.datastore.write(Readable.from([randomBytes(6 * MiB)]), id, 0);
    await store.datastore.remove(id);
    expect(await store.describe(id)).toBeNull();
    expect(await bucket.keys(`shop/uploads/${id}`)).toEqual([]);
    const open = await bucket.client.send(
      new ListMultipartUploadsCommand({ Bucket: bucket.name, Prefix: `shop/uploads/${id}` }),
    );
    expect(open.Uploads ?? []).toEqual([]);
    await expect(store.datastore.remove(id)).rejects.toBe(ERRORS.FILE_NOT_FOUND);
  }, 60_000);

  it('refuses ids that would reach outside its prefix', async () => {
    const store = storeOf();
    expect(await store.describe('../files/x')).toBeNull();
    await expect(store.datastore.getUpload('a/b')).rejects.toBe(ERRORS.FILE_NOT_FOUND);
  });

  it('passes its health check, and fails it on a bucket that does not exist', async () => {
    await storeOf().check();
    await expect(
      createS3UploadStore({ location: s3Location(`${bucket.name}-missing`, 'shop') }).check(),
    ).rejects.toThrow();
  });
});
