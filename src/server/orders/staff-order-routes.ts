// The inbox's orders: the list with search and status filter, one order whole, its status.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  orderDetailSchema,
  orderIdParamsSchema,
  orderListQuerySchema,
  orderListSchema,
  statusChangeSchema,
  statusPreviewQuerySchema,
  layoutParamsSchema,
  orderEditSchema,
  type OrderEditResult,
  type OrderVersionInfo,
  type OrderDetail,
  type StatusPreview,
  type OrderList,
} from '../../shared/inbox-api.js';
import { toMeasured, artworkOfOrders } from '../artwork/index.js';
import { noSuchOrder } from '../errors.js';
import { orderToMake, type QuoteDeps } from '../quotes/index.js';
import { orderVersions } from '../storage/order-versions.js';
import type { OrderRow } from '../storage/schema.js';
import { editOrder } from './edit-order.js';
import { orderListFacts } from './order-list-facts.js';
import { quoteWaitCutoff } from '../storage/order-flags.js';
import type { ShopProfileSource } from '../settings/index.js';
import { mailsOfOrder, mailStates } from '../storage/mail-queue.js';
import { actorOf } from '../invoices/index.js';
import { findOrder, listAttachments, listOrders, statusHistory } from '../storage/orders.js';
import { moveStatus, previewStatus } from './status-change.js';
import { yieldToLoop } from '../yield-to-loop.js';
import { fromJson } from '../storage/json.js';
import type { ValidOrderBody } from '../../shared/order-schema.js';
import type { SeenEstimate } from '../../shared/price-list-api.js';

/**
 * An order's answer stays within this many bytes of layouts, whatever the order (docs/architecture.md,
 * Budgets: no staff answer over 1 MB): layout 1 (billing, shipping, notes) always, then as many as
 * fit; the others are read one at a time.
 */
export const LAYOUTS_BUDGET_BYTES = 512 * 1024;

function withinBudget(doc: ValidOrderBody): { shown: ValidOrderBody; omitted: string[] } {
  let used = 0;
  const layouts: ValidOrderBody['layouts'] = {};
  const omitted: string[] = [];
  for (const [key, layout] of Object.entries(doc.layouts).sort(([a], [b]) => Number(a) - Number(b))) {
    const size = JSON.stringify(layout).length;
    if (key === '1' || used + size <= LAYOUTS_BUDGET_BYTES) {
      layouts[key] = layout;
      used += size;
    } else omitted.push(key);
  }
  return { shown: omitted.length === 0 ? doc : { ...doc, layouts }, omitted };
}

/** The estimate the customer saw, without the sizes lists of its lines when they would not fit. */
function boundedEstimate(estimate: SeenEstimate): SeenEstimate {
  return JSON.stringify(estimate).length <= LAYOUTS_BUDGET_BYTES
    ? estimate
    : { ...estimate, lines: estimate.lines.slice(0, 200) };
}

export async function orderRoutes(
  app: FastifyInstance,
  opts: {
    quoteDeps: QuoteDeps;
    onMailQueued: () => void;
    /** The order's estimate made again from a changed document (as at submission). */
    estimateOrder: (order: OrderRow, document: ValidOrderBody) => Promise<SeenEstimate | null>;
    /** The shop's settings in force: how long a sent quote waits before the list flags it. */
    shopProfile: Pick<ShopProfileSource, 'currentShop'>;
  },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  api.get(
    '/api/orders',
    { schema: { querystring: orderListQuerySchema, response: { 200: orderListSchema } } },
    async (request): Promise<OrderList> => {
      const now = new Date();
      const { quoteWaitDays } = (await opts.shopProfile.currentShop()).profile;
      const { rows, total } = await listOrders(db, request.query, {
        flag: request.query.flag,
        quoteCutoff: quoteWaitCutoff(now, quoteWaitDays),
      });
      const [mail, facts] = await Promise.all([
        mailStates(
          db,
          rows.map((r) => r.id),
        ),
        orderListFacts(db, rows, { books: opts.quoteDeps.books, quoteWaitDays, now }),
      ]);
      return {
        orders: rows.map((r) => {
          const fact = facts.get(r.id)!;
          return {
            ...r,
            has_critical_deadline: r.has_critical_deadline === 1,
            is_test: r.is_test === 1,
            mail_status: mail.get(r.id) ?? 'none',
            edited_by_customer: fact.flags.edited_by_customer,
            flags: fact.flags,
            pieces: fact.pieces,
            amount_due_cents: fact.amountDueCents,
          };
        }),
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
      };
    },
  );

  api.get(
    '/api/orders/:id',
    { schema: { params: orderIdParamsSchema, response: { 200: orderDetailSchema } } },
    async (request): Promise<OrderDetail> => {
      const { id } = request.params;
      const order = await findOrder(db, id);
      if (!order) throw noSuchOrder();
      const [attachments, history, mails, artwork] = await Promise.all([
        listAttachments(db, id),
        statusHistory(db, id),
        mailsOfOrder(db, id),
        artworkOfOrders(db, [id]),
      ]);
      const measured = new Map(artwork.map((row) => [row.attachment_id, row]));
      const {
        document,
        search_text: _search,
        client_key: _client,
        estimate,
        deposit_reminded_at: _reminded,
        ...summary
      } = order;
      // A very large order's document takes a while to read: each long step a step of its own.
      await yieldToLoop();
      const whole = fromJson(document);
      await yieldToLoop();
      const { shown, omitted } = withinBudget(whole);
      return {
        order: {
          ...summary,
          has_critical_deadline: summary.has_critical_deadline === 1,
          is_test: summary.is_test === 1,
        },
        document: shown,
        omittedLayouts: omitted,
        estimate: estimate ? boundedEstimate(fromJson(estimate)) : null,
        attachments: attachments.map((a) => {
          const row = measured.get(a.id);
          return { ...a, artwork: row ? toMeasured(row) : null, has_thumbnail: row?.thumbnail === 1 };
        }),
        history,
        mails,
      };
    },
  );

  // One layout of a very large order, read when the clerk opens it (the order's answer left it out).
  api.get('/api/orders/:id/layouts/:layout', { schema: { params: layoutParamsSchema } }, async (request) => {
    const order = await findOrder(db, request.params.id);
    const layout = order && fromJson(order.document).layouts[request.params.layout];
    if (!layout) throw noSuchOrder();
    return { layout };
  });

  // The shop's change to an order: a new version with who and why (edit-order.ts).
  api.post(
    '/api/orders/:id/versions',
    { schema: { params: orderIdParamsSchema, body: orderEditSchema } },
    async (request, reply): Promise<OrderEditResult> => {
      const saved = await editOrder(
        { db, dialect: app.dialect, estimateOf: opts.estimateOrder },
        request.params.id,
        request.body,
        { kind: 'staff', author: request.staff!.email, historyBy: request.staff!.email },
      );
      reply.code(201);
      return saved;
    },
  );

  api.get('/api/orders/:id/versions', { schema: { params: orderIdParamsSchema } }, async (request) => {
    const [versions, toMake] = await Promise.all([
      orderVersions(db, request.params.id),
      orderToMake(db, request.params.id),
    ]);
    if (!toMake) throw noSuchOrder();
    const list: OrderVersionInfo[] = versions.map((v) => ({
      number: v.number,
      createdAt: v.createdAt,
      authorKind: v.authorKind,
      author: v.author,
      reason: v.reason,
      toMake: v.number === toMake.version,
    }));
    return { versions: list };
  });

  api.get(
    '/api/orders/:id/status-preview',
    { schema: { params: orderIdParamsSchema, querystring: statusPreviewQuerySchema } },
    async (request): Promise<StatusPreview> => {
      const preview = await previewStatus(
        opts.quoteDeps,
        request.params.id,
        request.query.status,
        await actorOf(db, request.staff!),
      );
      if (!preview) throw noSuchOrder();
      return preview;
    },
  );

  api.patch(
    '/api/orders/:id/status',
    { schema: { params: orderIdParamsSchema, body: statusChangeSchema } },
    async (request) => {
      // Ready matters to the customer: their email is queued with the change, or not at all.
      const moved = await moveStatus(
        opts.quoteDeps,
        request.params.id,
        request.body,
        await actorOf(db, request.staff!),
      );
      if (!moved.found) throw noSuchOrder();
      if (moved.mailed) opts.onMailQueued();
      return { status: request.body.status };
    },
  );
}
