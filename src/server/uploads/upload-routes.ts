// /storage/v1/upload/resumable: the tus 1.0 endpoint (creation, creation-with-upload,
// termination, expiration) the page sends each file to as soon as it is chosen; an order then
// names the finished uploads (docs/architecture.md, "Growing past one machine").
// @tus/server speaks the protocol; this edge adds what the rest of the app has: the public key,
// the allowed origins, rate limits, and the size and budget checks before a byte is accepted.
import { Readable } from 'node:stream';
import rateLimit from '@fastify/rate-limit';
import { Server as TusServer } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { UPLOAD_PATH } from '../../shared/constants.js';
import type { Config } from '../config.js';
import { AppError, DomainError, rateLimited } from '../errors.js';
import type { FileStore } from '../files/file-store.js';
import { checkApiKey } from '../http/api-key.js';
import { crossSiteRefused, isCrossSite } from '../http/origin-check.js';
import { guardOptionsOf, UploadGuard } from './upload-guard.js';
import { addUploadBytes } from './upload-budget.js';
import { findUploads, forgetUpload, recordUpload } from './upload-rows.js';
import type { Database } from '../storage/schema.js';
import { isUploadId } from './local-upload-store.js';
import type { UploadStore } from './upload-store.js';
import { newUploadSecret, secretMatches, UPLOAD_SECRET_HEADER } from './upload-secret.js';
import { formatBytes } from '../../shared/order-presentation.js';

export interface UploadRoutesOptions {
  config: Config;
  db: Kysely<Database>;
  files: FileStore;
  uploads: UploadStore;
}

/** Headers the page and supabase-js clients send besides tus's own. */
const CLIENT_HEADERS = ['apikey', 'authorization', 'x-client-info', UPLOAD_SECRET_HEADER];

/** What the Fastify edge learnt about a request, for @tus/server's hooks. */
interface RequestContext {
  address: string;
  recorded: boolean;
  /** The new upload's secret, sent back with the creation's answer. */
  secret?: string;
}

/** The id in an upload URL as the creation answered it (absolute or not), or null when it is not one of ours. */
export function uploadIdOfUrl(url: string, ownOrigins: readonly string[]): string | null {
  // A path of this server ("/storage/…", never "//host/…" or "/\\host/…"), or a whole URL whose
  // origin is this server's own; anything else (another host, file:, data:) is not an upload here.
  const relative = /^\/(?![/\\])/.test(url);
  let pathname: string;
  try {
    const parsed = new URL(url, 'http://relative.invalid');
    if (relative ? parsed.origin !== 'http://relative.invalid' : !ownOrigins.includes(parsed.origin)) return null;
    pathname = parsed.pathname;
  } catch {
    return null;
  }
  const prefix = `${UPLOAD_PATH}/`;
  if (!pathname.startsWith(prefix)) return null;
  const id = pathname.slice(prefix.length);
  return isUploadId(id) ? id : null;
}

function decodeMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (!key) continue;
    try {
      out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
    } catch {
      out[key] = '';
    }
  }
  return out;
}

const day = (iso: string) => iso.slice(0, 10);

/** @tus/server's refusals by status, in sentences a person (or a client's developer) can act on. */
const TUS_REFUSALS: Record<number, { code: string; message: string }> = {
  404: {
    code: 'upload_not_found',
    message: 'There is no upload at this address: it expired, was removed or never existed. Choose the file again.',
  },
  409: {
    code: 'upload_offset_conflict',
    message: 'The upload is at another offset than this request says. Ask for its offset (HEAD) and resume from there.',
  },
  410: { code: 'upload_expired', message: 'This upload has expired. Choose the file again.' },
  // Only past the declared length: a declared length over the limits is refused at creation.
  413: {
    code: 'upload_too_large',
    message: 'This request carries more bytes than the upload was created for.',
  },
};

export async function uploadRoutes(app: FastifyInstance, opts: UploadRoutesOptions): Promise<void> {
  const { config, db, files, uploads } = opts;
  const contexts = new WeakMap<Request, RequestContext>();
  const originAllowed = (origin: string) => config.corsOrigins === '*' || config.corsOrigins.includes(origin);

  const tus = new TusServer({
    path: UPLOAD_PATH,
    datastore: uploads.datastore,
    maxSize: config.MAX_FILE_BYTES,
    allowedHeaders: CLIENT_HEADERS,
    allowedOrigins: originAllowed,
    exposedHeaders: [UPLOAD_SECRET_HEADER],
    // A finished upload stays until an order adopts it or it expires: never deleted while complete
    // would leave a customer who removes a finished file with nothing to cancel, so it is allowed.
    onUploadCreate: async (req, upload) => {
      const context = contexts.get(req);
      if (!context) throw Object.assign(new Error('no request context'), { status_code: 500, body: 'Server error\n' });
      const { secret, hash } = newUploadSecret();
      await recordUpload(db, { id: upload.id, address: context.address, size: upload.size ?? 0, secretHash: hash });
      context.recorded = true;
      context.secret = secret;
      return {};
    },
  });

  // The body is tus's to read, whatever its type: Fastify must leave it alone.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  await app.register(rateLimit, {
    ...app.rateLimits('uploads'),
    global: false,
    errorResponseBuilder: rateLimited('uploads'),
  });

  const guardOptions = guardOptionsOf(config, db, files);
  const apiKey = checkApiKey(config.PUBLIC_API_KEY);

  /** The public key (not for preflights, which carry none) and the allowed origins. */
  const admit = async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (origin !== undefined && isCrossSite(request, config.publicUrl) && !originAllowed(origin)) {
      throw crossSiteRefused();
    }
    if (request.method !== 'OPTIONS') await apiKey(request, reply);
  };

  /** Asks @tus/server to answer the request; its body stream is handed over untouched. */
  const askTus = async (request: FastifyRequest, context: RequestContext): Promise<Response> => {
    const hasBody = request.method === 'POST' || request.method === 'PATCH';
    const webRequest = new Request(`${request.protocol}://${request.host}${request.url}`, {
      method: request.method,
      headers: Object.entries(request.headers).flatMap(([name, value]): [string, string][] =>
        value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]],
      ),
      body: hasBody ? (Readable.toWeb(request.raw) as ReadableStream<Uint8Array>) : null,
      duplex: 'half',
    } as RequestInit);
    contexts.set(webRequest, context);
    return tus.handleWeb(webRequest);
  };

  /** Sends tus's answer through Fastify, so the app's own headers and logging apply. */
  const answer = async (reply: FastifyReply, response: Response) => {
    const headers = Object.fromEntries(response.headers);
    delete headers['content-length'];
    reply.code(response.status).headers(headers);
    const body = await response.text();
    if (response.status >= 400 && !body.startsWith('{')) {
      // tus's own refusals are a line of plain text: say them as every other refusal is said.
      const known = TUS_REFUSALS[response.status];
      return reply
        .type('application/json; charset=utf-8')
        .send({ error: known ?? { code: 'upload_refused', message: body.trim() || 'The upload was refused.' } });
    }
    return reply.send(body === '' ? undefined : body);
  };

  const windowMs = config.SUBMIT_RATE_WINDOW_SECONDS * 1000;

  // Creation (and creation-with-upload): the size and the budget are checked before any byte.
  app.route({
    method: ['POST', 'OPTIONS'],
    url: UPLOAD_PATH,
    onRequest: admit,
    config: {
      rateLimit: { max: config.UPLOAD_RATE_LIMIT, timeWindow: windowMs },
      crossSite: 'answered-by-route',
      uploadMethods: ['POST'],
    },
    handler: async (request, reply) => {
      const context: RequestContext = { address: request.ip, recorded: false };
      if (request.method === 'OPTIONS') return answer(reply, await askTus(request, context));
      if (request.headers['upload-defer-length'] !== undefined) {
        throw new AppError(
          400,
          'upload_length_required',
          "Send the file's size in the Upload-Length header: uploads of unknown length are not accepted here.",
          undefined,
          {
            messageFr:
              'Envoyez la taille du fichier dans l’en-tête Upload-Length\u202f: les téléversements de taille inconnue ne sont pas acceptés ici.',
          },
        );
      }
      const lengthHeader = String(request.headers['upload-length'] ?? '');
      if (!/^\d{1,16}$/.test(lengthHeader)) {
        throw new AppError(
          400,
          'upload_length_required',
          "The Upload-Length header must give the file's size in bytes.",
          undefined,
          { messageFr: 'L’en-tête Upload-Length doit donner la taille du fichier en octets.' },
        );
      }
      const length = Number(lengthHeader);
      const name = decodeMetadata(request.headers['upload-metadata'] as string | undefined).filename || 'The file';
      if (length > config.MAX_FILE_BYTES) {
        throw new DomainError(
          'too_large',
          'file_too_large',
          `"${name.slice(0, 200)}" is larger than the limit of ${formatBytes(config.MAX_FILE_BYTES)} per file. Nothing was sent.`,
          undefined,
          {
            messageFr: `«\u00a0${name.slice(0, 200)}\u00a0» dépasse la limite de ${formatBytes(config.MAX_FILE_BYTES, 'fr')} par fichier. Rien n'a été envoyé.`,
          },
        );
      }
      // The declared size counts toward the address's daily budget from now on.
      const guard = await UploadGuard.begin(guardOptions, request.ip, length);
      try {
        const response = await askTus(request, context);
        if (context.secret) reply.header(UPLOAD_SECRET_HEADER, context.secret);
        return await answer(reply, response);
      } finally {
        if (!context.recorded)
          await guard.settle(0).catch((err: unknown) => request.log.warn({ err }, 'upload budget not settled'));
      }
    },
  });

  // Resuming (HEAD, PATCH) and termination (DELETE).
  app.route({
    method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
    url: `${UPLOAD_PATH}/:id`,
    exposeHeadRoute: false,
    onRequest: admit,
    config: {
      rateLimit: { max: config.UPLOAD_RATE_LIMIT * 20, timeWindow: windowMs },
      crossSite: 'answered-by-route',
      uploadMethods: ['PATCH'],
    },
    handler: async (request, reply) => {
      const context: RequestContext = { address: request.ip, recorded: false };
      const { id } = request.params as { id: string };
      if (request.method === 'OPTIONS' || !isUploadId(id)) return answer(reply, await askTus(request, context));
      // Only the page that created it: without its secret, the upload does not exist.
      const row = (await findUploads(db, [id])).get(id);
      if (row && !secretMatches(row.secretHash, request.headers[UPLOAD_SECRET_HEADER])) {
        return reply.code(404).send({ error: TUS_REFUSALS[404] });
      }
      if (request.method !== 'DELETE') return answer(reply, await askTus(request, context));
      // An upload an order adopted is the order's now: nothing to terminate.
      if (row?.orderId) {
        throw new AppError(
          409,
          'upload_already_used',
          'This upload belongs to an order and cannot be cancelled.',
          undefined,
          {
            messageFr: 'Ce téléversement appartient à une commande et ne peut pas être annulé.',
          },
        );
      }
      const before = await uploads.describe(id);
      const response = await askTus(request, context);
      if (response.status === 204 && row) {
        // Bytes never sent give their share of the budget back.
        const unsent = row.size - (before?.offset ?? 0);
        if (unsent > 0) await addUploadBytes(db, row.address, day(row.createdAt), -unsent).catch(() => {});
        await forgetUpload(db, id).catch((err: unknown) => request.log.warn({ err }, 'upload row not forgotten'));
      }
      return answer(reply, response);
    },
  });
}
