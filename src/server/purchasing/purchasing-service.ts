// Blanks (docs/production.md, "Blanks and purchase orders"): the To order list of the jobs whose
// garments the shop supplies, a purchase order per supplier made from it (numbered PO-2026-0001,
// unbroken per year), marked sent, and received line by line; each job's blanks flag follows
// what has arrived for it. Every PO made or sent and every receipt is in the history of each
// order it carries.
import type { Kysely, Transaction } from 'kysely';
import { dateIn } from '../../shared/dates.js';
import type { PriceList } from '../../shared/prices/price-list.js';
import {
  blanksOfOrder,
  lineShort,
  shortages,
  toOrder,
  type ReceivedLine,
  type Shortage,
} from '../../shared/purchasing/blanks.js';
import {
  MAX_LINE_NOTE_CHARS,
  MAX_RECEIPTS_PER_PURCHASE_ORDER,
  receivableOf,
  type PurchaseOrder,
  type PurchaseOrderSummary,
  type ReceiptBody,
  type ToOrderList,
} from '../../shared/purchasing/purchasing-api.js';
import { DomainError } from '../errors.js';
import type { CurrentPriceList } from '../prices/index.js';
import { ensureJobs, readProductionSettings } from '../production/index.js';
import { ordersToMake } from '../quotes/index.js';
import type { Dialect } from '../storage/db.js';
import { isUniqueViolation, recordEvent } from '../storage/orders.js';
import type { Database } from '../storage/schema.js';
import {
  findPurchaseOrder,
  insertPurchaseOrder,
  insertReceipt,
  jobsNeedingBlanks,
  linesOf,
  listPurchaseOrders,
  lockPurchaseOrder,
  markSent,
  needsOfOrders,
  nextPoNumber,
  orderedPairs,
  ordersOfPurchaseOrder,
  ordersOfPurchaseOrders,
  pairKey,
  receiptsOf,
  receiveLine,
  setJobBlanks,
  type PurchaseOrderLineRow,
  type PurchaseOrderRow,
} from './purchasing-store.js';
import { randomUUID } from 'node:crypto';

export interface PurchasingDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The shop's time zone: a PO's year and date. */
  timeZone: string;
  currentPriceList: CurrentPriceList;
  /** The shop's name in force (docs/settings.md): "From" on a PO. */
  shopName?: string;
  /** The shop's logo in force (settings/document-logo.ts), at the head of a PO's PDF. */
  logo?: (db: Kysely<Database>) => Promise<Buffer | null>;
}

type Db = Kysely<Database> | Transaction<Database>;

const notFound = () =>
  new DomainError('not_found', 'not_found', 'No such purchase order.', undefined, {
    messageFr: 'Aucun bon de commande de ce numéro.',
  });

/** The To order list as `db` sees it: needs of open jobs not yet on a PO for their supplier. */
async function readToOrder(db: Db, priceList: PriceList | null, overagePercent: number): Promise<ToOrderList> {
  const [jobs, ordered] = await Promise.all([jobsNeedingBlanks(db), orderedPairs(db)]);
  // The garments of the version each job makes (quotes/ ordersToMake), never the order as sent.
  const toMake = await ordersToMake(
    db,
    jobs.map((j) => j.order_id),
  );
  const needs = [];
  const unread: ToOrderList['unread'] = [];
  const references: Record<string, string> = {};
  const waiting: ToOrderList['waiting'] = [];
  for (const job of jobs) {
    if (job.blanks === 'in') continue;
    if (job.blanks_short) {
      const short = JSON.parse(job.blanks_short) as Shortage[];
      waiting.push({ orderId: job.order_id, reference: job.reference, dueOn: job.due_on, short });
    }
    const make = toMake.get(job.order_id);
    if (!make) continue;
    const blanks = blanksOfOrder(job.order_id, make.document.layouts, priceList);
    const left = blanks.needs.filter((n) => !ordered.has(pairKey(n.orderId, n.supplier)));
    needs.push(...left);
    unread.push(...blanks.unread.map((u) => ({ ...u, reference: job.reference })));
    if (left.length > 0 || blanks.unread.length > 0) references[job.order_id] = job.reference;
  }
  return { overagePercent, suppliers: toOrder(needs, overagePercent), unread, references, waiting };
}

async function priceListNow(deps: PurchasingDeps): Promise<PriceList | null> {
  return (await deps.currentPriceList())?.priceList ?? null;
}

/** The To order list: what the open jobs need, by supplier, with the owner's overage. */
export async function toOrderList(deps: PurchasingDeps): Promise<ToOrderList> {
  const settings = await readProductionSettings(deps.db);
  await ensureJobs(deps, settings);
  return readToOrder(deps.db, await priceListNow(deps), settings.overagePercent);
}

function summaryOf(
  po: PurchaseOrderRow,
  lines: readonly PurchaseOrderLineRow[],
  references: string[],
): PurchaseOrderSummary {
  return {
    id: po.id,
    number: po.number,
    supplier: po.supplier,
    madeAt: po.made_at,
    madeBy: po.made_by,
    sentAt: po.sent_at,
    sentBy: po.sent_by,
    overagePercent: po.overage_percent,
    pieces: lines.reduce((s, l) => s + l.quantity, 0),
    received: lines.length > 0 && lines.every((l) => lineShort(l) === 0),
    references,
  };
}

async function detailsOf(db: Db, pos: readonly PurchaseOrderRow[]): Promise<PurchaseOrder[]> {
  const ids = pos.map((p) => p.id);
  const [lines, orders] = await Promise.all([linesOf(db, ids), ordersOfPurchaseOrders(db, ids)]);
  return pos.map((po) => {
    const mine = lines.filter((l) => l.po_id === po.id);
    return {
      ...summaryOf(
        po,
        mine,
        orders.filter((o) => o.po_id === po.id).map((o) => o.reference),
      ),
      lines: mine.map((l) => ({
        id: l.id,
        style: l.style,
        sku: l.sku,
        name: l.name,
        colour: l.colour,
        size: l.size,
        needed: l.needed,
        quantity: l.quantity,
        received: l.received,
        damaged: l.damaged,
        short: lineShort(l),
        note: l.note,
      })),
    };
  });
}

export async function purchaseOrders(deps: PurchasingDeps): Promise<PurchaseOrder[]> {
  return detailsOf(deps.db, await listPurchaseOrders(deps.db));
}

export async function purchaseOrder(deps: PurchasingDeps, id: string): Promise<PurchaseOrder> {
  const po = await findPurchaseOrder(deps.db, id);
  if (!po) throw notFound();
  return (await detailsOf(deps.db, [po]))[0]!;
}

/**
 * A purchase order for one supplier from the To order list as it stands: every line of that
 * supplier, its number taken in the same transaction. Two clerks making the same PO at once: the
 * second is told it was made meanwhile (the (order, supplier) key), and its number given back.
 */
export async function makePurchaseOrder(deps: PurchasingDeps, supplier: string, by: string): Promise<PurchaseOrder> {
  const settings = await readProductionSettings(deps.db);
  await ensureJobs(deps, settings);
  const priceList = await priceListNow(deps);
  const now = new Date();
  let id = '';
  try {
    id = await deps.db.transaction().execute(async (trx) => {
      const list = await readToOrder(trx, priceList, settings.overagePercent);
      const group = list.suppliers.find((s) => s.supplier === supplier);
      if (!group || supplier === '') {
        throw new DomainError(
          'conflict',
          'nothing_to_order',
          `Nothing is to order from ${supplier || 'an unnamed supplier'}.`,
          ['supplier'],
          { messageFr: `Rien à commander chez ${supplier || 'un fournisseur non nommé'}.` },
        );
      }
      const poId = randomUUID();
      const number = await nextPoNumber(trx, Number(dateIn(deps.timeZone, now).slice(0, 4)));
      await insertPurchaseOrder(
        trx,
        {
          id: poId,
          number,
          supplier,
          overage_percent: settings.overagePercent,
          made_at: now.toISOString(),
          made_by: by,
        },
        group.lines,
      );
      const pieces = new Map<string, number>();
      for (const line of group.lines)
        for (const o of line.orders) pieces.set(o.orderId, (pieces.get(o.orderId) ?? 0) + o.qty);
      for (const [orderId, n] of pieces)
        await recordEvent(trx, orderId, by, { kind: 'po_made', number, supplier, pieces: n });
      return poId;
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new DomainError('conflict', 'ordered_meanwhile', 'Someone made this purchase order meanwhile.', undefined, {
        messageFr: 'Quelqu’un a fait ce bon de commande entre-temps.',
      });
    throw err;
  }
  return purchaseOrder(deps, id);
}

/** Marks a purchase order sent to its supplier (once: sending again changes nothing). */
export async function markPurchaseOrderSent(deps: PurchasingDeps, id: string, by: string): Promise<PurchaseOrder> {
  await deps.db.transaction().execute(async (trx) => {
    const po = await lockPurchaseOrder(trx, deps.dialect, id);
    if (!po) throw notFound();
    if (!(await markSent(trx, id, by))) return;
    for (const orderId of await ordersOfPurchaseOrder(trx, id))
      await recordEvent(trx, orderId, by, { kind: 'po_sent', number: po.number, supplier: po.supplier });
  });
  return purchaseOrder(deps, id);
}

/**
 * Each job's blanks flag from what its purchase orders brought: `in` when every line it needs
 * has arrived in good condition for it, `short` when something came but not all, `to_order`
 * while part of it is on no PO or nothing has come. The job keeps what it is still short.
 */
async function refreshBlanks(
  trx: Db,
  orderIds: readonly string[],
  priceList: PriceList | null,
): Promise<Map<string, Shortage[]>> {
  const out = new Map<string, Shortage[]>();
  if (orderIds.length === 0) return out;
  const [rows, ordered, toMake] = await Promise.all([
    needsOfOrders(trx, orderIds),
    orderedPairs(trx),
    ordersToMake(trx, orderIds),
  ]);
  const lines = new Map<string, ReceivedLine>();
  for (const r of rows) {
    let line = lines.get(r.line_id);
    if (!line) {
      line = { style: r.style, colour: r.colour, size: r.size, received: r.received, damaged: r.damaged, needs: [] };
      lines.set(r.line_id, line);
    }
    line.needs.push({ orderId: r.order_id, qty: r.qty, dueOn: r.due_on });
  }
  const short = shortages([...lines.values()]);
  for (const make of toMake.values()) {
    const doc = { id: make.orderId };
    const { needs } = blanksOfOrder(doc.id, make.document.layouts, priceList);
    const unordered = needs.some((n) => !ordered.has(pairKey(doc.id, n.supplier)));
    const mine = short.get(doc.id) ?? [];
    const arrived = rows.some((r) => r.order_id === doc.id && r.received > 0);
    const flag = unordered ? 'to_order' : mine.length === 0 ? 'in' : arrived ? 'short' : 'to_order';
    await setJobBlanks(trx, doc.id, flag, mine);
    out.set(doc.id, mine);
  }
  return out;
}

/**
 * A receipt stays within what the line can take (shared/purchasing/purchasing-api.ts): each line
 * named once, good and damaged pieces each at most `receivableOf` the quantity in all, notes at
 * most MAX_LINE_NOTE_CHARS, at most MAX_RECEIPTS_PER_PURCHASE_ORDER deliveries. 400 beside the
 * field, in both languages (409 for the deliveries).
 */
function checkReceiptBounds(body: ReceiptBody, own: Map<string, PurchaseOrderLineRow>, receipts: number): void {
  if (receipts >= MAX_RECEIPTS_PER_PURCHASE_ORDER)
    throw new DomainError(
      'conflict',
      'too_many_receipts',
      `This purchase order already has ${MAX_RECEIPTS_PER_PURCHASE_ORDER} deliveries recorded; make a new one for what is still to come.`,
      undefined,
      {
        messageFr: `Ce bon de commande a déjà ${MAX_RECEIPTS_PER_PURCHASE_ORDER} livraisons enregistrées\u00a0; faites-en un nouveau pour ce qui doit encore arriver.`,
      },
    );
  const seen = new Set<string>();
  body.lines.forEach((line, i) => {
    if (seen.has(line.lineId))
      throw new DomainError('bad_input', 'line_twice', 'This line is already in this receipt.', [`lines.${i}.lineId`], {
        messageFr: 'Cette ligne figure déjà dans cette réception.',
      });
    seen.add(line.lineId);
    const row = own.get(line.lineId)!;
    const most = receivableOf(row.quantity);
    const good = row.received - row.damaged + line.received - line.damaged;
    if (good > most)
      throw new DomainError(
        'bad_input',
        'received_too_many',
        `At most ${most} good pieces can be received on this line in all (${row.quantity} ordered, ${row.received - row.damaged} received).`,
        [`lines.${i}.received`],
        {
          messageFr: `Au plus ${most}\u00a0pièces en bon état peuvent être reçues sur cette ligne en tout (${row.quantity} commandées, ${row.received - row.damaged} reçues).`,
        },
      );
    if (row.damaged + line.damaged > most)
      throw new DomainError(
        'bad_input',
        'damaged_too_many',
        `At most ${most} damaged pieces can be recorded on this line in all (${row.damaged} recorded).`,
        [`lines.${i}.damaged`],
        {
          messageFr: `Au plus ${most}\u00a0pièces endommagées peuvent être inscrites sur cette ligne en tout (${row.damaged} inscrites).`,
        },
      );
    const note = (line.note ?? '').trim();
    if (note && row.note.length + 1 + note.length > MAX_LINE_NOTE_CHARS)
      throw new DomainError(
        'bad_input',
        'note_full',
        `This line's notes are full (at most ${MAX_LINE_NOTE_CHARS} characters in all).`,
        [`lines.${i}.note`],
        {
          messageFr: `Les notes de cette ligne sont pleines (au plus ${MAX_LINE_NOTE_CHARS}\u00a0caractères en tout).`,
        },
      );
  });
}

/**
 * A delivery against a purchase order: received and damaged pieces per line (added to what came
 * before), notes of what is short or damaged. Then each job the PO carries has its blanks flag
 * set again, and the receipt written in its history with what it is still short.
 */
export async function receivePurchaseOrder(
  deps: PurchasingDeps,
  id: string,
  body: ReceiptBody,
  by: string,
): Promise<PurchaseOrder> {
  const priceList = await priceListNow(deps);
  await deps.db.transaction().execute(async (trx) => {
    const po = await lockPurchaseOrder(trx, deps.dialect, id);
    if (!po) throw notFound();
    const own = new Map((await linesOf(trx, [id])).map((l) => [l.id, l]));
    body.lines.forEach((line, i) => {
      if (!own.has(line.lineId))
        throw new DomainError(
          'invalid',
          'line_unknown',
          'This line is not on this purchase order.',
          [`lines.${i}.lineId`],
          { messageFr: 'Cette ligne n’est pas sur ce bon de commande.' },
        );
    });
    checkReceiptBounds(body, own, await receiptsOf(trx, id));
    for (const line of body.lines)
      await receiveLine(trx, line.lineId, line.received, line.damaged, (line.note ?? '').trim());
    await insertReceipt(trx, id, by, body.lines);
    const orders = await ordersOfPurchaseOrder(trx, id);
    const short = await refreshBlanks(trx, orders, priceList);
    const received = body.lines.reduce((s, l) => s + l.received, 0);
    const damaged = body.lines.reduce((s, l) => s + l.damaged, 0);
    for (const orderId of orders) {
      await recordEvent(trx, orderId, by, {
        kind: 'blanks_received',
        number: po.number,
        received,
        damaged,
        shortPieces: (short.get(orderId) ?? []).reduce((s, x) => s + x.qty, 0),
      });
    }
  });
  return purchaseOrder(deps, id);
}
