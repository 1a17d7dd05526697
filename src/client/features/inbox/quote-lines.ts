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
  /** Left at $0 by the price list: the clerk must price it (or remove it) before sending. */
  needsPrice?: boolean;
  /** How the price list came to this line's amount, or why it could not. */
  reason?: string;
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

export interface StartingLines {
  lines: EditorLine[];
  /** The price list version they came from, recorded on the quote; null when typed by hand. */
  priceListVersion: number | null;
  /** Where they came from, for the note above them. */
  origin: 'draft' | 'version' | 'priced' | 'suggested';
}

/**
 * The lines the editor opens with: the draft, else the last version sent, else the order priced
 * from the current price list ("Prepare quote"), else the order's unpriced suggestions.
 */
export function startingLines(state: StaffQuoteState, lang: Language): StartingLines {
  const last = state.versions.at(-1);
  const source = state.draft ?? last?.quote.lines ?? null;
  if (source) {
    return {
      lines: source.map((l) =>
        keyed({
          description: l.description,
          quantity: String(l.quantity),
          price: priceText(l.unitPriceCents, lang),
          taxable: l.taxable,
        }),
      ),
      priceListVersion: state.draft ? state.draftPriceListVersion : (last?.priceListVersion ?? null),
      origin: state.draft ? 'draft' : 'version',
    };
  }
  if (state.priced) {
    return {
      lines: state.priced.lines.map((l) =>
        keyed({
          description: l.description,
          quantity: String(l.quantity),
          price: priceText(l.unitPriceCents, lang),
          taxable: l.taxable,
          needsPrice: l.needsPrice,
          reason: l.reason[lang],
        }),
      ),
      priceListVersion: state.priced.priceListVersion,
      origin: 'priced',
    };
  }
  const suggested = state.suggestions.map((s) =>
    keyed({
      description: s.description,
      quantity: String(s.quantity),
      price: priceText(s.unitPriceCents, lang),
      taxable: s.taxable,
      needsQuantity: s.needsQuantity,
    }),
  );
  return { lines: suggested, priceListVersion: null, origin: 'suggested' };
}
