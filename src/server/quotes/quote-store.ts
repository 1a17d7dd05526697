// Repository functions for quotes, proofs and the customer's answers.
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
