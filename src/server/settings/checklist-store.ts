// What the owner's first sign-in checklist reads (docs/settings.md, "The checklist"): one count
// per step, each from the table that step writes, and whether an owner dismissed the list.
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';

type Db = Kysely<Database>;

const DISMISSED_KEY = 'checklist_dismissed';
// Written by invoices/invoice-store.ts (saveTerms) when an owner saves the payment terms.
const TERMS_KEY = 'terms';

const countOf = async (db: Db, table: 'shop_profiles' | 'price_lists' | 'staff'): Promise<number> => {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};

const settingExists = async (db: Db, key: string): Promise<boolean> =>
  (await db.selectFrom('shop_settings').select('key').where('key', '=', key).executeTakeFirst()) !== undefined;

export interface ChecklistFacts {
  shopDetails: boolean;
  priceList: boolean;
  paymentTerms: boolean;
  /** Card payments online are turned on for deposits, balances or both (the terms' cardPayments). */
  cardPayments: boolean;
  staff: boolean;
  /** A test order exists (placed from the form with ?test=1; orders/). */
  testOrder: boolean;
  dismissed: boolean;
}

const cardPaymentsOn = (terms: string | undefined): boolean => {
  if (!terms) return false;
  try {
    const value: unknown = JSON.parse(terms);
    return typeof value === 'object' && value !== null && 'cardPayments' in value && value.cardPayments !== 'off';
  } catch {
    return false;
  }
};

export async function readChecklist(db: Db): Promise<ChecklistFacts> {
  const [profiles, priceLists, staff, terms, dismissed, testOrder] = await Promise.all([
    countOf(db, 'shop_profiles'),
    countOf(db, 'price_lists'),
    countOf(db, 'staff'),
    db.selectFrom('shop_settings').select('value').where('key', '=', TERMS_KEY).executeTakeFirst(),
    settingExists(db, DISMISSED_KEY),
    db.selectFrom('orders').select('id').where('is_test', '=', 1).limit(1).executeTakeFirst(),
  ]);
  return {
    shopDetails: profiles > 0,
    priceList: priceLists > 0,
    paymentTerms: terms !== undefined,
    cardPayments: cardPaymentsOn(terms?.value),
    staff: staff > 1,
    testOrder: testOrder !== undefined,
    dismissed,
  };
}

export async function dismissChecklist(db: Db, by: string): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('shop_settings')
    .values({ key: DISMISSED_KEY, value: 'true', updated_at: now, updated_by: by })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
