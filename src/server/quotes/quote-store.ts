// Repository functions for quotes, proofs, the customer's answers and the order's links.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, NewQuoteProofRow, QuoteProofRow, QuoteResponseRow, QuoteRow } from '../storage/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Every version of an order's quote, the draft included, oldest first. */
export async function quotesOfOrder(db: Db, orderId: string): Promise<QuoteRow[]> {
  return db.selectFrom('quotes').selectAll().where('order_id', '=', orderId).orderBy('version').execute();
}

/** The version the customer is asked about: the latest one sent (whatever its answer), or none. */
export async function currentQuote(db: Db, orderId: string): Promise<QuoteRow | undefined> {
  return db
    .selectFrom('quotes')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '!=', 'draft')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function proofsOfOrder(db: Db, orderId: string): Promise<QuoteProofRow[]> {
  return db
    .selectFrom('quote_proofs')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('layout_number')
    .orderBy('uploaded_at')
    .orderBy('id')
    .execute();
}

export async function findProof(db: Db, orderId: string, proofId: string): Promise<QuoteProofRow | undefined> {
  return db
    .selectFrom('quote_proofs')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('id', '=', proofId)
    .executeTakeFirst();
}

export async function insertProof(db: Db, proof: NewQuoteProofRow): Promise<void> {
  await db.insertInto('quote_proofs').values(proof).execute();
}

export async function deleteProof(db: Db, orderId: string, proofId: string): Promise<void> {
  await db.deleteFrom('quote_proofs').where('order_id', '=', orderId).where('id', '=', proofId).execute();
}

export async function responsesOfOrder(db: Db, orderId: string): Promise<QuoteResponseRow[]> {
  return db.selectFrom('quote_responses').selectAll().where('order_id', '=', orderId).orderBy('created_at').execute();
}

// ---------------------------------------------------------------------------------------------
// The order's links (docs/decisions/014-order-links-minted-per-email.md)

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
