// Repository functions for orders and their attachments (Kysely, either dialect).
import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AttachmentRow, Database, NewAttachmentRow, NewOrderRow, OrderRow } from './schema.js';

type Db = Kysely<Database> | Transaction<Database>;

// Crockford's base32: no I, L, O or U, so a reference reads unambiguously over the phone.
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A short reference such as "7KQ4-M2XD": 40 random bits, unique by constraint. */
export function makeReference(): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += REFERENCE_ALPHABET[randomInt(32)];
  return `${s.slice(0, 4)}-${s.slice(4)}`;
}

export function searchText(order: { reference: string; customer_name: string; customer_email: string; company_name: string }): string {
  return [order.reference, order.customer_name, order.customer_email, order.company_name].join(' ').toLowerCase();
}

export async function insertOrder(db: Db, order: NewOrderRow, attachments: NewAttachmentRow[]): Promise<void> {
  await db.insertInto('orders').values(order).execute();
  // Chunked: SQLite allows at most 32,766 bound parameters per statement.
  for (let i = 0; i < attachments.length; i += 500) {
    await db.insertInto('attachments').values(attachments.slice(i, i + 500)).execute();
  }
}

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findOrderByReference(db: Db, reference: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('reference', '=', reference).executeTakeFirst();
}

export async function listAttachments(db: Db, orderId: string): Promise<AttachmentRow[]> {
  return db.selectFrom('attachments').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
}

export async function existingOrderIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('orders').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export function isUniqueViolation(err: unknown): boolean {
  const code = String((err as { code?: string })?.code ?? '');
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
