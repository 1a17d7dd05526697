// A file on a message (docs/portal.md, "Messages on an order"): a picture (PNG, JPEG, WebP) or a
// PDF, checked like artwork. The type is told from the bytes, never from the name or the browser's
// word; then the file is read in the artwork's child process (processArtwork: a picture's header
// within the pixel cap, a PDF's structure and first page), which also draws the preview the thread
// shows instead of the customer's own bytes. It waits for a place in its lane like every artwork
// file, and has the same budget of processor time (ARTWORK_RENDER_CPU_MS), so a burst of message
// files takes no more of the processor than the artwork checks may
// (docs/decisions/017-artwork-lanes-and-cpu-budget.md).
import { detectFormat, readHeadAndTail, type ArtworkFormat } from './detect-format.js';
import { processArtwork, type ProcessArtworkOptions } from './process-artwork.js';

/** The types a message may carry, by their format. */
const MESSAGE_TYPES: Partial<Record<ArtworkFormat, MessageFileType>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

export type MessageFileType = 'image/png' | 'image/jpeg' | 'image/webp' | 'application/pdf';

/** Most pixels a picture on a message may declare: 50 megapixels, a phone's photo four times over. */
export const MAX_MESSAGE_PIXELS = 50_000_000;

export type MessageFileCheck =
  | { ok: true; mediaType: MessageFileType; preview: boolean }
  | { ok: false; code: 'unsupported' | 'too-many-pixels' | 'too-complex' | 'unreadable' };

/**
 * The reading's wall-clock limit: the artwork's processor-time budget (10 s) still applies, but a
 * customer waits on this answer, and on a busy machine a sound file must not be refused for the
 * time it waited for the processor.
 */
const MESSAGE_FILE_TIMEOUT_MS = 60_000;

/**
 * Whether the file at `filePath` may go on a message, and its type; a WebP preview is written to
 * `previewPath` when `preview` is true (none is left there otherwise). `cpuBudgetMs` is the
 * artwork's ARTWORK_RENDER_CPU_MS.
 */
export async function checkMessageFile(
  filePath: string,
  previewPath: string,
  options: Required<Pick<ProcessArtworkOptions, 'cpuBudgetMs'>>,
): Promise<MessageFileCheck> {
  const { head, tail, size } = await readHeadAndTail(filePath);
  const format = size > 0 ? detectFormat(head, tail) : null;
  // An Illustrator file saved as PDF is a PDF to everyone else.
  const pdfByIllustrator = format === 'ai' && head.toString('latin1', 0, 1024).includes('%PDF-');
  const mediaType = pdfByIllustrator ? 'application/pdf' : format ? MESSAGE_TYPES[format] : undefined;
  if (!mediaType) return { ok: false, code: 'unsupported' };
  const result = await processArtwork(filePath, previewPath, {
    timeoutMs: MESSAGE_FILE_TIMEOUT_MS,
    cpuBudgetMs: options.cpuBudgetMs,
    limits: { maxPixels: MAX_MESSAGE_PIXELS, maxInMemoryPixels: MAX_MESSAGE_PIXELS },
  });
  if (!result.ok) {
    if (result.code === 'too-many-pixels') return { ok: false, code: 'too-many-pixels' };
    // Past its processor time or memory: a drawing too heavy to check, not a damaged file.
    const heavy = result.code === 'too-complex' || result.code === 'timeout' || result.code === 'memory-limit';
    return { ok: false, code: heavy ? 'too-complex' : 'unreadable' };
  }
  const { width = 0, height = 0 } = result.analysis;
  if (mediaType !== 'application/pdf' && width * height > MAX_MESSAGE_PIXELS)
    return { ok: false, code: 'too-many-pixels' };
  return { ok: true, mediaType, preview: result.thumbnail.made };
}
