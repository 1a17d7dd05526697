// Sizes collected from a team by a link (docs/collections.md). The organiser makes a collection
// from the order form (POST /api/collections) and gets two secrets: the members' link (/c/<link>)
// and their own key, which alone reads the roll-up or closes it. A member's entry is theirs by a
// key their browser keeps; nobody but the organiser sees anyone else's. Any unknown, malformed or
// other secret answers the same 404. Every path is rate-limited per address in the shared store.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COLLECTION_LIMITS,
  type CreatedCollection,
  type MemberView,
  type RollUp,
  type SavedEntry,
  type TeamName,
} from '../../shared/collections-api.js';
import { dateIn } from '../../shared/dates.js';
import { plainText } from '../../shared/plain-text.js';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import type { SendPage } from '../http/pages.js';
import { sendNotFound } from '../http/pages.js';
import { privateScope, UUID } from '../http/private-scope.js';
import type { PublishedPriceList } from '../prices/index.js';
import {
  checkedClosingDate,
  checkedTitle,
  collectionClosed,
  collectionNotFound,
  refused,
  shopGarment,
} from './collection-checks.js';
import {
  closeCollection,
  CollectionClosed,
  CollectionFull,
  collectionOfLink,
  collectionOfOrganiser,
  createCollection,
  entryOfMember,
  forgetOldCollections,
  isOpen,
  removeEntry,
  rollUpOf,
  saveEntry,
  sizesOf,
} from './collection-store.js';
import { settleClosedCollections, type SettleDeps } from './order-team-sizes.js';
import { orderTeamSizesRoutes } from './order-team-sizes-routes.js';

const HOUR_MS = 60 * 60 * 1000;
const SETTLE_EVERY_MS = 10 * 60 * 1000;
const ORGANISER_HEADER = 'x-organiser-key';
const MEMBER_HEADER = 'x-member-key';

const createBody = z.object({
  title: z.string().max(1_000),
  garment: z.string().max(200),
  closesOn: z.string().max(40),
  /** Whether members are asked for a name and number to print; true when not said (older clients). */
  asksPrint: z.boolean().optional(),
});
const linkParams = z.object({ link: z.string().max(100) });
const entryBody = z.object({
  name: z.string().max(1_000),
  size: z.string().max(200),
  printName: z.string().max(1_000).optional(),
  printNumber: z.string().max(100).optional(),
});

const notFound = collectionNotFound;

const headerOf = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** A member's entry, checked against the collection's sizes and the caps. */
function checkedEntry(body: z.infer<typeof entryBody>, sizes: readonly string[]): TeamName {
  // Controls and bidi overrides out: the organiser, the inbox and the job ticket show these.
  const name = plainText(body.name).trim();
  const printName = plainText(body.printName ?? '').trim();
  const printNumber = (body.printNumber ?? '').trim();
  if (!name) throw refused('name_missing', 'name', 'Enter your name.', 'Entrez votre nom.');
  if (name.length > COLLECTION_LIMITS.memberName) {
    throw refused(
      'name_too_long',
      'name',
      `Your name must be at most ${COLLECTION_LIMITS.memberName} characters.`,
      `Votre nom doit compter au plus ${COLLECTION_LIMITS.memberName} caractères.`,
    );
  }
  if (!sizes.includes(body.size)) {
    throw refused('size_unknown', 'size', 'Choose a size from the list.', 'Choisissez une taille dans la liste.');
  }
  if (printName.length > COLLECTION_LIMITS.printName) {
    throw refused(
      'print_name_too_long',
      'printName',
      `The name to print must be at most ${COLLECTION_LIMITS.printName} characters.`,
      `Le nom à imprimer doit compter au plus ${COLLECTION_LIMITS.printName} caractères.`,
    );
  }
  if (!/^\d{0,3}$/.test(printNumber)) {
    throw refused(
      'print_number_invalid',
      'printNumber',
      'The number to print is up to 3 digits.',
      'Le numéro à imprimer compte au plus 3 chiffres.',
    );
  }
  return { name, size: body.size, printName, printNumber };
}

export async function collectionRoutes(
  app: FastifyInstance,
  opts: {
    config: Config;
    currentPriceList: () => Promise<PublishedPriceList | null>;
    /** The shop's time zone in force: a closing date is a day of the shop's calendar. */
    timeZone: () => string;
    sendPage: SendPage | null;
    /** What an order's collection needs to change the order when its entries close. */
    settle: SettleDeps;
  },
): Promise<void> {
  const { config, sendPage } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const today = () => dateIn(opts.timeZone());

  await privateScope(app, {
    name: 'collections',
    max: config.COLLECTION_RATE_LIMIT,
    windowSeconds: config.COLLECTION_RATE_WINDOW_SECONDS,
  });

  const forget = setInterval(
    () =>
      void forgetOldCollections(db, today()).catch((err: unknown) =>
        app.log.warn({ err }, 'forgetting size collections'),
      ),
    HOUR_MS,
  );
  forget.unref();
  // Orders whose team's entries closed by their date take them (My orders also settles on reading).
  const settle = setInterval(
    () =>
      void settleClosedCollections(opts.settle, today()).catch((err: unknown) =>
        app.log.warn({ err }, 'settling closed size collections'),
      ),
    SETTLE_EVERY_MS,
  );
  settle.unref();
  app.addHook('onClose', async () => {
    clearInterval(forget);
    clearInterval(settle);
  });
  await orderTeamSizesRoutes(app, { currentPriceList: opts.currentPriceList, today, settle: opts.settle });

  if (sendPage) {
    // The members' page; an unknown link gets the not-found page, as an order link does.
    api.get('/c/:link', { schema: { params: linkParams } }, async (request, reply) => {
      if (!(await collectionOfLink(db, request.params.link))) return sendNotFound(request, reply, sendPage);
      return sendPage(reply, 200, { head: '<meta name="robots" content="noindex, nofollow">' });
    });
  }

  api.post(
    '/api/collections',
    {
      schema: { body: createBody },
      config: {
        rateLimit: {
          max: config.COLLECTION_CREATE_RATE_LIMIT,
          timeWindow: config.COLLECTION_RATE_WINDOW_SECONDS * 1000,
        },
      },
    },
    async (request, reply): Promise<CreatedCollection> => {
      const title = checkedTitle(request.body.title);
      // The sizes members choose from are the shop's garment's, as the price list has them now.
      const garment = await shopGarment(opts.currentPriceList, request.body.garment, 'garment');
      const closesOn = checkedClosingDate(request.body.closesOn, today(), COLLECTION_LIMITS.daysAheadWithoutOrder);
      const { link, organiserKey } = await createCollection(db, {
        title,
        garment: garment.name,
        sizes: garment.sizes,
        closesOn,
        asksPrint: request.body.asksPrint !== false,
      });
      return reply.code(201).send({ link, organiserKey } satisfies CreatedCollection);
    },
  );

  const organisersCollection = async (request: FastifyRequest) => {
    const collection = await collectionOfOrganiser(db, headerOf(request, ORGANISER_HEADER));
    if (!collection) throw notFound();
    return collection;
  };

  api.get('/api/collections/roll-up', async (request): Promise<RollUp> => {
    const collection = await organisersCollection(request);
    return rollUpOf(db, collection, today());
  });

  api.post('/api/collections/close', async (request): Promise<RollUp> => {
    const collection = await organisersCollection(request);
    await closeCollection(db, app.dialect, collection.id);
    return rollUpOf(db, { ...collection, closed_at: collection.closed_at ?? new Date().toISOString() }, today());
  });

  // The organiser removes an entry (a duplicate, a mistake) while entries are open.
  api.delete(
    '/api/collections/entries/:entryId',
    { schema: { params: z.object({ entryId: z.string().max(100) }) } },
    async (request, reply) => {
      const collection = await organisersCollection(request);
      if (!isOpen(collection, today())) throw collectionClosed();
      const { entryId } = request.params;
      if (!UUID.test(entryId) || !(await removeEntry(db, collection.id, entryId))) throw notFound();
      return reply.code(204).send();
    },
  );

  const membersCollection = async (link: string) => {
    const collection = await collectionOfLink(db, link);
    if (!collection) throw notFound();
    return collection;
  };

  api.get('/api/c/:link', { schema: { params: linkParams } }, async (request): Promise<MemberView> => {
    const collection = await membersCollection(request.params.link);
    const entry = await entryOfMember(db, collection.id, headerOf(request, MEMBER_HEADER));
    return {
      title: collection.title,
      garment: collection.garment,
      sizes: sizesOf(collection),
      closesOn: collection.closes_on,
      open: isOpen(collection, today()),
      asksPrint: collection.asks_print === 1,
      entry: entry ?? null,
    };
  });

  api.put(
    '/api/c/:link/entry',
    { schema: { params: linkParams, body: entryBody } },
    async (request, reply): Promise<SavedEntry> => {
      const collection = await membersCollection(request.params.link);
      if (!isOpen(collection, today())) throw collectionClosed();
      // Not asked for a name and number to print: none is kept, whatever a client sends.
      const body = collection.asks_print === 1 ? request.body : { ...request.body, printName: '', printNumber: '' };
      const entry = checkedEntry(body, sizesOf(collection));
      const key = headerOf(request, MEMBER_HEADER);
      let saved: { memberKey: string } | undefined;
      try {
        saved = await saveEntry(db, app.dialect, collection.id, key, entry, today());
      } catch (err) {
        if (err instanceof CollectionClosed) throw collectionClosed();
        if (!(err instanceof CollectionFull)) throw err;
        throw new AppError(
          409,
          'collection_full',
          `This collection already has ${COLLECTION_LIMITS.entries} entries: ask the organiser.`,
          undefined,
          {
            messageFr: `Cette collecte compte déjà ${COLLECTION_LIMITS.entries} inscriptions\u00a0: adressez-vous à l’organisateur.`,
          },
        );
      }
      if (!saved) throw notFound();
      return reply.code(key === undefined ? 201 : 200).send({ memberKey: saved.memberKey, entry });
    },
  );
}
