// Moving a shop from DATA_DIR/files to S3 (docs/operations.md, moving existing files from disk to S3): every stored
// file is read from disk, checked against the size and SHA-256 the database recorded, uploaded
// to the same storage key in the bucket and checked there. Idempotent: a file already in the
// bucket with the right size and SHA-256 is skipped, so an interrupted copy is simply run again.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { listStoredFiles } from '../storage/orders.js';
import type { Database } from '../storage/schema.js';
import type { LocalFileStore } from './file-store.js';
import type { S3FileStore } from './s3-file-store.js';
import { formatBytes } from '../../shared/order-presentation.js';

export interface CopyResult {
  copied: number;
  copiedBytes: number;
  skipped: number;
  failed: number;
  thumbnails: number;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function copyFilesToS3(options: {
  db: Kysely<Database>;
  from: LocalFileStore;
  to: S3FileStore;
  print: (line: string) => void;
}): Promise<CopyResult> {
  const { db, from, to, print } = options;
  const result: CopyResult = { copied: 0, copiedBytes: 0, skipped: 0, failed: 0, thumbnails: 0 };
  let after = '';
  let seen = 0;
  for (;;) {
    const page = await listStoredFiles(db, after, 200);
    for (const row of page) {
      seen++;
      const label = `[${seen}] ${row.storage_key} (${formatBytes(row.size)})`;
      const there = await to.describe(row.storage_key);
      if (there && there.size === row.size && there.sha256 === row.sha256) {
        result.skipped++;
        print(`${label}: already in the bucket`);
        continue;
      }
      const local = from.pathOf(row.storage_key);
      const size = await fs.stat(local).then(
        (s) => s.size,
        () => null,
      );
      if (size === null) {
        result.failed++;
        print(`${label}: FAILED, not found at ${local}`);
        continue;
      }
      const sha256 = await sha256Of(local);
      if (size !== row.size || sha256 !== row.sha256) {
        result.failed++;
        print(`${label}: FAILED, the file on disk does not match the database (size ${size}, SHA-256 ${sha256})`);
        continue;
      }
      await to.upload(row.storage_key, { tmpPath: local, size, sha256 });
      const stored = await to.describe(row.storage_key);
      if (stored?.size !== row.size || stored.sha256 !== row.sha256) {
        result.failed++;
        print(`${label}: FAILED, the bucket holds ${stored?.size ?? 'no'} bytes after the upload`);
        continue;
      }
      const thumbnail = from.thumbnailPathOf(row.storage_key);
      if (
        await fs.access(thumbnail).then(
          () => true,
          () => false,
        )
      ) {
        await to.uploadThumbnail(row.storage_key, thumbnail);
        result.thumbnails++;
      }
      result.copied++;
      result.copiedBytes += size;
      print(`${label}: copied`);
    }
    if (page.length < 200) break;
    after = page[page.length - 1]!.id;
  }
  return result;
}
