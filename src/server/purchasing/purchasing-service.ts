// Blanks (docs/production.md, "Blanks and purchase orders"): the To order list of the jobs whose
// garments the shop supplies, a purchase order per supplier made from it (numbered PO-2026-0001,
// unbroken per year), marked sent, and received line by line; each job's blanks flag follows
// what has arrived for it. Every PO made or sent and every receipt is in the history of each
// order it carries.
import type { Kysely, Transaction } from 'kysely';
import { dateIn } from '../../shared/dates.js';
import type { PriceList } from '../../shared/prices/price-list.js';
import {
  blanksChanges,
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
  type SupplierAccounts,
  type ToOrderList,
} from '../../shared/purchasing/purchasing-api.js';
import { DomainError } from '../errors.js';
import type { CurrentPriceList } from '../prices/index.js';
import { ensureJobs, readProductionSettings } from '../production/index.js';
import { ordersToMake } from '../quotes/index.js';
import type { Dialect } from '../storage/db.js';
import { isUniqueViolation, recordEvent } from '../storage/orders.js';
import { fromJson } from '../storage/json.js';
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
  orderedPartsOf,
  setJobBlanks,
  soonestDue,
  supersede,
  supplierAccounts,
  saveSupplierAccount,
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
  /** The shop's address on one line and phone in force (docs/settings.md): where a PO ships, and who to call. */
  shopAddress?: string;
  shopPhone?: string;
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
      const short = fromJson(job.blanks_short);
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
  const changes = await changesSince(db, priceList, toMake, jobs);
  return { overagePercent, suppliers: toOrder(needs, overagePercent), unread, references, waiting, changes };
}

/**
 * What is now short or ordered in excess on each purchase order in force, after the orders it
 * carries changed (a new order version approved): its parts for each order against what the
 * version the job makes needs now from that supplier.
 */
async function changesSince(
  db: Db,
  priceList: PriceList | null,
  toMake: Awaited<ReturnType<typeof ordersToMake>>,
  jobs: readonly { order_id: string; reference: string }[],
): Promise<ToOrderList['changes']> {
  const parts = await orderedPartsOf(
    db,
    jobs.map((j) => j.order_id),
  );
  if (parts.length === 0) return [];
  const reference = new Map(jobs.map((j) => [j.order_id, j.reference]));
  const now = [...toMake.values()].flatMap((m) => blanksOfOrder(m.orderId, m.document.layouts, priceList).needs);
  const byPo = new Map<string, ToOrderList['changes'][number]>();
  for (const part of parts) {
    if (!byPo.has(part.po_id))
      byPo.set(part.po_id, { poId: part.po_id, number: part.number, supplier: part.supplier, lines: [] });
  }
  const changes = blanksChanges(
    parts.map((p) => ({
      orderId: p.order_id,
      supplier: p.supplier,
      style: p.style,
      colour: p.colour,
      size: p.size,
      qty: p.qty,
    })),
    now,
  );
  for (const change of changes) {
    const po = parts.find((p) => p.order_id === change.orderId && p.supplier === change.supplier);
    if (po) byPo.get(po.po_id)!.lines.push({ ...change, reference: reference.get(change.orderId) ?? '' });
  }
  return [...byPo.values()].filter((c) => c.lines.length > 0);
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
  numbers: ReadonlyMap<string, string>,
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
    shipTo: po.ship_to,
    shopAddress: po.shop_address,
    shopPhone: po.shop_phone,
    accountNumber: po.account_number,
    needBy: po.need_by,
    revision: po.revision,
    supersededBy: po.superseded_by ? (numbers.get(po.superseded_by) ?? null) : null,
  };
}

async function detailsOf(db: Db, pos: readonly PurchaseOrderRow[]): Promise<PurchaseOrder[]> {
  const ids = pos.map((p) => p.id);
  const [lines, orders] = await Promise.all([linesOf(db, ids), ordersOfPurchaseOrders(db, ids)]);
  const replacing = pos.map((p) => p.superseded_by).filter((x): x is string => x !== null);
  const numbers = new Map(
    (replacing.length
      ? await db.selectFrom('purchase_orders').select(['id', 'number']).where('id', 'in', replacing).execute()
      : []
    ).map((r) => [r.id, r.number]),
  );
  return pos.map((po) => {
    const mine = lines.filter((l) => l.po_id === po.id);
    return {
      ...summaryOf(
        po,
        mine,
        orders.filter((o) => o.po_id === po.id).map((o) => o.reference),
        numbers,
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
      const orderIds = [...new Set(group.lines.flatMap((l) => l.orders.map((o) => o.orderId)))];
      const shopName = deps.shopName ?? '';
      const address = deps.shopAddress ?? '';
      await insertPurchaseOrder(
        trx,
        {
          id: poId,
          number,
          supplier,
          overage_percent: settings.overagePercent,
          made_at: now.toISOString(),
          made_by: by,
          // What the supplier's desk needs, frozen as the PO is (docs/production.md).
          ship_to: [shopName, address].filter(Boolean).join(', '),
          shop_address: address,
          shop_phone: deps.shopPhone ?? '',
          account_number: (await supplierAccounts(trx)).get(supplier) ?? '',
          need_by: await soonestDue(trx, orderIds),
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
    // A version approved since the PO that needs more than it carries: short by the difference.
    const grown = blanksChanges(
      rows
        .filter((r) => r.order_id === doc.id)
        .map((r) => ({
          orderId: r.order_id,
          supplier: '',
          style: r.style,
          colour: r.colour,
          size: r.size,
          qty: r.qty,
        })),
      needs.filter((n) => ordered.has(pairKey(doc.id, n.supplier))).map((n) => ({ ...n, supplier: '' })),
    ).filter((c) => c.short > 0);
    const unordered = grown.length > 0 || needs.some((n) => !ordered.has(pairKey(doc.id, n.supplier)));
    const mine = [
      ...(short.get(doc.id) ?? []),
      ...grown.map((g) => ({ style: g.style, colour: g.colour, size: g.size, qty: g.short })),
    ];
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
    // A replaced revision stays as it was sent: deliveries go on the one in force.
    if (po.superseded_by) throw superseded((await findPurchaseOrder(trx, po.superseded_by))?.number ?? '');
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

/** The shop's account number with each supplier it has set one for. */
export async function supplierAccountList(deps: PurchasingDeps): Promise<SupplierAccounts> {
  const accounts = await supplierAccounts(deps.db);
  return {
    accounts: [...accounts]
      .map(([supplier, accountNumber]) => ({ supplier, accountNumber }))
      .sort((a, b) => a.supplier.localeCompare(b.supplier)),
  };
}

/** Sets the shop's account number with a supplier; the next PO to it prints it (a PO made keeps its own). */
export async function setSupplierAccount(
  deps: PurchasingDeps,
  supplier: string,
  accountNumber: string,
  by: string,
): Promise<SupplierAccounts> {
  await saveSupplierAccount(deps.db, supplier, accountNumber, by);
  return supplierAccountList(deps);
}

const superseded = (number: string) =>
  new DomainError('conflict', 'superseded', `This purchase order was replaced by ${number}: use that one.`, undefined, {
    messageFr: `Ce bon de commande a été remplacé par ${number}\u00a0: utilisez celui-là.`,
  });

/**
 * An amended purchase order (docs/production.md, "A change after a purchase order"): a new
 * revision of the same number ("PO-2026-0012 rev 2") whose lines are what its orders' versions
 * need now from that supplier, the overage as the PO had it; what already came is carried to the
 * matching line. The one it replaces is kept as it was sent, marked superseded. 409
 * `nothing_changed` when nothing did, `superseded` when it was amended already.
 */
export async function amendPurchaseOrder(deps: PurchasingDeps, id: string, by: string): Promise<PurchaseOrder> {
  const settings = await readProductionSettings(deps.db);
  await ensureJobs(deps, settings);
  const priceList = await priceListNow(deps);
  const now = new Date();
  const newId = await deps.db.transaction().execute(async (trx) => {
    const po = await lockPurchaseOrder(trx, deps.dialect, id);
    if (!po) throw notFound();
    if (po.superseded_by) {
      const next = await findPurchaseOrder(trx, po.superseded_by);
      throw superseded(next?.number ?? '');
    }
    const orderIds = await ordersOfPurchaseOrder(trx, id);
    const toMake = await ordersToMake(trx, orderIds);
    const needs = [...toMake.values()]
      .flatMap((m) => blanksOfOrder(m.orderId, m.document.layouts, priceList).needs)
      .filter((n) => n.supplier === po.supplier);
    const parts = (await orderedPartsOf(trx, orderIds)).filter((p) => p.po_id === id);
    const changed = blanksChanges(
      parts.map((p) => ({
        orderId: p.order_id,
        supplier: po.supplier,
        style: p.style,
        colour: p.colour,
        size: p.size,
        qty: p.qty,
      })),
      needs,
    );
    if (changed.length === 0)
      throw new DomainError('conflict', 'nothing_changed', `Nothing changed since ${po.number}.`, undefined, {
        messageFr: `Rien n’a changé depuis ${po.number}.`,
      });
    const group = toOrder(needs, po.overage_percent).find((g) => g.supplier === po.supplier);
    const old = await linesOf(trx, [id]);
    const key = (l: { style: string; colour: string; size: string }) =>
      JSON.stringify([l.style.toLowerCase(), l.colour.toLowerCase(), l.size.toLowerCase()]);
    const came = new Map(old.map((l) => [key(l), l]));
    const base = po.number.replace(/ rev \d+$/, '');
    const revision = po.revision + 1;
    const poId = randomUUID();
    const number = `${base} rev ${revision}`;
    await insertPurchaseOrder(
      trx,
      {
        id: poId,
        number,
        supplier: po.supplier,
        overage_percent: po.overage_percent,
        made_at: now.toISOString(),
        made_by: by,
        ship_to: po.ship_to,
        shop_address: po.shop_address,
        shop_phone: po.shop_phone,
        account_number: po.account_number,
        need_by: (await soonestDue(trx, orderIds)) ?? po.need_by,
        revision,
        amends: id,
      },
      (group?.lines ?? []).map((l) => {
        const before = came.get(key(l));
        return { ...l, received: before?.received ?? 0, damaged: before?.damaged ?? 0, note: before?.note ?? '' };
      }),
      false,
    );
    await supersede(trx, id, poId);
    const pieces = new Map<string, number>();
    for (const n of needs) pieces.set(n.orderId, (pieces.get(n.orderId) ?? 0) + n.qty);
    for (const orderId of orderIds)
      await recordEvent(trx, orderId, by, {
        kind: 'po_made',
        number,
        supplier: po.supplier,
        pieces: pieces.get(orderId) ?? 0,
      });
    await refreshBlanks(trx, orderIds, priceList);
    return poId;
  });
  return purchaseOrder(deps, newId);
}
