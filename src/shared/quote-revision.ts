// "Revise" a quote (docs/product.md, "Changing an order"): the next version starts from the order
// as it now stands, priced again from the published list (quantity breaks and the rush follow the
// new quantities), with the clerk's edits to the version sent kept; and what changed from that
// version, line by line. Pure, so the server's starting lines and the editor's table agree.
import { lineAmountCents, type QuoteLineInput } from './quote.js';
import type { Bilingual } from './prices/price-list.js';
import type { PriceLineKind } from './prices/price-order.js';

/** A line of an order priced from the list, as quote-api.ts's PricedQuoteLine carries it. */
export interface PricedQuoteLine extends QuoteLineInput {
  needsPrice: boolean;
  kind?: PriceLineKind;
  percent?: number;
  reason: Bilingual;
}

/** A line the revision starts with. */
export interface RevisedQuoteLine extends QuoteLineInput {
  needsPrice: boolean;
  kind?: PriceLineKind;
  percent?: number;
  /** How the list priced it (kept from the list for a line it prices). */
  reason?: Bilingual;
  /** The index of the line of the version sent it comes from; null for a line the order now adds. */
  was: number | null;
  /** The clerk's own line or price in the version sent: kept as the clerk left it. */
  byHand: boolean;
}

/** Each priced line's key: what it prices and which of those it is ("garment#0", "rush#0"). */
function keysOf(lines: readonly PricedQuoteLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const kind = l.kind ?? 'to_price';
    const n = seen.get(kind) ?? 0;
    seen.set(kind, n + 1);
    return `${kind}#${n}`;
  });
}

const LAST_KINDS = new Set(['rush', 'resale_partner']);

/**
 * The revision's lines. `sent` is the version sent; `before` the order version it priced, priced
 * by today's list; `now` the current order version priced by today's list. A sent line the list
 * made (its description is one of `before`'s) becomes the list's line for the order as it stands
 * (its quantity, price and explanation), unless the clerk had changed its price: then it keeps
 * that price, marked. A line the clerk wrote stays as written, marked. A line the list makes now
 * and made not before (a garment added to the order) is added; one the clerk removed stays out.
 */
export function reviseQuoteLines(
  sent: readonly QuoteLineInput[],
  before: readonly PricedQuoteLine[],
  now: readonly PricedQuoteLine[],
): RevisedQuoteLine[] {
  const beforeKeys = keysOf(before);
  const nowKeys = keysOf(now);
  const beforeByText = new Map<string, number>();
  before.forEach((l, i) => {
    if (!beforeByText.has(l.description)) beforeByText.set(l.description, i);
  });
  const nowByKey = new Map(nowKeys.map((k, i) => [k, now[i]!]));
  const used = new Set<string>();
  const out: RevisedQuoteLine[] = [];
  sent.forEach((line, i) => {
    const at = beforeByText.get(line.description);
    const key = at === undefined ? undefined : beforeKeys[at]!;
    const listed = key === undefined || used.has(key) ? undefined : nowByKey.get(key);
    const taxes = {
      taxable: line.taxable,
      ...(line.notTaxed ? { notTaxed: [...line.notTaxed] } : {}),
      ...(line.childrens ? { childrens: true } : {}),
    };
    if (key !== undefined && !used.has(key) && !listed) return; // the order no longer has it
    if (key === undefined || !listed) {
      out.push({ ...line, ...taxes, needsPrice: false, was: i, byHand: true });
      return;
    }
    used.add(key);
    const byHand = line.unitPriceCents !== before[at!]!.unitPriceCents;
    const { needsPrice, kind, percent, reason, description, quantity, unitPriceCents } = listed;
    // The French description follows the list's, unless the clerk had rewritten it.
    const french = line.descriptionFr !== before[at!]!.descriptionFr ? line.descriptionFr : listed.descriptionFr;
    out.push({
      description,
      ...(french !== undefined ? { descriptionFr: french } : {}),
      quantity,
      unitPriceCents: byHand ? line.unitPriceCents : unitPriceCents,
      ...taxes,
      needsPrice: byHand ? false : needsPrice,
      ...(kind ? { kind } : {}),
      ...(percent !== undefined && !byHand ? { percent } : {}),
      reason,
      was: i,
      byHand,
    });
  });
  const beforeKeySet = new Set(beforeKeys);
  const added: RevisedQuoteLine[] = now
    .filter((_, i) => !used.has(nowKeys[i]!) && !beforeKeySet.has(nowKeys[i]!))
    .map((l) => ({ ...l, was: null, byHand: false }));
  // New lines go before the rush and the resale discount, which apply to them too.
  const tail = out.findIndex((l) => l.kind !== undefined && LAST_KINDS.has(l.kind));
  if (tail < 0) return [...out, ...added];
  return [...out.slice(0, tail), ...added, ...out.slice(tail)];
}

/** A line's quantity, unit price and amount, as the change table shows them. */
export interface LineFigures {
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
}

export interface QuoteLineChange {
  description: string;
  change: 'added' | 'removed' | 'changed' | 'same';
  before: LineFigures | null;
  after: LineFigures | null;
}

const figures = (l: Pick<QuoteLineInput, 'quantity' | 'unitPriceCents'>): LineFigures => ({
  quantity: l.quantity,
  unitPriceCents: l.unitPriceCents,
  amountCents: lineAmountCents(l.quantity, l.unitPriceCents),
});

/**
 * What changed from the version sent (`before`) to the lines as they stand (`after`): each line
 * of `after` beside the line it comes from (its `was`, else the sent line of the same
 * description), then the sent lines nothing comes from, as removed.
 */
export function quoteLineChanges(
  before: readonly QuoteLineInput[],
  after: readonly (QuoteLineInput & { was?: number | null })[],
): QuoteLineChange[] {
  const taken = new Set<number>();
  const out: QuoteLineChange[] = [];
  for (const line of after) {
    let from = line.was ?? undefined;
    if (from === undefined || taken.has(from) || !before[from]) {
      const same = before.findIndex((b, i) => !taken.has(i) && b.description === line.description);
      from = line.was === undefined && same >= 0 ? same : undefined;
    }
    const now = figures(line);
    if (from === undefined) {
      out.push({ description: line.description, change: 'added', before: null, after: now });
      continue;
    }
    taken.add(from);
    const was = figures(before[from]!);
    const same = was.quantity === now.quantity && was.unitPriceCents === now.unitPriceCents;
    out.push({ description: line.description, change: same ? 'same' : 'changed', before: was, after: now });
  }
  before.forEach((b, i) => {
    if (!taken.has(i)) out.push({ description: b.description, change: 'removed', before: figures(b), after: null });
  });
  return out;
}
