// Limits that hold across processes: two built servers (as `npm start` runs them) give one
// address its limit once, not once each, counted in their shared PostgreSQL, or in Redis.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from '../../../scripts/built-server.mjs';
import { builtServer } from '../../../tests/support/built-server.js';
import { freshPostgres, PG_URL } from '../../../tests/support/harness.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? '';
if (!PG_URL) console.log('Two-process rate-limit test on PostgreSQL skipped: set TEST_DATABASE_URL.');
if (!REDIS_URL)
  console.log('Two-process rate-limit test on Redis skipped: set TEST_REDIS_URL (e.g. redis://127.0.0.1:6379).');
if (PG_URL || REDIS_URL) await builtServer();

const LIMIT = 4;
/** A link that opens nothing: counted like any lookup, answered 404. */
const NO_SUCH_LINK = `/api/o/${'x'.repeat(43)}`;

describe('rate limits shared by two processes', () => {
  const servers: BuiltServer[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) {
      s.child.kill('SIGTERM');
      await new Promise((resolve) => s.child.once('exit', resolve));
      fs.rmSync(s.dataDir, { recursive: true, force: true });
    }
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  async function twoServers(env: Record<string, string>): Promise<[string, string]> {
    for (let i = 0; i < 2; i++) {
      servers.push(
        await startBuiltServer(
          { ...env, ORDER_LINK_RATE_LIMIT: String(LIMIT), ARTWORK_CHECKS: 'false', SWEEP_MIN_AGE_SECONDS: '3600' },
          { stdio: ['ignore', 'ignore', 'inherit'] },
        ),
      );
    }
    return [servers[0]!.url, servers[1]!.url];
  }

  /** Looks links up, alternating between the servers, and returns each answer's status. */
  async function lookups(urls: string[], count: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push((await fetch(`${urls[i % urls.length]}${NO_SUCH_LINK}`)).status);
    return statuses;
  }

  it.runIf(PG_URL)(
    'counts in the PostgreSQL both use: the limit is the limit, not twice it',
    async () => {
      const database = await freshPostgres();
      cleanups.push(database.drop);
      const urls = await twoServers({ DATABASE_URL: database.url });
      expect(await lookups(urls, LIMIT + 2)).toEqual([404, 404, 404, 404, 429, 429]);
    },
    120_000,
  );

  it.runIf(REDIS_URL)(
    'counts in Redis when REDIS_URL is set, each process with its own database',
    async () => {
      const urls = await twoServers({ REDIS_URL, REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:` });
      expect(await lookups(urls, LIMIT + 2)).toEqual([404, 404, 404, 404, 429, 429]);
    },
    120_000,
  );
});
