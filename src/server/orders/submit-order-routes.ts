// POST /functions/v1/submit-order: the public contract of docs/architecture.md, in both wire formats.
import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { SUBMIT_ORDER_PATH } from '../../shared/constants.js';
import { jsonOrderBodySchema, type ValidOrderBody } from '../../shared/order-schema.js';
import type { Config } from '../config.js';
import { AppError, rateLimited } from '../errors.js';
import { checkFormToken, FORM_TOKEN_HEADER, issueFormToken } from '../http/bot-checks.js';
import { saveOrder, type SaveOrderDeps } from './save-order.js';
import { receiveJson, receiveMultipart } from './receive-order.js';
import { guardOptionsOf, markUploadRemoved, stageUploads, UploadGuard } from '../uploads/index.js';
import type { FileStore, Staging } from '../files/file-store.js';
import type { ClaimReorderBytes, ReorderOf } from '../portal/index.js';
import { checkApiKey } from '../http/api-key.js';
import type { ConcurrencyGate } from '../http/concurrency-gate.js';
import { formTokenUsedError, isFormTokenUsed } from './form-tokens.js';
import { claimKey, keyReused, requestHashOf, scopedKey } from './idempotency.js';
import type { Database } from '../storage/schema.js';
import type { UploadStore } from '../uploads/index.js';
import { clientKeyOf } from '../mail/recipient-key.js';

export interface SubmitOrderOptions {
  config: Config;
  db: Kysely<Database>;
  files: FileStore;
  /** The notifications of a new order, queued with it. */
  composeMails?: SaveOrderDeps['composeMails'];
  estimateOf?: SaveOrderDeps['estimateOf'];
  teamSizes?: SaveOrderDeps['teamSizes'];
  /** Called after an order is committed (sends its notifications). */
  onOrderSaved?: (orderId: string) => void;
  /** Turns for JSON orders (held in memory while parsed). */
  jsonGate?: ConcurrencyGate;
  /** Where finished resumable uploads the order names are read from. */
  uploads?: UploadStore;
  /** "Order again": stages the past order's stored files the order reuses (portal/, docs/portal.md). */
  stageReorder?: (
    request: FastifyRequest,
    reorder: NonNullable<ValidOrderBody['reorder']>,
    staging: Staging,
    claim: ClaimReorderBytes,
  ) => Promise<ReorderOf>;
}

const isMultipartRequest = (request: FastifyRequest) =>
  /^multipart\//i.test(String(request.headers['content-type'] ?? '').trim());

const PROCESS_ID = randomUUID();

export async function submitOrderRoutes(app: FastifyInstance, opts: SubmitOrderOptions): Promise<void> {
  const { config, db, files } = opts;
  const limits = {
    maxFileBytes: config.MAX_FILE_BYTES,
    maxOrderBytes: config.MAX_ORDER_BYTES,
    maxFiles: config.MAX_FILES,
  };
  const jsonSchema = jsonOrderBodySchema(config.MAX_FILES);
  const guardOptions = guardOptionsOf(config, db, files);

  // Only JSON and multipart are orders; without this, Fastify would parse text/plain too.
  app.removeContentTypeParser('text/plain');
  // CORS for this function only: the app's own origin and those in CORS_ORIGINS. Any other
  // path (a preflight for /api/* included) gets no CORS headers at all.
  const corsOptions = {
    origin: config.corsOrigins === '*' ? true : config.corsOrigins,
    methods: ['POST', 'OPTIONS'],
    allowedHeaders: ['authorization', 'x-client-info', 'apikey', 'content-type', 'idempotency-key', FORM_TOKEN_HEADER],
    maxAge: 86_400,
  };
  await app.register(cors, {
    delegator: (request, callback) =>
      callback(null, request.url.split('?')[0] === SUBMIT_ORDER_PATH ? corsOptions : { origin: false }),
  });
  await app.register(multipart, {
    limits: {
      fileSize: config.MAX_FILE_BYTES,
      files: config.MAX_FILES,
      fields: 5,
      // The `order` part holds text only (files travel as file parts): held in memory, so small.
      fieldSize: config.MAX_ORDER_PART_BYTES,
      parts: config.MAX_FILES + 5,
      headerPairs: 50,
    },
  });

  // Per address, counted where every process sees it (http/rate-limit-store.ts).
  await app.register(rateLimit, {
    ...app.rateLimits('submit-order'),
    global: false,
    errorResponseBuilder: rateLimited('orders'),
  });

  app.post(
    SUBMIT_ORDER_PATH,
    {
      bodyLimit: config.MAX_JSON_BYTES,
      // The key first, then a turn to be read: a JSON body is held whole in memory, so only
      // MAX_CONCURRENT_JSON_ORDERS are read at once (multipart is streamed to disk).
      onRequest: [
        checkApiKey(config.PUBLIC_API_KEY),
        async (request, reply) => {
          if (!isMultipartRequest(request)) await opts.jsonGate?.enter(reply);
        },
      ],
      config: {
        rateLimit: { max: config.SUBMIT_RATE_LIMIT, timeWindow: config.SUBMIT_RATE_WINDOW_SECONDS * 1000 },
        // Public: other sites are answered through CORS; the body is an upload, timed by its progress.
        crossSite: 'answered-by-route',
        uploadMethods: ['POST'],
      },
    },
    async (request, reply) => {
      // "?test=1": a test order, only from a signed-in staff member's browser (the owner's checklist).
      const test = (request.query as Record<string, unknown> | undefined)?.test === '1';
      if (test) await app.requireStaff(request, reply);
      const isJson = !request.isMultipart();
      const token = request.headers[FORM_TOKEN_HEADER];
      const formToken = checkFormToken(typeof token === 'string' ? token : undefined, config.formTokenSecret, {
        minFillSeconds: config.MIN_FILL_SECONDS,
        maxAgeSeconds: config.FORM_TOKEN_MAX_AGE_SECONDS,
      });
      // The page's next order needs a token of its own: a used one is refused.
      const withNextToken = (body: unknown) =>
        formToken && body && typeof body === 'object'
          ? { ...body, formToken: issueFormToken(config.formTokenSecret) }
          : body;
      if (
        isJson &&
        (request.body === undefined ||
          typeof request.body !== 'object' ||
          request.body === null ||
          Array.isArray(request.body))
      ) {
        throw new AppError(
          400,
          'invalid_body',
          'The body must be a JSON object with layouts, files, isResalePartner and includePolyBags, or a multipart form.',
          undefined,
          {
            messageFr:
              'Le corps doit être un objet JSON avec layouts, files, isResalePartner et includePolyBags, ou un formulaire multipart.',
          },
        );
      }
      // A key answers again only the same order (docs/architecture.md, Idempotency-Key). With a
      // form token it is that page's own; without one (an API client) it is not scoped by address,
      // which a restart, another process or another network would change: its retry must replay.
      const clientKey = clientKeyOf(request.ip, config.formTokenSecret);
      const given = idempotencyKey(request);
      const key = given ? (formToken ? scopedKey(given, `form-token:${formToken.id}`) : given) : null;
      let requestHash: string | null = key && isJson ? requestHashOf(JSON.stringify(request.body)) : null;
      const claim = key ? await claimKey(db, key, `${PROCESS_ID}:${request.id}`, config.IDEMPOTENCY_STALE_MS) : null;
      if (claim?.kind === 'replay') {
        // The first answer stands for the same order only: a multipart order's "order" part is
        // read to tell (its files are not), another order is refused without that answer.
        const sameOrder = isJson ? requestHash : await orderPartHash(request);
        if (!isJson && !request.raw.complete) reply.header('connection', 'close');
        if (claim.requestHash !== null && sameOrder !== claim.requestHash) throw keyReused();
        return reply
          .code(claim.statusCode)
          .header('idempotent-replayed', 'true')
          .send(claim.statusCode === 201 ? withNextToken(claim.body) : claim.body);
      }
      // Refused before any upload; the order's transaction checks again (two at once).
      if (formToken && (await isFormTokenUsed(db, formToken.id))) {
        if (claim?.kind === 'claimed') await claim.release().catch(() => {});
        throw formTokenUsedError();
      }
      let guard: UploadGuard;
      try {
        guard = await UploadGuard.begin(guardOptions, request.ip, Number(request.headers['content-length'] ?? 0) || 0);
      } catch (err) {
        if (claim?.kind === 'claimed') await claim.release().catch(() => {});
        if (!isJson && !request.raw.complete) reply.header('connection', 'close');
        throw err;
      }
      // Bytes of resumable uploads were counted toward the budget when each upload was created;
      // a reorder's copies are claimed before they are made (`reorderBytes`).
      let adopting = false;
      let reorderBytes = 0;
      const staging = files.newStaging({
        ...limits,
        onProgress: async (received) => {
          if (!adopting) await guard.progress(received);
        },
      });
      let sentBytes = 0;
      try {
        const body = isJson
          ? await receiveJson(request.body, staging, jsonSchema)
          : await receiveMultipart(request, staging, config, (text) => (requestHash = requestHashOf(text)));
        sentBytes = staging.bytes;
        adopting = true;
        const uploadIds = await stageUploads({ db, store: opts.uploads }, body.uploads, staging, ownOrigins(request));
        const reorderOf = body.reorder
          ? await stageReorderOf(request, body.reorder, staging, async ({ stored, disk }) => {
              await guard.claim(sentBytes + stored, disk);
              reorderBytes = stored;
            })
          : null;
        const result = await saveOrder(
          {
            db,
            files,
            composeMails: opts.composeMails,
            estimateOf: opts.estimateOf,
            teamSizes: opts.teamSizes,
            confirmationCaps: {
              perAddressPerDay: config.CUSTOMER_MAIL_PER_ADDRESS_PER_DAY,
              perHour: config.CUSTOMER_MAIL_PER_HOUR,
              perClientPerHour: config.CUSTOMER_MAIL_PER_CLIENT_PER_HOUR,
            },
          },
          body,
          staging,
          {
            formToken,
            idempotency: key ? { key, owner: `${PROCESS_ID}:${request.id}`, requestHash } : null,
            uploadIds,
            clientKey,
            test,
            reorderOf,
          },
        );
        claim?.stopHeartbeat();
        // Their bytes are the order's now; a crash before this is cleaned by the upload sweep.
        for (const id of uploadIds) {
          await opts.uploads
            ?.remove(id)
            .then(() => markUploadRemoved(db, id))
            .catch((err: unknown) => request.log.warn({ err }, 'adopted upload not removed from the upload store'));
        }
        opts.onOrderSaved?.(result.orderId);
        // A test order is no business: the count of orders received leaves it out.
        if (!test) app.metrics.ordersReceived.inc();
        request.log.info(
          { orderId: result.orderId, reference: result.reference, bytes: staging.bytes, test },
          'order saved',
        );
        // Staging emptied before the answer: an acknowledged order leaves nothing behind it, even
        // if the process stops the moment the client has read the 201 (discarding twice is harmless).
        await staging.discard();
        return reply.code(201).send(withNextToken(result));
      } catch (err) {
        // A failed order keeps no copy: a reorder's claimed bytes go back to the budget.
        reorderBytes = 0;
        if (claim?.kind === 'claimed') await claim.release().catch(() => {});
        if (!isJson && !request.raw.complete) reply.header('connection', 'close');
        throw err;
      } finally {
        await staging.discard();
        await guard
          .settle(adopting ? sentBytes + reorderBytes : staging.bytes)
          .catch((err: unknown) => request.log.warn({ err }, 'upload budget not settled'));
      }
    },
  );

  async function stageReorderOf(
    request: FastifyRequest,
    reorder: NonNullable<ValidOrderBody['reorder']>,
    staging: Staging,
    claim: ClaimReorderBytes,
  ): Promise<ReorderOf> {
    if (!opts.stageReorder)
      throw new AppError(503, 'unavailable', 'Order again is not available on this server.', undefined, {
        messageFr: 'Commander de nouveau n’est pas offert sur ce serveur.',
      });
    return opts.stageReorder(request, reorder, staging, claim);
  }

  /** The origins an upload's URL may name: the public URL's, and the one this request came to (tus answers with it). */
  function ownOrigins(request: FastifyRequest): string[] {
    const origins = [new URL(config.publicUrl).origin];
    try {
      origins.push(new URL(`${request.protocol}://${request.host}`).origin);
    } catch {
      // A Host header that is not one: only the public URL's origin.
    }
    return origins;
  }
}

/** The SHA-256 of a multipart order's "order" part, its first; null when it does not come first. */
async function orderPartHash(request: FastifyRequest): Promise<string | null> {
  try {
    for await (const part of request.parts()) {
      return part.type === 'field' && part.fieldname === 'order' ? requestHashOf(String(part.value)) : null;
    }
  } catch {
    // Not well-formed multipart: not the same order.
  }
  return null;
}

function idempotencyKey(request: FastifyRequest): string | null {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(value)) {
    throw new AppError(
      400,
      'invalid_idempotency_key',
      'The Idempotency-Key header must be 1 to 200 visible ASCII characters.',
      undefined,
      { messageFr: 'L’en-tête Idempotency-Key doit compter de 1 à 200 caractères ASCII visibles.' },
    );
  }
  return value;
}
