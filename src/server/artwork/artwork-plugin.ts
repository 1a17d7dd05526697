// The artwork checks as a plugin: when ARTWORK_CHECKS is on, the queue that analyses each new
// file in a child process runs with the app, and stops when it closes. It decorates
// `artworkQueue` (submit-order kicks it after a commit). Needs the database, the file store,
// the configuration and the mail worker (a finished check may queue the shop's warning).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ShopIdentity } from '../mail/compose.js';
import { startArtworkQueue } from './artwork-queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    artworkQueue: { kick(): void };
  }
}

async function artwork(app: FastifyInstance, opts: { shop: ShopIdentity }): Promise<void> {
  const { config, db, files, mailWorker } = app;
  const queue = config.ARTWORK_CHECKS
    ? startArtworkQueue({
        db,
        files,
        shop: opts.shop,
        intervalMs: config.ARTWORK_POLL_MS,
        leaseMs: config.ARTWORK_TIMEOUT_MS * 3,
        timeoutMs: config.ARTWORK_TIMEOUT_MS,
        renderCpuMs: config.ARTWORK_RENDER_CPU_MS,
        orderBudgetMs: config.ARTWORK_ORDER_BUDGET_MS,
        clientBudgetMs: config.ARTWORK_CLIENT_BUDGET_MS,
        onMailQueued: () => void mailWorker.kick(),
        log: app.log,
        onClaimed: (lane, seconds) => app.metrics.artworkWait.observe({ lane }, seconds),
      })
    : null;
  app.decorate('artworkQueue', { kick: () => void queue?.kick() });
  app.addHook('onClose', async () => queue?.stop());
}

export const artworkPlugin = fp(artwork, {
  name: 'artwork',
  decorators: { fastify: ['db', 'files', 'config', 'mailWorker', 'metrics'] },
});
