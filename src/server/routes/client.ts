// Serves the built client. The page learns its run-time settings (functions URL, public
// key, design studio) from a JSON block the server writes into index.html, so changing
// them needs a restart, not a rebuild.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SUBMIT_ORDER_PATH } from '../../shared/constants.js';
import type { ClientSettings } from '../../shared/client-settings.js';
import type { Config } from '../config.js';
import { issueFormToken } from '../orders/bot-checks.js';

export function clientSettings(config: Config): ClientSettings {
  return {
    functionsUrl: SUBMIT_ORDER_PATH,
    publicKey: config.PUBLIC_API_KEY,
    designStudioUrl: config.DESIGN_STUDIO_URL,
    maxFileBytes: config.MAX_FILE_BYTES,
    formToken: issueFormToken(config.formTokenSecret),
  };
}

/** The page's routes; any other path gets the same page with status 404 (docs/product.md). */
export const PAGE_ROUTES = ['/', '/inbox', '/inbox/*'];

export type SendPage = (reply: FastifyReply, status: number, head?: string) => FastifyReply;

/** The page as served: the built template with the run-time settings (and any extra head tags) written in. */
export function pageRenderer(clientDir: string, config: Config): SendPage {
  const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const placeholder = '<script id="app-config" type="application/json">{}</script>';
  if (!template.includes(placeholder)) throw new Error('index.html has no app-config placeholder; rebuild the client');
  const [before, after] = template.split(placeholder) as [string, string];
  // Made per answer: the form token says when this page was served.
  return (reply, status, head = '') => {
    const settings = JSON.stringify(clientSettings(config)).replace(/</g, '\\u003c');
    const page = `${before}${placeholder.replace('{}', settings)}${after}`;
    const html = head ? page.replace('</head>', `${head}</head>`) : page;
    return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  };
}

/** The answer to any unknown path: the page's 404 for a browser, else a JSON error. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply, sendPage: SendPage | null) {
  const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
  if (wantsPage && sendPage) return sendPage(reply, 404);
  return reply
    .code(404)
    .send({ error: { code: 'not_found', message: `No such path: ${request.method} ${request.url.slice(0, 200)}` } });
}

export async function clientRoutes(
  app: FastifyInstance,
  opts: { config: Config; clientDir: string; sendPage: SendPage },
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
  for (const route of PAGE_ROUTES) app.get(route, (_req, reply) => sendPage(reply, 200));
  app.get('/app-config.json', async () => clientSettings(opts.config));

  app.setNotFoundHandler((request, reply) => sendNotFound(request, reply, sendPage));
}
