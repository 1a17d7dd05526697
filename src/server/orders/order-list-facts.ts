// What the inbox's list shows beside each order's own columns (docs/product.md, "The shop's side"): what
// needs the clerk (storage/order-flags.ts), the pieces of the version made (the approved one, else
// the current: quotes/ ordersToMake, counted by shared/production/jobs.ts's orderPieces) and the
// amount due now (the account, shared/invoices/account.ts). A page's facts are read in batches, a
// few queries whatever the page's length.
import type { Kysely } from 'kysely';
import type { OrderStatus } from '../../shared/constants.js';
import { orderPieces } from '../../shared/production/jobs.js';
import { ordersAccounts, type Books } from '../invoices/index.js';
import { ordersToMake } from '../quotes/index.js';
import { flagsOfOrders, type OrderFlags } from '../storage/order-flags.js';
import type { Database } from '../storage/schema.js';

export interface OrderListFacts {
  flags: OrderFlags;
  pieces: number | null;
  amountDueCents: number | null;
}

export async function orderListFacts(
  db: Kysely<Database>,
  rows: readonly { id: string; status: OrderStatus; version: number }[],
  settings: { books: Pick<Books, 'timeZone'>; quoteWaitDays: number; now: Date },
): Promise<Map<string, OrderListFacts>> {
  const ids = rows.map((r) => r.id);
  const [flags, toMake, accounts] = await Promise.all([
    flagsOfOrders(db, rows, settings.now, settings.quoteWaitDays),
    ordersToMake(db, ids),
    ordersAccounts(db, settings.books, rows, settings.now),
  ]);
  const out = new Map<string, OrderListFacts>();
  for (const { id } of rows) {
    const made = toMake.get(id);
    const account = accounts.get(id);
    out.set(id, {
      flags: flags.get(id)!,
      pieces: made ? orderPieces(made.document) : null,
      // Nothing invoiced yet: nothing is asked (null), not "0 $".
      amountDueCents: account && account.state !== null ? account.dueNowCents : null,
    });
  }
  return out;
}
