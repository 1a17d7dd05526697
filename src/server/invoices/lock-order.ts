// The order locked for the books' transaction, or not_found: what every money action starts with.
import type { Transaction } from 'kysely';
import { noSuchOrder } from '../errors.js';
import { lockOrder as lockOrderRow } from '../storage/orders.js';
import type { Database, OrderRow } from '../storage/schema.js';
import type { InvoiceDeps } from './accounts.js';

type Trx = Transaction<Database>;

export async function lockOrder(deps: Pick<InvoiceDeps, 'dialect'>, trx: Trx, orderId: string): Promise<OrderRow> {
  const order = await lockOrderRow(trx, deps.dialect, orderId);
  if (!order) throw noSuchOrder();
  return order;
}
