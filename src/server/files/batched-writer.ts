// Writing a stream of chunks to a file fast and durably, the one way both writers of uploaded
// bytes use (the order's staging, files/file-store.ts; resumable uploads, uploads/): chunks are
// gathered into batches of 1 MiB written with one writev each, one write in flight while the
// next batch is read; every 64 MiB a flush runs in the background until the next one is due,
// because the kernel otherwise lets dirty pages pile up and then throttles the writer
// (measured: 300 MB/s without, 1.1 GB/s with). `finish` writes the rest and flushes it all.
import type { FileHandle } from 'node:fs/promises';

const WRITE_BATCH_BYTES = 1024 * 1024;
const FLUSH_EVERY_BYTES = 64 * 1024 * 1024;

export class BatchedWriter {
  private batch: Buffer[] = [];
  private batchBytes = 0;
  private unflushed = 0;
  private pending: Promise<unknown> = Promise.resolve();
  private flushing: Promise<unknown> = Promise.resolve();

  /** Writes from `position` on: the end of what is already in the file. */
  constructor(
    private readonly fh: FileHandle,
    private position: number,
  ) {}

  async write(chunk: Buffer): Promise<void> {
    this.batch.push(chunk);
    this.batchBytes += chunk.length;
    if (this.batchBytes >= WRITE_BATCH_BYTES) await this.dispatch();
  }

  private async dispatch(): Promise<void> {
    const chunks = this.batch;
    const total = this.batchBytes;
    const at = this.position;
    this.batch = [];
    this.batchBytes = 0;
    this.position += total;
    await this.pending;
    this.pending = writeAllAt(this.fh, chunks, total, at);
    // Awaited by `finish`; until then a failed write (ENOSPC) must not count as unhandled when
    // the caller stops first (a limit, the client gone): `finish` or the next write throws it.
    this.pending.catch(() => {});
    this.unflushed += total;
    if (this.unflushed >= FLUSH_EVERY_BYTES) {
      await this.flushing;
      this.flushing = this.pending.then(() => this.fh.datasync());
      this.flushing.catch(() => {});
      this.unflushed = 0;
    }
  }

  /**
   * Writes what is left and flushes everything: the data (`datasync`), or the data and the
   * file's metadata (`sync`). Returns the end position. Throws the first failed write or flush.
   */
  async finish(flush: 'datasync' | 'sync' = 'datasync'): Promise<number> {
    if (this.batchBytes > 0) await this.dispatch();
    await this.pending;
    await this.flushing;
    await (flush === 'sync' ? this.fh.sync() : this.fh.datasync());
    return this.position;
  }

  /** For a `finally` before the file closes: the write and flush in flight end, whatever became of them. */
  async settle(): Promise<void> {
    await Promise.allSettled([this.pending, this.flushing]);
  }
}

/** Writes every byte of `chunks` (`total` of them) at `position`, finishing a partial write. */
async function writeAllAt(fh: FileHandle, chunks: Buffer[], total: number, position: number): Promise<void> {
  let written = (await fh.writev(chunks, position)).bytesWritten;
  if (written < total) {
    const rest = Buffer.concat(chunks);
    while (written < total)
      written += (await fh.write(rest, written, total - written, position + written)).bytesWritten;
  }
}
