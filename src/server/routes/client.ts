// Serves the built client. The page learns its run-time settings (functions URL, public
// key, design studio) from a JSON block the server writes into index.html, so changing
// them needs a restart, not a rebuild.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SUBMIT_ORDER_PATH } from '../../shared/constants.js';
import type { Config } from '../config.js';
import { issueFormToken } from '../orders/bot-checks.js';

export interface ClientSettings {
  functionsUrl: string;
  publicKey: string;
  designStudioUrl: string;
  maxFileBytes: number;
  /** When this page was served, signed (bot-checks.ts). */
  formToken: string;
}

export function clientSettings(config: Config): ClientSettings {
  return {
    functionsUrl: SUBMIT_ORDER_PATH,
    publicKey: config.PUBLIC_API_KEY,
    designStudioUrl: config.DESIGN_STUDIO_URL,
    maxFileBytes: config.MAX_FILE_BYTES,
    formToken: issueFormToken(config.formTokenSecret),
  };
}

/** The page's routes; any other path gets the same page with status 404 (spec section 2). */
export const PAGE_ROUTES = ['/', '/inbox', '/inbox/*'];

export async function clientRoutes(app: FastifyInstance, opts: { config: Config; clientDir: string }): Promise<void> {
  const template = fs.readFileSync(path.join(opts.clientDir, 'index.html'), 'utf8');
  const placeholder = '<script id="app-config" type="application/json">{}</script>';
  if (!template.includes(placeholder)) throw new Error('index.html has no app-config placeholder; rebuild the client');
  const [before, after] = template.split(placeholder) as [string, string];

  // Made per answer: the form token says when this page was served.
  const sendPage = (reply: FastifyReply, status: number) => {
    const settings = JSON.stringify(clientSettings(opts.config)).replace(/</g, '\\u003c');
    const html = `${before}${placeholder.replace('{}', settings)}${after}`;
    return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  };

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
      if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  for (const route of PAGE_ROUTES) app.get(route, (_req, reply) => sendPage(reply, 200));
  app.get('/app-config.json', async () => clientSettings(opts.config));

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return sendPage(reply, 404);
    return reply.code(404).send({ error: { code: 'not_found', message: `No such path: ${request.method} ${request.url.slice(0, 200)}` } });
  });
}
