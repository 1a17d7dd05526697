// What keeps one client, or all of them, from filling the disk: a daily upload budget per
// client address (counted in the database, so every process shares it) and a free-space
// reserve on DATA_DIR, both checked before an upload is accepted (by its Content-Length)
// and again as its bytes arrive.
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import { diskFull, DomainError } from '../errors.js';
import type { FileStore } from '../files/file-store.js';
import type { Database } from '../storage/schema.js';
import { addUploadBytes, forgetUploadDaysBefore } from './upload-budget.js';
import { formatBytes } from '../../shared/order-presentation.js';

/** How much budget a request takes at a time when it did not say its size. */
const RESERVE_STEP_BYTES = 64 * 1024 * 1024;

const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

export interface UploadGuardOptions {
  db: Kysely<Database>;
  files: FileStore;
  budgetBytesPerDay: number;
  /** The budget is at most this share of DATA_DIR's file system, so a small disk gets a small budget. */
  budgetDiskPercent: number;
  minFreeBytes: number;
}

/** The guard's settings as the configuration gives them (multipart orders and tus uploads alike). */
export function guardOptionsOf(
  config: Pick<Config, 'UPLOAD_BUDGET_BYTES_PER_DAY' | 'UPLOAD_BUDGET_DISK_PERCENT' | 'MIN_FREE_DISK_BYTES'>,
  db: Kysely<Database>,
  files: FileStore,
): UploadGuardOptions {
  return {
    db,
    files,
    budgetBytesPerDay: config.UPLOAD_BUDGET_BYTES_PER_DAY,
    budgetDiskPercent: config.UPLOAD_BUDGET_DISK_PERCENT,
    minFreeBytes: config.MIN_FREE_DISK_BYTES,
  };
}

/** One request's claim on the budget and the disk, from its first byte to its answer. */
export class UploadGuard {
  private reserved = 0;
  private readonly day = utcDay(Date.now());

  private constructor(
    private readonly opts: UploadGuardOptions,
    private readonly address: string,
  ) {}

  /** Checks the disk and reserves the declared size; throws 507 or 413 before any byte is read. */
  static async begin(opts: UploadGuardOptions, address: string, declaredBytes: number): Promise<UploadGuard> {
    const guard = new UploadGuard(opts, address);
    await guard.checkDisk(declaredBytes);
    await guard.reserveUpTo(declaredBytes);
    return guard;
  }

  /** Called as bytes arrive (every few MB) with the bytes received so far. */
  async progress(receivedBytes: number): Promise<void> {
    await this.checkDisk(0);
    if (receivedBytes > this.reserved) await this.reserveUpTo(receivedBytes + RESERVE_STEP_BYTES, receivedBytes);
  }

  /**
   * Claims, before anything is written, bytes the request will make the store keep without
   * receiving them (a reorder's copies of stored files, docs/portal.md): `total` is what the
   * request then counts in all, `diskBytes` what of it lands on DATA_DIR's file system. Throws
   * the upload's own 507 or 413, so a reorder is answered as an upload is.
   */
  async claim(total: number, diskBytes: number): Promise<void> {
    await this.checkDisk(diskBytes);
    await this.reserveUpTo(total);
  }

  /** Keeps what was received counted, gives the rest of the reservation back. */
  async settle(receivedBytes: number): Promise<void> {
    const unused = this.reserved - receivedBytes;
    if (unused > 0) {
      await addUploadBytes(this.opts.db, this.address, this.day, -unused);
      this.reserved = receivedBytes;
    }
  }

  private async checkDisk(incoming: number): Promise<void> {
    if (this.opts.minFreeBytes <= 0 && incoming === 0) return;
    const free = await this.opts.files.freeBytes();
    if (free - incoming < this.opts.minFreeBytes) throw diskFull();
  }

  /** Reserves up to `bytes`, or failing that up to `atLeast`; 413 when even that is over budget. */
  private async reserveUpTo(bytes: number, atLeast = bytes): Promise<void> {
    try {
      await this.tryReserve(bytes);
    } catch (err) {
      if (atLeast >= bytes) throw err;
      await this.tryReserve(atLeast);
    }
  }

  private async tryReserve(bytes: number): Promise<void> {
    const more = bytes - this.reserved;
    if (more <= 0) return;
    const { db } = this.opts;
    const { size } = await this.opts.files.space();
    const budget = Math.min(this.opts.budgetBytesPerDay, Math.floor((size * this.opts.budgetDiskPercent) / 100));
    const total = await addUploadBytes(db, this.address, this.day, more);
    if (total > budget) {
      // What was already received stays counted; this step is given back.
      await addUploadBytes(db, this.address, this.day, -more);
      const left = Math.max(0, budget - (total - more));
      throw overBudget(budget, left);
    }
    if (this.reserved === 0) await forgetUploadDaysBefore(db, this.day);
    this.reserved = bytes;
  }
}

function overBudget(budget: number, left: number): DomainError {
  const now = Date.now();
  const tomorrow = Date.parse(`${utcDay(now)}T00:00:00Z`) + 24 * 60 * 60 * 1000;
  return new DomainError(
    'too_large',
    'upload_budget_exceeded',
    `This order would take your uploads past the daily limit of ${formatBytes(budget)} per connection (${formatBytes(left)} left today). Nothing was saved. Please send a smaller order, try again tomorrow, or send the files to the shop by email or a file-sharing link.`,
    undefined,
    {
      messageFr: `Cette commande dépasserait la limite quotidienne d'envoi de ${formatBytes(budget, 'fr')} par connexion (il reste ${formatBytes(left, 'fr')} aujourd'hui). Rien n'a été enregistré. Veuillez envoyer une commande plus petite, réessayer demain, ou faire parvenir les fichiers à la boutique par courriel ou par un lien de partage.`,
      retryAfterSeconds: Math.ceil((tomorrow - now) / 1000),
    },
  );
}
