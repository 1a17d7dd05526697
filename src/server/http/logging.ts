// What the log may hold: no personal data (docs/architecture.md, "On the open internet").
// Requests are logged by method and path only: query strings carry the inbox's searches
// (names, emails), and client addresses are personal data too. Error messages are scrubbed
// of email addresses (SMTP and database errors quote them).
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';
import { redactPersonalData } from '../redact.js';

/** Where log lines go instead of standard output (pino's destination stream). */
export interface LogStream {
  write(line: string): void;
}

/**
 * A request as the log shows it: method and path, never the query string, never the token of a
 * customer's order link (/o/<token>, /api/o/<token>: the link is the key to the order) nor of a
 * team's size collection (/c/<token>, docs/collections.md), and an
 * upload's id cut to its first 8 digits (enough to follow one upload through the log).
 */
export function requestForLog(req: { method: string; url: string }) {
  const q = req.url.indexOf('?');
  const path = (q === -1 ? req.url : req.url.slice(0, q))
    .replace(/^(\/api)?\/o\/[^/]*/, '$1/o/…')
    .replace(/^(\/api)?\/c\/[^/]*/, '$1/c/…')
    .replace(/^(\/storage\/v1\/upload\/resumable\/)([^/]{0,8})[^/]*/, '$1$2…');
  return { method: req.method, path };
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** An error as the log shows it, addresses scrubbed. Pino also hands it `err` values that are strings. */
function errorForLog(err: Error): LoggedError {
  const value: unknown = err;
  if (typeof value === 'string') return redactPersonalData(value) as unknown as LoggedError;
  if (!(value instanceof Error)) return value as LoggedError;
  const e = value as Error & { code?: unknown; detail?: unknown; statusCode?: unknown };
  return {
    type: e.name,
    message: redactPersonalData(e.message),
    stack: redactPersonalData(e.stack ?? ''),
    code: e.code,
    statusCode: e.statusCode,
    ...(typeof e.detail === 'string' ? { detail: redactPersonalData(e.detail) } : {}),
  };
}

/**
 * JSON lines for machines; one readable line per event on a terminal (LOG_FORMAT). `stream`
 * replaces standard output (tests read the log from it).
 */
export function loggerOptions(config: Config, stream?: LogStream): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  const serializers = { req: requestForLog, err: errorForLog };
  if (stream) return { level: config.LOG_LEVEL, serializers, stream };
  const pretty = config.LOG_FORMAT === 'pretty' || (config.LOG_FORMAT === 'auto' && process.stdout.isTTY === true);
  if (!pretty) return { level: config.LOG_LEVEL, serializers };
  return {
    level: config.LOG_LEVEL,
    serializers,
    transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId' } },
  };
}
