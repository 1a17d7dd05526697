// Credit notes exact to the cent, tax by tax (docs/accounts.md, "Credit notes"). A credit takes
// back amounts of an invoice's lines; each tax is credited on the base it was charged on (a
// non-taxable line carries no tax back), and on the cumulative base: the tax of this credit is the
// tax of everything credited so far less what earlier credits took. So parts always add up to the
// invoice exactly, a credit of what is left credits exactly what is left of every tax, and nothing
// is ever credited twice.
import { applyRate, formatCents } from '../money.js';
import type { QuoteLine } from '../quote.js';
import { taxKeyOf } from '../tax-treatment.js';
import type { TaxLine } from '../taxes.js';

/** A line of an invoice or credit note: a quote line with the keys of the taxes charged on it. */
export interface InvoiceLine extends QuoteLine {
  /** Absent on documents issued before taxes were line by line: every tax on a taxable line. */
  taxKeys?: string[];
  /** A credit note's line: the index (from 0) of the invoice line it takes back, when it names one. */
  creditsLine?: number;
}

export interface CreditableDocument {
  lines: readonly InvoiceLine[];
  taxes: readonly TaxLine[];
  subtotalCents: number;
  totalCents: number;
}

/** The keys of the taxes charged on a line of a document. */
export function lineTaxKeys(doc: Pick<CreditableDocument, 'taxes'>, line: InvoiceLine): string[] {
  return line.taxKeys ?? (line.taxable ? doc.taxes.map(taxKeyOf) : []);
}

const treatmentOf = (keys: readonly string[]) => [...keys].sort().join('+');

export interface CreditRoomLine {
  index: number;
  description: string;
  taxKeys: string[];
  /** What is left of the line to credit; 0 for a discount line (never credited on its own). */
  leftCents: number;
}

export interface CreditRoom {
  subtotalCents: number;
  totalCents: number;
  lines: CreditRoomLine[];
  /** What is left to credit of the lines taxed alike ("GST|5000+PST|7000" → cents), discounts included. */
  treatments: Map<string, number>;
  /** Per tax of the invoice: what is left of its base and of its amount. */
  taxes: { key: string; tax: TaxLine; baseLeftCents: number; amountLeftCents: number }[];
}

function sumBy<T>(items: readonly T[], cents: (item: T) => number): number {
  return items.reduce((sum, item) => sum + cents(item), 0);
}

/** What is left to credit on an invoice after the credit notes already issued against it. */
export function creditRoom(invoice: CreditableDocument, earlier: readonly CreditableDocument[]): CreditRoom {
  const creditedOfLine = new Map<number, number>();
  const treatments = new Map<string, number>();
  invoice.lines.forEach((line) => {
    const t = treatmentOf(lineTaxKeys(invoice, line));
    treatments.set(t, (treatments.get(t) ?? 0) + line.lineTotalCents);
  });
  for (const note of earlier) {
    for (const line of note.lines) {
      if (line.creditsLine !== undefined)
        creditedOfLine.set(line.creditsLine, (creditedOfLine.get(line.creditsLine) ?? 0) + line.lineTotalCents);
      // Credit notes from before line-by-line taxes name no treatment: only the subtotal counts them.
      if (line.taxKeys) {
        const t = treatmentOf(line.taxKeys);
        treatments.set(t, (treatments.get(t) ?? 0) - line.lineTotalCents);
      }
    }
  }
  const subtotalCents = invoice.subtotalCents - sumBy(earlier, (n) => n.subtotalCents);
  const taxes = invoice.taxes.map((tax) => {
    const key = taxKeyOf(tax);
    const before = earlier.flatMap((n) => n.taxes.filter((t) => taxKeyOf(t) === key));
    return {
      key,
      tax,
      baseLeftCents: tax.taxableCents - sumBy(before, (t) => t.taxableCents),
      amountLeftCents: tax.amountCents - sumBy(before, (t) => t.amountCents),
    };
  });
  const lines = invoice.lines.map((line, index) => {
    const keys = lineTaxKeys(invoice, line);
    const left = Math.max(0, line.lineTotalCents - (creditedOfLine.get(index) ?? 0));
    return {
      index,
      description: line.description,
      taxKeys: keys,
      leftCents: Math.min(left, Math.max(0, treatments.get(treatmentOf(keys)) ?? 0), Math.max(0, subtotalCents)),
    };
  });
  return {
    subtotalCents,
    totalCents: subtotalCents + sumBy(taxes, (t) => t.amountLeftCents),
    lines,
    treatments,
    taxes,
  };
}

export type CreditRequest =
  /** Amounts of named lines (index from 0), before taxes. */
  | { kind: 'lines'; lines: readonly { index: number; cents: number }[] }
  /** An amount before taxes, when every line left to credit is taxed alike. */
  | { kind: 'amount'; cents: number }
  /** Everything left, to the cent. */
  | { kind: 'rest' }
  /** As much as possible without the credit's total (taxes included) passing this: a cancelled order's unpaid part. */
  | { kind: 'up_to_total'; totalCents: number };

export interface PlannedCredit {
  lines: InvoiceLine[];
  subtotalCents: number;
  taxes: TaxLine[];
  totalCents: number;
}

export type CreditErrorCode =
  | 'credit_nothing_left'
  | 'credit_unknown_line'
  | 'credit_exceeds_line'
  | 'credit_exceeds_invoice'
  | 'credit_mixed_taxes'
  | 'credit_not_positive';

export interface CreditError {
  code: CreditErrorCode;
  field: string;
  message: { en: string; fr: string };
}

type Words = { en: string; fr: string };
const money = (cents: number): Words => ({ en: formatCents(cents, 'en'), fr: formatCents(cents, 'fr') });

function fail(
  code: CreditErrorCode,
  field: string,
  message: (m: typeof money) => Words,
): { ok: false; error: CreditError } {
  return { ok: false, error: { code, field, message: message(money) } };
}

/** The taxes of a credit of `lines`, each on the cumulative base it was charged on. */
function creditTaxes(room: CreditRoom, lines: readonly InvoiceLine[]): TaxLine[] {
  const out: TaxLine[] = [];
  for (const t of room.taxes) {
    const base = sumBy(
      lines.filter((l) => (l.taxKeys ?? []).includes(t.key)),
      (l) => l.lineTotalCents,
    );
    if (base === 0) continue;
    const creditedBase = t.tax.taxableCents - t.baseLeftCents + base;
    const creditedTax = t.tax.amountCents - t.amountLeftCents;
    const cumulative =
      base >= t.baseLeftCents
        ? t.tax.amountCents
        : Math.min(t.tax.amountCents, applyRate(creditedBase, t.tax.rateMilliPercent));
    const amount = Math.max(0, Math.min(t.amountLeftCents, cumulative - creditedTax));
    out.push({ ...t.tax, taxableCents: base, amountCents: amount });
  }
  return out;
}

function planOf(room: CreditRoom, lines: InvoiceLine[]): PlannedCredit {
  const taxes = creditTaxes(room, lines);
  const subtotalCents = sumBy(lines, (l) => l.lineTotalCents);
  return { lines, subtotalCents, taxes, totalCents: subtotalCents + sumBy(taxes, (t) => t.amountCents) };
}

const creditLine = (
  room: CreditRoom,
  index: number | undefined,
  keys: string[],
  cents: number,
  description: string,
): InvoiceLine => ({
  description,
  quantity: 1,
  unitPriceCents: cents,
  taxable: keys.length > 0,
  lineTotalCents: cents,
  taxKeys: keys,
  ...(index === undefined ? {} : { creditsLine: index }),
});

/**
 * What a credit of `request` against `invoice` credits, or why it cannot. `describe` words each
 * credited line in the document's language.
 */
export function planCredit(
  invoice: CreditableDocument,
  earlier: readonly CreditableDocument[],
  request: CreditRequest,
  describe: (line: CreditRoomLine | null) => string,
): { ok: true; credit: PlannedCredit } | { ok: false; error: CreditError } {
  const room = creditRoom(invoice, earlier);
  if (room.subtotalCents <= 0 && room.totalCents <= 0) {
    return fail('credit_nothing_left', 'amount', () => ({
      en: 'Everything on this invoice has been credited already.',
      fr: 'Tout a déjà été crédité sur cette facture.',
    }));
  }
  const open = room.lines.filter((l) => l.leftCents > 0);
  switch (request.kind) {
    case 'rest':
      return { ok: true, credit: planOf(room, fillLines(room, open, room.subtotalCents, describe)) };
    case 'amount': {
      if (request.cents <= 0) return notPositive();
      const treatments = new Set(open.map((l) => treatmentOf(l.taxKeys)));
      if (treatments.size > 1) {
        return fail('credit_mixed_taxes', 'lines', () => ({
          en: 'The lines of this invoice are not all taxed alike: say which lines the credit takes back.',
          fr: 'Les lignes de cette facture ne sont pas toutes taxées de la même façon\u00a0: indiquez les lignes créditées.',
        }));
      }
      if (request.cents > room.subtotalCents) return exceedsInvoice(room);
      const keys = open[0]?.taxKeys ?? [];
      return { ok: true, credit: planOf(room, [creditLine(room, undefined, keys, request.cents, describe(null))]) };
    }
    case 'lines': {
      const lines: InvoiceLine[] = [];
      const byTreatment = new Map<string, number>();
      for (const { index, cents } of request.lines) {
        const line = room.lines[index];
        if (!line) {
          return fail('credit_unknown_line', `lines.${index}`, () => ({
            en: `The invoice has no line ${index + 1}.`,
            fr: `La facture n’a pas de ligne ${index + 1}.`,
          }));
        }
        if (!Number.isSafeInteger(cents) || cents <= 0) return notPositive(`lines.${index}`);
        if (cents > line.leftCents) {
          return fail('credit_exceeds_line', `lines.${index}`, (m) => ({
            en: `Line ${index + 1} has ${m(line.leftCents).en} left to credit before taxes.`,
            fr: `Il reste ${m(line.leftCents).fr} avant taxes à créditer sur la ligne ${index + 1}.`,
          }));
        }
        const t = treatmentOf(line.taxKeys);
        byTreatment.set(t, (byTreatment.get(t) ?? 0) + cents);
        lines.push(creditLine(room, index, line.taxKeys, cents, describe(line)));
      }
      if (lines.length === 0) return notPositive();
      for (const [t, cents] of byTreatment) if (cents > (room.treatments.get(t) ?? 0)) return exceedsInvoice(room);
      if (sumBy(lines, (l) => l.lineTotalCents) > room.subtotalCents) return exceedsInvoice(room);
      return { ok: true, credit: planOf(room, lines) };
    }
    case 'up_to_total': {
      if (request.totalCents <= 0) return notPositive();
      if (request.totalCents >= room.totalCents) {
        return { ok: true, credit: planOf(room, fillLines(room, open, room.subtotalCents, describe)) };
      }
      return { ok: true, credit: upToTotal(room, open, request.totalCents, describe) };
    }
  }
}

const notPositive = (field = 'amount') =>
  fail('credit_not_positive', field, () => ({
    en: 'A credit note credits a positive amount.',
    fr: 'Une note de crédit crédite un montant positif.',
  }));

const exceedsInvoice = (room: CreditRoom) =>
  fail('credit_exceeds_invoice', 'amount', (m) => ({
    en: `A credit note cannot exceed its invoice: at most ${m(room.subtotalCents).en} before taxes is left to credit.`,
    fr: `Une note de crédit ne peut dépasser sa facture\u00a0: il reste au plus ${m(room.subtotalCents).fr} avant taxes à créditer.`,
  }));

/** `subtotal` spread over the open lines in order, each up to what is left of it and of its treatment. */
function fillLines(
  room: CreditRoom,
  open: readonly CreditRoomLine[],
  subtotal: number,
  describe: (line: CreditRoomLine | null) => string,
  amounts?: readonly number[],
): InvoiceLine[] {
  const treatmentLeft = new Map(room.treatments);
  const out: InvoiceLine[] = [];
  let left = subtotal;
  open.forEach((line, i) => {
    const t = treatmentOf(line.taxKeys);
    const cap = Math.min(line.leftCents, treatmentLeft.get(t) ?? 0, left);
    const cents = Math.min(cap, amounts ? amounts[i]! : cap);
    if (cents <= 0) return;
    treatmentLeft.set(t, (treatmentLeft.get(t) ?? 0) - cents);
    left -= cents;
    out.push(creditLine(room, line.index, line.taxKeys, cents, describe(line)));
  });
  return out;
}

/**
 * The largest credit spread over the open lines in proportion to what is left of each, whose
 * total stays within `maxTotal`; then cent by cent where a cent still fits, so the credit reaches
 * the unpaid amount exactly whenever the taxes' rounding allows it.
 */
function upToTotal(
  room: CreditRoom,
  open: readonly CreditRoomLine[],
  maxTotal: number,
  describe: (line: CreditRoomLine | null) => string,
): PlannedCredit {
  const caps = open.map((l) => l.leftCents);
  const weight = sumBy(caps, (c) => c);
  const spread = (s: number) => caps.map((c) => Number((BigInt(c) * BigInt(s)) / BigInt(weight)));
  const at = (amounts: readonly number[]) => planOf(room, fillLines(room, open, room.subtotalCents, describe, amounts));
  let lo = 0;
  let hi = room.subtotalCents;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (at(spread(mid)).totalCents <= maxTotal) lo = mid;
    else hi = mid - 1;
  }
  const amounts = spread(lo);
  let best = at(amounts);
  for (let i = 0; i < amounts.length && best.totalCents < maxTotal; i++) {
    while (amounts[i]! < caps[i]!) {
      amounts[i]! += 1;
      const next = at(amounts);
      if (next.totalCents > maxTotal || next.subtotalCents === best.subtotalCents) {
        amounts[i]! -= 1;
        break;
      }
      best = next;
      if (best.totalCents === maxTotal) break;
    }
  }
  return best;
}
