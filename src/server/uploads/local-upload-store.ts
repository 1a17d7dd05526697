// Resumable uploads on local disk, under DATA_DIR/uploads: @tus/file-store, with every file
// private to the server's user (0600, like the rest of DATA_DIR) and each PATCH flushed
// before the server acknowledges its offset, so an offset once answered survives a crash.
import { createHash, randomUUID, type Hash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore as TusFileStore } from '@tus/file-store';
import { ERRORS, Upload, type KvStore } from '@tus/server';
import { z } from 'zod';
import { BatchedWriter } from '../files/batched-writer.js';
import { mkdirPrivate, PRIVATE_FILE_MODE, probeWritable } from '../files/private.js';
import { readJson } from '../storage/json.js';
import type { AdoptableUpload, FinishedUpload, UploadStore } from './upload-store.js';

/** Upload ids are made by @tus/server (32 hex digits); anything else never becomes a path. */
export const isUploadId = (id: string) => /^[0-9a-f]{32}$/.test(id);

/** tus's "not found" answer, as an Error. */
const notFound = () => Object.assign(new Error('upload not found'), ERRORS.FILE_NOT_FOUND);

/** An upload's description as this server keeps it: tus's, plus the SHA-256 once it is complete. */
type KeptUpload = Upload & { sha256?: string; sha256Bytes?: number };

/** `<id>.json` as `set` writes it: tus's upload fields, and the digest once complete. */
const keptUploadSchema = z.object({
  id: z.string(),
  size: z.number().int().nonnegative().optional(),
  offset: z.number().int().nonnegative(),
  metadata: z.record(z.string(), z.string().nullable()).optional(),
  storage: z.object({ type: z.string(), path: z.string(), bucket: z.string().optional() }).optional(),
  creation_date: z.string().optional(),
  sha256: z.string().optional(),
  sha256Bytes: z.number().int().nonnegative().optional(),
});

/** The upload's description beside its bytes (`<id>.json`), written privately and atomically. */
class PrivateJsonStore implements KvStore<KeptUpload> {
  constructor(private readonly directory: string) {}

  private resolve(id: string): string {
    if (!isUploadId(id)) throw notFound();
    return path.join(this.directory, `${id}.json`);
  }

  async get(id: string): Promise<KeptUpload | undefined> {
    try {
      const kept = readJson(keptUploadSchema, await fs.readFile(this.resolve(id), 'utf8'));
      if (!kept) return undefined;
      const { sha256, sha256Bytes, ...upload } = kept;
      return Object.assign(
        new Upload(upload),
        sha256 === undefined ? {} : { sha256 },
        sha256Bytes === undefined ? {} : { sha256Bytes },
      );
    } catch {
      return undefined;
    }
  }

  async set(id: string, value: KeptUpload): Promise<void> {
    const file = this.resolve(id);
    const tmp = `${file}.${randomUUID()}.tmp`;
    const fh = await fs.open(tmp, 'wx', PRIVATE_FILE_MODE);
    try {
      await fh.chmod(PRIVATE_FILE_MODE);
      await fh.writeFile(JSON.stringify(value));
      await fh.sync();
    } finally {
      await fh.close();
    }
    await fs.rename(tmp, file);
  }

  async delete(id: string): Promise<void> {
    await fs.rm(this.resolve(id), { force: true });
  }

  async list(): Promise<string[]> {
    const names = await fs.readdir(this.directory);
    return names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -'.json'.length));
  }
}

/** The SHA-256 of an upload's bytes so far: carried from one PATCH to the next in this process. */
interface RunningHash {
  hash: Hash;
  offset: number;
}

class PrivateFileStore extends TusFileStore {
  private readonly dir: string;
  /**
   * Hashes of the uploads this process is receiving. A PATCH that finds none at its offset (the
   * upload was begun by another process, or before a restart) reads what is already there, once.
   */
  private readonly hashes = new Map<string, RunningHash>();
  /** The descriptions, typed with what this server adds to them. */
  readonly kept: PrivateJsonStore;

  constructor(directory: string) {
    const kept = new PrivateJsonStore(directory);
    super({ directory, configstore: kept });
    this.kept = kept;
    this.dir = directory;
    // Deferred lengths are refused by the route (the budget is reserved from Upload-Length).
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration'];
  }

  private pathOf(id: string): string {
    if (!isUploadId(id)) throw notFound();
    return path.join(this.dir, id);
  }

  override async create(file: Upload): Promise<Upload> {
    const filePath = this.pathOf(file.id);
    const fh = await fs.open(filePath, 'wx', PRIVATE_FILE_MODE);
    try {
      await fh.chmod(PRIVATE_FILE_MODE);
    } finally {
      await fh.close();
    }
    await this.configstore.set(file.id, file);
    file.storage = { type: 'file', path: filePath };
    return file;
  }

  /**
   * Appends the request's bytes at `offset`, flushing as it goes and before answering, through
   * the same batched writer as the order's staging (files/batched-writer.ts).
   */
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const running = await this.hashAt(id, offset);
    this.hashes.delete(id);
    const position = await this.append(readable, id, offset, running.hash);
    // Complete: the digest goes beside tus's description, for the order that adopts the upload.
    const kept = await this.kept.get(id);
    if (kept && kept.size === position) {
      await this.kept.set(id, Object.assign(kept, { sha256: running.hash.digest('hex'), sha256Bytes: position }));
    } else {
      this.hashes.set(id, { hash: running.hash, offset: position });
    }
    return position;
  }

  /** The running hash of the first `offset` bytes: this process's, or read from the file. */
  private async hashAt(id: string, offset: number): Promise<RunningHash> {
    const running = this.hashes.get(id);
    if (running && running.offset === offset) return running;
    const hash = createHash('sha256');
    if (offset > 0) {
      const stream = (await fs.open(this.pathOf(id), 'r')).createReadStream({ start: 0, end: offset - 1 });
      for await (const chunk of stream as AsyncIterable<Buffer>) hash.update(chunk);
    }
    return { hash, offset };
  }

  forget(id: string): void {
    this.hashes.delete(id);
  }

  /** Appends the request's bytes at `offset`, hashing each as it is written; the new offset. */
  private async append(readable: Readable, id: string, offset: number, hash: Hash): Promise<number> {
    const fh = await fs.open(this.pathOf(id), 'r+');
    const writer = new BatchedWriter(fh, offset);
    try {
      try {
        for await (const chunk of readable as AsyncIterable<Buffer>) {
          // Hashed in arrival order: every chunk read is written (or the write throws below).
          hash.update(chunk);
          await writer.write(chunk);
        }
      } catch {
        // The connection dropped (or a write failed: thrown again by finish): keep what
        // arrived, so the client resumes from there.
      }
      return await writer.finish();
    } finally {
      await writer.settle();
      await fh.close();
    }
  }
}

// @tus/file-store's constructor starts an mkdir it does not wait for, whose callback throws on
// failure: an uncaught exception that ends the process (a test's data folder removed while that
// mkdir was still queued did so, under load). LocalUploadStore.open makes the folder first, private
// and awaited, so the store's own mkdir is turned off. The method is private in its types only.
(PrivateFileStore.prototype as unknown as { checkOrCreateDirectory: () => void }).checkOrCreateDirectory = () => {};

export class LocalUploadStore implements UploadStore {
  readonly datastore: PrivateFileStore;

  private constructor(readonly directory: string) {
    this.datastore = new PrivateFileStore(directory);
  }

  /** DATA_DIR/uploads, made private. */
  static async open(dataDir: string): Promise<LocalUploadStore> {
    const directory = path.join(dataDir, 'uploads');
    await mkdirPrivate(directory);
    return new LocalUploadStore(directory);
  }

  async describe(id: string): Promise<FinishedUpload | null> {
    if (!isUploadId(id)) return null;
    try {
      const upload = await this.datastore.getUpload(id);
      return { offset: upload.offset, size: upload.size, metadata: upload.metadata ?? {} };
    } catch {
      return null;
    }
  }

  async finished(id: string): Promise<AdoptableUpload | null> {
    if (!isUploadId(id)) return null;
    const kept = await this.datastore.kept.get(id);
    if (!kept?.sha256 || kept.sha256Bytes !== kept.size) return null;
    const file = path.join(this.directory, id);
    const stat = await fs.stat(file).catch(() => null);
    // Bytes added or lost since the digest was taken: not this digest's file any more.
    if (!stat || stat.size !== kept.size) return null;
    return { path: file, size: stat.size, sha256: kept.sha256 };
  }

  async read(id: string): Promise<Readable> {
    const fh = await fs.open(path.join(this.directory, checked(id)), 'r');
    return fh.createReadStream();
  }

  async remove(id: string): Promise<void> {
    if (!isUploadId(id)) return;
    this.datastore.forget(id);
    await fs.rm(path.join(this.directory, id), { force: true });
    await fs.rm(path.join(this.directory, `${id}.json`), { force: true });
  }

  async check(): Promise<void> {
    await probeWritable(this.directory);
  }
}

function checked(id: string): string {
  if (!isUploadId(id)) throw new Error(`bad upload id ${id.slice(0, 60)}`);
  return id;
}
