// Cross-site requests may not change anything: every route with an unsafe method (POST, PUT,
// PATCH, DELETE) refuses a request whose Origin is not the app's own, or, without an Origin,
// one the browser marks cross-site. The decision uses the route the router matched, so an
// encoded path (/%61pi/...) cannot slip past it. A route that answers other sites itself (the
// public submit-order function through CORS; the resumable uploads, which check the origin
// against CORS_ORIGINS) says so in its own options: `config: { crossSite: 'answered-by-route' }`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers other sites itself (CORS): the origin check leaves it alone. */
    crossSite?: 'answered-by-route';
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isCrossSite(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers['sec-fetch-site'] === 'cross-site';
  const own = [new URL(publicUrl).origin, `${request.protocol}://${request.host}`];
  return !own.includes(origin);
}

/** 403: a request another site's page sent, refused. */
export const crossSiteRefused = () =>
  new AppError(403, 'cross_site', 'This request came from another site and was refused.', undefined, {
    messageFr: 'Cette requête venait d’un autre site et a été refusée.',
  });

/** Register on the root instance before any route. */
export function registerOriginCheck(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method)) return;
    const route = request.routeOptions.url;
    // No route matched: the answer is a 404 and nothing changes.
    if (route === undefined || request.routeOptions.config.crossSite === 'answered-by-route') return;
    if (isCrossSite(request, config.publicUrl)) {
      throw crossSiteRefused();
    }
  });
}
