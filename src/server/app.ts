// buildApp(config): a ready Fastify instance, the same for production and for tests.
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import { AppError, isUnavailableError, unavailable } from './errors.js';
import { clientRoutes } from './routes/client.js';
import { healthRoutes } from './routes/health.js';
import { submitOrderRoutes } from './routes/submit-order.js';
import { inboxRoutes } from './routes/inbox.js';
import { staffAuthPlugin } from './routes/staff-auth.js';
import { composeOrderMails } from './mail/compose.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { startMailWorker, type MailWorker } from './mail/queue.js';
import path from 'node:path';
import { securityHeaders } from './security-headers.js';
import { openDatabase, type Dialect } from './storage/db.js';
import { FileStore } from './storage/files.js';
import { existingOrderIds } from './storage/orders.js';
import type { Database } from './storage/schema.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: Dialect;
    files: FileStore;
    config: Config;
    mailWorker: MailWorker;
  }
}

export interface AppOptions {
  /** Replaces the mailer made from the configuration (tests). */
  mailer?: Mailer;
}

/** Fastify's own 4xx codes, as codes and sentences for people. */
const FRAMEWORK_ERRORS: Record<string, { code: string; message: (config: Config) => string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'order_too_large',
    message: (c) =>
      `This JSON order is larger than ${Math.round(c.MAX_JSON_BYTES / 1024 / 1024)} MB. Send large orders as multipart/form-data, with each file as its own part (the order form does this).`,
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: () => 'Send the order as application/json or multipart/form-data.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_json', message: () => 'The JSON body is empty.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'invalid_body', message: () => 'The body is shorter or longer than its Content-Length.' },
};

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    // Slow or endless clients: headers within HEADERS_TIMEOUT_MS, a stalled connection dropped
    // after IDLE_TIMEOUT_MS without a byte, a whole request within REQUEST_TIMEOUT_MS (hours:
    // a large upload on a slow phone connection must not be cut).
    connectionTimeout: 0,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: 10_000,
    // Node checks these timeouts on an interval (30 s by default): check often enough to honour them.
    http: { headersTimeout: config.HEADERS_TIMEOUT_MS, connectionsCheckingInterval: Math.min(30_000, Math.max(250, config.HEADERS_TIMEOUT_MS / 4)) },
  });

  const { db, dialect } = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL });
  const files = new FileStore(config.dataDir);
  await files.init();
  app.decorate('db', db);
  app.decorate('dialect', dialect);
  app.decorate('files', files);
  app.decorate('config', config);

  // Leftovers of a crash: staging folders and order folders without a committed order.
  const swept = await files.sweep((ids) => existingOrderIds(db, ids), config.SWEEP_MIN_AGE_SECONDS * 1000);
  if (swept.removed > 0) app.log.info({ removed: swept.removed }, 'swept files left by an interrupted upload');

  app.server.on('connection', (socket) => socket.setTimeout(config.IDLE_TIMEOUT_MS, () => socket.destroy()));

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.statusCode).send({ error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) } });
    }
    if (isUnavailableError(err)) {
      request.log.error({ err }, 'dependency unavailable');
      const storageCodes = ['ENOSPC', 'EIO', 'EROFS', 'EDQUOT', 'EACCES', 'EPERM', 'ENOTDIR', 'EMFILE'];
      const e = unavailable(storageCodes.includes(String(err.code)) ? 'file storage' : 'database');
      return reply.code(503).header('retry-after', '30').send({ error: { code: e.code, message: e.message } });
    }
    const known = err.code ? FRAMEWORK_ERRORS[err.code] : undefined;
    if (known) return reply.code(err.statusCode ?? 400).send({ error: { code: known.code, message: known.message(config) } });
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const code = err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'invalid_json' : 'bad_request';
      const message = code === 'invalid_json' ? 'The body is not valid JSON.' : err.message;
      return reply.code(err.statusCode).send({ error: { code, message } });
    }
    request.log.error({ err }, 'unexpected error');
    return reply.code(500).send({ error: { code: 'internal', message: 'Something went wrong on our side. Nothing was saved; please try again.' } });
  });

  const mailer = options.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: path.join(config.dataDir, 'outbox') });
  const mailWorker = startMailWorker({ db, mailer, intervalMs: config.MAIL_POLL_MS, retryBaseMs: config.MAIL_RETRY_BASE_MS, leaseMs: config.MAIL_LEASE_MS, log: app.log });
  app.decorate('mailWorker', mailWorker);
  app.addHook('onClose', async () => {
    await mailWorker.stop();
    await db.destroy();
  });
  const shop = { name: config.SHOP_NAME, contact: config.SHOP_CONTACT, shopEmail: config.SHOP_EMAIL, publicUrl: config.publicUrl };

  securityHeaders(app, config);
  await app.register(healthRoutes, { db, files });
  await app.register(submitOrderRoutes, {
    config,
    db,
    files,
    composeMails: (order) => composeOrderMails(order, shop),
    onOrderSaved: () => void mailWorker.kick(),
  });
  await app.register(staffAuthPlugin, { config });
  await app.register(inboxRoutes);
  if (config.clientDir) {
    await app.register(clientRoutes, { config, clientDir: config.clientDir });
  } else {
    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send({ error: { code: 'not_found', message: `No such path: ${request.method} ${request.url.slice(0, 200)}` } }),
    );
  }
  return app;
}
