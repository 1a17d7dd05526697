// A stored file as a document prints it (the job ticket, docs/production.md): its artwork
// thumbnail, at most THUMBNAIL_SIZE pixels on its long side, flattened on white into a JPEG
// that PDFKit copies into the PDF without decoding it. The thumbnail is the one the artwork
// queue made in its child process; a file without one yet (a proof, or a file still waiting for
// its check) has it made here the same way (processArtwork: its lane, ARTWORK_RENDER_CPU_MS, a
// memory cap) and kept beside the file, so it is made once. The customer's own bytes are never
// decoded in the server's process; what is, is the thumbnail the child wrote: a WebP of at most
// 400 × 400 pixels, decoded on libvips' thread pool (a few milliseconds), never on the event loop.
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { FileStore } from '../files/file-store.js';
import { THUMBNAIL_SIZE } from './analyse.js';
import { processArtwork } from './process-artwork.js';

/** A thumbnail larger than this was not written by the artwork's child process: not read. */
const MAX_THUMBNAIL_BYTES = 2 * 1024 * 1024;

async function readThumbnail(files: FileStore, storageKey: string): Promise<Buffer | null> {
  const stream: Readable | null = await files.openThumbnail(storageKey);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_THUMBNAIL_BYTES) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Makes and keeps the thumbnail of a stored file that has none; false when it cannot be drawn. */
async function makeThumbnail(files: FileStore, storageKey: string, cpuBudgetMs: number): Promise<boolean> {
  return files.withLocalFile(storageKey, async (local) => {
    const draft = files.thumbnailDraftPath(storageKey);
    const result = await processArtwork(local, draft, { cpuBudgetMs });
    if (result.ok && result.thumbnail.made) {
      await files.saveThumbnail(storageKey, draft);
      return true;
    }
    await rm(draft, { force: true });
    return false;
  });
}

/**
 * The JPEG a document prints for this stored file, at most THUMBNAIL_SIZE pixels on its long
 * side, or null when it has no picture to print (or is gone from the store).
 */
export async function printPicture(
  files: FileStore,
  storageKey: string,
  options: { cpuBudgetMs: number },
): Promise<Buffer | null> {
  try {
    let thumbnail = await readThumbnail(files, storageKey);
    if (!thumbnail && (await makeThumbnail(files, storageKey, options.cpuBudgetMs))) {
      thumbnail = await readThumbnail(files, storageKey);
    }
    if (!thumbnail) return null;
    return await sharp(thumbnail, { limitInputPixels: THUMBNAIL_SIZE * THUMBNAIL_SIZE })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    return null;
  }
}
