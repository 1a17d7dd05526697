// The file store: uploads are streamed to DATA_DIR/tmp, flushed, then moved under
// DATA_DIR/files/<order id>/, or uploaded to S3 (s3-file-store.ts), before the order's
// database commit (docs/architecture.md, what "saved" means).
// Names on disk are ids made here; a customer's file name never becomes a path.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DomainError } from '../errors.js';
import { BatchedWriter } from './batched-writer.js';
import { mkdirPrivate, PRIVATE_FILE_MODE, probeWritable } from './private.js';
import { HEARTBEAT_MS, isLeftover, ownedName } from './staging-owner.js';
import { formatBytes } from '../../shared/order-presentation.js';

interface StagedBase {
  id: string;
  rawName: string;
  mediaType: string;
  size: number;
  sha256: string;
}

/** A file staged on this machine's disk (DATA_DIR/tmp). */
export interface StagedOnDisk extends StagedBase {
  tmpPath: string;
  objectKey?: undefined;
}

/** A finished upload's object in the file store's bucket: adopted by a copy inside the bucket. */
export interface StagedInBucket extends StagedBase {
  objectKey: string;
  tmpPath?: undefined;
}

export type StagedFile = StagedOnDisk | StagedInBucket;

export interface StagingLimits {
  maxFileBytes: number;
  maxOrderBytes: number;
  maxFiles: number;
  /** Called as bytes arrive, every PROGRESS_EVERY_BYTES, with the order's bytes so far; may throw to stop. */
  onProgress?: (receivedBytes: number) => Promise<void>;
}

const PROGRESS_EVERY_BYTES = 8 * 1024 * 1024;

/** Where orders' files live: DATA_DIR/files (LocalFileStore) or an S3 bucket (S3FileStore). */
export interface FileStore {
  readonly backend: 'local' | 's3';
  /** Staging on this machine's disk, whatever the backend: DATA_DIR/tmp. */
  readonly tmpRoot: string;
  init(): Promise<void>;
  /** Bytes an unprivileged process may still write on DATA_DIR's file system. */
  freeBytes(): Promise<number>;
  /** DATA_DIR's file system: its size, and what an unprivileged process may still write. */
  space(): Promise<{ size: number; free: number }>;
  /** True when the free space is below the reserve (the health check says so). */
  isLowOnSpace(): Promise<boolean>;
  newStaging(limits: StagingLimits): Staging;
  /**
   * Puts staged files in the order's storage, durably, before the order's commit; returns each
   * file's storage key ("<order id>/<attachment id>"). On failure nothing of it stays (or the
   * sweep takes it): a 503 when the storage cannot be reached.
   */
  adopt(orderId: string, files: readonly StagedFile[]): Promise<Map<string, string>>;
  /** A stored file's bytes as a stream, with its size (for Content-Length and ZIP entries). */
  open(storageKey: string): Promise<{ stream: Readable; size: number }>;
  /** The first bytes of a stored file (enough to tell its format). */
  head(storageKey: string, length: number): Promise<Buffer>;
  /**
   * A stored file as an object of the bucket the files are stored in, with its size and the
   * SHA-256 recorded when its bytes arrived (absent on an object stored without it), to be copied
   * inside the bucket (Staging.takeObject); null for files on this disk or an absent object.
   */
  storedObject(storageKey: string): Promise<{ objectKey: string; size: number; sha256?: string } | null>;
  /** A stored file's thumbnail as a stream, or null when none was made. */
  openThumbnail(storageKey: string): Promise<Readable | null>;
  /** Runs `work` on the stored file as a path on this machine (on S3, a private copy removed after). */
  withLocalFile<T>(storageKey: string, work: (localPath: string) => Promise<T>): Promise<T>;
  /** Where a new thumbnail is written before saveThumbnail stores it (never seen half written). */
  thumbnailDraftPath(storageKey: string): string;
  /** Stores the thumbnail written at `draftPath` beside the file, and removes the draft. */
  saveThumbnail(storageKey: string, draftPath: string): Promise<void>;
  removeOrderFiles(orderId: string): Promise<void>;
  /** Removes one stored file and its thumbnail (a proof the clerk takes back); gone already is fine. */
  removeFile(storageKey: string): Promise<void>;
  /**
   * Removes what a crash left behind: staging folders, and files of orders that no committed
   * order references. `minAgeMs` protects the work in flight of other processes sharing the
   * storage (0 when a single process owns it).
   */
  sweep(existingOrderIds: (ids: string[]) => Promise<Set<string>>, minAgeMs: number): Promise<{ removed: number }>;
  /** Writes and removes a probe: the store can take an order now. */
  check(): Promise<void>;
}

const STORAGE_KEY = /^[0-9a-f-]{36}\/[0-9a-f-]{36}$/;

/** Storage keys are "<order id>/<attachment id>", both made here: never a customer's name. */
export function checkStorageKey(storageKey: string): string {
  if (!STORAGE_KEY.test(storageKey)) throw new Error(`bad storage key ${storageKey}`);
  return storageKey;
}

/** What both backends share: staging, the disk space checks and the staging sweep on DATA_DIR. */
export abstract class DiskStagingStore {
  abstract readonly backend: 'local' | 's3';
  readonly tmpRoot: string;

  constructor(
    readonly dataDir: string,
    /** Free space the store keeps for the database and the system (MIN_FREE_DISK_BYTES). */
    readonly minFreeBytes = 0,
  ) {
    this.tmpRoot = path.join(dataDir, 'tmp');
  }

  async init(): Promise<void> {
    await mkdirPrivate(this.dataDir, false);
    await mkdirPrivate(this.tmpRoot);
  }

  async freeBytes(): Promise<number> {
    return (await this.space()).free;
  }

  async space(): Promise<{ size: number; free: number }> {
    const s = await fs.statfs(this.dataDir);
    return { size: s.blocks * s.bsize, free: s.bavail * s.bsize };
  }

  async isLowOnSpace(): Promise<boolean> {
    return (await this.freeBytes()) < this.minFreeBytes;
  }

  abstract adopt(orderId: string, files: readonly StagedFile[]): Promise<Map<string, string>>;

  newStaging(limits: StagingLimits): Staging {
    return new Staging(this, limits);
  }

  /**
   * Removes what interrupted requests left in the staging folder, and nothing in use
   * (staging-owner.ts): a folder of a process that is still running on this machine is never
   * taken, whatever its age; one of a process that died here is a crash's leftover; one of
   * another machine (a shared DATA_DIR) goes only once nothing in it, nor its heartbeat, has
   * moved for minAgeMs and at least STALE_AFTER_MS.
   */
  protected async sweepStaging(minAgeMs: number): Promise<number> {
    let removed = 0;
    for (const entry of await fs.readdir(this.tmpRoot)) {
      const p = path.join(this.tmpRoot, entry);
      if (await isLeftover(p, entry, minAgeMs)) {
        await fs.rm(p, { recursive: true, force: true });
        removed++;
      }
    }
    return removed;
  }

  /** Writes, flushes and removes a probe file in the staging folder. */
  protected async checkStaging(): Promise<void> {
    await probeWritable(this.tmpRoot);
  }
}

/** Orders' files under DATA_DIR/files/<order id>/<attachment id>, thumbnails beside them. */
export class LocalFileStore extends DiskStagingStore implements FileStore {
  readonly backend = 'local' as const;
  readonly filesRoot: string;

  constructor(dataDir: string, minFreeBytes = 0) {
    super(dataDir, minFreeBytes);
    this.filesRoot = path.join(dataDir, 'files');
  }

  override async init(): Promise<void> {
    await super.init();
    await mkdirPrivate(this.filesRoot);
  }

  /** Absolute path of a stored file. */
  pathOf(storageKey: string): string {
    return path.join(this.filesRoot, checkStorageKey(storageKey));
  }

  /** Moves every staged file under files/<orderId>/ and flushes the folders. */
  async adopt(orderId: string, files: readonly StagedFile[]): Promise<Map<string, string>> {
    const dir = path.join(this.filesRoot, orderId);
    await mkdirPrivate(dir);
    const keys = new Map<string, string>();
    for (const f of files) {
      if (f.objectKey !== undefined) throw new Error(`${f.id} is in a bucket; this store keeps files on disk`);
      await fs.rename(f.tmpPath, path.join(dir, f.id));
      keys.set(f.id, `${orderId}/${f.id}`);
    }
    await fsyncDir(dir);
    await fsyncDir(this.filesRoot);
    return keys;
  }

  async open(storageKey: string): Promise<{ stream: Readable; size: number }> {
    const file = this.pathOf(storageKey);
    const fh = await fs.open(file, 'r');
    const { size } = await fh.stat();
    return { stream: fh.createReadStream(), size };
  }

  storedObject(): Promise<null> {
    return Promise.resolve(null);
  }

  async head(storageKey: string, length: number): Promise<Buffer> {
    const fh = await fs.open(this.pathOf(storageKey), 'r');
    try {
      const { buffer, bytesRead } = await fh.read(Buffer.alloc(length), 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await fh.close();
    }
  }

  async removeOrderFiles(orderId: string): Promise<void> {
    await fs.rm(path.join(this.filesRoot, orderId), { recursive: true, force: true });
  }

  async removeFile(storageKey: string): Promise<void> {
    await fs.rm(this.pathOf(storageKey), { force: true });
    await fs.rm(this.thumbnailPathOf(storageKey), { force: true });
  }

  async sweep(
    existingOrderIds: (ids: string[]) => Promise<Set<string>>,
    minAgeMs: number,
  ): Promise<{ removed: number }> {
    const cutoff = Date.now() - minAgeMs;
    let removed = await this.sweepStaging(minAgeMs);
    const oldEnough = async (p: string) => minAgeMs === 0 || (await fs.stat(p)).mtimeMs < cutoff;
    const dirs = await fs.readdir(this.filesRoot);
    for (let i = 0; i < dirs.length; i += 500) {
      const batch = dirs.slice(i, i + 500);
      const known = await existingOrderIds(batch);
      for (const dir of batch) {
        const p = path.join(this.filesRoot, dir);
        if (!known.has(dir) && (await oldEnough(p))) {
          await fs.rm(p, { recursive: true, force: true });
          removed++;
        }
      }
    }
    return { removed };
  }

  /** Where a stored file's thumbnail lives: beside it, so deleting the order's folder takes both. */
  thumbnailPathOf(storageKey: string): string {
    return `${this.pathOf(storageKey)}.thumb.webp`;
  }

  async openThumbnail(storageKey: string): Promise<Readable | null> {
    try {
      const fh = await fs.open(this.thumbnailPathOf(storageKey), 'r');
      return fh.createReadStream();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async withLocalFile<T>(storageKey: string, work: (localPath: string) => Promise<T>): Promise<T> {
    return work(this.pathOf(storageKey));
  }

  thumbnailDraftPath(storageKey: string): string {
    return `${this.thumbnailPathOf(storageKey)}.${randomUUID()}.tmp`;
  }

  async saveThumbnail(storageKey: string, draftPath: string): Promise<void> {
    // Made by a child process with the umask's mode: private like every stored file.
    await fs.chmod(draftPath, PRIVATE_FILE_MODE);
    await fs.rename(draftPath, this.thumbnailPathOf(storageKey));
  }

  async check(): Promise<void> {
    await this.checkStaging();
  }
}

/** One request's uploads, between arrival and the order's commit. */
export class Staging {
  readonly dir: string;
  readonly files: StagedFile[] = [];
  private totalBytes = 0;
  private created = false;
  private nextProgress = PROGRESS_EVERY_BYTES;

  constructor(
    private readonly store: Pick<FileStore, 'tmpRoot' | 'adopt' | 'backend'>,
    private readonly limits: StagingLimits,
  ) {
    this.dir = path.join(store.tmpRoot, ownedName(randomUUID()));
  }

  private heartbeat: NodeJS.Timeout | null = null;

  /** Touches the folder while the request lasts: a sweep on another machine sees it is in use. */
  private beat(): void {
    this.heartbeat = setInterval(() => {
      const now = new Date();
      fs.utimes(this.dir, now, now).catch(() => {});
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private stopBeating(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  private async begin(): Promise<{ id: string; tmpPath: string }> {
    if (this.files.length >= this.limits.maxFiles) {
      throw new DomainError(
        'too_large',
        'too_many_files',
        `An order can have at most ${this.limits.maxFiles} files. Please send the rest in a second order or by email.`,
        undefined,
        {
          messageFr: `Une commande compte au plus ${this.limits.maxFiles} fichiers. Veuillez envoyer les autres dans une deuxième commande ou par courriel.`,
        },
      );
    }
    if (!this.created) {
      await mkdirPrivate(this.dir);
      this.created = true;
      this.beat();
    }
    const id = randomUUID();
    return { id, tmpPath: path.join(this.dir, id) };
  }

  private count(name: string, size: number, added: number): void {
    if (size > this.limits.maxFileBytes) {
      throw new DomainError(
        'too_large',
        'file_too_large',
        `"${name}" is larger than the limit of ${formatBytes(this.limits.maxFileBytes)} per file.`,
        undefined,
        {
          messageFr: `«\u00a0${name}\u00a0» dépasse la limite de ${formatBytes(this.limits.maxFileBytes, 'fr')} par fichier.`,
        },
      );
    }
    this.totalBytes += added;
    if (this.totalBytes > this.limits.maxOrderBytes) {
      throw new DomainError(
        'too_large',
        'order_too_large',
        `The files of this order add up to more than the limit of ${formatBytes(this.limits.maxOrderBytes)} per order.`,
        undefined,
        {
          messageFr: `Les fichiers de cette commande dépassent ensemble la limite de ${formatBytes(this.limits.maxOrderBytes, 'fr')} par commande.`,
        },
      );
    }
  }

  /** Streams one file to disk, hashing as it goes; the file is flushed before this resolves. */
  async writeStream(
    source: AsyncIterable<Buffer> | Iterable<Buffer>,
    rawName: string,
    mediaType: string,
  ): Promise<StagedOnDisk> {
    const { id, tmpPath } = await this.begin();
    const hash = createHash('sha256');
    const fh = await fs.open(tmpPath, 'wx', PRIVATE_FILE_MODE);
    const writer = new BatchedWriter(fh, 0);
    let size = 0;
    try {
      await fh.chmod(PRIVATE_FILE_MODE);
      for await (const chunk of source) {
        size += chunk.length;
        this.count(rawName, size, chunk.length);
        if (this.limits.onProgress && this.totalBytes >= this.nextProgress) {
          this.nextProgress = this.totalBytes + PROGRESS_EVERY_BYTES;
          await this.limits.onProgress(this.totalBytes);
        }
        // Hashed while the previous batch is being written.
        hash.update(chunk);
        await writer.write(chunk);
      }
      await writer.finish('sync');
    } finally {
      // When the loop stopped early, the write and flush in flight end before the file closes.
      await writer.settle();
      await fh.close();
    }
    const staged = { id, rawName, mediaType, size, sha256: hash.digest('hex'), tmpPath };
    this.files.push(staged);
    return staged;
  }

  /**
   * Takes a complete file already on this disk, whose SHA-256 was taken as its bytes arrived (a
   * finished resumable upload), by a hard link: no byte is read or copied, and the upload's file
   * stays where it is until the order commits. Null when the file cannot be linked here (another file
   * system): the caller copies it with writeStream instead.
   */
  async linkFile(
    source: string,
    rawName: string,
    mediaType: string,
    expected: { size: number; sha256: string },
  ): Promise<StagedOnDisk | null> {
    const { id, tmpPath } = await this.begin();
    try {
      await fs.link(source, tmpPath);
    } catch (err) {
      if (['EXDEV', 'EPERM', 'ENOTSUP', 'EMLINK'].includes((err as NodeJS.ErrnoException).code ?? '')) return null;
      throw err;
    }
    const { size } = await fs.stat(tmpPath);
    if (size !== expected.size) {
      await fs.rm(tmpPath, { force: true });
      return null;
    }
    return this.takeWhole({ id, rawName, mediaType, size, sha256: expected.sha256, tmpPath });
  }

  /**
   * Takes a finished upload's object in the bucket the files are stored in, with the SHA-256 taken
   * as its bytes arrived: the store copies it inside the bucket when the order is adopted, and
   * no byte comes through this server. Null when the files are not stored in a bucket.
   */
  async takeObject(
    objectKey: string,
    rawName: string,
    mediaType: string,
    kept: { size: number; sha256: string },
  ): Promise<StagedInBucket | null> {
    if (this.store.backend !== 's3') return null;
    const { id } = await this.begin();
    return this.takeWhole({ id, rawName, mediaType, size: kept.size, sha256: kept.sha256, objectKey });
  }

  /** Counts a file that arrived whole toward the limits and the progress, and keeps it. */
  private async takeWhole<T extends StagedFile>(staged: T): Promise<T> {
    this.count(staged.rawName, staged.size, staged.size);
    if (this.limits.onProgress && this.totalBytes >= this.nextProgress) {
      this.nextProgress = this.totalBytes + PROGRESS_EVERY_BYTES;
      await this.limits.onProgress(this.totalBytes);
    }
    this.files.push(staged);
    return staged;
  }

  async writeBuffer(data: Buffer, rawName: string, mediaType: string): Promise<StagedOnDisk> {
    return this.writeStream([data], rawName, mediaType);
  }

  /** Puts every staged file in the order's storage (docs/architecture.md, what "saved" means). */
  async moveInto(orderId: string): Promise<Map<string, string>> {
    try {
      return await this.store.adopt(orderId, this.files);
    } finally {
      this.stopBeating();
    }
  }

  /** Forgets a staged file (a duplicate of another). */
  async drop(id: string): Promise<void> {
    const i = this.files.findIndex((f) => f.id === id);
    if (i < 0) return;
    const [f] = this.files.splice(i, 1);
    this.totalBytes -= f!.size;
    if (f!.tmpPath !== undefined) await fs.rm(f!.tmpPath, { force: true });
  }

  async discard(): Promise<void> {
    this.stopBeating();
    if (this.created) await fs.rm(this.dir, { recursive: true, force: true });
  }
}

async function fsyncDir(dir: string): Promise<void> {
  const fh = await fs.open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}
