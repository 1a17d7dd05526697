// Each process, at start and then periodically: deletes orders past RETENTION_DAYS (completed
// or cancelled, unchanged for that long), expired staff sessions, and outbox copies of mail
// whose order is gone. Safe with several processes: each deletion is one transaction that
// only one of them wins, and removing files twice is harmless.
import type { Kysely } from 'kysely';
import { DomainError } from '../errors.js';
import type { FileStore } from '../files/file-store.js';
import { sweepOutbox } from '../mail/outbox.js';
import { existingOrderIds } from '../storage/orders.js';
import { ordersPastRetention } from './privacy-store.js';
import { deleteExpiredSessions } from '../staff/index.js';
import type { Database } from '../storage/schema.js';
import { deleteOrder } from './order-data.js';
import { dropExpiredRecords, todayOf } from '../invoices/index.js';
import { sweepUploads } from '../uploads/index.js';
import type { UploadStore } from '../uploads/index.js';

export const RETENTION_ACTOR = 'retention';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface HousekeepingResult {
  ordersDeleted: number;
  sessionsDeleted: number;
  outboxCopiesDeleted: number;
  uploadsExpired: number;
  /** Invoices, credit notes and payments past the six years the CRA asks to keep them. */
  financialRecordsDropped: number;
  /** Orders past retention kept because an amount is still owed either way, and what it is. */
  ordersKeptOwing: { reference: string; message: string }[];
}

/** What housekeeping works on, whether run once or every `intervalMs`. */
interface HousekeepingOptions {
  db: Kysely<Database>;
  files: FileStore;
  outboxDir: string;
  /** 0: orders are kept until deleted by hand. */
  retentionDays: number;
  /** Resumable uploads no order adopted, removed after `uploadExpiryHours`. */
  uploads?: UploadStore;
  uploadExpiryHours?: number;
  /** The shop's calendar and fiscal year, for the records' retention. */
  books?: { timeZone: string; fiscalYearEnd: string };
}

export async function runHousekeeping(options: HousekeepingOptions & { now?: Date }): Promise<HousekeepingResult> {
  const { db, files, outboxDir, retentionDays } = options;
  const now = options.now ?? new Date();
  let ordersDeleted = 0;
  const ordersKeptOwing: HousekeepingResult['ordersKeptOwing'] = [];
  const kept: string[] = [];
  if (retentionDays > 0) {
    const before = new Date(now.getTime() - retentionDays * DAY_MS);
    for (;;) {
      const ids = await ordersPastRetention(db, before, 100, kept);
      for (const id of ids) {
        try {
          if (await deleteOrder(db, files, outboxDir, id, RETENTION_ACTOR)) ordersDeleted++;
        } catch (err) {
          // An amount still owed either way keeps the order (docs/accounts.md, "Records").
          if (!(err instanceof DomainError) || err.code !== 'open_balance') throw err;
          kept.push(id);
          const row = await db.selectFrom('orders').select('reference').where('id', '=', id).executeTakeFirst();
          ordersKeptOwing.push({ reference: row?.reference ?? id, message: err.message });
        }
      }
      if (ids.length < 100) break;
    }
  }
  const sessionsDeleted = await deleteExpiredSessions(db, now);
  const outboxCopiesDeleted = await sweepOutbox(outboxDir, (ids) => existingOrderIds(db, ids));
  const uploadsExpired = options.uploads
    ? (await sweepUploads(db, options.uploads, options.uploadExpiryHours ?? 24, now)).expired
    : 0;
  // Six years from the end of the fiscal year a record belongs to (docs/accounts.md, "Records").
  const books = options.books ?? { timeZone: 'America/Toronto', fiscalYearEnd: '12-31' };
  const dropped = await dropExpiredRecords(db, todayOf(books, now), books.fiscalYearEnd);
  const financialRecordsDropped = dropped.invoices + dropped.payments;
  return {
    ordersDeleted,
    sessionsDeleted,
    outboxCopiesDeleted,
    uploadsExpired,
    financialRecordsDropped,
    ordersKeptOwing,
  };
}

export interface Housekeeping {
  /** The first run, started with the process. */
  readonly first: Promise<void>;
  stop(): Promise<void>;
}

export function startHousekeeping(
  options: HousekeepingOptions & {
    intervalMs: number;
    log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
  },
): Housekeeping {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= runHousekeeping(options)
      .then(
        (r) => {
          if (r.ordersDeleted > 0) options.log.info({ orders: r.ordersDeleted }, 'orders past retention deleted');
          for (const k of r.ordersKeptOwing)
            options.log.info({ order: k.reference, reason: k.message }, 'order past retention kept: an amount is owed');
          if (r.uploadsExpired > 0) options.log.info({ uploads: r.uploadsExpired }, 'expired uploads removed');
        },
        (err: unknown) => options.log.warn({ err }, 'housekeeping failed; will retry'),
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void run(), options.intervalMs);
  timer.unref();
  const first = run();
  return {
    first,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
