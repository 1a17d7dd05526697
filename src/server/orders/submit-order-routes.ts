// POST /functions/v1/submit-order: the public contract of docs/architecture.md, in both wire formats.
import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { SUBMIT_ORDER_PATH, UPLOAD_PATH } from '../../shared/constants.js';
import {
  describeIssues,
  issueFields,
  jsonOrderBodySchema,
  orderBodySchema,
  type ValidOrderBody,
} from '../../shared/order-schema.js';
import type { Config } from '../config.js';
import { AppError, DomainError, isUnavailableError, rateLimited } from '../errors.js';
import { decodeFileData } from './attachments.js';
import { checkFormToken, checkHoneypot, FORM_TOKEN_HEADER, issueFormToken } from '../http/bot-checks.js';
import { checkOrderComplete, saveOrder, type SaveOrderDeps } from './save-order.js';
import {
  UploadGuard,
  findUploads,
  markUploadRemoved,
  uploadTaken,
  uploadIdOfUrl,
  secretMatches,
} from '../uploads/index.js';
import type { FileStore, Staging } from '../files/file-store.js';
import { checkApiKey } from '../http/api-key.js';
import { assertBodyCanArrive } from '../http/client-gone.js';
import type { ConcurrencyGate } from '../http/concurrency-gate.js';
import { formTokenUsedError, isFormTokenUsed } from './form-tokens.js';
import { claimKey } from './idempotency.js';
import type { Database } from '../storage/schema.js';
import type { UploadStore } from '../uploads/index.js';
import { clientKeyOf } from '../mail/recipient-key.js';
import { formatBytes } from '../../shared/order-presentation.js';

export interface SubmitOrderOptions {
  config: Config;
  db: Kysely<Database>;
  files: FileStore;
  /** The notifications of a new order, queued with it. */
  composeMails?: SaveOrderDeps['composeMails'];
  estimateOf?: SaveOrderDeps['estimateOf'];
  /** Called after an order is committed (sends its notifications). */
  onOrderSaved?: (orderId: string) => void;
  /** Turns for JSON orders (held in memory while parsed). */
  jsonGate?: ConcurrencyGate;
  /** Where finished resumable uploads the order names are read from. */
  uploads?: UploadStore;
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
  const guardOptions = {
    db,
    files,
    budgetBytesPerDay: config.UPLOAD_BUDGET_BYTES_PER_DAY,
    budgetDiskPercent: config.UPLOAD_BUDGET_DISK_PERCENT,
    minFreeBytes: config.MIN_FREE_DISK_BYTES,
  };

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
        );
      }
      const key = idempotencyKey(request);
      const claim = key ? await claimKey(db, key, `${PROCESS_ID}:${request.id}`, config.IDEMPOTENCY_STALE_MS) : null;
      if (claim?.kind === 'replay') {
        // The request's own body is not needed: the first answer stands.
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
      // Bytes of resumable uploads were counted toward the budget when each upload was created.
      let adopting = false;
      const staging = files.newStaging({
        ...limits,
        onProgress: async (received) => {
          if (!adopting) await guard.progress(received);
        },
      });
      let sentBytes = 0;
      try {
        const body = isJson ? await receiveJson(request.body, staging) : await receiveMultipart(request, staging);
        sentBytes = staging.bytes;
        adopting = true;
        const uploadIds = await stageUploads(body, staging, ownOrigins(request));
        const result = await saveOrder(
          {
            db,
            files,
            composeMails: opts.composeMails,
            estimateOf: opts.estimateOf,
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
            idempotency: key ? { key, owner: `${PROCESS_ID}:${request.id}` } : null,
            uploadIds,
            clientKey: clientKeyOf(request.ip, config.formTokenSecret),
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
        request.log.info({ orderId: result.orderId, reference: result.reference, bytes: staging.bytes }, 'order saved');
        return reply.code(201).send(withNextToken(result));
      } catch (err) {
        if (claim?.kind === 'claimed') await claim.release().catch(() => {});
        if (!isJson && !request.raw.complete) reply.header('connection', 'close');
        throw err;
      } finally {
        await staging.discard();
        await guard
          .settle(adopting ? sentBytes : staging.bytes)
          .catch((err: unknown) => request.log.warn({ err }, 'upload budget not settled'));
      }
    },
  );

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

  /**
   * Stages each finished upload the order names: kept with its digest, it is linked on this
   * disk or copied inside the bucket; otherwise copied (hashed, sized, flushed like any file).
   * 422 for a URL that is not ours, an unknown or unfinished upload, 409 for one another order took.
   */
  async function stageUploads(body: ValidOrderBody, staging: Staging, origins: readonly string[]): Promise<string[]> {
    if (body.uploads.length === 0) return [];
    const store = opts.uploads;
    const ids = body.uploads.map((u, i) => {
      const id = uploadIdOfUrl(u.url, origins);
      if (!id) {
        throw new DomainError(
          'invalid',
          'invalid_upload_url',
          `uploads.${i}: "${u.url.slice(0, 200)}" is not the address of an upload on this server (${UPLOAD_PATH}/…).`,
          [`uploads.${i}.url`],
        );
      }
      return id;
    });
    const repeated = ids.findIndex((id, i) => ids.indexOf(id) !== i);
    if (repeated >= 0) {
      throw new DomainError('invalid', 'duplicate_upload', `uploads.${repeated} names the same upload twice.`, [
        `uploads.${repeated}.url`,
      ]);
    }
    if (!store) throw new AppError(503, 'unavailable', 'Resumable uploads are not available on this server.');
    const rows = await findUploads(db, ids);
    for (const [i, u] of body.uploads.entries()) {
      const id = ids[i]!;
      const row = rows.get(id);
      const described = row ? await store.describe(id) : null;
      const label = `uploads.${i} ("${(u.name || 'unnamed').slice(0, 200)}")`;
      if (row?.orderId) throw uploadTaken([`uploads.${i}.url`]);
      // Without its secret, an upload is one this server does not have (uploads/upload-secret.ts).
      if (!row || !described || !secretMatches(row.secretHash, u.secret)) {
        throw new DomainError(
          'invalid',
          'unknown_upload',
          `${label} names an upload this server does not have (it may have expired). Please choose the file again.`,
          [`uploads.${i}.url`],
        );
      }
      if (described.size === undefined || described.offset !== described.size) {
        throw new DomainError(
          'invalid',
          'upload_incomplete',
          `${label} is not finished: ${described.offset} of ${described.size ?? '?'} bytes received. Send the order once it has finished.`,
          [`uploads.${i}.url`],
        );
      }
      const meta = described.metadata;
      const name = u.name || meta.filename || `upload-${i + 1}`;
      const type = u.type || meta.filetype || 'application/octet-stream';
      // Kept with its digest: linked on this disk, or copied inside the bucket; never through
      // this server (uploads/upload-store.ts, `finished`).
      const kept = await store.finished(id);
      if (kept?.size === described.size) {
        const taken =
          'path' in kept
            ? await staging.linkFile(kept.path, name, type, kept)
            : await staging.takeObject(kept.objectKey, name, type, kept);
        if (taken) continue;
      }
      const staged = await staging.writeStream(await store.read(id), name, type);
      if (staged.size !== described.size) {
        throw new AppError(
          503,
          'unavailable',
          `${label} could not be read whole from the upload store. Nothing was saved; please try again in a few minutes.`,
        );
      }
    }
    return ids;
  }

  async function receiveJson(raw: unknown, staging: Staging): Promise<ValidOrderBody> {
    checkHoneypot(raw);
    const parsed = jsonSchema.safeParse(raw);
    if (!parsed.success)
      throw new DomainError('invalid', 'invalid_order', describeIssues(parsed.error), issueFields(parsed.error));
    const { files: attachments, ...body } = parsed.data;
    checkOrderComplete(body);
    for (const [i, file] of attachments.entries()) {
      const label = `files.${i} ("${file.name || 'unnamed'}")`;
      const { bytes, mediaType } = decodeFileData(file.data, label, file.type);
      await staging.writeBuffer(bytes, file.name || `file-${i + 1}`, file.type || mediaType);
    }
    return body;
  }

  async function receiveMultipart(request: FastifyRequest, staging: Staging): Promise<ValidOrderBody> {
    let body: ValidOrderBody | undefined;
    try {
      assertBodyCanArrive(request);
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname !== 'order') {
            throw new AppError(
              400,
              'unexpected_part',
              `The form field "${part.fieldname.slice(0, 50)}" is not expected: send the order as a part named "order" and files as parts named "files".`,
            );
          }
          if (body)
            throw new AppError(400, 'duplicate_part', 'The multipart body has more than one part named "order".');
          if (part.valueTruncated) {
            throw new AppError(
              413,
              'order_part_too_large',
              `The "order" part is larger than ${formatBytes(config.MAX_ORDER_PART_BYTES)}. Send images and other files as file parts named "files", not inside the order.`,
            );
          }
          // Validated as soon as it arrives, so a bad order fails before its files are uploaded.
          body = parseOrderPart(String(part.value));
        } else {
          if (part.fieldname !== 'files') {
            throw new AppError(
              400,
              'unexpected_part',
              `The file part "${part.fieldname.slice(0, 50)}" is not expected: send files as parts named "files".`,
            );
          }
          await staging.writeStream(part.file, part.filename || 'file', part.mimetype || 'application/octet-stream');
        }
      }
    } catch (err) {
      throw asMultipartError(err);
    }
    if (!body)
      throw new AppError(
        400,
        'missing_order',
        'The multipart body has no part named "order" holding the order as JSON.',
      );
    return body;
  }

  function asMultipartError(err: unknown): unknown {
    if (err instanceof AppError || err instanceof DomainError || isUnavailableError(err)) return err;
    const e = err as { code?: string; statusCode?: number; message?: string };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') {
      return new AppError(
        413,
        'file_too_large',
        `A file is larger than the limit of ${formatBytes(config.MAX_FILE_BYTES)} per file. Nothing was saved.`,
      );
    }
    if (e.code === 'FST_FILES_LIMIT' || e.code === 'FST_PARTS_LIMIT') {
      return new AppError(
        413,
        'too_many_files',
        `An order can have at most ${config.MAX_FILES} files. Nothing was saved.`,
      );
    }
    if (e.code === 'FST_FIELDS_LIMIT') {
      return new AppError(
        413,
        'too_many_fields',
        'The multipart body has too many form fields: send one part named "order" and file parts named "files".',
      );
    }
    // Everything else here is the body itself: cut off, or not well-formed multipart.
    return new AppError(
      400,
      'malformed_multipart',
      `The upload was cut off or is not well-formed multipart (${String(e.message ?? err).slice(0, 120)}). Nothing was saved; please send it again.`,
    );
  }
}

function parseOrderPart(text: string): ValidOrderBody {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new AppError(400, 'invalid_json', 'The "order" part is not valid JSON.');
  }
  checkHoneypot(raw);
  const parsed = orderBodySchema.safeParse(raw);
  if (!parsed.success)
    throw new DomainError('invalid', 'invalid_order', describeIssues(parsed.error), issueFields(parsed.error));
  checkOrderComplete(parsed.data);
  return parsed.data;
}

function idempotencyKey(request: FastifyRequest): string | null {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(value)) {
    throw new AppError(
      400,
      'invalid_idempotency_key',
      'The Idempotency-Key header must be 1 to 200 visible ASCII characters.',
    );
  }
  return value;
}
