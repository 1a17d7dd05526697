// buildApp(config): a ready Fastify instance, the same for production and for tests.
// Decorations first (database, file store, configuration), then the HTTP edge (errors,
// schemas, headers), then the routes; the mail worker starts here and stops on close.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { startArtworkQueue, type ArtworkQueue } from './artwork/index.js';
import { setMaxConcurrentHashes, staffAuthPlugin } from './staff/index.js';
import type { Config } from './config.js';
import { createFileStore } from './files/create-file-store.js';
import type { FileStore } from './files/file-store.js';
import { ConcurrencyGate } from './http/concurrency-gate.js';
import { registerErrorHandler } from './http/error-handler.js';
import { loggerOptions, type LogStream } from './http/logging.js';
import { registerOriginCheck } from './http/origin-check.js';
import { registerRouteTimeouts } from './http/timeouts.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { forgetOldRateLimits, sharedLimits, type SharedLimits } from './http/rate-limit-store.js';
import { composeOrderMails } from './mail/compose.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { outboxDirOf } from './mail/outbox.js';
import { startMailWorker, type MailWorker } from './mail/queue.js';
import { startHousekeeping } from './privacy/index.js';
import { clientRoutes, pageRenderer, sendNotFound } from './http/pages.js';
import { healthRoutes } from './http/health.js';
import { inboxRoutes } from './inbox-routes.js';
import { orderLinkRoutes } from './quotes/index.js';
import type { QuoteDeps } from './quotes/index.js';
import { submitOrderRoutes, forgetExpiredFormTokens } from './orders/index.js';
import { openDatabase, type Dialect } from './storage/db.js';
import { existingOrderIds } from './storage/orders.js';
import type { Database } from './storage/schema.js';
import { uploadRoutes } from './uploads/index.js';
import { createUploadStore, type UploadStore } from './uploads/index.js';
import { currentPriceListReader, publicPriceListRoutes, estimator } from './prices/index.js';
import { storedPdf, startDepositReminders } from './invoices/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: Dialect;
    files: FileStore;
    config: Config;
    mailWorker: MailWorker;
    jsonOrderGate: ConcurrencyGate;
    uploads: UploadStore;
    rateLimits: SharedLimits;
    /** Removes what interrupted requests left (run once the port is bound). */
    sweepLeftovers: () => Promise<void>;
  }
}

const HOUR_MS = 60 * 60 * 1000;

export interface AppOptions {
  /** Replaces the mailer made from the configuration (tests). */
  mailer?: Mailer;
  /** Where the log goes instead of standard output (tests read it). */
  logStream?: LogStream;
  /** How often retention and session expiry are checked (tests shorten it). */
  housekeepingIntervalMs?: number;
  /** Replaces the upload store made from the configuration. */
  uploads?: UploadStore;
}

/** TRUST_PROXY as Fastify takes it; a number of hops trusts that many proxies nearest the server. */
function trustProxyOption(value: Config['TRUST_PROXY']): FastifyServerOptions['trustProxy'] {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
}

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // Slow or endless clients: headers within HEADERS_TIMEOUT_MS, a stalled connection dropped
    // after IDLE_TIMEOUT_MS without a byte; the time for a whole request is set per route
    // (http/timeouts.ts: hours for an upload that keeps moving, ROUTE_TIMEOUT_MS elsewhere).
    connectionTimeout: 0,
    requestTimeout: 0,
    keepAliveTimeout: 10_000,
    // Node checks these timeouts on an interval (30 s by default): check often enough to honour them.
    http: {
      headersTimeout: config.HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, config.HEADERS_TIMEOUT_MS / 4)),
    },
  });

  setMaxConcurrentHashes(config.SIGN_IN_MAX_CONCURRENT_HASHES);
  const { db, dialect } = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL });
  const files = createFileStore(config);
  await files.init();
  app.decorate('db', db);
  app.decorate('dialect', dialect);
  app.decorate('files', files);
  app.decorate('config', config);
  const uploads = options.uploads ?? (await createUploadStore(config));
  app.decorate('uploads', uploads);
  // Every rate limit counted where all processes see it (Redis, else the database).
  const limits = sharedLimits({ db, redisUrl: config.REDIS_URL, redisPrefix: config.REDIS_KEY_PREFIX });
  app.decorate('rateLimits', limits.limits);

  // Leftovers of a crash: staging folders and order folders without a committed order. Only
  // once this process has its port: one that then fails to start (EADDRINUSE) touches nothing,
  // and nothing a running process uses is taken (files/staging-owner.ts).
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
  const sweepBucket =
    files.backend === 's3'
      ? setInterval(
          () =>
            void files
              .sweep(
                (ids) => existingOrderIds(db, ids),
                Math.max(config.SWEEP_MIN_AGE_SECONDS * 1000, config.REQUEST_TIMEOUT_MS + HOUR_MS),
              )
              .catch((err: unknown) => app.log.warn({ err }, 'sweeping the bucket failed; will retry')),
          HOUR_MS,
        )
      : null;
  sweepBucket?.unref();

  app.server.on('connection', (socket) => socket.setTimeout(config.IDLE_TIMEOUT_MS, () => socket.destroy()));

  registerErrorHandler(app, config);
  // Routes declare zod schemas for what they take and what they answer.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerSecurityHeaders(app, config);
  registerOriginCheck(app, config);
  registerRouteTimeouts(app, config);

  const outboxDir = outboxDirOf(config.dataDir);
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir,
      leaseMs: config.MAIL_LEASE_MS,
    });
  const mailWorker = startMailWorker({
    db,
    mailer,
    intervalMs: config.MAIL_POLL_MS,
    retryBaseMs: config.MAIL_RETRY_BASE_MS,
    leaseMs: config.MAIL_LEASE_MS,
    log: app.log,
    attachmentsOf: async (refs) => {
      const found = await Promise.all(refs.map((r) => storedPdf(db, r.kind, r.id)));
      return found.flatMap((f) => (f ? [{ filename: f.name, content: f.pdf, contentType: 'application/pdf' }] : []));
    },
  });
  app.decorate('mailWorker', mailWorker);
  // Retention, expired sessions, outbox copies of deleted orders, expired uploads: at start, then hourly.
  const housekeeping = startHousekeeping({
    db,
    files,
    outboxDir,
    retentionDays: config.RETENTION_DAYS,
    uploads,
    uploadExpiryHours: config.UPLOAD_EXPIRY_HOURS,
    intervalMs: options.housekeepingIntervalMs ?? 60 * 60 * 1000,
    log: app.log,
  });
  // Used form tokens are only needed until they expire anyway.
  const forgetTokens = setInterval(
    () => {
      void forgetExpiredFormTokens(db).catch((err: unknown) => app.log.warn({ err }, 'forgetting used form tokens'));
      void forgetOldRateLimits(db).catch((err: unknown) => app.log.warn({ err }, 'forgetting old rate-limit windows'));
    },
    60 * 60 * 1000,
  );
  forgetTokens.unref();
  const shop = {
    name: config.SHOP_NAME,
    contact: config.SHOP_CONTACT,
    shopEmail: config.SHOP_EMAIL,
    publicUrl: config.publicUrl,
  };
  const artworkQueue: ArtworkQueue | null = config.ARTWORK_CHECKS
    ? startArtworkQueue({
        db,
        files,
        shop,
        intervalMs: config.ARTWORK_POLL_MS,
        leaseMs: config.ARTWORK_TIMEOUT_MS * 3,
        timeoutMs: config.ARTWORK_TIMEOUT_MS,
        orderBudgetMs: config.ARTWORK_ORDER_BUDGET_MS,
        clientBudgetMs: config.ARTWORK_CLIENT_BUDGET_MS,
        onMailQueued: () => void mailWorker.kick(),
        log: app.log,
      })
    : null;
  app.addHook('onClose', async () => {
    if (sweepBucket) clearInterval(sweepBucket);
    await housekeeping.stop();
    clearInterval(forgetTokens);
    await artworkQueue?.stop();
    await mailWorker.stop();
    await limits.close();
    await db.destroy();
  });

  const jsonOrderGate = new ConcurrencyGate(config.MAX_CONCURRENT_JSON_ORDERS, config.JSON_ORDER_QUEUE, 60_000, 30);
  app.decorate('jsonOrderGate', jsonOrderGate);

  await app.register(healthRoutes, { db, files, uploads });
  const currentPriceList = currentPriceListReader(db);
  await app.register(submitOrderRoutes, {
    config,
    db,
    files,
    uploads,
    composeMails: (order) => composeOrderMails(order, shop),
    estimateOf: estimator({
      current: currentPriceList,
      shopProvince: config.SHOP_PROVINCE,
      registrations: config.registrations,
    }),
    onOrderSaved: () => {
      void mailWorker.kick();
      void artworkQueue?.kick();
    },
    jsonGate: jsonOrderGate,
  });
  await app.register(uploadRoutes, { config, db, files, uploads });
  await app.register(staffAuthPlugin, { config });
  const quoteDeps: QuoteDeps = {
    db,
    dialect,
    shopProvince: config.SHOP_PROVINCE,
    registration: { gstHst: config.GST_HST_NUMBER, qst: config.QST_NUMBER },
    registrations: config.registrations,
    currentPriceList,
    shop,
    seller: {
      legalName: config.SHOP_LEGAL_NAME.trim() || config.SHOP_NAME,
      address: config.SHOP_ADDRESS.trim(),
      gstHst: config.GST_HST_NUMBER.trim(),
      qst: config.QST_NUMBER.trim(),
      email: config.SHOP_EMAIL,
    },
  };
  const reminders = startDepositReminders({
    deps: quoteDeps,
    intervalMs: config.REMINDER_POLL_MS,
    onMailQueued: () => void mailWorker.kick(),
    log: app.log,
  });
  app.addHook('onClose', () => reminders.stop());
  const onMailQueued = () => void mailWorker.kick();
  await app.register(publicPriceListRoutes, { current: currentPriceList });
  await app.register(inboxRoutes, { quoteDeps, onMailQueued, currentPriceList });
  const sendPage = config.clientDir ? pageRenderer(config.clientDir, config) : null;
  await app.register(orderLinkRoutes, { config, deps: quoteDeps, sendPage, onMailQueued });
  if (config.clientDir && sendPage) {
    await app.register(clientRoutes, { config, clientDir: config.clientDir, sendPage });
  } else {
    app.setNotFoundHandler((request, reply) => sendNotFound(request, reply, null));
  }
  return app;
}
