// Serves the built client. The page learns its run-time settings (functions URL, public
// key, design studio) from a JSON block the server writes into index.html, so changing
// them needs a restart, not a rebuild.
import fs from 'node:fs';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SUBMIT_ORDER_PATH } from '../../shared/constants.js';
import type { ClientSettings } from '../../shared/client-settings.js';
import type { Config } from '../config.js';
import { AppError, rateLimited } from '../errors.js';
import { issueFormToken } from './bot-checks.js';

/**
 * The page's run-time settings. Only the order form's own answers (`/` and `/app-config.json`)
 * carry a form token, and those are limited per address: a token buys one confirmation email,
 * so a script may not collect them without limit (docs/architecture.md, the form token).
 */
/** The shop's logo and brand colour in force, read when a page is made (settings/, docs/settings.md). */
export type ShopLook = () => Pick<ClientSettings, 'logo' | 'brandColour' | 'shopName'>;

export function clientSettings(config: Config, options: { formToken: boolean; look?: ShopLook }): ClientSettings {
  const { logo, brandColour, shopName } = options.look?.() ?? {};
  return {
    ...(shopName ? { shopName } : {}),
    ...(logo ? { logo } : {}),
    ...(brandColour ? { brandColour } : {}),
    functionsUrl: SUBMIT_ORDER_PATH,
    publicKey: config.PUBLIC_API_KEY,
    designStudioUrl: config.DESIGN_STUDIO_URL,
    maxFileBytes: config.MAX_FILE_BYTES,
    ...(options.formToken ? { formToken: issueFormToken(config.formTokenSecret) } : {}),
  };
}

/** The inbox's routes: the same page, without a form token. */
export const INBOX_ROUTES = ['/inbox', '/inbox/*'];

export type SendPage = (
  reply: FastifyReply,
  status: number,
  options?: { head?: string; formToken?: boolean },
) => FastifyReply;

/** The page as served: the built template with the run-time settings (and any extra head tags) written in. */
export function pageRenderer(clientDir: string, config: Config, look?: ShopLook): SendPage {
  const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const placeholder = '<script id="app-config" type="application/json">{}</script>';
  if (!template.includes(placeholder)) throw new Error('index.html has no app-config placeholder; rebuild the client');
  const [before, after] = template.split(placeholder) as [string, string];
  // Made per answer: the form token says when this page was served.
  return (reply, status, { head = '', formToken = false } = {}) => {
    const settings = JSON.stringify(clientSettings(config, { formToken, look })).replace(/</g, '\\u003c');
    const page = `${before}${placeholder.replace('{}', settings)}${after}`;
    const html = head ? page.replace('</head>', `${head}</head>`) : page;
    return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  };
}

/** The answer to any unknown path: the page's 404 for a browser, else a JSON error. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply, sendPage: SendPage | null) {
  const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
  if (wantsPage && sendPage) return sendPage(reply, 404);
  return reply.code(404).send({
    error: {
      code: 'not_found',
      message: `No such path: ${request.method} ${request.url.slice(0, 200)}`,
      message_fr: `Ce chemin n’existe pas\u202f: ${request.method} ${request.url.slice(0, 200)}`,
    },
  });
}

export async function clientRoutes(
  app: FastifyInstance,
  opts: { config: Config; clientDir: string; sendPage: SendPage; look?: ShopLook },
): Promise<void> {
  const { sendPage } = opts;

  await app.register(fastifyStatic, {
    root: opts.clientDir,
    index: false,
    wildcard: false,
    // The build writes .br and .gz beside each asset (scripts/precompress.mjs).
    preCompressed: true,
    // The template is only ever sent with its settings written in (sendPage).
    allowedPath: (pathName) => pathName !== '/index.html',
    // Hashed file names under /assets never change: cache them for a year.
    setHeaders: (reply, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  for (const route of INBOX_ROUTES) app.get(route, (_req, reply) => sendPage(reply, 200));

  // The order form's page and settings hand out form tokens: per address, counted where every
  // process sees it (http/rate-limit-store.ts).
  await app.register(rateLimit, {
    ...app.rateLimits('form-tokens'),
    global: false,
    errorResponseBuilder: rateLimited('order-form pages'),
  });
  const tokenLimit = {
    config: {
      rateLimit: {
        max: opts.config.FORM_TOKEN_RATE_LIMIT,
        timeWindow: opts.config.FORM_TOKEN_RATE_WINDOW_SECONDS * 1000,
      },
    },
  };
  app.get('/', tokenLimit, (_req, reply) => sendPage(reply, 200, { formToken: true }));
  app.get('/app-config.json', tokenLimit, async () =>
    clientSettings(opts.config, { formToken: true, look: opts.look }),
  );
  // A browser over the limit reads the wait as a page, in both languages, not as JSON.
  app.setErrorHandler((err, request, reply) => {
    const wantsPage = (request.headers.accept ?? '').includes('text/html');
    if (!(err instanceof AppError && err.code === 'rate_limited' && wantsPage)) throw err;
    return reply
      .code(429)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too many pages / Trop de pages</title></head>` +
          `<body><main><h1>Please wait</h1><p>${err.message}</p><h1 lang="fr-CA">Veuillez patienter</h1><p lang="fr-CA">${err.extras.messageFr ?? ''}</p></main></body></html>`,
      );
  });

  app.setNotFoundHandler((request, reply) => sendNotFound(request, reply, sendPage));
}
