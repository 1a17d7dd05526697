// What the Accounts page reads beyond the documents of a period: the credit notes of given
// invoices (whenever issued: what is left to credit is today's), the shop's tax codes for the
// import files, and the staff the money permissions name.
import type { Kysely, Transaction } from 'kysely';
import type { StaffMember } from '../../shared/invoices/invoice-api.js';
import { allTreatments, taxCodesSchema, withDefaults, type TaxCodes } from '../../shared/invoices/tax-codes.js';
import { z } from 'zod';
import { readJson } from '../storage/json.js';
import type { Database } from '../storage/schema.js';
import { INVOICE_COLUMNS, type InvoiceRow } from './invoice-store.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Every credit note issued against these invoices, oldest first. */
export async function creditNotesAgainst(db: Db, invoiceIds: readonly string[]): Promise<InvoiceRow[]> {
  if (invoiceIds.length === 0) return [];
  const out: InvoiceRow[] = [];
  // In slices: a period's invoices stay well inside every database's limit on bound parameters.
  for (let i = 0; i < invoiceIds.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('invoices')
        .select(INVOICE_COLUMNS)
        .where('kind', '=', 'credit_note')
        .where('credits_invoice_id', 'in', invoiceIds.slice(i, i + 500))
        .orderBy('issued_at')
        .orderBy('number')
        .execute()),
    );
  }
  return out;
}

const TAX_CODES_KEY = 'tax_codes';

/** The shop's tax codes over the defaults (QuickBooks Online Canada's names). */
export async function readTaxCodes(db: Db): Promise<TaxCodes> {
  const row = await db.selectFrom('shop_settings').select('value').where('key', '=', TAX_CODES_KEY).executeTakeFirst();
  if (!row) return withDefaults(null);
  const saved =
    readJson(z.object({ codes: z.record(z.string(), z.unknown()).optional() }).passthrough(), row.value) ?? {};
  // A treatment the tax table no longer has is dropped, not allowed to void the owner's other names.
  const known = new Set(allTreatments());
  const codes = Object.fromEntries(Object.entries(saved.codes ?? {}).filter(([key]) => known.has(key)));
  const parsed = taxCodesSchema.partial().safeParse({ ...saved, codes });
  return withDefaults(parsed.success ? parsed.data : null);
}

export async function saveTaxCodes(db: Db, value: TaxCodes, by: string): Promise<void> {
  const now = new Date().toISOString();
  const text = JSON.stringify(value);
  await db
    .insertInto('shop_settings')
    .values({ key: TAX_CODES_KEY, value: text, updated_at: now, updated_by: by })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, updated_at: now, updated_by: by }))
    .execute();
}

/** The staff accounts (no password, no session): whom an owner can allow to refund, credit or override. */
export async function staffMembers(db: Db): Promise<StaffMember[]> {
  return db.selectFrom('staff').select(['id', 'email', 'role']).orderBy('email').execute();
}

/** A ledger entry's card side (payments/, docs/payments.md): the provider's fee and the card surcharge kept beside it. */
interface CardSide {
  kind: 'payment' | 'refund';
  /** The provider's fee, once read (a payment's only); null while unknown. */
  feeCents: number | null;
  /** The card surcharge carried beside the entry, signed as it (a refund's given back is negative); 0 when none. */
  surchargeCents: number;
}

/** The card side of each of these ledger entries that has one, read 500 at a time. */
export async function cardSidesOf(db: Db, paymentIds: readonly string[]): Promise<Map<string, CardSide>> {
  const out = new Map<string, CardSide>();
  for (let i = 0; i < paymentIds.length; i += 500) {
    const rows = await db
      .selectFrom('card_payments')
      .select(['payment_id', 'kind', 'fee_cents', 'surcharge_cents'])
      .where('payment_id', 'in', paymentIds.slice(i, i + 500))
      .execute();
    for (const r of rows)
      out.set(r.payment_id, {
        kind: r.kind === 'refund' ? 'refund' : 'payment',
        feeCents: r.fee_cents === null ? null : Number(r.fee_cents),
        surchargeCents: Number(r.surcharge_cents),
      });
  }
  return out;
}
