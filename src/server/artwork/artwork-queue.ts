// Measures every stored file after its order's commit, in the background (an order is never
// delayed by it): the real format, pixel size, colour mode, pages, and a thumbnail beside the
// file. Claims live in the database, so any number of processes share the work and a process
// that dies mid-file leaves its claim to expire. When an order's last file is measured and a
// view may print blurry, the shop gets a short second email.
import fs from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { startBackgroundLoop, type BackgroundLoop } from '../background-loop.js';
import type { MeasuredArtwork } from '../../shared/artwork-report.js';
import type { FileStore } from '../files/file-store.js';
import { artworkWarnings, composeArtworkMail } from './artwork-mail.js';
import {
  artworkOfOrders,
  artworkPending,
  artworkTimeSpent,
  claimNextArtwork,
  clientTimeSpent,
  recordArtworkTime,
  saveArtwork,
  type ArtworkJob,
} from './artwork-store.js';
import { enqueueMails, mailRows } from '../storage/mail-queue.js';
import { findOrder, listAttachments } from '../storage/orders.js';
import type { ArtworkRow, Database } from '../storage/schema.js';
import { detectFormat, readHeadAndTail } from './detect-format.js';
import { processArtwork, type ProcessArtworkResult } from './process-artwork.js';
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
  timeoutMs: number;
  /** The checking time one order's files may use in all; past it the rest are marked, not read. */
  orderBudgetMs: number;
  /** The same for all files sent from one address in the last hour. */
  clientBudgetMs: number;
  onMailQueued: () => void;
  log: { warn: (obj: object, msg: string) => void };
}): ArtworkQueue {
  const { db, files } = options;

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
    try {
      await files.withLocalFile(job.storageKey, (source) => measureFile(job, source, timeoutMs));
    } finally {
      await recordArtworkTime(db, job.attachmentId, Date.now() - started).catch(() => {});
    }
  }

  async function measureFile(job: ArtworkJob, source: string, timeoutMs: number): Promise<void> {
    const { head, tail } = await readHeadAndTail(source);
    if (!detectFormat(head, tail)) {
      // Not a picture or a document we read (a spreadsheet PO, a ZIP): nothing to measure.
      await saveArtwork(db, job.attachmentId, { ...EMPTY, status: 'done', note: 'not artwork' });
      return;
    }
    // Written aside and then stored, so a thumbnail is never seen half written.
    const tmpThumb = files.thumbnailDraftPath(job.storageKey);
    try {
      const result = await processArtwork(source, tmpThumb, { timeoutMs });
      if (!result.ok) {
        await saveArtwork(db, job.attachmentId, { ...EMPTY, status: 'failed', note: result.reason.slice(0, 300) });
        return;
      }
      const { analysis, thumbnail } = result;
      if (thumbnail.made) await files.saveThumbnail(job.storageKey, tmpThumb);
      await saveMeasured(job, analysis, thumbnail);
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
      note: thumbnail.made ? null : thumbnail.reason.slice(0, 300),
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

  async function work(loop: BackgroundLoop): Promise<void> {
    while (!loop.stopped) {
      const job = await claimNextArtwork(db, options.leaseMs);
      if (!job) return;
      try {
        await measure(job);
      } catch (err) {
        options.log.warn({ attachmentId: job.attachmentId, err: String(err) }, 'artwork check failed');
        await saveArtwork(db, job.attachmentId, { ...EMPTY, status: 'failed', note: 'the check failed' }).catch(
          () => {},
        );
      }
      await warnIfNeeded(job.orderId).catch((err) =>
        options.log.warn({ orderId: job.orderId, err: String(err) }, 'artwork warning not queued'),
      );
    }
  }

  const loop = startBackgroundLoop({
    work,
    intervalMs: options.intervalMs,
    onError: (err) => options.log.warn({ err: String(err) }, 'artwork queue check failed'),
  });
  return { kick: loop.kick, stop: loop.stop };
}

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
