// A team's sizes and the order they fill (docs/collections.md, "The order"). Two ways in:
// - the form sends the order once the entries are closed, naming the collection by its
//   organiser's key: the server takes the sizes and names from the entries, never from the
//   browser, refuses while entries are open, and ties the collection to the new order;
// - the signed-in customer starts a collection from My orders for an order already sent: when its
//   entries close (by the organiser or the date), the final entries fill the variation and names
//   list of a new version of the order, its estimate made again, if the order is still New (not yet
//   quoted); otherwise the order is left as the shop quoted it, and the history says so.
import type { Kysely, Transaction } from 'kysely';
import { asTeamName, type CollectionOutcome, type RollUp } from '../../shared/collections-api.js';
import type { ValidOrderBody } from '../../shared/order-schema.js';
import type { SeenEstimate } from '../../shared/price-list-api.js';
import { sizesToText, teamSizesWithExtras } from '../../shared/prices/size-grid.js';
import { DomainError } from '../errors.js';
import type { ShopIdentity } from '../mail/compose.js';
import type { Dialect } from '../storage/db.js';
import { enqueueMails, mailRows } from '../storage/mail-queue.js';
import { fromJson } from '../storage/json.js';
import { saveOrderVersion } from '../storage/order-versions.js';
import { findOrder, lockOrder, recordEvent } from '../storage/orders.js';
import type { Database, OrderRow } from '../storage/schema.js';
import {
  collectionOfOrganiser,
  collectionsToSettle,
  isOpen,
  rollUpOf,
  settleOutcome,
  sizesOf,
  tieToOrder,
  type CollectionRow,
} from './collection-store.js';
import { closedEntriesToCustomer, closedEntriesToShop } from './team-sizes-mail.js';

type Db = Kysely<Database>;

/**
 * The entries' sizes and names written into a layout's variation, with the organiser's own extra
 * pieces added when given (the same function the form shows them with); false when it has no
 * such variation.
 */
function fill(
  document: ValidOrderBody,
  layout: string,
  variation: number,
  rollUp: RollUp,
  extras: string | null,
): boolean {
  const target = document.layouts[layout]?.variations[variation];
  if (!target) return false;
  target.sizes = (extras !== null ? teamSizesWithExtras(rollUp.counts, extras) : null) ?? sizesToText(rollUp.counts);
  document.layouts[layout]!.teamNames = rollUp.entries.map(asTeamName);
  return true;
}

/** A collection named by an order being sent, its entries already written into the order. */
export interface TakenCollection {
  id: string;
  layout: string;
  variation: number;
  /** Null while entries stay open: the order takes the final ones when they close. */
  outcome: 'applied' | 'no_entries' | null;
  /** The organiser's own extra pieces, kept with the collection for its settling; null for none sent. */
  extras: string | null;
}

/**
 * For the order being sent: each layout's `teamCollection` is checked (its key opens a
 * collection whose entries are closed and that no order has taken yet), its entries replace the
 * variation's sizes and the layout's names, and the key leaves the document. Refusals name the field.
 */
export async function takeTeamCollections(db: Db, document: ValidOrderBody, today: string): Promise<TakenCollection[]> {
  const taken: TakenCollection[] = [];
  for (const [key, layout] of Object.entries(document.layouts)) {
    const named = layout.teamCollection;
    delete layout.teamCollection;
    if (!named) continue;
    const field = `layouts.${key}.teamCollection`;
    const collection = await collectionOfOrganiser(db, named.organiserKey);
    if (!collection || collection.order_id !== null) {
      throw new DomainError(
        'invalid',
        'team_collection_unknown',
        'The team’s size collection named by this order cannot be used: it is unknown or already belongs to an order. Make a new link for the team.',
        [field],
        {
          messageFr:
            'La collecte de tailles de l’équipe nommée par cette commande ne peut servir\u00a0: elle est inconnue ou appartient déjà à une commande. Créez un nouveau lien pour l’équipe.',
        },
      );
    }
    const open = isOpen(collection, today);
    if (open && !named.whileOpen) {
      throw new DomainError(
        'conflict',
        'team_entries_open',
        'Close the team’s size entries before you send the order.',
        [field],
        { messageFr: 'Fermez les inscriptions de l’équipe avant d’envoyer la commande.' },
      );
    }
    // The organiser's own pieces, kept beside the entries (docs/collections.md): one the garment
    // lacks is refused beside the field rather than dropped.
    const extras = named.extraSizes ?? null;
    if (
      extras !== null &&
      teamSizesWithExtras(
        sizesOf(collection).map((size) => ({ size, quantity: 0 })),
        extras,
      ) === null
    ) {
      throw new DomainError(
        'invalid',
        'team_extras_unread',
        'The organiser’s extra pieces must name the garment’s sizes, like S:2, M:1.',
        [`layouts.${key}.teamCollection.extraSizes`],
        {
          messageFr: 'Les pièces ajoutées par l’organisateur doivent nommer les tailles du vêtement, comme S:2, M:1.',
        },
      );
    }
    // The entries as the server reads them, final or (sent while open) so far, with the
    // organiser's extras: what the form showed.
    const rollUp = await rollUpOf(db, collection, today);
    const filled =
      (rollUp.entries.length > 0 || (extras !== null && extras.trim() !== '')) &&
      fill(document, key, named.variation, rollUp, extras);
    // Sent while open: settled when entries close, like one started from My orders.
    const outcome = open ? null : filled ? 'applied' : 'no_entries';
    taken.push({ id: collection.id, layout: key, variation: named.variation, outcome, extras });
  }
  return taken;
}

/** Ties the taken collections to the order in its own transaction; a collection taken meanwhile by another order fails it. */
export async function tieTeamCollections(
  trx: Transaction<Database>,
  orderId: string,
  taken: readonly TakenCollection[],
): Promise<void> {
  for (const t of taken) {
    if (!(await tieToOrder(trx, t.id, { orderId, layout: t.layout, variation: t.variation }, t.outcome, t.extras))) {
      throw new DomainError(
        'conflict',
        'team_collection_taken',
        'This team’s size collection was just sent with another order.',
        [`layouts.${t.layout}.teamCollection`],
        { messageFr: 'Cette collecte de tailles vient d’être envoyée avec une autre commande.' },
      );
    }
  }
}

export interface SettleDeps {
  db: Db;
  dialect: Dialect;
  /** The order's estimate made again from its changed document (prices/, with a reorder's context). */
  estimateOf: (order: OrderRow, document: ValidOrderBody) => Promise<SeenEstimate | null>;
  /** The mails of entries closing (team-sizes-mail.ts), queued with the change; none without. */
  mail?: { shop: ShopIdentity; onQueued: () => void };
}

/** Who closed the entries: the organiser sees the outcome on their page; the date tells them by mail. */
export type ClosedBy = 'organiser' | 'date';

/**
 * Settles a collection of an order whose entries have closed: the order takes them while it is
 * still New, else it is left as quoted. Idempotent and safe across processes: the outcome is
 * written once, in the transaction that changes the order. Returns the outcome in force.
 */
export async function settleCollection(
  deps: SettleDeps,
  collection: CollectionRow,
  today: string,
  closedBy: ClosedBy,
): Promise<CollectionOutcome> {
  if (!collection.order_id || collection.outcome !== null || isOpen(collection, today)) return collection.outcome;
  const orderId = collection.order_id;
  const layout = collection.layout_key ?? '';
  const variation = collection.variation_index ?? -1;
  const rollUp = await rollUpOf(deps.db, collection, today);
  let queued = false;
  for (let attempt = 1; attempt <= 3; attempt++) {
    const order = await findOrder(deps.db, orderId);
    if (!order) return collection.outcome;
    // Worked out before the transaction (pricing reads the price list); the transaction checks
    // the order is still the one it was worked out from.
    const document = fromJson(order.document);
    const applies =
      order.status === 'new' &&
      rollUp.entries.length > 0 &&
      fill(document, layout, variation, rollUp, collection.extra_sizes);
    const estimate = applies ? await deps.estimateOf(order, document).catch(() => null) : null;
    const outcome: Exclude<CollectionOutcome, null> =
      order.status !== 'new' ? 'quoted_first' : applies ? 'applied' : 'no_entries';
    const done = await deps.db.transaction().execute(async (trx) => {
      const locked = await lockOrder(trx, deps.dialect, orderId);
      if (!locked || locked.status !== order.status || locked.document !== order.document) return false;
      if (!(await settleOutcome(trx, collection.id, outcome))) return true;
      if (applies) {
        // A new version of the order (storage/order-versions.ts), never the one the customer sent.
        await saveOrderVersion(trx, locked, {
          document,
          estimate: estimate ?? (order.estimate ? fromJson(order.estimate) : null),
          authorKind: 'team',
          author: null,
          reason: `Team entries closed: ${collection.title}`,
        });
      }
      if (outcome !== 'no_entries') {
        const sizes = sizesToText(rollUp.counts);
        await recordEvent(trx, orderId, 'customer', {
          kind: 'team_sizes_closed',
          layout,
          variation,
          title: collection.title,
          entries: rollUp.entries.length,
          sizes,
          applied: applies,
        });
        if (deps.mail) {
          const colour = fromJson(order.document).layouts[layout]?.variations[variation]?.color.trim();
          const closed = {
            order: { id: orderId, reference: order.reference, document },
            garment: colour ? `${collection.garment}, ${colour}` : collection.garment,
            entries: rollUp.entries.length,
            sizes,
            applied: applies,
          };
          const mails = [closedEntriesToShop(closed, deps.mail.shop)];
          if (closedBy === 'date') mails.push(closedEntriesToCustomer(closed, deps.mail.shop));
          await enqueueMails(trx, mailRows(orderId, mails));
          queued = true;
        }
      }
      return true;
    });
    if (done) break;
  }
  if (queued) deps.mail?.onQueued();
  const row = await deps.db
    .selectFrom('size_collections')
    .select('outcome')
    .where('id', '=', collection.id)
    .executeTakeFirst();
  return row?.outcome ?? null;
}

/** Settles every order's collection whose entries have closed (run hourly, and before a read). */
export async function settleClosedCollections(deps: SettleDeps, today: string): Promise<number> {
  const due = await collectionsToSettle(deps.db, today);
  for (const collection of due) await settleCollection(deps, collection, today, 'date');
  return due.length;
}

/** The submission's side (orders/ save-order.ts): take the named collections, then tie them in the order's transaction. */
export function teamSizesAtSubmission(db: Db, today: () => string) {
  return {
    take: async (document: ValidOrderBody) => {
      const taken = await takeTeamCollections(db, document, today());
      return taken.length > 0
        ? (trx: Transaction<Database>, orderId: string) => tieTeamCollections(trx, orderId, taken)
        : null;
    },
  };
}
