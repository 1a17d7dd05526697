// Resumable (tus) uploads kept in the S3 bucket of FILES_URL, under <prefix>/uploads/, through
// @tus/s3-store: each PATCH becomes parts of one S3 multipart upload (a tail shorter than a
// part waits as <id>.part), the upload's description lives in <id>.info. Nothing is kept on
// one machine, so any process can take the next PATCH of an upload another one began
// (docs/architecture.md, the file store's two backends).
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  HeadBucketCommand,
  ListMultipartUploadsCommand,
} from '@aws-sdk/client-s3';
import { ERRORS, Upload, type DataStore, type KvStore } from '@tus/server';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import { fileStorageUnavailable } from '../errors.js';
import { keyUnder, s3ClientConfig, type S3Location } from '../files/s3-client.js';
import type { FinishedUpload, UploadStore } from './upload-store.js';

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

/** @tus/s3-store keys objects by the upload's id; this one puts every key under a prefix. */
class PrefixedS3Store extends S3Store {
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
    return super.write(src, this.keyOf(id), offset);
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
    for (const Key of [key, this.infoKey(key), this.partKey(key, true)]) {
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

/** The S3 half of the uploads: wired by createUploadStore when FILES_URL is s3://. */
export function createS3UploadStore(options: S3UploadStoreOptions): UploadStore {
  return new S3UploadStore(options);
}
