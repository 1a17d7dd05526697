// The quote editor's lines as the clerk types them (text, so a half-typed price stays as typed),
// and the same lines as the server takes them: whole cents, numbers.
import type { StaffQuoteState } from '../../../shared/quote-api.js';
import type { Language } from '../../shared/language.js';
import { parsePrice, priceText } from './quote-messages.js';

export interface EditorLine {
  key: string;
  description: string;
  quantity: string;
  price: string;
  taxable: boolean;
  needsQuantity?: boolean;
}

let nextKey = 0;
export const keyed = (line: Omit<EditorLine, 'key'>): EditorLine => ({ ...line, key: `l${nextKey++}` });

type Sendable = { description: string; quantity: number; unitPriceCents: number; taxable: boolean };

/** The lines as the server takes them, or the index of each line whose price cannot be read. */
export function toSendable(lines: EditorLine[]): { lines: Sendable[]; badPrices: Set<number> } {
  const badPrices = new Set<number>();
  const out = lines.map((l, i) => {
    const cents = parsePrice(l.price);
    if (cents === null) badPrices.add(i);
    return {
      description: l.description,
      quantity: Number(l.quantity.trim() === '' ? NaN : l.quantity),
      unitPriceCents: cents ?? 0,
      taxable: l.taxable,
    };
  });
  return { lines: out, badPrices };
}

/** The lines the editor opens with: the draft, else the last version sent, else the order's suggestions. */
export function startingLines(state: StaffQuoteState, lang: Language): EditorLine[] {
  const last = state.versions.at(-1);
  const source = state.draft ?? last?.quote.lines ?? null;
  if (source) {
    return source.map((l) =>
      keyed({
        description: l.description,
        quantity: String(l.quantity),
        price: priceText(l.unitPriceCents, lang),
        taxable: l.taxable,
      }),
    );
  }
  return state.suggestions.map((s) =>
    keyed({
      description: s.description,
      quantity: String(s.quantity),
      price: priceText(s.unitPriceCents, lang),
      taxable: s.taxable,
      needsQuantity: s.needsQuantity,
    }),
  );
}
