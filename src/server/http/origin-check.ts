// Cross-site requests may not change anything: every route with an unsafe method (POST, PUT,
// PATCH, DELETE) refuses a request whose Origin is not the app's own, or, without an Origin,
// one the browser marks cross-site. The decision uses the route the router matched, so an
// encoded path (/%61pi/...) cannot slip past it. The submit-order function is public and
// answers other sites through CORS, so it is left out, and so are the resumable uploads (their
// route checks the origin against CORS_ORIGINS itself).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SUBMIT_ORDER_PATH, UPLOAD_PATH } from '../../shared/constants.js';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const EXEMPT = new Set([SUBMIT_ORDER_PATH, UPLOAD_PATH, `${UPLOAD_PATH}/:id`]);

export function isCrossSite(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers['sec-fetch-site'] === 'cross-site';
  const own = [new URL(publicUrl).origin, `${request.protocol}://${request.host}`];
  return !own.includes(origin);
}

/** Register on the root instance before any route. */
export function registerOriginCheck(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method)) return;
    const route = request.routeOptions.url;
    // No route matched: the answer is a 404 and nothing changes.
    if (route === undefined || EXEMPT.has(route)) return;
    if (isCrossSite(request, config.publicUrl)) {
      throw new AppError(403, 'cross_site', 'This request came from another site and was refused.');
    }
  });
}
