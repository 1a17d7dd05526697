import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import type { FileStore } from '../files/file-store.js';
import { rateLimited } from '../errors.js';

/** Requests one address may make to /healthz per minute, per process: a load balancer polls once a second or less. */
export const HEALTH_RATE_LIMIT = 300;
/** How long a storage probe that passed (a write flushed, on S3 a PUT and a DELETE) is answered from. */
export const HEALTH_PROBE_INTERVAL_MS = 5_000;

/**
 * GET /healthz: 200 {status: 'ok'} when the database answers, the file store (and the upload
 * store) can flush a write and the disk has more than its reserve free; otherwise 503
 * {status: 'unavailable'} or {status: 'low_disk'}. The answer is public: the details go to the log,
 * never to the client.
 *
 * Public and unauthenticated, so it must not be a way to make the server write: the storage probe
 * runs at most once per HEALTH_PROBE_INTERVAL_MS while it passes (callers in between, or while one
 * runs, share its answer); a failed probe is not kept, so a store that comes back is seen at the
 * next call. Each address gets HEALTH_RATE_LIMIT calls a minute, counted in memory: the shared
 * store lives in the database, which this route must be able to report as down.
 */
export async function healthRoutes(
  app: FastifyInstance,
  opts: {
    db: Kysely<Database>;
    files: FileStore;
    uploads?: { check(): Promise<void> };
  },
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: HEALTH_RATE_LIMIT,
    timeWindow: 60_000,
    errorResponseBuilder: rateLimited('health checks'),
  });

  let passedAt = -Infinity;
  let running: Promise<{ fileStore: Error | null; uploadStore: Error | null }> | null = null;
  const probeStorage = (): Promise<{ fileStore: Error | null; uploadStore: Error | null }> => {
    if (Date.now() - passedAt < HEALTH_PROBE_INTERVAL_MS)
      return Promise.resolve({ fileStore: null, uploadStore: null });
    running ??= Promise.all([
      opts.files.check().then(
        () => null,
        (e: Error) => e,
      ),
      (opts.uploads?.check() ?? Promise.resolve()).then(
        () => null,
        (e: Error) => e,
      ),
    ])
      .then(([fileStore, uploadStore]) => {
        if (!fileStore && !uploadStore) passedAt = Date.now();
        return { fileStore, uploadStore };
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  app.get('/healthz', async (request, reply) => {
    const [database, { fileStore, uploadStore }, lowDisk] = await Promise.all([
      sql`select 1`.execute(opts.db).then(
        () => null,
        (e: Error) => e,
      ),
      probeStorage(),
      opts.files.isLowOnSpace().catch(() => false),
    ]);
    reply.header('cache-control', 'no-store');
    if (database || fileStore || uploadStore) {
      request.log.error({ database, files: fileStore, uploads: uploadStore }, 'health check failed');
      return reply.code(503).send({ status: 'unavailable' });
    }
    if (lowDisk) {
      request.log.warn('health check: free disk space below MIN_FREE_DISK_BYTES');
      return reply.code(503).send({ status: 'low_disk' });
    }
    return reply.code(200).send({ status: 'ok' });
  });
}
