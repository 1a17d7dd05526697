// "Order again" (docs/portal.md): a signed-in customer's past order as the form's starting point,
// and, when the new order is submitted, that order's stored files copied into it without a new
// upload, each checked against the SHA-256 kept when it first arrived. Only the session's own
// orders: another customer's order or file answers exactly as an unknown one, 404.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ReorderSource } from '../../shared/portal-api.js';
import type { ValidOrderBody } from '../../shared/order-schema.js';
import type { PricingContext } from '../../shared/prices/price-order.js';
import {
  repeatedDecorations,
  reusedArtwork,
  type RepeatedDecoration,
} from '../../shared/prices/repeated-decorations.js';
import { AppError, DomainError } from '../errors.js';
import type { FileStore, StagedFile, Staging } from '../files/file-store.js';
import { UUID } from '../http/private-scope.js';
import { fromJson } from '../storage/json.js';
import type { Database } from '../storage/schema.js';
import { emailOfSession, orderOfEmail, PORTAL_COOKIE } from './portal-store.js';
import { dateIn } from '../../shared/dates.js';

/** The day an order was placed, in the shop's time zone: the day its customer and its shop say (docs/accounts.md, "Dates"). */
const placedOnIn = (timeZone: string, createdAt: string) => dateIn(timeZone, new Date(createdAt));

/** The order a new one repeats, as it is recorded with it and priced (docs/prices.md, the waiver). */
export interface ReorderOf {
  orderId: string;
  reference: string;
  /** YYYY-MM-DD, the day the repeated order was placed, in the shop's time zone. */
  placedOn: string;
  /** Its decorations, each with its artwork's SHA-256: only their setups may be waived. */
  decorations: RepeatedDecoration[];
  /** The staged files that are its stored files reused, by staged id → the SHA-256 stored with them. */
  reused: ReadonlyMap<string, string>;
}

/** The past order's document and its stored files (names, sizes, digests; never bytes). */
export async function reorderSource(
  db: Kysely<Database>,
  email: string,
  orderId: string,
  timeZone: string,
): Promise<ReorderSource | undefined> {
  const order = UUID.test(orderId) ? await orderOfEmail(db, email, orderId) : undefined;
  if (!order) return undefined;
  const attachments = await db
    .selectFrom('attachments')
    .leftJoin('artwork', 'artwork.attachment_id', 'attachments.id')
    .select([
      'attachments.id',
      'attachments.name',
      'attachments.media_type',
      'attachments.size',
      'attachments.sha256',
      'artwork.thumbnail',
    ])
    .where('attachments.order_id', '=', order.id)
    .orderBy('attachments.position')
    .execute();
  return {
    orderId: order.id,
    reference: order.reference,
    placedOn: placedOnIn(timeZone, order.created_at),
    document: fromJson(order.document),
    files: attachments.map((a) => ({
      id: a.id,
      name: a.name,
      mediaType: a.media_type,
      size: Number(a.size),
      sha256: a.sha256,
      preview: a.thumbnail === 1,
    })),
  };
}

const notFound = (field?: string) =>
  new AppError(
    404,
    'reorder_not_found',
    'The order or file to reuse was not found among your orders. Sign in to My orders and press Order again.',
    field ? [field] : undefined,
    {
      messageFr:
        'La commande ou le fichier à réutiliser est introuvable parmi vos commandes. Connectez-vous à Mes commandes et appuyez sur Commander de nouveau.',
    },
  );

/**
 * What a reorder's copies cost before they are made (docs/portal.md, "Order again" and the upload
 * budget): `stored` the bytes the store will newly keep, `disk` those landing on DATA_DIR's file
 * system. The caller checks them against the upload budget and the disk reserve, and throws.
 */
export type ClaimReorderBytes = (bytes: { stored: number; disk: number }) => Promise<void>;

/**
 * Stages the files a reorder reuses: each must be an attachment of the repeated order, which
 * must be the signed-in customer's, named once. Their bytes are claimed (`claim`: the upload
 * budget and the disk reserve) before any is copied. Each is copied from storage into the new
 * order's staging, hashed as it is copied, and refused when its SHA-256 is no longer the one
 * stored with it; on this disk, a file whose SHA-256 the new order already holds is a hard link
 * to that copy (one object, however many attachments carry those bytes).
 */
export async function stageReorder(
  deps: { db: Kysely<Database>; files: FileStore; timeZone: string },
  request: FastifyRequest,
  reorder: NonNullable<ValidOrderBody['reorder']>,
  staging: Staging,
  claim: ClaimReorderBytes,
): Promise<ReorderOf> {
  const email = await emailOfSession(deps.db, request.cookies[PORTAL_COOKIE]);
  if (!email) {
    throw new AppError(401, 'unauthenticated', 'Please sign in to My orders to order again.', undefined, {
      messageFr: 'Veuillez vous connecter à Mes commandes pour commander de nouveau.',
    });
  }
  const order = UUID.test(reorder.orderId) ? await orderOfEmail(deps.db, email, reorder.orderId) : undefined;
  if (!order) throw notFound('reorder.orderId');
  // Every file of the repeated order: the artwork of its decorations, and those reused.
  const rows = await deps.db
    .selectFrom('attachments')
    .select(['id', 'media_type', 'sha256', 'storage_key', 'name', 'size'])
    .where('order_id', '=', order.id)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const named = reorder.files.map((f, i) => {
    const row = byId.get(f.id);
    if (!row) throw notFound(`reorder.files.${i}.id`);
    return { i, row, name: f.name || row.name };
  });
  const repeated = reorder.files.findIndex((f, i) => reorder.files.findIndex((g) => g.id === f.id) !== i);
  if (repeated >= 0) {
    // The form names each stored file once: a file named again is refused, never copied again.
    throw new DomainError(
      'invalid',
      'duplicate_reused_file',
      `reorder.files.${repeated} names a stored file the order already reuses. Nothing was saved.`,
      [`reorder.files.${repeated}.id`],
      {
        messageFr: `reorder.files.${repeated} désigne un fichier déjà réutilisé par la commande. Rien n'a été enregistré.`,
      },
    );
  }
  // Claimed before the first byte is copied: once per SHA-256 on this disk (the rest are links),
  // once per file in a bucket (each is an object of its own).
  const distinct = new Map(named.map((n) => [n.row.sha256, Number(n.row.size)]));
  const perDigest = [...distinct.values()].reduce((sum, size) => sum + size, 0);
  const perFile = named.reduce((sum, n) => sum + Number(n.row.size), 0);
  await claim(deps.files.backend === 'local' ? { stored: perDigest, disk: perDigest } : { stored: perFile, disk: 0 });
  const reused = new Map<string, string>();
  const copies = new Map<string, StagedFile>();
  for (const { i, row, name } of named) {
    const copy = copies.get(row.sha256);
    const linked = copy?.tmpPath
      ? await staging.linkFile(copy.tmpPath, name, row.media_type, { size: copy.size, sha256: copy.sha256 })
      : null;
    const staged = linked ?? (await stageStored(deps.files, staging, row, name));
    if (staged.sha256 !== row.sha256) {
      await staging.drop(staged.id);
      throw new DomainError(
        'conflict',
        'reused_file_changed',
        `The stored file "${row.name}" no longer matches the SHA-256 it was stored with. Nothing was saved; please choose the file again.`,
        [`reorder.files.${i}.id`],
        {
          messageFr: `Le fichier conservé «\u00a0${row.name}\u00a0» ne correspond plus au SHA-256 avec lequel il a été conservé. Rien n’a été enregistré\u202f; veuillez choisir le fichier de nouveau.`,
        },
      );
    }
    if (!copies.has(row.sha256)) copies.set(row.sha256, staged);
    reused.set(staged.id, row.sha256);
  }
  return {
    orderId: order.id,
    reference: order.reference,
    placedOn: placedOnIn(deps.timeZone, order.created_at),
    decorations: repeatedDecorations(fromJson(order.document), rows),
    reused,
  };
}

/**
 * A stored file staged for the new order. In a bucket whose object still carries the size and
 * SHA-256 recorded when its bytes arrived, the object is copied inside the bucket when the order
 * is adopted (CopyObject: no byte comes through this server); otherwise it is read from storage
 * and hashed as it is copied, so a changed file is caught either way.
 */
async function stageStored(
  files: FileStore,
  staging: Staging,
  row: { storage_key: string; media_type: string; size: number | string | bigint; sha256: string },
  name: string,
): Promise<StagedFile> {
  const object = await files.storedObject(row.storage_key);
  if (object?.sha256 && object.size === Number(row.size)) {
    // The object's own record, not the database's: a changed object is refused as before.
    const inBucket = await staging.takeObject(object.objectKey, name, row.media_type, {
      size: object.size,
      sha256: object.sha256,
    });
    if (inBucket) return inBucket;
  }
  const { stream } = await files.open(row.storage_key);
  return staging.writeStream(stream, name, row.media_type);
}

/** The pricing's view of a reorder: the new order's reused artwork by the names it stores them under. */
export function reorderPricing(
  of: ReorderOf,
  attachments: readonly { staged: { id: string }; name: string }[],
): NonNullable<PricingContext['reorder']> {
  const named = attachments.filter((a) => of.reused.has(a.staged.id)).map((a) => ({ id: a.staged.id, name: a.name }));
  return {
    reference: of.reference,
    placedOn: of.placedOn,
    decorations: of.decorations,
    artwork: reusedArtwork(named, of.reused),
  };
}

/**
 * The pricing's view of a reorder already stored, for pricing it again (a team's sizes changing
 * it, collections/): the repeated order's decorations as at submission, and as reused artwork
 * this order's files stored with the SHA-256 of one of the repeated order's. One difference from
 * submission: a file uploaded anew with the very same bytes counts as reused here. Undefined when
 * the order repeats none, or the repeated order's data was deleted (no setup is waived then).
 */
export async function storedReorderPricing(
  db: Kysely<Database>,
  order: { id: string; reorder_of: string | null },
  timeZone: string,
): Promise<NonNullable<PricingContext['reorder']> | undefined> {
  if (!order.reorder_of) return undefined;
  const past = await db.selectFrom('orders').selectAll().where('id', '=', order.reorder_of).executeTakeFirst();
  if (!past) return undefined;
  const files = (id: string) =>
    db.selectFrom('attachments').select(['id', 'name', 'sha256']).where('order_id', '=', id).execute();
  const pastFiles = await files(past.id);
  const stored = new Set(pastFiles.map((f) => f.sha256));
  const own = (await files(order.id)).filter((f) => stored.has(f.sha256));
  return {
    reference: past.reference,
    placedOn: placedOnIn(timeZone, past.created_at),
    decorations: repeatedDecorations(fromJson(past.document), pastFiles),
    artwork: reusedArtwork(own, new Map(own.map((f) => [f.id, f.sha256]))),
  };
}
