// A bad debt written off (docs/accounts.md, "Write-offs"): the amount no longer asked of an
// invoice (taxes included) and the tax relief in it, tax by tax. The relief of each tax is its
// share of what is left of the invoice, the "tax fraction" of Excise Tax Act s. 231 (and of s. 444
// of the Act respecting the Québec sales tax): relief = amount × tax left / total left, rounded
// half up to the cent; the rest of the amount is the base. So $0.01 left by rounding on an
// Ontario invoice is $0.01 of base and $0.00 of HST (a credit note of $0.01 would take $0.02),
// and $200.00 of a $678.00 invoice ($78.00 HST) relieves $23.01 of HST on a base of $176.99.
// Writing off everything left takes exactly what is left of each tax. Pure, integer cents.
import type { TaxLine } from '../taxes.js';
import { creditRoom, type CreditableDocument, type InvoiceLine } from './credit-notes.js';

export interface PlannedWriteOff {
  lines: InvoiceLine[];
  subtotalCents: number;
  taxes: TaxLine[];
  totalCents: number;
}

/** a × b / c rounded half up, in integers (a, b, c ≥ 0, c > 0). */
const share = (a: number, b: number, c: number) => Number((2n * BigInt(a) * BigInt(b) + BigInt(c)) / (2n * BigInt(c)));

/** Spreads `cents` over `weights` in proportion, the cents left by rounding to the largest remainders. */
function spread(cents: number, weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  if (total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (BigInt(cents) * BigInt(w)) / BigInt(total));
  const parts = exact.map(Number);
  let left = cents - parts.reduce((s, p) => s + p, 0);
  const order = weights
    .map((w, i) => ({ i, rem: Number((BigInt(cents) * BigInt(w)) % BigInt(total)) }))
    .sort((a, b) => b.rem - a.rem || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    if (weights[i]! > 0) {
      parts[i]! += 1;
      left -= 1;
    }
  }
  return parts;
}

/**
 * What writing off `amountCents` (taxes included) of `invoice` records, after the credit notes
 * and write-offs already against it; at most what is left of it. Null when nothing is left.
 */
export function planWriteOff(
  invoice: CreditableDocument,
  earlier: readonly CreditableDocument[],
  amountCents: number,
  description: string,
): PlannedWriteOff | null {
  const room = creditRoom(invoice, earlier);
  const amount = Math.min(amountCents, room.totalCents);
  if (amount <= 0) return null;
  const all = amount === room.totalCents;
  const taxes: TaxLine[] = room.taxes
    .filter((t) => t.amountLeftCents > 0 || t.baseLeftCents > 0)
    .map((t) => ({
      ...t.tax,
      taxableCents: all
        ? t.baseLeftCents
        : Math.min(t.baseLeftCents, share(amount, Math.max(0, t.baseLeftCents), room.totalCents)),
      amountCents: all
        ? t.amountLeftCents
        : Math.min(t.amountLeftCents, share(amount, Math.max(0, t.amountLeftCents), room.totalCents)),
    }));
  const subtotalCents = amount - taxes.reduce((s, t) => s + t.amountCents, 0);
  const open = room.lines.filter((l) => l.leftCents > 0);
  const parts = spread(
    subtotalCents,
    open.map((l) => l.leftCents),
  );
  const lines: InvoiceLine[] = open
    .map((l, i) => ({
      description,
      quantity: 1,
      unitPriceCents: parts[i]!,
      taxable: l.taxKeys.length > 0,
      lineTotalCents: parts[i]!,
      taxKeys: l.taxKeys,
      creditsLine: l.index,
    }))
    .filter((l) => l.lineTotalCents > 0);
  return { lines, subtotalCents, taxes, totalCents: amount };
}
