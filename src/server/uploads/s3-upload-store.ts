// Resumable (tus) uploads kept in the S3 bucket of FILES_URL, under <prefix>/uploads/, through
// @tus/s3-store: each PATCH becomes parts of one S3 multipart upload (a tail shorter than a
// part waits as <id>.part), the upload's description lives in <id>.info. Nothing is kept on
// one machine, so any process can take the next PATCH of an upload another one began
// (docs/architecture.md, the file store's two backends).
import { createHash, type Hash } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { ERRORS, Upload, type DataStore, type KvStore } from '@tus/server';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import { z } from 'zod';
import { fileStorageUnavailable } from '../errors.js';
import { keyUnder, s3ClientConfig, type S3Location } from '../files/s3-client.js';
import { readJson } from '../storage/json.js';
import type { AdoptableUpload, FinishedUpload, UploadStore } from './upload-store.js';

export interface S3UploadStoreOptions {
  location: S3Location;
  /** Size of the S3 parts each PATCH is cut into (S3's minimum is 5 MiB). Default 8 MiB. */
  partSize?: number;
  /** Unfinished uploads older than this are removed by `datastore.deleteExpired()`; 0 never. */
  expirationMs?: number;
}

/** tus's answer while the bucket cannot be reached: try again later, the bytes are kept. */
const STORE_UNAVAILABLE = {
  status_code: 503,
  body: 'The file storage cannot be reached right now; the upload will resume.\n',
};

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * @tus/s3-store caches each upload's description in memory by default: with several
 * processes one would still describe an upload another has removed. Read it from S3 each time.
 */
const noCache: KvStore<MetadataValue> = {
  get: () => Promise.resolve(undefined),
  set: () => Promise.resolve(),
  delete: () => Promise.resolve(),
};

/** The SHA-256 of an upload's bytes so far: carried from one PATCH to the next in this process. */
interface RunningHash {
  hash: Hash;
  offset: number;
}

/** What `<key>.sha256` holds once an upload is complete. */
const digestSchema = z.object({ sha256: z.string(), bytes: z.number().int().nonnegative() });
type Digest = z.infer<typeof digestSchema>;

/**
 * @tus/s3-store keys objects by the upload's id; this one puts every key under a prefix, and
 * takes the SHA-256 of the bytes as they arrive (kept as `<key>.sha256` once complete), so that
 * an order adopts the upload's object by a copy inside the bucket.
 */
class PrefixedS3Store extends S3Store {
  /**
   * Hashes of the uploads this process is receiving. A PATCH that finds none at its offset (the
   * upload was begun by another process, or before a restart) takes no digest: the order that
   * adopts it reads the finished object once instead (S3UploadStore.finished).
   */
  private readonly hashes = new Map<string, RunningHash>();
  /** Complete uploads being hashed by reading them back, by key. */
  private readonly reading = new Map<string, Promise<Digest>>();

  constructor(
    options: ConstructorParameters<typeof S3Store>[0],
    /** "<prefix>/uploads/" */
    readonly keyPrefix: string,
  ) {
    super(options);
  }

  private keyOf(id: string): string {
    // Ids are made by the tus server; a slash or dot-dot would reach outside the prefix.
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- @tus/server answers 404 for this very object
    if (!/^[A-Za-z0-9_-]{1,200}$/.test(id)) throw ERRORS.FILE_NOT_FOUND;
    return this.keyPrefix + id;
  }

  private withId(upload: Upload, id: string): Upload {
    return new Upload({ ...upload, id });
  }

  override async create(upload: Upload): Promise<Upload> {
    return this.withId(await super.create(this.withId(upload, this.keyOf(upload.id))), upload.id);
  }

  override async read(id: string): Promise<Readable> {
    return super.read(this.keyOf(id));
  }

  override async write(src: Readable, id: string, offset: number): Promise<number> {
    const key = this.keyOf(id);
    const running = this.hashes.get(key);
    this.hashes.delete(key);
    const hash = offset === 0 ? createHash('sha256') : running?.offset === offset ? running.hash : null;
    let hashed = 0;
    let source = src;
    if (hash) {
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          hashed += chunk.length;
          done(null, chunk);
        },
      });
      // A dropped connection ends the hashing stream too (with an error), so the write returns.
      pipeline(src, hashing, () => {});
      source = hashing;
    }
    const position = await super.write(source, key, offset);
    const { file } = await this.getMetadata(key);
    const complete = file.size === position;
    // Every byte hashed is every byte kept, or the digest would be of other bytes.
    if (hash && position === offset + hashed) {
      if (!complete) this.hashes.set(key, { hash, offset: position });
      else await this.keepDigest(key, { sha256: hash.digest('hex'), bytes: position });
    } else if (complete) {
      // Resumed without this process's hash (a dropped connection, another process, a restart):
      // read what is there once, now, rather than while the customer waits on Submit.
      const reading = this.digestByReading(id);
      this.reading.set(key, reading);
      reading.catch(() => {}).finally(() => this.reading.delete(key));
    }
    return position;
  }

  private async keepDigest(key: string, digest: Digest): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: digestKey(key), Body: JSON.stringify(digest) }),
    );
  }

  /** The digest of a complete upload, taken as it arrived; null when none was kept. */
  async digestOf(id: string): Promise<Digest | null> {
    const reading = this.reading.get(this.keyOf(id));
    if (reading) return reading.catch(() => null);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: digestKey(this.keyOf(id)) }),
      );
      return readJson(digestSchema, (await answer.Body?.transformToString()) ?? '');
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  /** Hashes a complete upload's object by reading it (once), and keeps the digest. */
  async digestByReading(id: string): Promise<Digest> {
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of (await super.read(this.keyOf(id))) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      bytes += chunk.length;
    }
    const digest: Digest = { sha256: hash.digest('hex'), bytes };
    await this.keepDigest(this.keyOf(id), digest);
    return digest;
  }

  /** The size of a complete upload's object; null when there is none (yet). */
  async objectSize(id: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(id) }));
      return head.ContentLength ?? null;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  /** The key of a complete upload's object in the bucket. */
  objectKey(id: string): string {
    return this.keyOf(id);
  }

  /**
   * @tus/s3-store answers "not found" for any failure to read an upload's description, so a
   * store that is down would look like an upload that is gone, and the page would start it
   * again from zero. Only a real "no such key" is not found; anything else is a 503, and the
   * page retries and resumes.
   */
  override async getUpload(id: string): Promise<Upload> {
    const key = this.keyOf(id);
    try {
      await this.getMetadata(key);
    } catch (err) {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- @tus/server answers tus's own error objects
      if (!isNotFound(err)) throw STORE_UNAVAILABLE;
    }
    return this.withId(await super.getUpload(key), id);
  }

  override async declareUploadLength(id: string, length: number): Promise<void> {
    return super.declareUploadLength(this.keyOf(id), length);
  }

  /** One DeleteObject per key: S3-compatible stores differ on DeleteObjects' checksums. */
  override async remove(id: string): Promise<void> {
    const key = this.keyOf(id);
    let uploadId: string | undefined;
    try {
      uploadId = (await this.getMetadata(key))['upload-id'];
    } catch (err) {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- @tus/server answers 404 for this very object
      if (isNotFound(err)) throw ERRORS.FILE_NOT_FOUND;
      throw err;
    }
    if (uploadId) {
      await this.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }))
        .catch((err: unknown) => {
          // Already completed (or aborted): its object is deleted below.
          if (!isNotFound(err) && (err as { name?: string }).name !== 'NoSuchUpload') throw err;
        });
    }
    this.hashes.delete(key);
    for (const Key of [key, this.infoKey(key), this.partKey(key, true), digestKey(key)]) {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }));
    }
    await this.clearCache(key);
  }

  /** Unfinished uploads under this prefix only (never the file store's own multipart uploads). */
  override async deleteExpired(): Promise<number> {
    const expiration = this.getExpiration();
    if (expiration === 0) return 0;
    let deleted = 0;
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: this.keyPrefix, KeyMarker, UploadIdMarker }),
      );
      for (const u of page.Uploads ?? []) {
        if (!u.Key || !u.Initiated || Date.now() <= u.Initiated.getTime() + expiration) continue;
        await this.client.send(
          new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: u.Key, UploadId: u.UploadId }),
        );
        this.hashes.delete(u.Key);
        for (const Key of [this.infoKey(u.Key), this.partKey(u.Key, true)]) {
          await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }));
        }
        await this.clearCache(u.Key);
        deleted++;
      }
      if (!page.IsTruncated) return deleted;
      KeyMarker = page.NextKeyMarker;
      UploadIdMarker = page.NextUploadIdMarker;
    }
  }

  /** The bucket answers with these credentials. */
  async checkBucket(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }
}

export class S3UploadStore implements UploadStore {
  readonly datastore: DataStore;
  private readonly store: PrefixedS3Store;

  constructor(options: S3UploadStoreOptions) {
    const { location } = options;
    this.store = new PrefixedS3Store(
      {
        partSize: options.partSize ?? 8 * 1024 * 1024,
        expirationPeriodInMilliseconds: options.expirationMs ?? 0,
        // Expiry is kept in the database (upload-store.ts); tags would only serve bucket lifecycle rules.
        useTags: false,
        cache: noCache,
        s3ClientConfig: { ...s3ClientConfig(location), bucket: location.bucket },
      },
      `${keyUnder(location.prefix, 'uploads')}/`,
    );
    this.datastore = this.store;
  }

  async describe(id: string): Promise<FinishedUpload | null> {
    try {
      const upload = await this.store.getUpload(id);
      return { offset: upload.offset, size: upload.size, metadata: upload.metadata ?? {} };
    } catch (err) {
      if (err === ERRORS.FILE_NOT_FOUND || isNotFound(err)) return null;
      if (err === STORE_UNAVAILABLE) throw fileStorageUnavailable();
      throw err;
    }
  }

  async read(id: string): Promise<Readable> {
    return this.store.read(id);
  }

  /**
   * A complete upload's object in the bucket, with the SHA-256 taken as its bytes arrived (or,
   * for an upload resumed by another process, read once now): the order copies it inside the
   * bucket, no byte through this server.
   */
  async finished(id: string): Promise<AdoptableUpload | null> {
    const size = await this.store.objectSize(id);
    if (size === null) return null;
    let digest = await this.store.digestOf(id);
    if (digest?.bytes !== size) digest = await this.store.digestByReading(id);
    if (digest.bytes !== size) return null;
    return { objectKey: this.store.objectKey(id), size, sha256: digest.sha256 };
  }

  async remove(id: string): Promise<void> {
    try {
      await this.store.remove(id);
    } catch (err) {
      if (err === ERRORS.FILE_NOT_FOUND) return;
      throw err;
    }
  }

  async check(): Promise<void> {
    await this.store.checkBucket();
  }
}

function digestKey(key: string): string {
  return `${key}.sha256`;
}

/** The S3 half of the uploads: wired by createUploadStore when FILES_URL is s3://. */
export function createS3UploadStore(options: S3UploadStoreOptions): UploadStore {
  return new S3UploadStore(options);
}
