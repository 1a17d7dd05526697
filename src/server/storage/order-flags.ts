// What needs the clerk in the inbox's list (docs/product.md, "The shop's side"), read from what the
// product already keeps: the quotes' answers (quotes.status), the customers' messages and their
// read_at, the order's versions and who made each, and when a quote was sent. One definition, in
// two forms that agree: a condition the list filters by (whereFlag), and the flags of a page's
// orders read in one batch (flagsOfOrders), never one query per row.
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { OrderFlag } from '../../shared/inbox-api.js';
import type { OrderStatus } from '../../shared/constants.js';
import type { Database } from './schema.js';

type Db = Kysely<Database> | Transaction<Database>;
type OrderQuery = SelectQueryBuilder<Database, 'orders', object>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant a quote sent at or before it has waited `days` days at `now`. */
export function quoteWaitCutoff(now: Date, days: number): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString();
}

/** Whole days since `sentAt`. */
export function daysWaited(sentAt: string, now: Date): number {
  return Math.floor((now.getTime() - Date.parse(sentAt)) / DAY_MS);
}

/** The orders that carry `flag`; a sent quote waits too long when sent at or before `quoteCutoff`. */
export function whereFlag<Q extends OrderQuery>(query: Q, flag: OrderFlag | '', quoteCutoff: string): Q {
  switch (flag) {
    case '':
      return query;
    case 'change_requested':
      // The customer's request stands until a new version is sent (or the order is changed): it supersedes it.
      return query.where((eb) =>
        eb.and([
          eb('orders.status', '!=', 'cancelled'),
          eb(
            'orders.id',
            'in',
            eb.selectFrom('quotes').select('quotes.order_id').where('quotes.status', '=', 'changes_requested'),
          ),
        ]),
      ) as Q;
    case 'unread_message':
      return query.where((eb) =>
        eb(
          'orders.id',
          'in',
          eb
            .selectFrom('order_messages')
            .select('order_messages.order_id')
            .where('order_messages.author', '=', 'customer')
            .where('order_messages.read_at', 'is', null),
        ),
      ) as Q;
    case 'edited_by_customer':
      // The current version is the customer's change, and no quote has priced it yet.
      return query.where((eb) =>
        eb.and([
          eb('orders.version', '>', 1),
          eb('orders.status', '!=', 'cancelled'),
          eb.exists(
            eb
              .selectFrom('order_versions')
              .select('order_versions.order_id')
              .whereRef('order_versions.order_id', '=', 'orders.id')
              .whereRef('order_versions.number', '=', 'orders.version')
              .where('order_versions.author_kind', '=', 'customer'),
          ),
          eb.not(
            eb.exists(
              eb
                .selectFrom('quotes')
                .select('quotes.order_id')
                .whereRef('quotes.order_id', '=', 'orders.id')
                .whereRef('quotes.order_version', '=', 'orders.version')
                .where('quotes.status', '!=', 'draft'),
            ),
          ),
        ]),
      ) as Q;
    case 'quote_waiting':
      return query.where((eb) =>
        eb.and([
          eb('orders.status', '=', 'quoted'),
          eb(
            'orders.id',
            'in',
            eb
              .selectFrom('quotes')
              .select('quotes.order_id')
              .where('quotes.status', '=', 'sent')
              .where('quotes.sent_at', '<=', quoteCutoff),
          ),
        ]),
      ) as Q;
  }
}

export interface OrderFlags {
  change_requested: boolean;
  unread_messages: number;
  edited_by_customer: boolean;
  /** Days the sent quote has waited, once at least the threshold; else null. */
  quote_waiting_days: number | null;
}

/** The flags of these orders (one page of the list), in three queries whatever their number. */
export async function flagsOfOrders(
  db: Db,
  orders: readonly { id: string; status: OrderStatus; version: number }[],
  now: Date,
  quoteWaitDays: number,
): Promise<Map<string, OrderFlags>> {
  const out = new Map<string, OrderFlags>();
  if (orders.length === 0) return out;
  const ids = orders.map((o) => o.id);
  const edited = orders.filter((o) => o.version > 1).map((o) => o.id);
  const [quotes, unread, customerVersions] = await Promise.all([
    db
      .selectFrom('quotes')
      .select(['order_id', 'status', 'sent_at', 'order_version'])
      .where('order_id', 'in', ids)
      .where('status', '!=', 'draft')
      .execute(),
    db
      .selectFrom('order_messages')
      .select(['order_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('order_id', 'in', ids)
      .where('author', '=', 'customer')
      .where('read_at', 'is', null)
      .groupBy('order_id')
      .execute(),
    edited.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('order_versions')
          .select(['order_id', 'number'])
          .where('order_id', 'in', edited)
          .where('author_kind', '=', 'customer')
          .execute(),
  ]);
  const cutoff = quoteWaitCutoff(now, quoteWaitDays);
  const unreadOf = new Map(unread.map((u) => [u.order_id, Number(u.n)]));
  const byCustomer = new Set(customerVersions.map((v) => `${v.order_id}|${Number(v.number)}`));
  for (const order of orders) {
    const own = quotes.filter((q) => q.order_id === order.id);
    const waiting = own
      .filter((q) => q.status === 'sent' && q.sent_at !== null && q.sent_at <= cutoff)
      .map((q) => daysWaited(q.sent_at!, now));
    out.set(order.id, {
      change_requested: order.status !== 'cancelled' && own.some((q) => q.status === 'changes_requested'),
      unread_messages: unreadOf.get(order.id) ?? 0,
      edited_by_customer:
        order.version > 1 &&
        order.status !== 'cancelled' &&
        byCustomer.has(`${order.id}|${order.version}`) &&
        !own.some((q) => q.order_version !== null && Number(q.order_version) === order.version),
      quote_waiting_days: order.status === 'quoted' && waiting.length > 0 ? Math.max(...waiting) : null,
    });
  }
  return out;
}
