// POST /functions/v1/submit-order: the public contract of DESIGN.md, in both wire formats.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { SUBMIT_ORDER_PATH } from '../../shared/constants.js';
import { describeIssues, jsonOrderBodySchema, orderBodySchema, type ValidOrderBody } from '../../shared/order-schema.js';
import type { Config } from '../config.js';
import { AppError, isUnavailableError } from '../errors.js';
import { decodeFileData } from '../orders/attachments.js';
import { checkFormToken, checkHoneypot, FORM_TOKEN_HEADER } from '../orders/bot-checks.js';
import { checkOrderComplete, saveOrder, type SaveOrderDeps } from '../orders/save-order.js';
import { formatBytes, type FileStore, type Staging } from '../storage/files.js';
import { claimKey } from '../storage/idempotency.js';
import type { Database } from '../storage/schema.js';

export interface SubmitOrderOptions {
  config: Config;
  db: Kysely<Database>;
  files: FileStore;
  /** The notifications of a new order, queued with it. */
  composeMails?: SaveOrderDeps['composeMails'];
  /** Called after an order is committed (sends its notifications). */
  onOrderSaved?: (orderId: string) => void;
}

const PROCESS_ID = randomUUID();

export async function submitOrderRoutes(app: FastifyInstance, opts: SubmitOrderOptions): Promise<void> {
  const { config, db, files } = opts;
  const limits = { maxFileBytes: config.MAX_FILE_BYTES, maxOrderBytes: config.MAX_ORDER_BYTES, maxFiles: config.MAX_FILES };
  const jsonSchema = jsonOrderBodySchema(config.MAX_FILES);

  // Only JSON and multipart are orders; without this, Fastify would parse text/plain too.
  app.removeContentTypeParser('text/plain');
  await app.register(cors, {
    origin: config.corsOrigins === '*' ? true : config.corsOrigins.length ? config.corsOrigins : false,
    methods: ['POST', 'OPTIONS'],
    allowedHeaders: ['authorization', 'x-client-info', 'apikey', 'content-type', 'idempotency-key', FORM_TOKEN_HEADER],
    maxAge: 86_400,
  });
  await app.register(multipart, {
    limits: {
      fileSize: config.MAX_FILE_BYTES,
      files: config.MAX_FILES,
      fields: 5,
      // The `order` part holds text only in our client; the original's embedded images
      // may also travel inside it, so it may be as large as a JSON order.
      fieldSize: config.MAX_JSON_BYTES,
      parts: config.MAX_FILES + 5,
      headerPairs: 50,
    },
  });

  // Per address and per process (DESIGN.md allows per-process limits): N processes allow N times as many.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'rate_limited', `Too many orders from this address. Please try again in ${Math.ceil(context.ttl / 60_000)} minute${context.ttl > 60_000 ? 's' : ''}.`),
  });

  app.post(
    SUBMIT_ORDER_PATH,
    {
      bodyLimit: config.MAX_JSON_BYTES,
      preHandler: checkApiKey(config.PUBLIC_API_KEY),
      config: { rateLimit: { max: config.SUBMIT_RATE_LIMIT, timeWindow: config.SUBMIT_RATE_WINDOW_SECONDS * 1000 } },
    },
    async (request, reply) => {
    const isJson = !request.isMultipart();
    const token = request.headers[FORM_TOKEN_HEADER];
    checkFormToken(typeof token === 'string' ? token : undefined, config.formTokenSecret, config.MIN_FILL_SECONDS);
    if (isJson && (request.body === undefined || typeof request.body !== 'object' || request.body === null || Array.isArray(request.body))) {
      throw new AppError(400, 'invalid_body', 'The body must be a JSON object with layouts, files, isResalePartner and includePolyBags, or a multipart form.');
    }
    const key = idempotencyKey(request);
    const claim = key ? await claimKey(db, key, `${PROCESS_ID}:${request.id}`, config.IDEMPOTENCY_STALE_MS) : null;
    if (claim?.kind === 'replay') {
      // The request's own body is not needed: the first answer stands.
      return reply.code(claim.statusCode).header('idempotent-replayed', 'true').send(claim.body);
    }
    const staging = files.newStaging(limits);
    try {
      const body = isJson ? await receiveJson(request.body, staging) : await receiveMultipart(request, staging);
      const result = await saveOrder({ db, files, composeMails: opts.composeMails }, body, staging, key ? { key, owner: `${PROCESS_ID}:${request.id}` } : null);
      claim?.stopHeartbeat();
      opts.onOrderSaved?.(result.orderId);
      request.log.info({ orderId: result.orderId, reference: result.reference, bytes: staging.bytes }, 'order saved');
      return reply.code(201).send(result);
    } catch (err) {
      if (claim?.kind === 'claimed') await claim.release().catch(() => {});
      if (!isJson && !request.raw.complete) reply.header('connection', 'close');
      throw err;
    } finally {
      await staging.discard();
    }
  },
  );

  async function receiveJson(raw: unknown, staging: Staging): Promise<ValidOrderBody> {
    checkHoneypot(raw);
    const parsed = jsonSchema.safeParse(raw);
    if (!parsed.success) throw new AppError(422, 'invalid_order', describeIssues(parsed.error));
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
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname !== 'order') {
            throw new AppError(400, 'unexpected_part', `The form field "${part.fieldname.slice(0, 50)}" is not expected: send the order as a part named "order" and files as parts named "files".`);
          }
          if (body) throw new AppError(400, 'duplicate_part', 'The multipart body has more than one part named "order".');
          if (part.valueTruncated) {
            throw new AppError(413, 'order_part_too_large', `The "order" part is larger than ${formatBytes(config.MAX_JSON_BYTES)}. Send images as file parts instead of data URLs.`);
          }
          // Validated as soon as it arrives, so a bad order fails before its files are uploaded.
          body = parseOrderPart(String(part.value));
        } else {
          if (part.fieldname !== 'files') {
            throw new AppError(400, 'unexpected_part', `The file part "${part.fieldname.slice(0, 50)}" is not expected: send files as parts named "files".`);
          }
          await staging.writeStream(part.file, part.filename || 'file', part.mimetype || 'application/octet-stream');
        }
      }
    } catch (err) {
      throw asMultipartError(err);
    }
    if (!body) throw new AppError(400, 'missing_order', 'The multipart body has no part named "order" holding the order as JSON.');
    return body;
  }

  function asMultipartError(err: unknown): unknown {
    if (err instanceof AppError || isUnavailableError(err)) return err;
    const e = err as { code?: string; statusCode?: number; message?: string };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') {
      return new AppError(413, 'file_too_large', `A file is larger than the limit of ${formatBytes(config.MAX_FILE_BYTES)} per file. Nothing was saved.`);
    }
    if (e.code === 'FST_FILES_LIMIT' || e.code === 'FST_PARTS_LIMIT') {
      return new AppError(413, 'too_many_files', `An order can have at most ${config.MAX_FILES} files. Nothing was saved.`);
    }
    if (e.code === 'FST_FIELDS_LIMIT') {
      return new AppError(413, 'too_many_fields', 'The multipart body has too many form fields: send one part named "order" and file parts named "files".');
    }
    // Everything else here is the body itself: cut off, or not well-formed multipart.
    return new AppError(400, 'malformed_multipart', `The upload was cut off or is not well-formed multipart (${String(e.message ?? err).slice(0, 120)}). Nothing was saved; please send it again.`);
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
  if (!parsed.success) throw new AppError(422, 'invalid_order', describeIssues(parsed.error));
  checkOrderComplete(parsed.data);
  return parsed.data;
}

function idempotencyKey(request: FastifyRequest): string | null {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(value)) {
    throw new AppError(400, 'invalid_idempotency_key', 'The Idempotency-Key header must be 1 to 200 visible ASCII characters.');
  }
  return value;
}

/** The original's functions endpoint: `apikey` and/or `Authorization: Bearer` with the public key. */
function checkApiKey(expected: string) {
  const expectedBuf = Buffer.from(expected);
  const matches = (value: unknown) => {
    if (typeof value !== 'string') return false;
    const buf = Buffer.from(value);
    return buf.length === expectedBuf.length && timingSafeEqual(buf, expectedBuf);
  };
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const apikey = request.headers.apikey;
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    // supabase-js sends both; with a signed-in session, Bearer carries the user's token
    // and apikey still carries the public key.
    if (apikey !== undefined ? matches(apikey) : matches(bearer)) return;
    throw new AppError(401, 'unauthorized', 'A valid apikey header (the public key of this order form) is required.');
  };
}
