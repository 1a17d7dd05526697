// Time limits per route, in place of Node's one requestTimeout for the whole server:
// - the methods a route names in its options as carrying an upload (`config: { uploadMethods }`:
//   submit-order, and the resumable uploads' creation and PATCH) may take up to
//   REQUEST_TIMEOUT_MS (hours: a large upload from a phone must not be cut), but only while
//   bytes keep arriving: less than
//   MIN_UPLOAD_BYTES_PER_SECOND over any UPLOAD_RATE_WINDOW_SECONDS cuts it;
// - every other route must have received its whole request within ROUTE_TIMEOUT_MS.
// A request cut this way gets a 408 when nothing was answered yet, and its connection closes.
// Headers have their own limit (HEADERS_TIMEOUT_MS, set on the server).
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

const isUpload = (request: FastifyRequest) =>
  request.routeOptions.url !== undefined &&
  (request.routeOptions.config.uploadMethods?.includes(request.method) ?? false);

function cut(socket: Socket, message: string, message_fr: string): void {
  // An injected request (light-my-request, in tests) has a stand-in socket with nothing to cut: a
  // limit reached while a slow, loaded machine still runs its handler must not throw from a timer.
  if (typeof socket.destroy !== 'function') return;
  if (socket.destroyed) return;
  if (socket.bytesWritten === 0 && socket.writable) {
    const body = JSON.stringify({ error: { code: 'request_timeout', message, message_fr } });
    socket.write(
      `HTTP/1.1 408 Request Timeout\r\nconnection: close\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

export function registerRouteTimeouts(app: FastifyInstance, config: Config): void {
  app.decorateRequest('startUploadRateCheck', undefined);
  app.addHook('onRequest', async (request, reply) => {
    const socket = request.raw.socket;
    const timers: NodeJS.Timeout[] = [];
    const upload = isUpload(request);
    const limit = upload ? config.REQUEST_TIMEOUT_MS : config.ROUTE_TIMEOUT_MS;
    if (limit > 0) {
      timers.push(
        setTimeout(() => {
          if (!request.raw.complete)
            cut(
              socket,
              'The request took too long to arrive and was cut. Please send it again.',
              'La requête a mis trop de temps à arriver et a été coupée. Veuillez l’envoyer de nouveau.',
            );
        }, limit),
      );
    }
    if (upload && config.MIN_UPLOAD_BYTES_PER_SECOND > 0) {
      // Started when the body starts being read (a JSON order may first wait for its turn).
      request.startUploadRateCheck = () => {
        const windowMs = config.UPLOAD_RATE_WINDOW_SECONDS * 1000;
        const minBytes = config.MIN_UPLOAD_BYTES_PER_SECOND * config.UPLOAD_RATE_WINDOW_SECONDS;
        let seen = socket.bytesRead;
        const check = setInterval(() => {
          if (request.raw.complete) return clearInterval(check);
          const now = socket.bytesRead;
          if (now - seen < minBytes) {
            clearInterval(check);
            cut(
              socket,
              'The upload slowed down too much and was cut. Please send it again on a better connection.',
              'Le téléversement a trop ralenti et a été coupé. Veuillez l’envoyer de nouveau avec une meilleure connexion.',
            );
          }
          seen = now;
        }, windowMs);
        timers.push(check);
      };
    }
    reply.raw.once('close', () => timers.forEach((t) => clearTimeout(t)));
  });
  app.addHook('preParsing', async (request) => {
    request.startUploadRateCheck?.();
    request.startUploadRateCheck = undefined;
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The methods of this route whose body is an upload: timed by its progress, not a fixed limit. */
    uploadMethods?: readonly string[];
  }
  interface FastifyRequest {
    startUploadRateCheck?: (() => void) | undefined;
  }
}
