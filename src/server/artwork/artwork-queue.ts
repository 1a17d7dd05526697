// Measures every stored file after its order's commit, in the background (an order is never
// delayed by it): the real format, pixel size, colour mode, pages, and a thumbnail beside the
// file. Each file is first put in a lane from its first bytes, pictures apart from drawings, and
// each lane has loops of its own, so a drawing never holds up a picture; a drawing that uses up
// its processor time is too complex to preview, for good
// (docs/decisions/017-artwork-lanes-and-cpu-budget.md). Lanes and claims live in the database,
// so any number of processes share the work and a process that dies mid-file leaves its claim
// to expire. When an order's last file is measured and a view may print blurry, the shop gets
// a short second email.
import fs from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { startBackgroundLoop, type BackgroundLoop } from '../background-loop.js';
import { TOO_COMPLEX_TO_PREVIEW, type MeasuredArtwork } from '../../shared/artwork-report.js';
import type { FileStore } from '../files/file-store.js';
import { artworkWarnings, composeArtworkMail } from './artwork-mail.js';
import {
  artworkOfOrders,
  artworkPending,
  artworkTimeSpent,
  claimNextArtwork,
  clientTimeSpent,
  queueArtwork,
  recordArtworkTime,
  releaseArtwork,
  saveArtwork,
  unqueuedArtwork,
  type ArtworkJob,
} from './artwork-store.js';
import { enqueueMails, mailRows } from '../storage/mail-queue.js';
import { findOrder, listAttachments } from '../storage/orders.js';
import type { ArtworkRow, Database } from '../storage/schema.js';
import { detectFormat, laneOf, type ArtworkLane } from './detect-format.js';
import { LANE_SLOTS, processArtwork, takeLanePlace, type ProcessArtworkResult } from './process-artwork.js';
import { fromJson } from '../storage/json.js';

type Measured = Extract<ProcessArtworkResult, { ok: true }>;

export type ArtworkQueue = Pick<BackgroundLoop, 'kick' | 'stop'>;

export function toMeasured(row: ArtworkRow): MeasuredArtwork {
  const [w, h] = (row.raster_inside ?? '').split('x').map(Number);
  return {
    status: row.status,
    format: row.format,
    isVector: row.is_vector === 1,
    width: row.width,
    height: row.height,
    colourMode: row.colour_mode,
    pages: row.pages,
    rasterInside: w && h ? { width: w, height: h } : null,
    note: row.note,
  };
}

export function startArtworkQueue(options: {
  db: Kysely<Database>;
  files: FileStore;
  shop: { shopEmail: string; publicUrl: string };
  intervalMs: number;
  /** How long one process may hold a file before another takes it over. */
  leaseMs: number;
  /** The wall-clock backstop for one file. */
  timeoutMs: number;
  /** Processor time one file's reading may use; past it the file is too complex to preview. */
  renderCpuMs: number;
  /** The checking time one order's files may use in all; past it the rest are marked, not read. */
  orderBudgetMs: number;
  /** The same for all files sent from one address in the last hour. */
  clientBudgetMs: number;
  onMailQueued: () => void;
  log: { warn: (obj: object, msg: string) => void };
  /** What reads one file; tests stand in for the child process here. */
  process?: typeof processArtwork;
  /** A file was claimed after waiting `seconds` in `lane` (the metrics). */
  onClaimed?: (lane: ArtworkLane, seconds: number) => void;
}): ArtworkQueue {
  const { db, files } = options;
  const read = options.process ?? processArtwork;
  // Closing kills the reading in progress; its file goes back to its lane for the next claim.
  const closing = new AbortController();
  let loops: BackgroundLoop[] = [];

  // Sorting new files into lanes reads 64 KiB of each (a ranged read on S3), in one pass at a
  // time per process, whichever lane asks.
  let sorting: Promise<number> | null = null;
  const sortNewFiles = () => (sorting ??= sortBatch().finally(() => (sorting = null)));

  /** Sorts up to SORT_BATCH new files; says how many it found. */
  async function sortBatch(): Promise<number> {
    let queued = false;
    const batch = await unqueuedArtwork(db, SORT_BATCH);
    for (const job of batch) {
      let lane: ArtworkLane | null;
      try {
        const format = detectFormat(await files.head(job.storageKey, HEAD_BYTES));
        lane = format && laneOf(format);
      } catch (err) {
        options.log.warn({ attachmentId: job.attachmentId, err: String(err) }, 'artwork check failed');
        await queueArtwork(db, job, { ...EMPTY, status: 'failed', note: 'the check failed' });
        await warnOrLog(job.orderId);
        continue;
      }
      if (lane) {
        await queueArtwork(db, job, lane);
        queued = true;
      } else {
        // Not a picture or a document we read (a spreadsheet PO, a ZIP): nothing to measure.
        await queueArtwork(db, job, { ...EMPTY, status: 'done', note: 'not artwork' });
        await warnOrLog(job.orderId);
      }
    }
    // The other lane's loops may be idle until their next tick.
    if (queued) for (const loop of loops) void loop.kick();
    return batch.length;
  }

  async function measure(job: ArtworkJob): Promise<void> {
    const orderLeft = options.orderBudgetMs - (await artworkTimeSpent(db, job.orderId));
    const clientLeft = job.clientKey ? options.clientBudgetMs - (await clientTimeSpent(db, job.clientKey)) : Infinity;
    const left = Math.min(orderLeft, clientLeft);
    if (left <= 0) {
      const note = orderLeft <= 0 ? OVER_BUDGET : OVER_CLIENT_BUDGET;
      await saveArtwork(db, job.attachmentId, { ...EMPTY, status: 'failed', note });
      return;
    }
    // A file never gets more than the order and its address have left (and at least a second).
    const timeoutMs = Math.max(1000, Math.min(options.timeoutMs, left));
    const started = Date.now();
    let judged = true;
    try {
      judged = await files.withLocalFile(job.storageKey, (source) => measureFile(job, source, timeoutMs));
    } finally {
      if (judged) await recordArtworkTime(db, job.attachmentId, Date.now() - started).catch(() => {});
    }
  }

  /** False when closing stopped the reading: the file is back in its lane, unjudged. */
  async function measureFile(job: ArtworkJob, source: string, timeoutMs: number): Promise<boolean> {
    // Written aside and then stored, so a thumbnail is never seen half written.
    const tmpThumb = files.thumbnailDraftPath(job.storageKey);
    try {
      const result = await read(source, tmpThumb, {
        timeoutMs,
        cpuBudgetMs: options.renderCpuMs,
        signal: closing.signal,
        placeHeld: true,
      });
      const tooComplex = result.ok
        ? !result.thumbnail.made && result.thumbnail.code === 'too-complex'
        : result.code === 'too-complex';
      if (tooComplex) {
        options.log.warn(
          { attachmentId: job.attachmentId, cpuMs: result.cpuMs, elapsedMs: result.elapsedMs },
          'artwork too complex to preview',
        );
      }
      if (!result.ok) {
        if (result.code === 'aborted') {
          await releaseArtwork(db, job.attachmentId);
          return false;
        }
        const note = tooComplex ? TOO_COMPLEX_TO_PREVIEW : result.reason.slice(0, 300);
        await saveArtwork(db, job.attachmentId, { ...EMPTY, status: 'failed', note });
        return true;
      }
      const { analysis, thumbnail } = result;
      if (thumbnail.made) await files.saveThumbnail(job.storageKey, tmpThumb);
      await saveMeasured(job, analysis, thumbnail);
      return true;
    } finally {
      await fs.rm(tmpThumb, { force: true });
    }
  }

  async function saveMeasured(
    job: ArtworkJob,
    analysis: Measured['analysis'],
    thumbnail: Measured['thumbnail'],
  ): Promise<void> {
    const inside = analysis.firstPage && !analysis.firstPage.vectorOrText ? analysis.firstPage.largestImage : undefined;
    await saveArtwork(db, job.attachmentId, {
      status: 'done',
      format: analysis.format,
      media_type: analysis.mediaType,
      is_vector: analysis.isVector ? 1 : 0,
      width: analysis.width ?? null,
      height: analysis.height ?? null,
      colour_mode: analysis.colourMode ?? null,
      has_alpha: analysis.hasAlpha === undefined ? null : analysis.hasAlpha ? 1 : 0,
      pages: analysis.pages ?? null,
      raster_inside: inside ? `${inside.width}x${inside.height}` : null,
      thumbnail: thumbnail.made ? 1 : 0,
      note: thumbnail.made
        ? null
        : thumbnail.code === 'too-complex'
          ? TOO_COMPLEX_TO_PREVIEW
          : thumbnail.reason.slice(0, 300),
    });
  }

  /** Once an order's files are all measured: the shop's warning email, if a view rates low. */
  async function warnIfNeeded(orderId: string): Promise<void> {
    if (await artworkPending(db, orderId)) return;
    const order = await findOrder(db, orderId);
    if (!order) return;
    const [attachments, rows] = await Promise.all([listAttachments(db, orderId), artworkOfOrders(db, [orderId])]);
    const byId = new Map(rows.map((r) => [r.attachment_id, toMeasured(r)]));
    const byName = new Map(attachments.flatMap((a) => (byId.has(a.id) ? [[a.name, byId.get(a.id)!] as const] : [])));
    const warnings = artworkWarnings(fromJson(order.document), byName);
    if (warnings.length === 0) return;
    const [row] = mailRows(orderId, [composeArtworkMail(order, warnings, options.shop)]);
    // One id per order: two processes finishing its last files at once queue one email.
    await db.transaction().execute((trx) => enqueueMails(trx, [{ ...row!, id: `artwork-${orderId}` }], true));
    options.onMailQueued();
  }

  const warnOrLog = (orderId: string) =>
    warnIfNeeded(orderId).catch((err) => options.log.warn({ orderId, err: String(err) }, 'artwork warning not queued'));

  async function work(lane: ArtworkLane, loop: BackgroundLoop): Promise<void> {
    while (!loop.stopped) {
      const sorted = await sortNewFiles();
      // A place in the lane first, then a file: the lane is shared with the message files
      // (checkMessageFile), and a claimed file must not wait behind them, its lease running out
      // and its wait counted against its order's and address's checking time.
      const release = await takeLanePlace(lane, closing.signal);
      if (!release) return;
      let job: ArtworkJob | null;
      try {
        job = await claimNextArtwork(db, options.leaseMs, lane);
        if (job?.queuedAt) options.onClaimed?.(lane, Math.max(0, (Date.now() - Date.parse(job.queuedAt)) / 1000));
        if (job) await measureOrFail(job);
      } finally {
        release();
      }
      if (job) await warnOrLog(job.orderId);
      // A full batch may have more behind it.
      else if (sorted !== SORT_BATCH) return;
    }
  }

  async function measureOrFail(job: ArtworkJob): Promise<void> {
    try {
      await measure(job);
    } catch (err) {
      options.log.warn({ attachmentId: job.attachmentId, err: String(err) }, 'artwork check failed');
      await saveArtwork(db, job.attachmentId, { ...EMPTY, status: 'failed', note: 'the check failed' }).catch(() => {});
    }
  }

  // As many loops per lane as the lane reads files at once (process-artwork.ts, LANE_SLOTS).
  loops = (['raster', 'vector'] as const).flatMap((lane) =>
    Array.from({ length: LANE_SLOTS[lane] }, () =>
      startBackgroundLoop({
        work: (loop) => work(lane, loop),
        intervalMs: options.intervalMs,
        onError: (err) => options.log.warn({ err: String(err), lane }, 'artwork queue check failed'),
      }),
    ),
  );
  return {
    kick: async () => {
      await Promise.all(loops.map((loop) => loop.kick()));
    },
    stop: async () => {
      const stopped = Promise.all(loops.map((loop) => loop.stop()));
      closing.abort();
      await stopped;
    },
  };
}

/** What detectFormat reads of a file's start (readHeadAndTail's head). */
const HEAD_BYTES = 64 * 1024;
const SORT_BATCH = 100;

const OVER_BUDGET = 'Not checked: this order’s files already used the time allowed for checks.';
const OVER_CLIENT_BUDGET =
  'Not checked: files sent from this address in the last hour already used the time allowed for checks.';

const EMPTY = {
  format: null,
  media_type: null,
  is_vector: null,
  width: null,
  height: null,
  colour_mode: null,
  has_alpha: null,
  pages: null,
  raster_inside: null,
  thumbnail: 0,
  note: null,
} as const;
