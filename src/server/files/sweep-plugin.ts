// What a crash leaves behind, swept as a plugin: staging folders and order folders without a
// committed order, once this process has its port (one that then fails to start, EADDRINUSE,
// touches nothing, and nothing a running process uses is taken: staging-owner.ts); on S3 also
// hourly. Decorates `sweepLeftovers`. Needs the database, the file store and the configuration.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existingOrderIds } from '../storage/orders.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Removes what interrupted requests left (run once the port is bound). */
    sweepLeftovers: () => Promise<void>;
  }
}

const HOUR_MS = 60 * 60 * 1000;

async function sweep(app: FastifyInstance): Promise<void> {
  const { config, db, files } = app;
  const sweepLeftovers = async () => {
    const swept = await files.sweep((ids) => existingOrderIds(db, ids), config.SWEEP_MIN_AGE_SECONDS * 1000);
    if (swept.removed > 0) app.log.info({ removed: swept.removed }, 'swept files left by an interrupted upload');
  };
  app.decorate('sweepLeftovers', sweepLeftovers);
  // The moment the port is bound (before any request can be read), the sweep starts, and every
  // request waits for it: an order this process is saving (its files moved into place, its
  // transaction not yet committed) must never look like a leftover to its own sweep.
  let sweeping: Promise<void> | null = null;
  app.server.once('listening', () => {
    sweeping = sweepLeftovers().catch((err: unknown) => app.log.warn({ err }, 'sweeping leftovers failed'));
  });
  app.addHook('onRequest', async () => {
    if (sweeping) await sweeping;
  });

  // On S3 the bucket outlives any one process: what a failed order left there (its cleanup could
  // not reach the store) is swept hourly too. Anything younger than the longest upload and an
  // hour is left alone: it may be an order in flight, here (staging) or in another process.
  if (files.backend !== 's3') return;
  const sweepBucket = setInterval(
    () =>
      void files
        .sweep(
          (ids) => existingOrderIds(db, ids),
          Math.max(config.SWEEP_MIN_AGE_SECONDS * 1000, config.REQUEST_TIMEOUT_MS + HOUR_MS),
        )
        .catch((err: unknown) => app.log.warn({ err }, 'sweeping the bucket failed; will retry')),
    HOUR_MS,
  );
  sweepBucket.unref();
  app.addHook('onClose', async () => clearInterval(sweepBucket));
}

export const sweepPlugin = fp(sweep, { name: 'sweep', decorators: { fastify: ['db', 'files', 'config'] } });
