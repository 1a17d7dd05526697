// Housekeeping as a plugin: retention, expired sessions, outbox copies of deleted orders,
// expired uploads and financial records past six years, at start and then every interval;
// stopped when the app closes. Needs the database, the file store, the upload store and the
// configuration.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { outboxDirOf } from '../mail/outbox.js';
import { startHousekeeping } from './housekeeping.js';

async function housekeeping(
  app: FastifyInstance,
  // books: the shop's calendar in force (settings/, docs/settings.md); the environment's without it.
  opts: { intervalMs?: number; books?: { timeZone: string; fiscalYearEnd: string } },
): Promise<void> {
  const { config, db, files, uploads } = app;
  const running = startHousekeeping({
    db,
    files,
    outboxDir: outboxDirOf(config.dataDir),
    retentionDays: config.RETENTION_DAYS,
    uploads,
    uploadExpiryHours: config.UPLOAD_EXPIRY_HOURS,
    books: opts.books ?? { timeZone: config.timeZone, fiscalYearEnd: config.FISCAL_YEAR_END },
    intervalMs: opts.intervalMs ?? 60 * 60 * 1000,
    log: app.log,
  });
  app.addHook('onClose', () => running.stop());
}

export const housekeepingPlugin = fp(housekeeping, {
  name: 'housekeeping',
  decorators: { fastify: ['db', 'files', 'uploads', 'config'] },
});
