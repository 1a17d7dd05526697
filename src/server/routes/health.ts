import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import type { FileStore } from '../storage/files.js';

/** GET /healthz: 200 when the database answers and the file store can flush a write. */
export async function healthRoutes(app: FastifyInstance, opts: { db: Kysely<Database>; files: FileStore }): Promise<void> {
  app.get('/healthz', async (_request, reply) => {
    const [database, fileStore] = await Promise.all([
      sql`select 1`.execute(opts.db).then(() => 'ok', (e: Error) => `down: ${e.message}`),
      opts.files.check().then(() => 'ok', (e: Error) => `down: ${e.message}`),
    ]);
    const ok = database === 'ok' && fileStore === 'ok';
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', database, files: fileStore });
  });
}
