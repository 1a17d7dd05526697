// The shop's inbox API under /api/orders (with /api/account, the staff member's own settings,
// /api/prices, the shop's price list, and /api/settings, the shop's profile):
// every route needs a staff session.
import type { FastifyInstance } from 'fastify';
import type { ValidOrderBody } from '../shared/order-schema.js';
import type { SeenEstimate } from '../shared/price-list-api.js';
import type { OrderRow } from './storage/schema.js';
import { accountRoutes } from './staff/index.js';
import { exportRoutes, fileRoutes, orderRoutes, startProduction } from './orders/index.js';
import { staffMessageRoutes } from './portal/index.js';
import { privacyRoutes } from './privacy/index.js';
import { quoteRoutes } from './quotes/index.js';
import type { QuoteDeps } from './quotes/index.js';
import { staffPriceRoutes, type CurrentPriceList, type ShopTaxes } from './prices/index.js';
import { actorOf, invoiceRoutes } from './invoices/index.js';
import { cardPaymentRoutes } from './payments/index.js';
import { productionRoutes, type FloorStaff } from './production/index.js';
import { purchasingRoutes } from './purchasing/index.js';
import { settingsRoutes, type ShopProfileSource } from './settings/index.js';
import { overviewRoutes } from './overview/index.js';

export async function inboxRoutes(
  app: FastifyInstance,
  opts: {
    quoteDeps: QuoteDeps;
    onMailQueued: () => void;
    currentPriceList: CurrentPriceList;
    shopProfile: ShopProfileSource;
    shopTaxes: ShopTaxes;
    /** An order's estimate made again from a changed document (orders/ edit-order.ts). */
    estimateOrder: (order: OrderRow, document: ValidOrderBody) => Promise<SeenEstimate | null>;
  },
): Promise<void> {
  // Before the schema's validation: a visitor without a session learns only that they must sign
  // in (401), never which of their query or body fields a route would refuse.
  app.addHook('preValidation', app.requireStaff);
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });
  await app.register(orderRoutes, opts);
  await app.register(exportRoutes, { shopProfile: opts.shopProfile });
  await app.register(fileRoutes);
  await app.register(privacyRoutes);
  await app.register(accountRoutes);
  await app.register(quoteRoutes, { deps: opts.quoteDeps, onMailQueued: opts.onMailQueued });
  await app.register(staffPriceRoutes, { current: opts.currentPriceList, shop: opts.shopTaxes });
  await app.register(invoiceRoutes, { deps: opts.quoteDeps, onMailQueued: opts.onMailQueued });
  await app.register(cardPaymentRoutes, { deps: opts.quoteDeps, onMailQueued: opts.onMailQueued });
  // The checklist mentions card payments once the provider's keys are set (docs/payments.md).
  await app.register(settingsRoutes, { source: opts.shopProfile, cardKeysSet: Boolean(opts.quoteDeps.provider) });
  await app.register(staffMessageRoutes, { deps: opts.quoteDeps, onMailQueued: opts.onMailQueued });
  // The shop's time zone as the profile in force says it (docs/settings.md), read on each use.
  const { quoteDeps } = opts;
  const floor = {
    db: quoteDeps.db,
    dialect: quoteDeps.dialect,
    get timeZone() {
      return quoteDeps.books.timeZone;
    },
    currentPriceList: opts.currentPriceList,
    logo: quoteDeps.logo,
    // The floor's first move starts the order as a clerk's move (orders/ status-change.ts).
    startOrder: async (orderId: string, override: { reason: string } | undefined, staff: FloorStaff) => {
      const moved = await startProduction(quoteDeps, orderId, override, await actorOf(quoteDeps.db, staff));
      if (moved.mailed) opts.onMailQueued();
    },
  };
  await app.register(productionRoutes, { deps: floor });
  await app.register(purchasingRoutes, {
    deps: {
      db: floor.db,
      dialect: floor.dialect,
      get timeZone() {
        return floor.timeZone;
      },
      currentPriceList: opts.currentPriceList,
      get shopName() {
        return opts.shopProfile.current().profile.name;
      },
      get shopAddress() {
        return opts.shopProfile.current().profile.address;
      },
      get shopPhone() {
        return opts.shopProfile.current().profile.phone;
      },
      logo: quoteDeps.logo,
    },
  });
  // The owner's Overview (docs/overview.md): the books, quotes and floor as charts.
  await app.register(overviewRoutes, {
    deps: {
      db: floor.db,
      dialect: floor.dialect,
      get timeZone() {
        return floor.timeZone;
      },
    },
  });
}
