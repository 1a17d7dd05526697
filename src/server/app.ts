// buildApp(config): a ready Fastify instance, the same for production and for tests.
// The platform first (database, file store, upload store, configuration, rate limits as
// decorations; the HTTP edge: errors, schemas, headers, origin check, timeouts), then each
// capability as a plugin that owns its routes and its background work (docs/architecture.md,
// the module map). onClose hooks run last-registered first: the capabilities stop before the
// mail worker, and the database closes last.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { artworkPlugin, artworkQueueDepth } from './artwork/index.js';
import { collectionRoutes, teamSizesAtSubmission } from './collections/index.js';
import fp from 'fastify-plugin';
import type { Config } from './config.js';
import { createFileStore } from './files/create-file-store.js';
import type { FileStore } from './files/file-store.js';
import { sweepPlugin } from './files/sweep-plugin.js';
import { registerErrorHandler } from './http/error-handler.js';
import { strictBodyValidatorCompiler } from './http/strict-bodies.js';
import { healthRoutes } from './http/health.js';
import { loggerOptions, type LogStream } from './http/logging.js';
import { qstCheckDigitLooksRight } from '../shared/registration-numbers.js';
import { createMetrics, metricsRoutes, type Metrics } from './http/metrics.js';
import { mailQueueDepth } from './storage/mail-queue.js';
import { UPLOAD_PATH } from '../shared/constants.js';
import { registerOriginCheck } from './http/origin-check.js';
import { clientRoutes, pageRenderer, sendNotFound } from './http/pages.js';
import { forgetOldRateLimits, sharedLimits, type SharedLimits } from './http/rate-limit-store.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerRouteTimeouts } from './http/timeouts.js';
import { inboxRoutes } from './inbox-routes.js';
import { remindersPlugin, storedPdf } from './invoices/index.js';
import { composeOrderMails } from './mail/compose.js';
import { mailPlugin } from './mail/mail-plugin.js';
import type { Mailer } from './mail/mailer.js';
import { customerEditRoutes, ordersPlugin } from './orders/index.js';
import { currentPriceListReader, estimator, publicPriceListRoutes } from './prices/index.js';
import { housekeepingPlugin } from './privacy/index.js';
import { orderLinkRoutes, type QuoteDeps } from './quotes/index.js';
import { floorOfOrder } from './production/index.js';
import { stripeProvider, webhookRoutes } from './payments/index.js';
import { orderLinkMessageRoutes, portalRoutes, stageReorder, storedReorderPricing } from './portal/index.js';
import { documentLogoReader, liveIdentity, publicLogoRoutes, shopProfileSource } from './settings/index.js';
import { setMaxConcurrentHashes, staffAuthPlugin } from './staff/index.js';
import { openDatabase, type Dialect } from './storage/db.js';
import { dateIn } from '../shared/dates.js';
import type { Database, OrderRow } from './storage/schema.js';
import type { ValidOrderBody } from '../shared/order-schema.js';
import { createUploadStore, uploadRoutes, type UploadStore } from './uploads/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
    db: Kysely<Database>;
    dialect: Dialect;
    files: FileStore;
    config: Config;
    uploads: UploadStore;
    rateLimits: SharedLimits;
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
  if (config.QST_NUMBER && !qstCheckDigitLooksRight(config.QST_NUMBER)) {
    app.log.warn(
      { setting: 'QST_NUMBER' },
      'QST_NUMBER fails the usual check of its tenth digit: check it with Revenu Québec’s validation service before invoices go out (docs/accounts.md)',
    );
  }

  setMaxConcurrentHashes(config.SIGN_IN_MAX_CONCURRENT_HASHES);
  const { db, dialect } = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL });
  const files = createFileStore(config);
  await files.init();
  app.decorate('db', db);
  app.decorate('dialect', dialect);
  const metrics = createMetrics({ artwork: () => artworkQueueDepth(db), mail: () => mailQueueDepth(db) });
  app.decorate('metrics', metrics);
  await app.register(fp(metricsRoutes), { metrics, token: config.METRICS_TOKEN, uploadPath: UPLOAD_PATH });
  app.decorate('files', files);
  app.decorate('config', config);
  const uploads = options.uploads ?? (await createUploadStore(config));
  app.decorate('uploads', uploads);
  // Every rate limit counted where all processes see it (Redis, else the database).
  const limits = sharedLimits({ db, redisUrl: config.REDIS_URL, redisPrefix: config.REDIS_KEY_PREFIX });
  app.decorate('rateLimits', limits.limits);

  await app.register(sweepPlugin);

  app.server.on('connection', (socket) => socket.setTimeout(config.IDLE_TIMEOUT_MS, () => socket.destroy()));

  registerErrorHandler(app, config);
  // Routes declare zod schemas for what they take and what they answer; a body's unknown field
  // is refused (http/strict-bodies.ts).
  app.setValidatorCompiler(strictBodyValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerSecurityHeaders(app, config);
  registerOriginCheck(app, config);
  registerRouteTimeouts(app, config);

  // Stopped after everything that may still use them (onClose hooks run last-registered first).
  app.addHook('onClose', async () => {
    await limits.close();
    await db.destroy();
  });
  // Rate-limit windows are only needed while they last.
  const forgetLimits = setInterval(
    () =>
      void forgetOldRateLimits(db).catch((err: unknown) => app.log.warn({ err }, 'forgetting old rate-limit windows')),
    HOUR_MS,
  );
  forgetLimits.unref();
  app.addHook('onClose', async () => clearInterval(forgetLimits));

  // The shop's profile in force (settings/, docs/settings.md): the latest saved version, else the
  // environment's values. Read again at most every few seconds, when a request comes in or a
  // minute passes, so documents and mails made in any process use what an owner last saved.
  const shopProfile = shopProfileSource(db, config);
  await shopProfile.refresh();
  app.addHook('onRequest', async (request) => {
    await shopProfile.currentShop().catch((err: unknown) => request.log.warn({ err }, 'reading the shop profile'));
  });
  const readProfile = setInterval(
    () => void shopProfile.refresh().catch((err: unknown) => app.log.warn({ err }, 'reading the shop profile')),
    60_000,
  );
  readProfile.unref();
  app.addHook('onClose', async () => clearInterval(readProfile));
  const inForce = () => shopProfile.current();
  const shop = liveIdentity(shopProfile);
  const documentLogo = documentLogoReader(shopProfile, { cpuBudgetMs: config.ARTWORK_RENDER_CPU_MS, log: app.log });
  // Each capability owns its background work and stops it on close (docs/architecture.md).
  await app.register(mailPlugin, {
    mailer: options.mailer,
    attachmentsOf: async (refs) => {
      const found = await Promise.all(refs.map((r) => storedPdf(db, r.kind, r.id)));
      return found.flatMap((f) => (f ? [{ filename: f.name, content: f.pdf, contentType: 'application/pdf' }] : []));
    },
  });
  await app.register(housekeepingPlugin, {
    intervalMs: options.housekeepingIntervalMs,
    books: {
      get timeZone() {
        return inForce().books.timeZone;
      },
      get fiscalYearEnd() {
        return inForce().books.fiscalYearEnd;
      },
    },
  });
  await app.register(artworkPlugin, { shop });

  await app.register(healthRoutes, { db, files, uploads });
  const currentPriceList = currentPriceListReader(db);
  const estimateOf = estimator({
    current: currentPriceList,
    get shopProvince() {
      return inForce().books.shopProvince;
    },
    get registrations() {
      return inForce().registrations;
    },
  });
  const shopToday = () => dateIn(inForce().books.timeZone);
  await app.register(ordersPlugin, {
    composeMails: (order) => composeOrderMails(order, shop, inForce().books.timeZone),
    stageReorder: (request, reorder, staging, claim) =>
      stageReorder({ db, files, timeZone: inForce().books.timeZone }, request, reorder, staging, claim),
    estimateOf,
    teamSizes: teamSizesAtSubmission(db, shopToday),
  });
  await app.register(uploadRoutes, { config, db, files, uploads });
  await app.register(staffAuthPlugin, { config, timeZone: () => inForce().books.timeZone });
  const paymentProvider =
    config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
      ? stripeProvider({
          secretKey: config.STRIPE_SECRET_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
          ...(config.STRIPE_API_URL ? { apiUrl: config.STRIPE_API_URL } : {}),
        })
      : null;
  // Getters: each document and mail takes the profile in force when it is made (an invoice then
  // keeps what it printed).
  const quoteDeps: QuoteDeps = {
    db,
    dialect,
    currentPriceList,
    get shopProvince() {
      return inForce().books.shopProvince;
    },
    get registration() {
      return inForce().registration;
    },
    get registrations() {
      return inForce().registrations;
    },
    get shop() {
      return inForce().identity;
    },
    get books() {
      return inForce().books;
    },
    // The logo in force, on each PDF as it is made (docs/settings.md, "Logo").
    logo: documentLogo,
    get seller() {
      return inForce().seller;
    },
    // Card payments online only with both keys (docs/payments.md).
    provider: paymentProvider,
    cardPayments: paymentProvider !== null,
    // The customer's page says each decoration's stage (docs/production.md).
    floor: (orderId: string) => floorOfOrder(db, orderId),
  };
  await app.register(remindersPlugin, { deps: quoteDeps });
  const onMailQueued = () => void app.mailWorker.kick();
  const shopTaxes = () => ({ province: inForce().books.shopProvince, registrations: inForce().registrations });
  await app.register(publicPriceListRoutes, { current: currentPriceList, shop: shopTaxes });
  await app.register(publicLogoRoutes, { source: shopProfile });
  // An order's estimate made again as at submission (a team's entries, a clerk's edit), a
  // reorder's waiver with it while the repeated order is kept.
  const storedEstimateOf = async (order: OrderRow, document: ValidOrderBody) => {
    const reorder = await storedReorderPricing(db, order, inForce().books.timeZone);
    return estimateOf(document, reorder ? { reorder } : undefined);
  };
  await app.register(inboxRoutes, {
    quoteDeps,
    onMailQueued,
    currentPriceList,
    shopProfile,
    shopTaxes,
    estimateOrder: storedEstimateOf,
  });
  // Every page (the form, /o/, My orders, the inbox) learns the shop's logo and brand colour.
  const look = () => {
    const { profile } = inForce();
    return {
      ...(profile.logo ? { logo: { url: `/api/shop/logo?v=${profile.logo.slice(0, 12)}`, alt: profile.name } } : {}),
      brandColour: profile.brandColour,
      shopName: profile.name,
    };
  };
  const sendPage = config.clientDir ? pageRenderer(config.clientDir, config, look) : null;
  await app.register(webhookRoutes, { deps: quoteDeps, onMailQueued });
  await app.register(orderLinkRoutes, { config, deps: quoteDeps, sendPage, onMailQueued });
  // The customer's own change before approval, from the order's page (orders/customer-edit-routes.ts).
  await app.register(customerEditRoutes, { config, deps: quoteDeps, sendPage, estimateOrder: storedEstimateOf });
  await app.register(portalRoutes, { config, deps: quoteDeps, sendPage, onMailQueued });
  await app.register(collectionRoutes, {
    config,
    currentPriceList,
    timeZone: () => inForce().books.timeZone,
    sendPage,
    settle: {
      db,
      dialect,
      mail: { shop, onQueued: onMailQueued },
      estimateOf: storedEstimateOf,
    },
  });
  await app.register(orderLinkMessageRoutes, { config, deps: quoteDeps, sendPage, onMailQueued });
  if (config.clientDir && sendPage) {
    await app.register(clientRoutes, { config, clientDir: config.clientDir, sendPage, look });
  } else {
    app.setNotFoundHandler((request, reply) => sendNotFound(request, reply, null));
  }
  return app;
}
