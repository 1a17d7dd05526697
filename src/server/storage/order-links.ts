// The customer's order links (/o/<token>): minted for each email that carries one, and only
// their SHA-256 stored, so the database never holds a working link.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** 32 random bytes (256 bits) as base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link token for an order; only its hash is stored, so the caller must use it now. */
export async function mintOrderLink(db: Db, orderId: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('order_links')
    .values({ token_hash: hashToken(token), order_id: orderId, created_at: now.toISOString() })
    .execute();
  return token;
}

/** The order a link token opens, or undefined (malformed, unknown, or the order is gone). */
export async function orderIdOfLink(db: Db, token: string): Promise<string | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const row = await db
    .selectFrom('order_links')
    .select('order_id')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  return row?.order_id;
}
