// The price list over HTTP (docs/prices.md):
// - GET /api/price-list, public: what the order form prices its live estimate from, with the
//   shop's province and tax registrations; 204 (no body) when none is published or the
//   published one says showEstimate: false: the normal case of a shop without prices, so not an
//   error a browser would log on every page. Revalidated by ETag on every use.
// - /api/prices, for signed-in staff (registered inside the inbox's routes): the versions, one
//   version, a check of a document without publishing it, and publishing (owners only).
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PriceListCheck, PublicPriceList, StaffPriceLists } from '../../shared/price-list-api.js';
import { readPriceList } from '../../shared/prices/price-list.js';
import { AppError } from '../errors.js';
import { requireOwner } from '../staff/index.js';
import { deletePriceDraft, findPriceDraft, listPriceDrafts, savePriceDraft } from './price-draft-store.js';
import {
  findPriceList,
  listPriceLists,
  PriceListRefused,
  publishPriceList,
  type PublishedPriceList,
} from './price-list-store.js';

export type CurrentPriceList = () => Promise<PublishedPriceList | null>;
/** The shop's province and registrations in force (settings/, docs/settings.md). */
export type ShopTaxes = () => PublicPriceList['shop'];

/** A price list document is at most this big (5,000 garments fit several times over). */
const DOCUMENT_BYTES = 8 * 1024 * 1024;

export async function publicPriceListRoutes(
  app: FastifyInstance,
  opts: { current: CurrentPriceList; shop: ShopTaxes },
): Promise<void> {
  app.get('/api/price-list', async (request, reply) => {
    const current = await opts.current();
    if (!current || !current.priceList.showEstimate) {
      return reply.code(204).header('cache-control', 'no-cache').send();
    }
    // The version and the shop's settings make the answer: unchanged, the browser keeps its copy.
    const shop = opts.shop();
    const shopTag = createHash('sha256').update(JSON.stringify(shop)).digest('hex').slice(0, 12);
    const etag = `"v${current.version}-${shopTag}"`;
    void reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return {
      version: current.version,
      effectiveAt: current.effectiveAt,
      priceList: current.priceList,
      shop,
    } satisfies PublicPriceList;
  });
}

const versionParams = z.object({ version: z.coerce.number().int().min(1).max(1_000_000) });

export async function staffPriceRoutes(
  app: FastifyInstance,
  opts: { current: CurrentPriceList; shop: ShopTaxes },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  api.get('/api/prices', async (request): Promise<StaffPriceLists> => {
    const [current, versions, drafts] = await Promise.all([opts.current(), listPriceLists(db), listPriceDrafts(db)]);
    return { current, versions, drafts, canPublish: request.staff?.role === 'owner', shop: opts.shop() };
  });

  // Drafts: any staff member saves one (a clerk's work is kept for an owner); an owner opens,
  // publishes (POST /api/prices?draft=ID) or discards it.
  const noDraft = (id: string) =>
    new AppError(404, 'not_found', `There is no draft ${id}: it was published or discarded.`, undefined, {
      messageFr: `Il n’y a pas de brouillon ${id}\u00a0: il a été publié ou abandonné.`,
    });
  const draftParams = z.object({ id: z.uuid() });
  api.post(
    '/api/prices/drafts',
    { bodyLimit: DOCUMENT_BYTES, schema: { body: z.object({ document: z.record(z.string(), z.unknown()) }) } },
    async (request, reply) => {
      const saved = await savePriceDraft(db, app.dialect, request.body.document, request.staff!.email);
      request.log.info({ draft: saved.id }, 'price list draft saved for review');
      return reply.code(201).send(saved);
    },
  );
  api.get('/api/prices/drafts/:id', { schema: { params: draftParams } }, async (request) => {
    const found = await findPriceDraft(db, request.params.id);
    if (!found) throw noDraft(request.params.id);
    return found;
  });
  api.delete('/api/prices/drafts/:id', { schema: { params: draftParams } }, async (request, reply) => {
    requireOwner(request, { en: 'discard a draft', fr: 'abandonner un brouillon' });
    if (!(await deletePriceDraft(db, request.params.id))) throw noDraft(request.params.id);
    return reply.code(204).send();
  });

  api.get('/api/prices/:version', { schema: { params: versionParams } }, async (request) => {
    const found = await findPriceList(db, request.params.version);
    if (!found) {
      throw new AppError(404, 'not_found', `There is no price list v${request.params.version}.`, undefined, {
        messageFr: `Il n’y a pas de liste de prix v${request.params.version}.`,
      });
    }
    return found;
  });

  // Any signed-in staff may check a document: it changes nothing.
  api.post('/api/prices/check', { bodyLimit: DOCUMENT_BYTES }, async (request): Promise<PriceListCheck> => {
    return readPriceList(request.body);
  });

  const publishQuery = z.object({ draft: z.uuid().optional() });
  api.post(
    '/api/prices',
    { bodyLimit: DOCUMENT_BYTES, schema: { querystring: publishQuery } },
    async (request, reply) => {
      requireOwner(request, { en: 'publish prices', fr: 'publier des prix' });
      try {
        const published = await publishPriceList(db, request.body, request.staff!.email);
        // A reviewed draft, once published, is no longer waiting.
        if (request.query.draft) await deletePriceDraft(db, request.query.draft);
        request.log.info({ version: published.version, draft: request.query.draft }, 'price list published');
        return reply.code(201).send({
          version: published.version,
          effectiveAt: published.effectiveAt,
          publishedBy: published.publishedBy,
        });
      } catch (err) {
        if (!(err instanceof PriceListRefused)) throw err;
        return reply.code(422).send({
          error: {
            code: 'invalid_price_list',
            message: `The price list was not published: ${err.errors.map((e) => e.message.en).join('; ')}`,
            message_fr: `La liste de prix n’a pas été publiée\u00a0: ${err.errors.map((e) => e.message.fr).join('\u202f; ')}`,
            fields: err.errors.map((e) => e.path),
            errors: err.errors,
          },
        });
      }
    },
  );
}
