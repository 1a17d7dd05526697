// My orders' side of a team's sizes (docs/collections.md, "After the order is sent"): the
// signed-in customer starts a collection for a garment of their order while it is not yet
// quoted, watches the entries, closes them (the order then takes them) and may make a new
// members' link. Another customer's order or collection answers the same 404 as an unknown one.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COLLECTION_LIMITS,
  type OrderCollection,
  type OrderCollectionLink,
  type OrderTeamSizes,
  type TeamSizesChoice,
} from '../../shared/collections-api.js';
import { AppError } from '../errors.js';
import { UUID } from '../http/private-scope.js';
import { customerOrder } from '../portal/index.js';
import type { PublishedPriceList } from '../prices/index.js';
import { fromJson } from '../storage/json.js';
import type { OrderRow } from '../storage/schema.js';
import {
  checkedClosingDate,
  checkedTitle,
  collectionClosed,
  collectionNotFound,
  garmentNamed,
  refused,
} from './collection-checks.js';
import {
  closeCollection,
  collectionsOfOrder,
  createCollection,
  isOpen,
  removeEntry,
  renewMembersLink,
  rollUpOf,
  type CollectionRow,
} from './collection-store.js';
import { settleCollection, type ClosedBy, type SettleDeps } from './order-team-sizes.js';

const orderParams = z.object({ orderId: z.string().max(100) });
const collectionParams = orderParams.extend({ collectionId: z.string().max(100) });
const startBody = z.object({
  layout: z.string().max(10),
  variation: z.number().int().min(0).max(1_000),
  title: z.string().max(1_000),
  closesOn: z.string().max(40),
});

const orderNotFound = () =>
  new AppError(404, 'not_found', 'No such order.', undefined, { messageFr: 'Aucune commande de ce numéro.' });

export async function orderTeamSizesRoutes(
  app: FastifyInstance,
  opts: {
    currentPriceList: () => Promise<PublishedPriceList | null>;
    today: () => string;
    settle: SettleDeps;
  },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts.settle;
  const { today } = opts;

  const ownOrder = async (request: Parameters<typeof customerOrder>[1], orderId: string) => {
    const order = await customerOrder(db, request, orderId);
    if (!order) throw orderNotFound();
    return order;
  };

  /** The variations of the order that name one of the shop's garments (with sizes). */
  const choicesOf = async (order: OrderRow): Promise<TeamSizesChoice[]> => {
    const document = fromJson(order.document);
    const choices: TeamSizesChoice[] = [];
    for (const [layout, l] of Object.entries(document.layouts)) {
      if (l.garmentOption !== 'pick') continue;
      for (const [variation, v] of l.variations.entries()) {
        const garment = await garmentNamed(opts.currentPriceList, v.type);
        if (garment) choices.push({ layout, variation, garment: garment.name, color: v.color, sizes: v.sizes });
      }
    }
    return choices;
  };

  /** The collection as My orders shows it, settled first if its entries have closed. */
  const viewOf = async (row: CollectionRow, closedBy: ClosedBy = 'date'): Promise<OrderCollection> => {
    const outcome = await settleCollection(opts.settle, row, today(), closedBy);
    return {
      ...(await rollUpOf(db, row, today())),
      id: row.id,
      layout: row.layout_key ?? '',
      variation: row.variation_index ?? 0,
      outcome,
    };
  };

  const collectionOf = async (order: OrderRow, collectionId: string) => {
    const row = UUID.test(collectionId)
      ? (await collectionsOfOrder(db, order.id)).find((c) => c.id === collectionId)
      : undefined;
    if (!row) throw collectionNotFound();
    return row;
  };

  api.get(
    '/api/portal/orders/:orderId/team-sizes',
    { schema: { params: orderParams } },
    async (request): Promise<OrderTeamSizes> => {
      const order = await ownOrder(request, request.params.orderId);
      const collections = await Promise.all((await collectionsOfOrder(db, order.id)).map((c) => viewOf(c)));
      // Settling may have changed the order: its choices are read after.
      const now = (await customerOrder(db, request, order.id)) ?? order;
      return { canStart: now.status === 'new', choices: await choicesOf(now), collections };
    },
  );

  api.post(
    '/api/portal/orders/:orderId/team-sizes',
    { schema: { params: orderParams, body: startBody } },
    async (request, reply): Promise<OrderCollectionLink> => {
      const order = await ownOrder(request, request.params.orderId);
      if (order.status !== 'new') {
        throw new AppError(
          409,
          'order_quoted',
          'The shop has already sent its quote for this order, so its sizes no longer change here. Write to the shop below.',
          undefined,
          {
            messageFr:
              'La boutique a déjà envoyé sa soumission pour cette commande\u00a0: ses tailles ne changent plus ici. Écrivez à la boutique ci-dessous.',
          },
        );
      }
      const { layout, variation } = request.body;
      const choice = (await choicesOf(order)).find((c) => c.layout === layout && c.variation === variation);
      if (!choice) {
        throw refused(
          'variation_unknown',
          'variation',
          'Choose one of this order’s garments from the shop’s list: its sizes are the ones members choose from.',
          'Choisissez un des vêtements de cette commande pris dans la liste de la boutique\u00a0: ses tailles sont celles que les membres choisissent.',
        );
      }
      const title = checkedTitle(request.body.title);
      const closesOn = checkedClosingDate(request.body.closesOn, today(), COLLECTION_LIMITS.daysAhead);
      const existing = await collectionsOfOrder(db, order.id);
      if (existing.some((c) => c.outcome === null && c.layout_key === layout && c.variation_index === variation)) {
        throw new AppError(
          409,
          'collection_exists',
          'A collection already fills this garment’s sizes: close it before you start another.',
          ['variation'],
          {
            messageFr:
              'Une collecte remplit déjà les tailles de ce vêtement\u00a0: fermez-la avant d’en commencer une autre.',
          },
        );
      }
      const garment = (await garmentNamed(opts.currentPriceList, choice.garment))!;
      const { id, link } = await createCollection(db, {
        title,
        garment: garment.name,
        sizes: garment.sizes,
        closesOn,
        forOrder: { orderId: order.id, layout, variation },
      });
      const row = (await collectionsOfOrder(db, order.id)).find((c) => c.id === id)!;
      return reply.code(201).send({ collection: await viewOf(row), link });
    },
  );

  api.post(
    '/api/portal/orders/:orderId/team-sizes/:collectionId/close',
    { schema: { params: collectionParams } },
    async (request): Promise<OrderCollection> => {
      const order = await ownOrder(request, request.params.orderId);
      const row = await collectionOf(order, request.params.collectionId);
      await closeCollection(db, app.dialect, row.id);
      return viewOf({ ...row, closed_at: row.closed_at ?? new Date().toISOString() }, 'organiser');
    },
  );

  api.delete(
    '/api/portal/orders/:orderId/team-sizes/:collectionId/entries/:entryId',
    { schema: { params: collectionParams.extend({ entryId: z.string().max(100) }) } },
    async (request, reply) => {
      const order = await ownOrder(request, request.params.orderId);
      const row = await collectionOf(order, request.params.collectionId);
      if (!isOpen(row, today())) throw collectionClosed();
      const { entryId } = request.params;
      if (!UUID.test(entryId) || !(await removeEntry(db, row.id, entryId))) throw collectionNotFound();
      return reply.code(204).send();
    },
  );

  api.post(
    '/api/portal/orders/:orderId/team-sizes/:collectionId/link',
    { schema: { params: collectionParams } },
    async (request): Promise<OrderCollectionLink> => {
      const order = await ownOrder(request, request.params.orderId);
      const row = await collectionOf(order, request.params.collectionId);
      const link = await renewMembersLink(db, row.id);
      return { collection: await viewOf(row), link };
    },
  );
}
