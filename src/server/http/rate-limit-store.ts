// Where @fastify/rate-limit counts requests, so that every limit holds across processes: in Redis
// when REDIS_URL is set (the plugin's own Redis store), otherwise in the database every process
// already shares (SQLite or PostgreSQL), with one atomic upsert per counted request. A limit of 30
// orders per address is 30 with one process or ten (docs/architecture.md, past one machine).
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';

interface StoreAnswer {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, answer: StoreAnswer | null) => void;
interface RouteOptions {
  routeInfo: { method: string | string[]; url: string };
}

/** A rate-limit store class (the plugin's `store` option) counting in `db`, keys under `namespace`. */
export function databaseStore(db: Kysely<Database>, namespace: string) {
  return class DatabaseRateLimitStore {
    readonly namespace: string;

    constructor(_params?: unknown, prefix = namespace) {
      this.namespace = prefix;
    }

    /** Counts one request in the window, starting a new window when the last one is over. */
    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = Date.now();
      const id = `${this.namespace}${key}`;
      db.insertInto('rate_limits')
        .values({ key: id, hits: 1, reset_at: now + timeWindow })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.hits + 1 end`,
            reset_at: sql<number>`case when rate_limits.reset_at <= ${now} then ${now + timeWindow} else rate_limits.reset_at end`,
          }),
        )
        .returning(['hits', 'reset_at'])
        .executeTakeFirstOrThrow()
        .then(
          (row) => callback(null, { current: Number(row.hits), ttl: Math.max(0, Number(row.reset_at) - now) }),
          (error: Error) => callback(error, null),
        );
    }

    /** The window's count without counting (the plugin's peek). */
    read(key: string, callback: Callback): void {
      const now = Date.now();
      db.selectFrom('rate_limits')
        .select(['hits', 'reset_at'])
        .where('key', '=', `${this.namespace}${key}`)
        .executeTakeFirst()
        .then(
          (row) =>
            callback(
              null,
              !row || Number(row.reset_at) <= now
                ? { current: 0, ttl: 0 }
                : { current: Number(row.hits), ttl: Number(row.reset_at) - now },
            ),
          (error: Error) => callback(error, null),
        );
    }

    /** A route's own limit: its own counters, under its method and path. */
    child(routeOptions: RouteOptions): DatabaseRateLimitStore {
      const method = [routeOptions.routeInfo.method].flat().join(',');
      return new DatabaseRateLimitStore(undefined, `${this.namespace}${method}${routeOptions.routeInfo.url}:`);
    }
  };
}

/** Forgets windows that ended more than an hour ago (housekeeping). */
export async function forgetOldRateLimits(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('reset_at', '<', now - 60 * 60 * 1000)
    .execute();
}

/** What every rate-limit registration spreads into its options: the shared store, named. */
export type SharedLimits = (
  namespace: string,
) => Pick<RateLimitPluginOptions, 'store' | 'redis' | 'nameSpace' | 'skipOnError'>;

/**
 * The shared store for this app: Redis when `redisUrl` is set, else the database. A store that
 * fails (the database restarting) lets the request through: the request then meets the same
 * outage and is answered 503, as without limits.
 */
export function sharedLimits(options: { db: Kysely<Database>; redisUrl: string; redisPrefix: string }): {
  limits: SharedLimits;
  close: () => Promise<void>;
} {
  if (options.redisUrl) {
    const redis = new Redis(options.redisUrl, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: false,
    });
    redis.on('error', () => {}); // reported by the failing command; never a crash
    return {
      limits: (namespace) => ({ redis, nameSpace: `${options.redisPrefix}${namespace}:`, skipOnError: true }),
      close: async () => {
        await redis.quit().catch(() => redis.disconnect());
      },
    };
  }
  return {
    limits: (namespace) => ({
      store: databaseStore(options.db, `${namespace}:`) as unknown as RateLimitPluginOptions['store'],
      skipOnError: true,
    }),
    close: () => Promise.resolve(),
  };
}
