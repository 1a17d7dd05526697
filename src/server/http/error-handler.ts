// The one error handler: every refusal leaves as {error: {code, message, fields?}} with a
// message a person can act on; a 5xx never shows internals (docs/architecture.md).
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import { clientWentAway } from './client-gone.js';
import { unknownFieldError } from './strict-bodies.js';
import { AppError, diskFull, DomainError, isUnavailableError, STATUS_OF_KIND, unavailable } from '../errors.js';

/** Fastify's own 4xx codes, as codes and sentences for people, in English and French. */
const FRAMEWORK_ERRORS: Record<string, { code: string; message: string; message_fr: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'Send the order as application/json or multipart/form-data.',
    message_fr: 'Envoyez la commande en application/json ou en multipart/form-data.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'invalid_json',
    message: 'The JSON body is empty.',
    message_fr: 'Le corps JSON est vide.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'invalid_body',
    message: 'The body is shorter or longer than its Content-Length.',
    message_fr: 'Le corps est plus court ou plus long que son Content-Length.',
  },
};

/** The answers the handler words itself, in English and French. */
const INVALID_JSON = {
  code: 'invalid_json',
  message: 'The body is not valid JSON.',
  message_fr: 'Le corps n’est pas du JSON valide.',
};
const REQUEST_ABORTED = {
  code: 'request_aborted',
  message: 'The connection closed before the whole request arrived.',
  message_fr: 'La connexion s’est fermée avant que la requête n’arrive en entier.',
};
const INTERNAL = {
  code: 'internal',
  message: 'Something went wrong on our side. Nothing was saved; please try again.',
  message_fr: 'Un problème est survenu de notre côté. Rien n’a été enregistré\u202f; veuillez réessayer.',
};

/** A body the route's schema refused: the fields named, and for a text too long, its limit. */
function validationMessages(
  fields: string[],
  first: { keyword: string; params: Record<string, unknown> } | undefined,
): { message: string; message_fr: string } {
  const maximum = first?.params.maximum;
  if (first?.keyword === 'too_big' && first.params.origin === 'string' && typeof maximum === 'number' && fields[0])
    return {
      message: `${fields[0]} is too long: at most ${maximum} characters.`,
      message_fr: `${fields[0]} est trop long\u202f: au plus ${maximum} caractères.`,
    };
  if (fields.length > 0)
    return {
      message: `The request is not valid: check ${fields.join(', ')}.`,
      message_fr: `La requête n’est pas valide\u202f: vérifiez ${fields.join(', ')}.`,
    };
  return { message: 'The request is not valid.', message_fr: 'La requête n’est pas valide.' };
}

/** The disk (or the database's) is full: 507, the customer can only wait. */
const DISK_FULL_CODES = ['ENOSPC', 'EDQUOT', 'SQLITE_FULL'];

/** What reading a body reports when its connection went away mid-way. */
const CONNECTION_LOST_CODES = [
  'ECONNRESET',
  'ECONNABORTED',
  'ERR_STREAM_PREMATURE_CLOSE',
  'FST_MP_PREMATURE_CLOSE',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
];

const STORAGE_CODES = ['ENOSPC', 'EIO', 'EROFS', 'EDQUOT', 'EACCES', 'EPERM', 'ENOTDIR', 'EMFILE'];

/** Bytes as a person reads a limit: "50 MB", "64 KB"; in French "50 Mo", "64 Ko". */
function sizeOf(bytes: number, lang: 'en' | 'fr' = 'en'): string {
  const [mb, kb, space] = lang === 'fr' ? ['Mo', 'Ko', '\u00a0'] : ['MB', 'KB', ' '];
  return bytes >= 1024 * 1024
    ? `${Math.round(bytes / 1024 / 1024)}${space}${mb}`
    : `${Math.max(1, Math.round(bytes / 1024))}${space}${kb}`;
}

/**
 * A body over its route's limit: the order names the order's own limit and the way to send a big
 * one; any other route names the limit it has (a price list, a profile and a message each have
 * their own), not the order's.
 */
function tooLarge(request: FastifyRequest, config: Config) {
  if (request.routeOptions.url?.startsWith('/functions/v1/submit-order')) {
    return {
      code: 'order_too_large',
      message: `This JSON order is larger than ${sizeOf(config.MAX_JSON_BYTES)}. Send large orders as multipart/form-data, with each file as its own part (the order form does this).`,
      message_fr: `Cette commande JSON dépasse ${sizeOf(config.MAX_JSON_BYTES, 'fr')}. Envoyez les grosses commandes en multipart/form-data, chaque fichier dans sa propre partie (le formulaire de commande le fait).`,
    };
  }
  const limit = request.routeOptions.bodyLimit ?? config.MAX_JSON_BYTES;
  return {
    code: 'request_too_large',
    message: `This request is larger than ${sizeOf(limit)}, the most this address accepts.`,
    message_fr: `Cette requête dépasse ${sizeOf(limit, 'fr')}, le maximum que cette adresse accepte.`,
  };
}

/** The body paths a validation issue names: its own, or for unknown keys, each key's. */
function validationFields(v: { instancePath: string; params: Record<string, unknown> }): string[] {
  const path = v.instancePath.slice(1).replaceAll('/', '.');
  const keys = Array.isArray(v.params.keys) ? v.params.keys.map(String) : [];
  return keys.length ? keys.map((k) => (path ? `${path}.${k}` : k)) : [path];
}

export function registerErrorHandler(app: FastifyInstance, config: Config): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError || err instanceof DomainError) {
      const status = err instanceof AppError ? err.statusCode : STATUS_OF_KIND[err.kind];
      const { messageFr, retryAfterSeconds } = err.extras;
      if (retryAfterSeconds !== undefined) void reply.header('retry-after', String(retryAfterSeconds));
      return reply.code(status).send({
        error: {
          code: err.code,
          message: err.message,
          ...(messageFr ? { message_fr: messageFr } : {}),
          ...(err.fields ? { fields: err.fields } : {}),
        },
      });
    }
    if (DISK_FULL_CODES.includes(String(err.code))) {
      request.log.error({ err }, 'disk full');
      const e = diskFull();
      return reply
        .code(507)
        .header('retry-after', String(e.extras.retryAfterSeconds))
        .send({ error: { code: e.code, message: e.message, message_fr: e.extras.messageFr } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // Say which field, and for a text too long, its limit (a client without the page's limits).
      const fields = [...new Set(err.validation.flatMap(validationFields))].filter(Boolean);
      // A field the body may not carry (http/strict-bodies.ts) is named as such.
      const unknown = err.validation.filter((v) => v.keyword === 'unrecognized_keys').flatMap(validationFields);
      if (unknown.length > 0) {
        const e = unknownFieldError(unknown);
        return reply
          .code(400)
          .send({ error: { code: e.code, message: e.message, message_fr: e.extras.messageFr, fields: unknown } });
      }
      const messages = validationMessages(fields, err.validation[0]);
      return reply
        .code(400)
        .send({ error: { code: 'bad_request', ...messages, ...(fields.length ? { fields } : {}) } });
    }
    if (clientWentAway(request) && CONNECTION_LOST_CODES.includes(String(err.code))) {
      // Nobody is left to read the answer, and nothing is wrong on our side (the socket's
      // ECONNRESET would otherwise read as a dependency down).
      request.log.info({ code: err.code }, 'the client closed the request before its body arrived');
      return reply.code(400).send({ error: REQUEST_ABORTED });
    }
    if (isUnavailableError(err)) {
      request.log.error({ err }, 'dependency unavailable');
      const e = unavailable(STORAGE_CODES.includes(String(err.code)) ? 'file storage' : 'database');
      return reply
        .code(503)
        .header('retry-after', '30')
        .send({ error: { code: e.code, message: e.message, message_fr: e.extras.messageFr } });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ error: tooLarge(request, config) });
    const known = err.code ? FRAMEWORK_ERRORS[err.code] : undefined;
    if (known) {
      return reply.code(err.statusCode ?? 400).send({ error: known });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const isJson = err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY';
      const error = isJson ? INVALID_JSON : { code: 'bad_request', message: err.message };
      return reply.code(err.statusCode).send({ error });
    }
    request.log.error({ err }, 'unexpected error');
    return reply.code(500).send({ error: INTERNAL });
  });
}
