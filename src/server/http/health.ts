import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import type { FileStore } from '../files/file-store.js';

/**
 * GET /healthz: 200 {status: 'ok'} when the database answers, the file store (and the upload
 * store) can flush a write
 * and the disk has more than its reserve free; otherwise 503 {status: 'unavailable'} or
 * {status: 'low_disk'}. The answer is public: the details go to the log, never to the client.
 */
export async function healthRoutes(
  app: FastifyInstance,
  opts: { db: Kysely<Database>; files: FileStore; uploads?: { check(): Promise<void> } },
): Promise<void> {
  app.get('/healthz', async (request, reply) => {
    const [database, fileStore, lowDisk, uploadStore] = await Promise.all([
      sql`select 1`.execute(opts.db).then(
        () => null,
        (e: Error) => e,
      ),
      opts.files.check().then(
        () => null,
        (e: Error) => e,
      ),
      opts.files.isLowOnSpace().catch(() => false),
      (opts.uploads?.check() ?? Promise.resolve()).then(
        () => null,
        (e: Error) => e,
      ),
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
