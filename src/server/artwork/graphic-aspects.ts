// Each view graphic's proportions as the server measured them from the stored file (docs/prices.md,
// "One number"): the quote's suggested lines and the job's imprints read them through this one
// function, rounded as the form rounds what the browser read (shared/aspect.ts, aspectOf), so a decoration given a
// width only is the same size, and the same stitches, on the estimate, the quote and the ticket.
import type { Kysely, Transaction } from 'kysely';
import type { ViewName } from '../../shared/constants.js';
import { aspectOf } from '../../shared/aspect.js';
import type { ValidOrderBody } from '../../shared/order-schema.js';
import type { Database } from '../storage/schema.js';
import { listAttachments } from '../storage/orders.js';
import { artworkOfOrders } from './artwork-store.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Width ÷ height of each view's own graphic the server has measured, by layout and view. */
export async function graphicAspects(
  db: Db,
  orderId: string,
  doc: ValidOrderBody,
): Promise<Record<string, Partial<Record<ViewName, number>>>> {
  const [attachments, measured] = await Promise.all([listAttachments(db, orderId), artworkOfOrders(db, [orderId])]);
  const sizeOf = new Map(measured.map((m) => [m.attachment_id, m]));
  const byName = new Map(attachments.map((a) => [a.name, sizeOf.get(a.id)]));
  const out: Record<string, Partial<Record<ViewName, number>>> = {};
  for (const [key, layout] of Object.entries(doc.layouts)) {
    for (const [view, datum] of Object.entries(layout.viewData) as [ViewName, { image?: string | null }][]) {
      const m = datum.image ? byName.get(datum.image) : undefined;
      const aspect = m?.width && m.height ? aspectOf({ width: m.width, height: m.height }) : null;
      if (aspect !== null) (out[key] ??= {})[view] = aspect;
    }
  }
  return out;
}
