// Orders' files in an S3-compatible bucket (FILES_URL=s3://bucket/prefix): objects at
// <prefix>/files/<order id>/<attachment id>, thumbnails beside them as <…>.thumb.webp. Staging
// stays on this machine's disk (DATA_DIR/tmp); adopting an order's files uploads each one
// (multipart above PART_BYTES, a few parts at a time read from disk, so memory stays bounded)
// before the order's commit (docs/architecture.md, the file store's two backends).
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
  UploadPartCopyCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { DomainError, fileStorageUnavailable } from '../errors.js';
import {
  checkStorageKey,
  DiskStagingStore,
  type FileStore,
  type StagedFile,
  type StagedInBucket,
  type StagedOnDisk,
} from './file-store.js';
import { PRIVATE_FILE_MODE } from './private.js';
import { ownedName } from './staging-owner.js';
import { createS3Client, keyUnder, type S3Location } from './s3-client.js';

const MiB = 1024 * 1024;
/** Files up to this size go in one PUT; larger ones in parts of at least this size. */
export const PART_BYTES = 16 * MiB;
/** S3 allows 10,000 parts; a little room is kept. */
const MAX_PARTS = 9_000;
/** Parts (or small files) uploaded at once for one order: at most this many × PART_BYTES in flight. */
const CONCURRENCY = 4;
const ATTEMPTS = 3;

interface S3ErrorShape {
  name?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
}

/** A file on this machine, with what the database says of it. */
export type LocalFile = Pick<StagedOnDisk, 'tmpPath' | 'size' | 'sha256'>;
/** One CopyObject copies up to 5 GiB; above, the copy goes in ranges (UploadPartCopy). */
const COPY_OBJECT_MAX_BYTES = 5 * 1024 * MiB;
const COPY_PART_BYTES = 1024 * MiB;

/** How objects are copied inside the bucket (the tests make the ranges small to reach them). */
export interface CopyTuning {
  copyObjectMaxBytes?: number;
  copyPartBytes?: number;
}

const statusOf = (err: unknown) => (err as S3ErrorShape | null)?.$metadata?.httpStatusCode;
const isNotFound = (err: unknown) => {
  const e = err as S3ErrorShape | null;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || statusOf(err) === 404;
};

/** Any failure of the store becomes the 503 a customer can act on; a missing object stays ENOENT. */
function asStoreError(err: unknown): Error {
  if (err instanceof DomainError) return err;
  if (isNotFound(err)) return Object.assign(new Error('no such stored file'), { code: 'ENOENT' });
  return Object.assign(fileStorageUnavailable(), { cause: err });
}

/** Runs `work` on every item, at most `limit` at once; the first failure rejects (after the others settle). */
async function eachLimit<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed: { err: unknown } | null = null;
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (err) {
        failed ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failed) throw (failed as { err: unknown }).err;
}

/** A request whose body is read from disk afresh for each attempt (a stream cannot be replayed). */
async function withRetries<T>(attempt: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (err) {
      const status = statusOf(err);
      const retryable = status === undefined || status >= 500 || status === 429;
      if (!retryable || i >= ATTEMPTS) throw err;
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** i));
    }
  }
}

export class S3FileStore extends DiskStagingStore implements FileStore {
  readonly backend = 's3' as const;
  readonly bucket: string;
  /** "<prefix>/files/" (or "files/"): every object of orders' files is below it. */
  readonly filesPrefix: string;
  private readonly client: S3Client;
  /** For uploads with a stream body: no retries inside the SDK, ours reopen the file. */
  private readonly uploadClient: S3Client;
  /** "<prefix>/health/": the health check's probes. */
  private readonly healthPrefix: string;

  private readonly copyObjectMaxBytes: number;
  private readonly copyPartBytes: number;

  constructor(dataDir: string, minFreeBytes: number, location: S3Location, tuning: CopyTuning = {}) {
    super(dataDir, minFreeBytes);
    this.copyObjectMaxBytes = tuning.copyObjectMaxBytes ?? COPY_OBJECT_MAX_BYTES;
    this.copyPartBytes = tuning.copyPartBytes ?? COPY_PART_BYTES;
    this.bucket = location.bucket;
    this.filesPrefix = `${keyUnder(location.prefix, 'files')}/`;
    this.client = createS3Client(location);
    this.uploadClient = createS3Client(location, 1);
    this.healthPrefix = `${keyUnder(location.prefix, 'health')}/`;
  }

  /** The object key of a stored file. */
  objectKey(storageKey: string): string {
    return this.filesPrefix + checkStorageKey(storageKey);
  }

  private thumbnailKey(storageKey: string): string {
    return `${this.objectKey(storageKey)}.thumb.webp`;
  }

  async adopt(orderId: string, files: readonly StagedFile[]): Promise<Map<string, string>> {
    const keys = new Map<string, string>();
    const onDisk = files.filter((f): f is StagedOnDisk => f.tmpPath !== undefined);
    const inBucket = files.filter((f): f is StagedInBucket => f.objectKey !== undefined);
    const small = onDisk.filter((f) => f.size <= PART_BYTES);
    const large = onDisk.filter((f) => f.size > PART_BYTES);
    try {
      // Finished uploads are copied inside the bucket: no byte comes through this server.
      await eachLimit(inBucket, CONCURRENCY, (f) => this.copyIn(`${orderId}/${f.id}`, f));
      await eachLimit(small, CONCURRENCY, (f) => this.putSmall(`${orderId}/${f.id}`, f));
      for (const f of large) await this.putLarge(`${orderId}/${f.id}`, f);
      // Sized: what the store holds is what was staged, before the order may commit.
      await eachLimit(files, CONCURRENCY, async (f) => {
        const head = await this.client.send(
          new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(`${orderId}/${f.id}`) }),
        );
        if (head.ContentLength !== f.size) {
          throw new Error(`stored ${head.ContentLength} bytes of ${f.size} for ${orderId}/${f.id}`);
        }
      });
    } catch (err) {
      // Not awaited: the store may be the thing that is down. What stays is swept (no order names it).
      void this.removeOrderFiles(orderId).catch(() => {});
      throw asStoreError(err);
    }
    for (const f of files) keys.set(f.id, `${orderId}/${f.id}`);
    return keys;
  }

  /** Uploads a file of this machine to a storage key (one PUT, or multipart when large). */
  async upload(storageKey: string, f: LocalFile): Promise<void> {
    if (f.size > PART_BYTES) await this.putLarge(storageKey, f);
    else await this.putSmall(storageKey, f);
  }

  /** The stored object's size and the SHA-256 recorded when it was uploaded, or null when absent. */
  async describe(storageKey: string): Promise<{ size: number; sha256: string | undefined } | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(storageKey) }),
      );
      return { size: head.ContentLength ?? 0, sha256: head.Metadata?.sha256 };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async storedObject(storageKey: string): Promise<{ objectKey: string; size: number; sha256?: string } | null> {
    try {
      const described = await this.describe(storageKey);
      return described && { objectKey: this.objectKey(storageKey), ...described };
    } catch (err) {
      throw asStoreError(err);
    }
  }

  /** Copies an object of this bucket to a storage key, server-side (ranges above 5 GiB). */
  private async copyIn(storageKey: string, f: StagedInBucket): Promise<void> {
    const Key = this.objectKey(storageKey);
    const CopySource = `${this.bucket}/${f.objectKey.split('/').map(encodeURIComponent).join('/')}`;
    const described = { ContentType: 'application/octet-stream', Metadata: { sha256: f.sha256 } };
    if (f.size <= this.copyObjectMaxBytes) {
      await withRetries(() =>
        this.client.send(
          new CopyObjectCommand({ Bucket: this.bucket, Key, CopySource, MetadataDirective: 'REPLACE', ...described }),
        ),
      );
      return;
    }
    const step = this.copyPartBytes;
    const parts = Array.from({ length: Math.ceil(f.size / step) }, (_, i) => ({
      start: i * step,
      end: Math.min(f.size, (i + 1) * step),
    }));
    await this.inParts(Key, f.sha256, parts, async (UploadId, PartNumber, part) => {
      const answer = await this.client.send(
        new UploadPartCopyCommand({
          Bucket: this.bucket,
          Key,
          UploadId,
          PartNumber,
          CopySource,
          CopySourceRange: `bytes=${part.start}-${part.end - 1}`,
        }),
      );
      return answer.CopyPartResult?.ETag;
    });
  }

  /**
   * One multipart upload of `parts` (byte ranges), each sent by `sendPart` (retried), 4 at a
   * time, then completed; aborted when any part fails.
   */
  private async inParts(
    Key: string,
    sha256: string,
    parts: { start: number; end: number }[],
    sendPart: (
      UploadId: string | undefined,
      PartNumber: number,
      part: { start: number; end: number },
    ) => Promise<string | undefined>,
  ): Promise<void> {
    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({
        Bucket: this.bucket,
        Key,
        ContentType: 'application/octet-stream',
        Metadata: { sha256 },
      }),
    );
    try {
      const etags: (string | undefined)[] = [];
      await eachLimit(
        parts.map((part, i) => ({ part, PartNumber: i + 1 })),
        CONCURRENCY,
        async ({ part, PartNumber }) => {
          etags[PartNumber - 1] = await withRetries(() => sendPart(UploadId, PartNumber, part));
        },
      );
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key,
          UploadId,
          MultipartUpload: { Parts: parts.map((_, i) => ({ PartNumber: i + 1, ETag: etags[i] })) },
        }),
      );
    } catch (err) {
      void this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId })).catch(() => {});
      throw err;
    }
  }

  private async putSmall(storageKey: string, f: LocalFile): Promise<void> {
    await withRetries(() =>
      this.uploadClient.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(storageKey),
          Body: createReadStream(f.tmpPath),
          ContentLength: f.size,
          ContentType: 'application/octet-stream',
          Metadata: { sha256: f.sha256 },
        }),
      ),
    );
  }

  private async putLarge(storageKey: string, f: LocalFile): Promise<void> {
    const partBytes = Math.max(PART_BYTES, Math.ceil(f.size / MAX_PARTS / MiB) * MiB);
    const parts = Array.from({ length: Math.ceil(f.size / partBytes) }, (_, i) => ({
      start: i * partBytes,
      end: Math.min(f.size, (i + 1) * partBytes),
    }));
    const Key = this.objectKey(storageKey);
    await this.inParts(Key, f.sha256, parts, async (UploadId, PartNumber, part) => {
      const answer = await this.uploadClient.send(
        new UploadPartCommand({
          Bucket: this.bucket,
          Key,
          UploadId,
          PartNumber,
          // Read from disk afresh for each attempt: a stream cannot be replayed.
          Body: createReadStream(f.tmpPath, { start: part.start, end: part.end - 1 }),
          ContentLength: part.end - part.start,
        }),
      );
      return answer.ETag;
    });
  }

  async open(storageKey: string): Promise<{ stream: Readable; size: number }> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(storageKey) }),
      );
      return { stream: answer.Body as Readable, size: answer.ContentLength ?? 0 };
    } catch (err) {
      throw asStoreError(err);
    }
  }

  /** A ranged GET of the first bytes. */
  async head(storageKey: string, length: number): Promise<Buffer> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(storageKey), Range: `bytes=0-${length - 1}` }),
      );
      return Buffer.from(await answer.Body!.transformToByteArray()).subarray(0, length);
    } catch (err) {
      // An empty object has no byte 0.
      if (statusOf(err) === 416 || (err as S3ErrorShape).name === 'InvalidRange') return Buffer.alloc(0);
      throw asStoreError(err);
    }
  }

  async openThumbnail(storageKey: string): Promise<Readable | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.thumbnailKey(storageKey) }),
      );
      return answer.Body as Readable;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw asStoreError(err);
    }
  }

  /** Downloads the object to a private file in DATA_DIR/tmp, runs `work` on it, removes it. */
  async withLocalFile<T>(storageKey: string, work: (localPath: string) => Promise<T>): Promise<T> {
    const local = path.join(this.tmpRoot, ownedName(`copy-${randomUUID()}`));
    try {
      const { stream } = await this.open(storageKey);
      await pipeline(stream, (await fs.open(local, 'wx', PRIVATE_FILE_MODE)).createWriteStream());
      return await work(local);
    } finally {
      await fs.rm(local, { force: true });
    }
  }

  thumbnailDraftPath(): string {
    return path.join(this.tmpRoot, `thumb-${randomUUID()}.tmp`);
  }

  async saveThumbnail(storageKey: string, draftPath: string): Promise<void> {
    try {
      await this.uploadThumbnail(storageKey, draftPath);
    } finally {
      await fs.rm(draftPath, { force: true });
    }
  }

  /** Stores a thumbnail made on this machine beside its file. */
  async uploadThumbnail(storageKey: string, localPath: string): Promise<void> {
    const { size } = await fs.stat(localPath);
    await withRetries(() =>
      this.uploadClient.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.thumbnailKey(storageKey),
          Body: createReadStream(localPath),
          ContentLength: size,
          ContentType: 'image/webp',
        }),
      ),
    );
  }

  /** Every object key below `prefix`, page by page (keys come in order). */
  private async *list(prefix: string): AsyncGenerator<{ key: string; lastModified: number }> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken }),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key) yield { key: o.Key, lastModified: o.LastModified?.getTime() ?? 0 };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  private async deleteKeys(keys: readonly string[]): Promise<void> {
    await eachLimit(keys, 8, async (Key) => {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }));
    });
  }

  async removeFile(storageKey: string): Promise<void> {
    try {
      await this.deleteKeys([this.objectKey(storageKey), this.thumbnailKey(storageKey)]);
    } catch (err) {
      throw asStoreError(err);
    }
  }

  async removeOrderFiles(orderId: string): Promise<void> {
    if (!/^[0-9a-f-]{36}$/.test(orderId)) throw new Error(`bad order id ${orderId}`);
    try {
      const keys: string[] = [];
      for await (const o of this.list(`${this.filesPrefix}${orderId}/`)) keys.push(o.key);
      await this.deleteKeys(keys);
    } catch (err) {
      throw asStoreError(err);
    }
  }

  async sweep(
    existingOrderIds: (ids: string[]) => Promise<Set<string>>,
    minAgeMs: number,
  ): Promise<{ removed: number }> {
    const cutoff = Date.now() - minAgeMs;
    let removed = await this.sweepStaging(minAgeMs);
    // Keys are listed in order, so one order's objects come together: memory holds one batch.
    type Group = { orderId: string; keys: string[]; newest: number };
    let batch: Group[] = [];
    const settle = async () => {
      const known = await existingOrderIds(batch.map((g) => g.orderId));
      for (const g of batch) {
        if (known.has(g.orderId) || (minAgeMs > 0 && g.newest >= cutoff)) continue;
        await this.deleteKeys(g.keys);
        removed++;
      }
      batch = [];
    };
    let current = null as Group | null;
    for await (const o of this.list(this.filesPrefix)) {
      const orderId = o.key.slice(this.filesPrefix.length).split('/')[0]!;
      if (current?.orderId !== orderId) {
        if (current) batch.push(current);
        if (batch.length >= 500) await settle();
        current = { orderId, keys: [], newest: 0 };
      }
      current.keys.push(o.key);
      current.newest = Math.max(current.newest, o.lastModified);
    }
    if (current) batch.push(current);
    if (batch.length) await settle();
    // Health probes whose removal failed (the store went away between the two requests).
    const probes: string[] = [];
    for await (const o of this.list(this.healthPrefix)) {
      if (minAgeMs === 0 || o.lastModified < cutoff) probes.push(o.key);
    }
    await this.deleteKeys(probes);
    // Multipart uploads a crash left open hold parts (and space) until aborted.
    const open = await this.client.send(
      new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: this.filesPrefix }),
    );
    for (const u of open.Uploads ?? []) {
      if (minAgeMs > 0 && (u.Initiated?.getTime() ?? 0) >= cutoff) continue;
      await this.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: u.Key, UploadId: u.UploadId }))
        .catch(() => {});
    }
    return { removed };
  }

  /** The staging disk flushes a write, and the bucket takes and gives back a small object. */
  async check(): Promise<void> {
    await this.checkStaging();
    const Key = `${this.healthPrefix}${randomUUID()}`;
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: 'ok', ContentLength: 2 }));
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }));
  }
}
