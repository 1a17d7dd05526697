// The customer's order page, /o/<token>, and its API under /api/o/<token>: no account, the
// link is the key (docs/decisions/014-order-links-minted-per-email.md). A malformed, unknown or
// tampered token, or an order since deleted, gets exactly the answer of any unknown path.
// Rate-limited per address, never indexed, never leaked through a Referer.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approveBodySchema,
  changesBodySchema,
  orderLinkParamsSchema,
  type CustomerAnswer,
  type CustomerOrderView,
} from '../../shared/quote-api.js';
import type { Config } from '../config.js';
import { DomainError } from '../errors.js';
import type { QuoteDeps } from './quote-service.js';
import { approveQuote, requestChanges } from './quote-answers.js';
import { customerView } from './quote-views.js';
import { findAttachment, findOrder } from '../storage/orders.js';
import { currentQuote, findProof } from './quote-store.js';
import { orderIdOfLink } from '../storage/order-links.js';
import type { OrderRow } from '../storage/schema.js';
import { sendNotFound, type SendPage } from '../http/pages.js';
import { PRIVATE_PAGE_HEADERS, privateScope, UUID } from '../http/private-scope.js';
import { storedPdf, sendPdf } from '../invoices/index.js';
import { attachmentDisposition, DOWNLOAD_HEADERS } from '../http/downloads.js';
import { fromJson } from '../storage/json.js';
import { checkoutState, startCheckout } from '../payments/index.js';

const NOINDEX_META = '<meta name="robots" content="noindex, nofollow">';

/** Thrown in an order-link scope: the answer of an unknown path. */
class NotFound extends Error {}

const proofParams = orderLinkParamsSchema.extend({ proofId: z.string() });
const fileParams = orderLinkParamsSchema.extend({ attachmentId: z.string() });
const checkoutParams = orderLinkParamsSchema.extend({ checkoutId: z.string().max(255) });

/**
 * Makes `app` a scope of paths keyed by an order's link (this file's, and the page's messages in
 * portal/): limited per address across processes under `name` (guessing links is hopeless, 256
 * bits, and this keeps a script from hammering the lookups), private, and a bad link answers as
 * an unknown path would, so the answer says nothing about what exists. Gives the lookup: the
 * order a link opens, else that answer.
 */
export async function orderLinkScope(
  app: FastifyInstance,
  opts: { config: Config; sendPage: SendPage | null; name: string },
): Promise<(token: string) => Promise<OrderRow>> {
  const { config, sendPage } = opts;
  await privateScope(app, {
    name: opts.name,
    max: config.ORDER_LINK_RATE_LIMIT,
    windowSeconds: config.ORDER_LINK_RATE_WINDOW_SECONDS,
  });
  app.setErrorHandler((err, request, reply) => {
    if (err instanceof NotFound) return sendNotFound(request, reply, sendPage);
    throw err;
  });
  return async (token) => {
    const id = await orderIdOfLink(app.db, token);
    return found(id ? await findOrder(app.db, id) : undefined);
  };
}

/** What a lookup found, or the unknown path's answer. */
function found<T>(thing: T | null | undefined): T {
  if (!thing) throw new NotFound();
  return thing;
}

/** An id of the path when it reads as a UUID (a stray one costs no query), else the unknown path's answer. */
const uuid = (id: string) => found(UUID.test(id) ? id : null);

/** A stored file, never rendered, sniffed or cached. */
const sendFile = (reply: FastifyReply, stream: NodeJS.ReadableStream, headers: Record<string, string>) =>
  reply.headers({ ...DOWNLOAD_HEADERS, ...PRIVATE_PAGE_HEADERS, ...headers }).send(stream);

export async function orderLinkRoutes(
  app: FastifyInstance,
  opts: { config: Config; deps: QuoteDeps; sendPage: SendPage | null; onMailQueued: () => void },
): Promise<void> {
  const { config, deps, sendPage } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const orderOf = await orderLinkScope(app, { config, sendPage, name: 'order-link' });

  const client = (request: FastifyRequest) => ({
    address: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  });

  api.get('/o/:token', { schema: { params: orderLinkParamsSchema } }, async (request, reply) => {
    await orderOf(request.params.token);
    return found(sendPage)(reply, 200, { head: NOINDEX_META });
  });

  api.get('/api/o/:token', { schema: { params: orderLinkParamsSchema } }, async (request): Promise<CustomerOrderView> =>
    customerView(deps, await orderOf(request.params.token)),
  );

  api.post(
    '/api/o/:token/approve',
    { schema: { params: orderLinkParamsSchema, body: approveBodySchema } },
    async (request, reply) => {
      const order = await orderOf(request.params.token);
      try {
        await approveQuote(deps, order.id, request.body, client(request));
      } catch (err) {
        // A superseded version: the refusal carries the order as it stands, current quote included.
        if (err instanceof DomainError && err.code === 'quote_superseded') {
          return reply.code(409).send({
            error: { code: err.code, message: err.message, message_fr: err.extras.messageFr },
            view: await customerView(deps, order),
          });
        }
        throw err;
      }
      opts.onMailQueued();
      return { view: await customerView(deps, (await findOrder(db, order.id))!) };
    },
  );

  api.post(
    '/api/o/:token/changes',
    { schema: { params: orderLinkParamsSchema, body: changesBodySchema } },
    async (request): Promise<CustomerAnswer> => {
      const order = await orderOf(request.params.token);
      await requestChanges(deps, order.id, request.body, client(request));
      opts.onMailQueued();
      return { view: await customerView(deps, (await findOrder(db, order.id))!) };
    },
  );

  // Pay online (docs/payments.md): a checkout made now, for what the account asks now; the
  // customer comes back to this page, which asks where the checkout stands until it is recorded.
  api.post('/api/o/:token/pay', { schema: { params: orderLinkParamsSchema } }, async (request) => {
    const order = await orderOf(request.params.token);
    return startCheckout(deps, order, `${config.publicUrl}/o/${request.params.token}`);
  });

  api.get('/api/o/:token/checkout/:checkoutId', { schema: { params: checkoutParams } }, async (request) => {
    const order = await orderOf(request.params.token);
    return { state: await checkoutState(deps, order.id, request.params.checkoutId) };
  });

  // The proofs of the version the customer is asked about, and nothing else the shop holds.
  const proofOf = async (params: { token: string; proofId: string }) => {
    const order = await orderOf(params.token);
    const current = await currentQuote(db, order.id);
    const ids = current ? (fromJson(current.lines).proofIds ?? []) : [];
    if (!ids.includes(params.proofId)) throw new NotFound();
    return found(await findProof(db, order.id, uuid(params.proofId)));
  };

  api.get('/api/o/:token/proofs/:proofId', { schema: { params: proofParams } }, async (request, reply) => {
    const proof = await proofOf(request.params);
    const { stream, size } = await app.files.open(proof.storage_key);
    return sendFile(reply, stream, {
      'content-type': 'application/octet-stream',
      'content-disposition': attachmentDisposition(proof.name),
      'content-length': String(size),
    });
  });

  api.get('/api/o/:token/proofs/:proofId/preview', { schema: { params: proofParams } }, async (request, reply) => {
    const proof = await proofOf(request.params);
    // Only pictures whose bytes were checked at upload; a PDF is offered as a download.
    if (!/^image\/(png|jpeg|gif|webp)$/.test(proof.media_type)) throw new NotFound();
    const { stream } = await app.files.open(proof.storage_key);
    return sendFile(reply, stream, { 'content-type': proof.media_type, 'content-disposition': 'inline' });
  });

  // The customer's invoices, credit notes and receipts: only their own order's.
  const documentParams = orderLinkParamsSchema.extend({ documentId: z.string() });
  for (const [path, kind] of [
    ['/api/o/:token/invoices/:documentId', 'invoice'],
    ['/api/o/:token/receipts/:documentId', 'receipt'],
  ] as const) {
    api.get(path, { schema: { params: documentParams } }, async (request, reply) => {
      const order = await orderOf(request.params.token);
      const file = found(await storedPdf(db, kind, uuid(request.params.documentId), order.id));
      return sendPdf(reply, file, PRIVATE_PAGE_HEADERS);
    });
  }

  // The server's thumbnails of the customer's own artwork (any format drawn as WebP, never SVG).
  api.get('/api/o/:token/files/:attachmentId/thumbnail', { schema: { params: fileParams } }, async (request, reply) => {
    const order = await orderOf(request.params.token);
    const a = found(await findAttachment(db, order.id, uuid(request.params.attachmentId)));
    const stream = found(await app.files.openThumbnail(a.storage_key));
    return sendFile(reply, stream, { 'content-type': 'image/webp', 'content-disposition': 'inline' });
  });
}
