// Blanks in the inbox (every route needs a staff session; the overage is the owners', in the
// production settings): the To order list, purchase orders made from it per supplier, their PDF
// and CSV, marking one sent, and receiving against it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dateIn } from '../../shared/dates.js';
import {
  makePurchaseOrderSchema,
  receiptSchema,
  supplierAccountSchema,
} from '../../shared/purchasing/purchasing-api.js';
import { attachmentDisposition, DOWNLOAD_HEADERS } from '../http/downloads.js';
import { purchaseOrderCsv, purchaseOrderPdf } from './purchase-order-documents.js';
import {
  amendPurchaseOrder,
  makePurchaseOrder,
  markPurchaseOrderSent,
  purchaseOrder,
  purchaseOrders,
  receivePurchaseOrder,
  setSupplierAccount,
  supplierAccountList,
  toOrderList,
  type PurchasingDeps,
} from './purchasing-service.js';

const poParams = z.object({ id: z.string().uuid() });

export async function purchasingRoutes(app: FastifyInstance, opts: { deps: PurchasingDeps }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;

  api.get('/api/purchasing/to-order', async () => toOrderList(deps));

  api.get('/api/purchasing/orders', async () => ({ purchaseOrders: await purchaseOrders(deps) }));

  api.post('/api/purchasing/orders', { schema: { body: makePurchaseOrderSchema } }, async (request, reply) =>
    reply.code(201).send(await makePurchaseOrder(deps, request.body.supplier, request.staff!.email)),
  );

  api.get('/api/purchasing/orders/:id', { schema: { params: poParams } }, async (request) =>
    purchaseOrder(deps, request.params.id),
  );

  api.get('/api/purchasing/orders/:id/pdf', { schema: { params: poParams } }, async (request, reply) => {
    const po = await purchaseOrder(deps, request.params.id);
    const pdf = await purchaseOrderPdf(
      po,
      deps.shopName ?? app.config.SHOP_NAME,
      dateIn(deps.timeZone, new Date(po.madeAt)),
      request.staff?.language ?? 'en',
      (await deps.logo?.(deps.db)) ?? null,
    );
    return reply
      .headers({
        ...DOWNLOAD_HEADERS,
        'content-type': 'application/pdf',
        'content-disposition': attachmentDisposition(`${po.number}.pdf`),
        'content-length': String(pdf.length),
      })
      .send(pdf);
  });

  api.get('/api/purchasing/orders/:id/csv', { schema: { params: poParams } }, async (request, reply) => {
    const po = await purchaseOrder(deps, request.params.id);
    return reply
      .headers({
        ...DOWNLOAD_HEADERS,
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': attachmentDisposition(`${po.number}.csv`),
      })
      .send(purchaseOrderCsv(po));
  });

  api.post('/api/purchasing/orders/:id/sent', { schema: { params: poParams } }, async (request) =>
    markPurchaseOrderSent(deps, request.params.id, request.staff!.email),
  );

  // An amended PO: a new revision of the same number for what its orders need now.
  api.post('/api/purchasing/orders/:id/amend', { schema: { params: poParams } }, async (request, reply) =>
    reply.code(201).send(await amendPurchaseOrder(deps, request.params.id, request.staff!.email)),
  );

  // The shop's account number with each supplier: printed on its next purchase orders.
  api.get('/api/purchasing/suppliers', async () => supplierAccountList(deps));
  api.put('/api/purchasing/suppliers', { schema: { body: supplierAccountSchema } }, async (request) =>
    setSupplierAccount(deps, request.body.supplier, request.body.accountNumber, request.staff!.email),
  );

  api.post(
    '/api/purchasing/orders/:id/receipts',
    { schema: { params: poParams, body: receiptSchema } },
    async (request) => receivePurchaseOrder(deps, request.params.id, request.body, request.staff!.email),
  );
}
