// Which taxes each line of a quote (or invoice) pays, by name, for the pages that show it when
// the lines are taxed differently (docs/accounts.md, "Taxes line by line"). Pure, for both pages.
import type { Language } from './order-presentation.js';
import type { TaxLine } from './taxes.js';
import { taxKeyOf } from './tax-treatment.js';

export interface LineTaxed {
  taxes: readonly TaxLine[];
  /** Absent on documents made before taxes were kept line by line. */
  lineTaxKeys?: readonly (readonly string[])[];
}

/**
 * For each line, the names of the taxes charged on it ("GST", "PST"), in a language; null on a
 * document that does not say. Two tax lines of one name (the HST and its children's clothing
 * rate) are told apart by their rate: "HST (13%)", "HST (5%)".
 */
export function lineTaxNames(doc: LineTaxed, language: Language): string[][] | null {
  if (!doc.lineTaxKeys) return null;
  const count = new Map<string, number>();
  for (const tax of doc.taxes) count.set(tax.name[language], (count.get(tax.name[language]) ?? 0) + 1);
  const nameOf = new Map(
    doc.taxes.map((tax) => {
      const name = tax.name[language];
      return [taxKeyOf(tax), (count.get(name) ?? 0) > 1 ? `${name} (${tax.rateLabel[language]})` : name];
    }),
  );
  return doc.lineTaxKeys.map((keys) => keys.map((key) => nameOf.get(key) ?? key));
}

/** True when every line pays the same taxes (or the document does not say): no need to mark lines. */
export function taxedAlike(doc: LineTaxed): boolean {
  if (!doc.lineTaxKeys) return true;
  return new Set(doc.lineTaxKeys.map((keys) => [...keys].sort().join(' '))).size <= 1;
}
