// Blanks: what the shop orders from its suppliers for the jobs whose garments it supplies, and
// how what arrives is shared among those jobs (docs/production.md, "Blanks and purchase orders").
// Pure: the server reads the jobs, the price list and the purchase orders, then asks these.
import type { PriceList } from '../prices/price-list.js';
import { sizeKey } from '../prices/size-grid.js';
import { readQuantity } from '../quantities.js';

/** What one job needs of one garment in one colour and size. */
export interface BlankNeed {
  orderId: string;
  /** The price list's supplier of the garment, or '' when the list names none (or lacks the garment). */
  supplier: string;
  /** The style as the price list names it (its id), else as the customer typed it. */
  style: string;
  /** The supplier's style or SKU: what the purchase order prints; the style when the list has none. */
  sku: string;
  /** The garment's name in the price list, else the style. */
  name: string;
  colour: string;
  /** The size as the price list spells it; '' for a count without sizes ("35 pcs"). */
  size: string;
  qty: number;
}

/** A variation whose sizes could not be read: the clerk orders it by hand. */
export interface UnreadBlank {
  orderId: string;
  layout: string;
  style: string;
  colour: string;
  sizes: string;
}

/** The part of an order the blanks are read from (structural: the order body fits). */
export interface BlanksLayout {
  garmentOption: string;
  variations: readonly { type: string; color: string; sizes: string; supplyingGoods: string }[];
}

function garmentsByName(priceList: PriceList | null) {
  const index = new Map<string, PriceList['garments'][number]>();
  for (const g of priceList?.garments ?? []) {
    index.set(g.id.trim().toLowerCase(), g);
    index.set(g.name.trim().toLowerCase(), g);
  }
  return index;
}

/**
 * The blanks an order needs: every variation the shop supplies (not the customer's goods, not a
 * PO's garments), one need per size read with readQuantity; a variation whose sizes do not read
 * is `unread`, never guessed.
 */
export function blanksOfOrder(
  orderId: string,
  layouts: Readonly<Record<string, BlanksLayout>>,
  priceList: PriceList | null,
): { needs: BlankNeed[]; unread: UnreadBlank[] } {
  const garments = garmentsByName(priceList);
  const needs: BlankNeed[] = [];
  const unread: UnreadBlank[] = [];
  const keys = Object.keys(layouts).sort((a, b) => Number(a) - Number(b));
  for (const layout of keys) {
    const l = layouts[layout]!;
    if (l.garmentOption !== 'pick') continue;
    for (const v of l.variations) {
      if (v.supplyingGoods === 'yes') continue;
      const typed = v.type.trim();
      const garment = garments.get(typed.toLowerCase());
      const style = garment?.id ?? typed;
      const colour = v.color.trim();
      const reading = readQuantity(v.sizes);
      if (!reading || !typed) {
        unread.push({ orderId, layout, style, colour, sizes: v.sizes.trim() });
        continue;
      }
      const base = {
        orderId,
        supplier: garment?.supplier ?? '',
        style,
        sku: garment?.supplierSku ?? style,
        name: garment?.name ?? style,
        colour,
      };
      if (reading.parts.length === 0) needs.push({ ...base, size: '', qty: reading.total });
      for (const part of reading.parts) {
        const listed = garment?.sizes.find((s) => sizeKey(s) === sizeKey(part.size));
        needs.push({ ...base, size: listed ?? sizeKey(part.size), qty: part.qty });
      }
    }
  }
  return { needs, unread };
}

/** `qty` plus `percent` more, rounded up to a whole garment: 2% of 10 shirts is one more. */
export function withOverage(qty: number, percent: number): number {
  // Whole numbers only: a ceiling of qty × 1.02 in floating point would round 50 up to 52.
  return Math.floor((qty * (100 + percent) + 99) / 100);
}

/** One line of the To order list or of a purchase order. */
export interface BlankLine {
  style: string;
  sku: string;
  name: string;
  colour: string;
  size: string;
  /** What the jobs need, summed. */
  needed: number;
  /** What is ordered: `needed` plus the overage, rounded up. */
  quantity: number;
  /** Each job's part of `needed`. */
  orders: { orderId: string; qty: number }[];
}

export interface SupplierBlanks {
  supplier: string;
  lines: BlankLine[];
  /** Pieces ordered: the lines' quantities summed. */
  pieces: number;
}

/** The same garment, colour and size, whoever typed it how. */
const lineKey = (n: { style: string; colour: string; size: string }) =>
  JSON.stringify([n.style.toLowerCase(), n.colour.toLowerCase(), sizeKey(n.size)]);

/** A size's place in the usual run of sizes, for lines in an order a person reads. */
const SIZE_ORDER = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', '4XL', '5XL', '6XL'];
const sizeRank = (size: string) => {
  const i = SIZE_ORDER.indexOf(sizeKey(size));
  return i < 0 ? SIZE_ORDER.length : i;
};

/**
 * The overage on the total of each style and colour (2% of 20 is 1 piece, not one per size line),
 * spread one piece at a time over its sizes from the largest down (a spare XL covers an L, never
 * the other way round), round and round when the spares outnumber the sizes.
 */
export function withSpreadOverage(lines: readonly BlankLine[], overagePercent: number): BlankLine[] {
  const out = lines.map((l) => ({ ...l, quantity: l.needed }));
  const groups = new Map<string, BlankLine[]>();
  for (const l of out) {
    const key = JSON.stringify([l.style.toLowerCase(), l.colour.toLowerCase()]);
    const group = groups.get(key) ?? [];
    group.push(l);
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    const needed = group.reduce((s, l) => s + l.needed, 0);
    let spare = withOverage(needed, overagePercent) - needed;
    const largestFirst = [...group].sort((a, b) => sizeRank(b.size) - sizeRank(a.size) || b.size.localeCompare(a.size));
    for (let i = 0; spare > 0; i = (i + 1) % largestFirst.length, spare--) largestFirst[i]!.quantity++;
  }
  return out;
}

/**
 * The To order list: needs summed by supplier, style, colour and size across jobs, the overage on
 * each style and colour's total spread to its largest sizes (`withSpreadOverage`). Suppliers by
 * name, the unnamed last.
 */
export function toOrder(needs: readonly BlankNeed[], overagePercent: number): SupplierBlanks[] {
  const bySupplier = new Map<string, Map<string, BlankLine>>();
  for (const n of needs) {
    let lines = bySupplier.get(n.supplier);
    if (!lines) bySupplier.set(n.supplier, (lines = new Map<string, BlankLine>()));
    const key = lineKey(n);
    let line = lines.get(key);
    if (!line) {
      line = {
        style: n.style,
        sku: n.sku,
        name: n.name,
        colour: n.colour,
        size: n.size,
        needed: 0,
        quantity: 0,
        orders: [],
      };
      lines.set(key, line);
    }
    line.needed += n.qty;
    const mine = line.orders.find((o) => o.orderId === n.orderId);
    if (mine) mine.qty += n.qty;
    else line.orders.push({ orderId: n.orderId, qty: n.qty });
  }
  return [...bySupplier]
    .map(([supplier, lines]) => {
      const list = withSpreadOverage([...lines.values()], overagePercent).sort(
        (a, b) =>
          a.style.localeCompare(b.style) ||
          a.colour.localeCompare(b.colour) ||
          sizeRank(a.size) - sizeRank(b.size) ||
          a.size.localeCompare(b.size),
      );
      return { supplier, lines: list, pieces: list.reduce((s, l) => s + l.quantity, 0) };
    })
    .sort((a, b) =>
      (a.supplier === '') !== (b.supplier === '') ? (a.supplier === '' ? 1 : -1) : a.supplier.localeCompare(b.supplier),
    );
}

/** A purchase order's line as received: what each job was promised of it. */
export interface ReceivedLine {
  style: string;
  colour: string;
  size: string;
  /** Received so far, damaged ones included. */
  received: number;
  damaged: number;
  needs: { orderId: string; qty: number; dueOn: string }[];
}

export interface Shortage {
  style: string;
  colour: string;
  size: string;
  qty: number;
}

/**
 * What each job is still short: a line's good garments (received less damaged) go to its jobs
 * soonest due first, so a short delivery holds up the latest job, not every one. Only jobs short
 * of something are in the answer.
 */
export function shortages(lines: readonly ReceivedLine[]): Map<string, Shortage[]> {
  const out = new Map<string, Shortage[]>();
  for (const line of lines) {
    let good = Math.max(0, line.received - line.damaged);
    const needs = [...line.needs].sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.orderId.localeCompare(b.orderId));
    for (const need of needs) {
      const given = Math.min(good, need.qty);
      good -= given;
      if (given === need.qty) continue;
      const list = out.get(need.orderId) ?? [];
      const same = list.find((s) => lineKey(s) === lineKey(line));
      if (same) same.qty += need.qty - given;
      else list.push({ style: line.style, colour: line.colour, size: line.size, qty: need.qty - given });
      out.set(need.orderId, list);
    }
  }
  return out;
}

/** A line's pieces still to come: ordered less the good ones received. */
export const lineShort = (line: { quantity: number; received: number; damaged: number }): number =>
  Math.max(0, line.quantity - Math.max(0, line.received - line.damaged));

/** What an order's purchase order carries of one garment, colour and size for it. */
export interface OrderedPart {
  orderId: string;
  supplier: string;
  style: string;
  colour: string;
  size: string;
  qty: number;
}

/** A line whose need changed since its purchase order: what is now short or ordered in excess. */
export interface BlanksChange {
  orderId: string;
  supplier: string;
  style: string;
  colour: string;
  size: string;
  /** What the purchase order carries for the order. */
  ordered: number;
  /** What the order version it makes needs now. */
  needed: number;
  short: number;
  excess: number;
}

/**
 * What changed since the purchase orders (docs/production.md, "A change after a purchase order"):
 * for each (order, supplier) on a PO, its parts on the PO against what the version it makes
 * needs now, one change per garment, colour and size that differs; none when nothing did.
 */
export function blanksChanges(ordered: readonly OrderedPart[], now: readonly BlankNeed[]): BlanksChange[] {
  const pairs = new Set(ordered.map((o) => JSON.stringify([o.orderId, o.supplier])));
  const byKey = new Map<string, BlanksChange>();
  const at = (n: { orderId: string; supplier: string; style: string; colour: string; size: string }) => {
    const key = JSON.stringify([n.orderId, n.supplier, lineKey(n)]);
    let c = byKey.get(key);
    if (!c) {
      c = {
        orderId: n.orderId,
        supplier: n.supplier,
        style: n.style,
        colour: n.colour,
        size: n.size,
        ordered: 0,
        needed: 0,
        short: 0,
        excess: 0,
      };
      byKey.set(key, c);
    }
    return c;
  };
  for (const o of ordered) at(o).ordered += o.qty;
  for (const n of now) if (pairs.has(JSON.stringify([n.orderId, n.supplier]))) at(n).needed += n.qty;
  return [...byKey.values()]
    .map((c) => ({ ...c, short: Math.max(0, c.needed - c.ordered), excess: Math.max(0, c.ordered - c.needed) }))
    .filter((c) => c.short > 0 || c.excess > 0)
    .sort(
      (a, b) =>
        a.style.localeCompare(b.style) || a.colour.localeCompare(b.colour) || sizeRank(a.size) - sizeRank(b.size),
    );
}
