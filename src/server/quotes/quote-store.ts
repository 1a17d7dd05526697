// Repository functions for quotes, proofs and the customer's answers.
import type { Kysely, Transaction } from 'kysely';
import { fromJson, type Json } from '../storage/json.js';
import type {
  Database,
  NewQuoteProofRow,
  NewQuoteResponseRow,
  NewQuoteRow,
  QuoteProofRow,
  QuoteResponseRow,
  QuoteRow,
  QuoteStatus,
  StoredQuoteLines,
} from '../storage/schema.js';

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

/** The id of an order's draft, if it has one. */
export async function draftIdOf(trx: Transaction<Database>, orderId: string): Promise<string | undefined> {
  const row = await trx
    .selectFrom('quotes')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return row?.id;
}

/** A draft's lines replaced, with who changed them and the price list they were priced from. */
export async function updateDraft(
  trx: Transaction<Database>,
  id: string,
  change: { lines: Json<StoredQuoteLines>; by: string; priceListVersion: number | null },
): Promise<void> {
  await trx
    .updateTable('quotes')
    .set({ lines: change.lines, created_by: change.by, price_list_version: change.priceListVersion })
    .where('id', '=', id)
    .execute();
}

export async function insertQuote(trx: Transaction<Database>, row: NewQuoteRow): Promise<void> {
  await trx.insertInto('quotes').values(row).execute();
}

/** The number the next sent version takes: one more than the last sent, from 1. */
export async function nextVersion(trx: Transaction<Database>, orderId: string): Promise<number> {
  const row = await trx
    .selectFrom('quotes')
    .select((eb) => eb.fn.max<number>('version').as('v'))
    .where('order_id', '=', orderId)
    .where('status', '!=', 'draft')
    .executeTakeFirst();
  return Number(row?.v ?? 0) + 1;
}

/** Versions in `from` give way (superseded); the draft, if any, goes. */
export async function supersede(trx: Transaction<Database>, orderId: string, from: QuoteStatus[]): Promise<void> {
  await trx
    .updateTable('quotes')
    .set({ status: 'superseded' })
    .where('order_id', '=', orderId)
    .where('status', 'in', from)
    .execute();
}

export async function deleteDraft(trx: Transaction<Database>, orderId: string): Promise<void> {
  await trx.deleteFrom('quotes').where('order_id', '=', orderId).where('status', '=', 'draft').execute();
}

export async function setQuoteStatus(trx: Transaction<Database>, id: string, status: QuoteStatus): Promise<void> {
  await trx.updateTable('quotes').set({ status }).where('id', '=', id).execute();
}

export async function insertResponse(trx: Transaction<Database>, row: NewQuoteResponseRow): Promise<void> {
  await trx.insertInto('quote_responses').values(row).execute();
}

/**
 * For each of these orders whose latest version is approved: when, and the proofs that version
 * carried (by their ids). The production floor's jobs start from it.
 */
export async function approvedVersions(
  db: Db,
  orderIds: readonly string[],
): Promise<Map<string, { approvedAt: string; proofIds: string[] }>> {
  const out = new Map<string, { approvedAt: string; proofIds: string[] }>();
  for (let i = 0; i < orderIds.length; i += 500) {
    const rows = await db
      .selectFrom('quotes')
      .innerJoin('quote_responses', 'quote_responses.quote_id', 'quotes.id')
      .select(['quotes.order_id', 'quotes.version', 'quotes.lines', 'quote_responses.created_at'])
      .where('quotes.order_id', 'in', orderIds.slice(i, i + 500))
      .where('quotes.status', '=', 'approved')
      .where('quote_responses.kind', '=', 'approved')
      .execute();
    for (const r of rows) {
      const lines = fromJson(r.lines);
      out.set(r.order_id, { approvedAt: r.created_at, proofIds: lines.proofIds ?? [] });
    }
  }
  return out;
}
