// What an operator watches (docs/operations.md, Metrics): /metrics in the Prometheus text format (prom-client),
// off unless METRICS_TOKEN is set, then only with that bearer token. Each process answers for
// itself: its requests, orders, uploads and failures; the queue depths are read from the database,
// so every process gives the same.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  registry: Registry;
  ordersReceived: Counter;
  uploadBytes: Counter;
  uploadResumes: Counter;
  artworkWait: Histogram<'lane'>;
  mailFailures: Counter;
  requestDuration: Histogram<'method' | 'route' | 'status'>;
}

export interface QueueDepths {
  /** Files waiting for their check, by lane (pictures, drawings). */
  artwork: () => Promise<Record<string, number>>;
  /** Messages not sent yet, and those given up on. */
  mail: () => Promise<{ pending: number; failed: number }>;
}

/** One registry per app (tests run several apps in one process). */
export function createMetrics(depths: QueueDepths): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'aof_' });
  const artworkDepth = new Gauge({
    name: 'aof_artwork_queue_depth',
    help: 'Files waiting for their artwork check, by lane.',
    labelNames: ['lane'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const [lane, n] of Object.entries(await depths.artwork())) this.set({ lane }, n);
    },
  });
  void artworkDepth;
  const mailDepth = new Gauge({
    name: 'aof_mail_queue_depth',
    help: 'Messages by state: pending (not sent yet) and failed (given up on).',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const { pending, failed } = await depths.mail();
      this.set({ state: 'pending' }, pending);
      this.set({ state: 'failed' }, failed);
    },
  });
  void mailDepth;
  return {
    registry,
    ordersReceived: new Counter({
      name: 'aof_orders_received_total',
      help: 'Orders saved (the commit that makes an order exist); test orders are left out.',
      registers: [registry],
    }),
    uploadBytes: new Counter({
      name: 'aof_upload_bytes_total',
      help: 'Bytes received by resumable uploads (tus PATCH).',
      registers: [registry],
    }),
    uploadResumes: new Counter({
      name: 'aof_upload_resumes_total',
      help: 'Resumable upload PATCHes that continued an upload from a non-zero offset.',
      registers: [registry],
    }),
    artworkWait: new Histogram({
      name: 'aof_artwork_wait_seconds',
      help: 'From an order being saved to its file starting its check, by lane.',
      labelNames: ['lane'],
      buckets: [0.5, 1, 2, 5, 10, 30, 60, 300, 1800],
      registers: [registry],
    }),
    mailFailures: new Counter({
      name: 'aof_mail_failures_total',
      help: 'Sending attempts that failed (each retried later, until given up).',
      registers: [registry],
    }),
    requestDuration: new Histogram({
      name: 'aof_http_request_duration_seconds',
      help: 'Time to answer, by method, route (its pattern, never the path) and status class.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10, 60],
      registers: [registry],
    }),
  };
}

const sameToken = (given: string, token: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Times every answer by its route's pattern (unknown paths are one label, so a scanner cannot
 * grow the series), counts resumable upload bytes and resumes, and serves /metrics.
 */
export async function metricsRoutes(
  app: FastifyInstance,
  opts: { metrics: Metrics; token: string | undefined; uploadPath: string },
): Promise<void> {
  const { metrics, token } = opts;
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestDuration.observe(
      { method: request.method, route, status: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
    if (request.method === 'PATCH' && request.url.startsWith(opts.uploadPath) && reply.statusCode === 204) {
      const bytes = Number(request.headers['content-length'] ?? 0);
      if (Number.isFinite(bytes) && bytes > 0) metrics.uploadBytes.inc(bytes);
      if (Number(request.headers['upload-offset'] ?? 0) > 0) metrics.uploadResumes.inc();
    }
  });
  app.get('/metrics', async (request, reply) => {
    if (!token) return reply.code(404).send({ error: { code: 'not_found', message: 'Not found.' } });
    const auth = String(request.headers.authorization ?? '');
    if (!auth.startsWith('Bearer ') || !sameToken(auth.slice(7), token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: { code: 'unauthenticated', message: 'Give the metrics token as a bearer token.' } });
    }
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}
