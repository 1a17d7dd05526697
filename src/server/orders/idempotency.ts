// Idempotency keys, stored in the database so that every process behind a load balancer
// sees them, each scoped to its caller (`scopedKey`: another caller's same key is another key)
// and answered again only for the same order (`request_hash`). A key is claimed ("pending") before the body is read and completed in the
// same transaction as the order, so a retry can never create a second order.
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely, Transaction } from 'kysely';
import { DomainError } from '../errors.js';
import type { Database } from '../storage/schema.js';

const POLL_MS = 200;

/**
 * The key as stored: the client's key within its caller's scope (the form token it came with,
 * or the hashed address of a client without one), so that no caller can replay another's answer.
 */
export function scopedKey(key: string, scope: string): string {
  return `${createHash('sha256').update(scope).update('\n').update(key).digest('hex')}`;
}

/** The SHA-256 the order's answer is kept with: of its JSON body, or of a multipart order's "order" part. */
export const requestHashOf = (text: string) => createHash('sha256').update(text).digest('hex');

/** The same key sent with another order: refused, and the first answer is not told. */
export const keyReused = () =>
  new DomainError(
    'conflict',
    'idempotency_key_reused',
    'This Idempotency-Key was already used for another order. Nothing was saved; send a new order with a new key.',
    undefined,
    {
      messageFr:
        "Cette clé d'idempotence (Idempotency-Key) a déjà servi pour une autre commande. Rien n'a été enregistré\u202f; envoyez la nouvelle commande avec une nouvelle clé.",
    },
  );

export type Claim =
  | { kind: 'claimed'; release: () => Promise<void>; stopHeartbeat: () => void }
  | { kind: 'replay'; statusCode: number; body: unknown; requestHash: string | null };

/**
 * Claims `key` for this request, or waits for the request that holds it. A pending claim not
 * refreshed for `staleMs` belongs to a process that died and is taken over.
 */
export async function claimKey(
  db: Kysely<Database>,
  key: string,
  owner: string,
  staleMs: number,
  waitMs = 15 * 60_000,
): Promise<Claim> {
  const heartbeatMs = Math.max(100, Math.floor(staleMs / 6));
  const deadline = Date.now() + waitMs;
  for (;;) {
    const now = new Date().toISOString();
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({ key, state: 'pending', owner, updated_at: now, status_code: null, response: null, request_hash: null })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) {
      const timer = setInterval(() => {
        db.updateTable('idempotency_keys')
          .set({ updated_at: new Date().toISOString() })
          .where('key', '=', key)
          .where('owner', '=', owner)
          .where('state', '=', 'pending')
          .execute()
          .catch(() => {});
      }, heartbeatMs);
      timer.unref();
      return {
        kind: 'claimed',
        stopHeartbeat: () => clearInterval(timer),
        release: async () => {
          clearInterval(timer);
          const release = () =>
            db
              .deleteFrom('idempotency_keys')
              .where('key', '=', key)
              .where('owner', '=', owner)
              .where('state', '=', 'pending')
              .execute();
          // The database may be the reason this request failed: keep trying in the background,
          // or the client's retry would wait for the claim to go stale (IDEMPOTENCY_STALE_MS).
          await release().catch(() => retryInBackground(release, staleMs));
        },
      };
    }
    const row = await db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
    if (row?.state === 'done') {
      return {
        kind: 'replay',
        statusCode: row.status_code ?? 201,
        body: JSON.parse(row.response ?? 'null'),
        requestHash: row.request_hash,
      };
    }
    if (row && Date.parse(row.updated_at) < Date.now() - staleMs) {
      // Take over from a dead process: only if nobody refreshed it meanwhile.
      await db.deleteFrom('idempotency_keys').where('key', '=', key).where('updated_at', '=', row.updated_at).execute();
      continue;
    }
    if (Date.now() > deadline) {
      throw new DomainError(
        'conflict',
        'request_in_progress',
        'An order with this Idempotency-Key is still being received. Please wait for it to finish.',
        undefined,
        {
          messageFr:
            'Une commande avec cette clé Idempotency-Key est encore en cours de réception. Veuillez attendre qu’elle se termine.',
        },
      );
    }
    await sleep(POLL_MS);
  }
}

/** Retries `attempt` every 250 ms until it succeeds or `forMs` have passed. */
function retryInBackground(attempt: () => Promise<unknown>, forMs: number): void {
  const until = Date.now() + forMs;
  const again = () => {
    if (Date.now() > until) return;
    const timer = setTimeout(() => void attempt().catch(again), 250);
    timer.unref();
  };
  again();
}

export async function completeKey(
  trx: Transaction<Database>,
  key: string,
  owner: string,
  statusCode: number,
  body: unknown,
  requestHash: string | null,
): Promise<void> {
  const result = await trx
    .updateTable('idempotency_keys')
    .set({
      state: 'done',
      status_code: statusCode,
      response: JSON.stringify(body),
      request_hash: requestHash,
      updated_at: new Date().toISOString(),
    })
    .where('key', '=', key)
    .where('owner', '=', owner)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    // Our claim went stale and another request took the key over: let it win.
    throw new DomainError(
      'conflict',
      'request_in_progress',
      'An order with this Idempotency-Key is being received by another request.',
      undefined,
      { messageFr: 'Une commande avec cette clé Idempotency-Key est en cours de réception par une autre requête.' },
    );
  }
}
