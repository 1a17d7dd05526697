// The customer's portal (docs/portal.md): POST /api/portal/sign-in mails a single-use link to
// an email that has orders, and answers the same whether it has any; the link's token, posted
// to /api/portal/session, opens a session in its own cookie (never a staff session); My orders
// lists that email's orders as their own pages show them (quotes/ customerView: one account,
// never recomputed). Another customer's order answers exactly as an unknown one: 404.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PortalOrder, PortalOrders, PortalSession, ReorderSource } from '../../shared/portal-api.js';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { sendNotFound, type SendPage } from '../http/pages.js';
import { PRIVATE_PAGE_HEADERS, privateScope, UUID } from '../http/private-scope.js';
import { checkStatementPeriod, sendPdf, statementPdf, storedPdf } from '../invoices/index.js';
import { statementQuerySchema } from '../../shared/invoices/statement.js';
import { customerView, type QuoteDeps } from '../quotes/index.js';
import { startCheckout } from '../payments/index.js';
import { fromJson } from '../storage/json.js';
import { findAttachment } from '../storage/orders.js';
import { DOWNLOAD_HEADERS } from '../http/downloads.js';
import { mintOrderLink } from '../storage/order-links.js';
import type { OrderRow } from '../storage/schema.js';
import {
  createPortalSession,
  emailOfSession,
  endPortalSession,
  forgetExpiredPortalRows,
  emailKey,
  orderOfEmail,
  PORTAL_COOKIE,
  ordersOfEmail,
  useSignInLink,
} from './portal-store.js';
import { recordSignInRequest, startSignInMailer } from './sign-in-requests.js';
import { reorderSource } from './reorder.js';
import { customerThreadRoutes } from './customer-thread.js';

const HOUR_MS = 60 * 60 * 1000;

const signInBody = z.object({
  email: z.string().trim().max(254),
  language: z.enum(['en', 'fr']).default('en'),
});
const sessionBody = z.object({ token: z.string().max(100) });
const orderParams = z.object({ orderId: z.string().max(100) });
const documentParams = orderParams.extend({ documentId: z.string().max(100) });

/** Shaped like an email: something@something.something, no spaces (zod's own check is stricter than the form's). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function portalRoutes(
  app: FastifyInstance,
  opts: { config: Config; deps: QuoteDeps; sendPage: SendPage | null; onMailQueued: () => void },
): Promise<void> {
  const { config, deps, sendPage } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  // Every portal path is limited per address, across processes; asking for a link more so.
  await privateScope(app, {
    name: 'portal',
    max: config.PORTAL_RATE_LIMIT,
    windowSeconds: config.PORTAL_RATE_WINDOW_SECONDS,
  });
  // Links per email, counted in the same shared store (atomic across requests and processes),
  // keyed by the email's hash so the store holds no address. Over the limit, no mail goes out
  // and the answer stays the same: the limit says nothing about the email either.
  const linksPerEmail = app.createRateLimit({
    max: config.PORTAL_LINKS_PER_EMAIL_PER_HOUR,
    timeWindow: HOUR_MS,
    keyGenerator: (request) =>
      `email:${createHash('sha256')
        .update(emailKey((request.body as { email: string }).email))
        .digest('hex')}`,
  });

  const signInMailer = startSignInMailer({
    db,
    shop: () => deps.shop,
    onMailQueued: opts.onMailQueued,
    onError: (err) => app.log.warn({ err }, 'mailing sign-in links'),
  });
  app.addHook('onClose', async () => signInMailer.stop());

  const forget = setInterval(
    () => void forgetExpiredPortalRows(db).catch((err: unknown) => app.log.warn({ err }, 'forgetting portal sessions')),
    HOUR_MS,
  );
  forget.unref();
  app.addHook('onClose', async () => clearInterval(forget));

  const secure = (request: FastifyRequest) => request.protocol === 'https' || config.publicUrl.startsWith('https:');
  const cookieOptions = (request: FastifyRequest) =>
    ({ httpOnly: true, sameSite: 'lax', secure: secure(request), path: '/' }) as const;

  /** The signed-in customer's email, or a 401 (the page then shows the sign-in form). */
  const customerEmail = async (request: FastifyRequest): Promise<string> => {
    const email = await emailOfSession(db, request.cookies[PORTAL_COOKIE]);
    if (!email) {
      throw new AppError(401, 'unauthenticated', 'Please sign in with the link we email you.', undefined, {
        messageFr: 'Veuillez vous connecter avec le lien que nous vous envoyons par courriel.',
      });
    }
    return email;
  };
  const portalOrder = async (order: OrderRow): Promise<PortalOrder> => ({
    id: order.id,
    view: await customerView(deps, order),
    estimate: order.estimate ? fromJson(order.estimate) : null,
  });
  const notFound = (request: FastifyRequest, reply: FastifyReply) => sendNotFound(request, reply, sendPage);

  if (sendPage) {
    const page = (_request: FastifyRequest, reply: FastifyReply) =>
      sendPage(reply, 200, { head: '<meta name="robots" content="noindex, nofollow">' });
    app.get('/my-orders', page);
  }

  api.post(
    '/api/portal/sign-in',
    {
      schema: { body: signInBody },
      config: {
        rateLimit: { max: config.PORTAL_SIGN_IN_RATE_LIMIT, timeWindow: config.PORTAL_RATE_WINDOW_SECONDS * 1000 },
      },
    },
    async (request, reply) => {
      const { email, language } = request.body;
      if (!EMAIL.test(email)) {
        throw new AppError(400, 'invalid_email', 'Enter the email address you used on your orders.', ['email'], {
          messageFr: 'Entrez l’adresse courriel utilisée sur vos commandes.',
        });
      }
      // The same work whatever the email (docs/portal.md): counted per email, one row written,
      // answered. The background makes the link and its mail for an email with orders, at most
      // PORTAL_LINKS_PER_EMAIL_PER_HOUR an hour; the answer never says which happened, nor its time.
      const counted = await linksPerEmail(request);
      if (counted.isAllowed || !counted.isExceeded) {
        await recordSignInRequest(db, email, language);
        signInMailer.soon();
      }
      return reply.code(202).send({ sent: true });
    },
  );

  api.post('/api/portal/session', { schema: { body: sessionBody } }, async (request, reply): Promise<PortalSession> => {
    const email = await useSignInLink(db, request.body.token);
    if (!email) {
      throw new AppError(
        400,
        'sign_in_link_invalid',
        'This sign-in link has expired or was already used. Ask for a new one below.',
        undefined,
        {
          messageFr: 'Ce lien de connexion a expiré ou a déjà servi. Demandez-en un nouveau ci-dessous.',
        },
      );
    }
    const session = await createPortalSession(db, email);
    reply.setCookie(PORTAL_COOKIE, session.token, { ...cookieOptions(request), expires: session.expiresAt });
    return { email };
  });

  api.get('/api/portal/session', async (request): Promise<PortalSession> => ({ email: await customerEmail(request) }));

  app.delete('/api/portal/session', async (request, reply) => {
    await endPortalSession(db, request.cookies[PORTAL_COOKIE]);
    reply.clearCookie(PORTAL_COOKIE, cookieOptions(request));
    return reply.code(204).send();
  });

  api.get('/api/portal/orders', async (request): Promise<PortalOrders> => {
    const email = await customerEmail(request);
    const rows = await ordersOfEmail(db, email);
    const orders = await Promise.all(rows.map((o) => portalOrder(o)));
    return { email, orders };
  });

  api.get('/api/portal/orders/:orderId', { schema: { params: orderParams } }, async (request, reply) => {
    const email = await customerEmail(request);
    const order = UUID.test(request.params.orderId) ? await orderOfEmail(db, email, request.params.orderId) : undefined;
    if (!order) return notFound(request, reply);
    return portalOrder(order);
  });

  // "Order again": the order as the form starts from it, with its stored files (reorder.ts).
  api.get('/api/portal/orders/:orderId/reorder', { schema: { params: orderParams } }, async (request, reply) => {
    const email = await customerEmail(request);
    const source = await reorderSource(db, email, request.params.orderId, deps.books.timeZone);
    if (!source) return notFound(request, reply);
    return source satisfies ReorderSource;
  });

  // The thumbnail the server made of a stored file of one of their orders, shown beside the file
  // the order form reuses ("Order again"): any artwork format drawn as WebP, never the file.
  const fileParams = orderParams.extend({ attachmentId: z.string().max(100) });
  api.get(
    '/api/portal/orders/:orderId/files/:attachmentId/thumbnail',
    { schema: { params: fileParams } },
    async (request, reply) => {
      const email = await customerEmail(request);
      const { orderId, attachmentId } = request.params;
      const order = UUID.test(orderId) ? await orderOfEmail(db, email, orderId) : undefined;
      const a = order && UUID.test(attachmentId) ? await findAttachment(db, order.id, attachmentId) : undefined;
      const stream = a ? await app.files.openThumbnail(a.storage_key) : null;
      if (!stream) return notFound(request, reply);
      return reply
        .headers({
          ...DOWNLOAD_HEADERS,
          ...PRIVATE_PAGE_HEADERS,
          'content-type': 'image/webp',
          'content-disposition': 'inline',
        })
        .send(stream);
    },
  );

  // The order's own page, by a link minted now for this signed-in customer (decision 014: only
  // its hash is kept, so a link is minted when it is used).
  api.get('/my-orders/:orderId/page', { schema: { params: orderParams } }, async (request, reply) => {
    const email = await emailOfSession(db, request.cookies[PORTAL_COOKIE]);
    if (!email) return reply.redirect('/my-orders', 303);
    const order = UUID.test(request.params.orderId) ? await orderOfEmail(db, email, request.params.orderId) : undefined;
    if (!order) return notFound(request, reply);
    return reply.redirect(`/o/${await mintOrderLink(db, order.id)}`, 303);
  });

  // Pay online from My orders (docs/payments.md): the customer comes back to the order's page,
  // by a link minted now (decision 014), which follows the payment until it is recorded.
  api.post('/api/portal/orders/:orderId/pay', { schema: { params: orderParams } }, async (request, reply) => {
    const email = await customerEmail(request);
    const order = UUID.test(request.params.orderId) ? await orderOfEmail(db, email, request.params.orderId) : undefined;
    if (!order) return notFound(request, reply);
    return startCheckout(deps, order, `${config.publicUrl}/o/${await mintOrderLink(db, order.id)}`);
  });

  // The messages on one of their orders, as on the order's page (customer-thread.ts).
  await customerThreadRoutes(app, {
    prefix: '/api/portal/orders/:orderId',
    params: orderParams,
    findOrder: async (request, { orderId }) => {
      const email = await customerEmail(request);
      return UUID.test(orderId) ? await orderOfEmail(db, email, orderId) : undefined;
    },
    deps,
    sendPage,
    onMailQueued: opts.onMailQueued,
  });

  // Their invoices, credit notes and receipts, only of their own orders.
  for (const [path, kind] of [
    ['/api/portal/orders/:orderId/invoices/:documentId', 'invoice'],
    ['/api/portal/orders/:orderId/receipts/:documentId', 'receipt'],
  ] as const) {
    api.get(path, { schema: { params: documentParams } }, async (request, reply) => {
      const email = await customerEmail(request);
      const { orderId, documentId } = request.params;
      const order = UUID.test(orderId) ? await orderOfEmail(db, email, orderId) : undefined;
      const file = order && UUID.test(documentId) ? await storedPdf(db, kind, documentId, order.id) : undefined;
      if (!file) return notFound(request, reply);
      return sendPdf(reply, file, PRIVATE_PAGE_HEADERS);
    });
  }

  // Their statement (docs/accounts.md, "Statements"): the orders of the signed-in email only; the
  // period is the only thing asked, so nobody else's statement can be named.
  api.get('/api/portal/statement.pdf', { schema: { querystring: statementQuerySchema } }, async (request, reply) => {
    const email = await customerEmail(request);
    const { from, to } = request.query;
    checkStatementPeriod(from, to);
    const { pdf } = await statementPdf(deps, email, from, to);
    return sendPdf(
      reply,
      { name: `statement-${from}-${to}.pdf`, pdf, sha256: createHash('sha256').update(pdf).digest('hex') },
      PRIVATE_PAGE_HEADERS,
    );
  });
}
