// The public side of orders as a plugin: the submit-order route with its turns for JSON orders
// (decorated as `jsonOrderGate`), and the hourly loop that forgets used form tokens once they
// have expired; stopped when the app closes. Needs the database, the file store, the upload
// store, the configuration, the mail worker and the artwork queue (both kicked after a commit).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ConcurrencyGate } from '../http/concurrency-gate.js';
import type { SaveOrderDeps } from './save-order.js';
import { forgetExpiredFormTokens } from './form-tokens.js';
import { submitOrderRoutes, type SubmitOrderOptions } from './submit-order-routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    jsonOrderGate: ConcurrencyGate;
  }
}

export interface OrdersPluginOptions {
  composeMails: SaveOrderDeps['composeMails'];
  estimateOf: SaveOrderDeps['estimateOf'];
  teamSizes?: SaveOrderDeps['teamSizes'];
  stageReorder?: SubmitOrderOptions['stageReorder'];
}

async function orders(app: FastifyInstance, opts: OrdersPluginOptions): Promise<void> {
  const { config, db, files, uploads } = app;
  const jsonOrderGate = new ConcurrencyGate(config.MAX_CONCURRENT_JSON_ORDERS, config.JSON_ORDER_QUEUE, 60_000, 30);
  app.decorate('jsonOrderGate', jsonOrderGate);
  await app.register(submitOrderRoutes, {
    config,
    db,
    files,
    uploads,
    composeMails: opts.composeMails,
    estimateOf: opts.estimateOf,
    teamSizes: opts.teamSizes,
    stageReorder: opts.stageReorder,
    onOrderSaved: () => {
      void app.mailWorker.kick();
      app.artworkQueue.kick();
    },
    jsonGate: jsonOrderGate,
  });
  // Used form tokens are only needed until they expire anyway.
  const forgetTokens = setInterval(
    () =>
      void forgetExpiredFormTokens(db).catch((err: unknown) => app.log.warn({ err }, 'forgetting used form tokens')),
    60 * 60 * 1000,
  );
  forgetTokens.unref();
  app.addHook('onClose', async () => clearInterval(forgetTokens));
}

export const ordersPlugin = fp(orders, {
  name: 'orders',
  decorators: { fastify: ['db', 'files', 'uploads', 'config', 'mailWorker', 'artworkQueue'] },
});
