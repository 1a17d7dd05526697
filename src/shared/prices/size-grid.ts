// The form's row of size boxes and the "Sizes and Quantities" text it fills. The text stays the
// wire format (docs/product.md): the boxes write it, and text the reader understands fills them
// back. Anything else leaves the boxes empty and the customer's text as they typed it.
import { readQuantity } from '../quantities.js';

export interface SizeBox {
  size: string;
  quantity: number;
}

/**
 * One spelling per size, so "2xl", "XXL" and "2X" all name the garment's "2XL": upper case, and a
 * run of X before S or L written as a count.
 */
export function sizeKey(size: string): string {
  const s = size.trim().toUpperCase();
  if (!s.includes('X')) return s;
  const run = /^(X{2,5})([SL])$/.exec(s);
  if (run) return `${run[1]!.length}X${run[2]!}`;
  const short = /^([2-6])X$/.exec(s);
  return short ? `${short[1]!}XL` : s;
}

/** `S:10, M:20, L:20, 2XL:5`, in the order given; boxes left empty or at 0 are left out. */
export function sizesToText(sizes: readonly SizeBox[]): string {
  return sizes
    .filter((box) => Number.isSafeInteger(box.quantity) && box.quantity > 0)
    .map((box) => `${box.size}:${box.quantity}`)
    .join(', ');
}

/**
 * The quantity of each of the garment's sizes that the text asks for, in the garment's order and
 * spelled as the garment spells them; [] for blank text. Null when the reader cannot read the text
 * by size, or names a size the garment does not have: the boxes then stay empty.
 */
export function readSizeBoxes(text: string, garmentSizes: readonly string[]): SizeBox[] | null {
  if (text.trim() === '') return [];
  const parts = readQuantity(text)?.parts;
  if (!parts || parts.length === 0) return null;
  const byKey = new Map(garmentSizes.map((size) => [sizeKey(size), { size, quantity: 0 }]));
  for (const part of parts) {
    const box = byKey.get(sizeKey(part.size));
    if (!box) return null;
    // "S:10, S:5" is 15 small, as the piece count reads it.
    box.quantity += part.qty;
  }
  return [...byKey.values()].filter((box) => box.quantity > 0);
}

/**
 * A team's sizes with the organiser's own extra pieces (docs/collections.md, "The organiser's
 * own pieces"): the entries' count per size plus the extras' text, in the garment's order, as the
 * "Sizes and Quantities" text. The form shows it and the server writes it with the same function,
 * so what the form showed is what is sent. Null when the extras name a size the garment lacks or
 * cannot be read by size.
 */
export function teamSizesWithExtras(counts: readonly SizeBox[], extras: string): string | null {
  const extraBoxes = readSizeBoxes(
    extras,
    counts.map((c) => c.size),
  );
  if (extraBoxes === null) return null;
  return sizesToText(
    counts.map((c) => ({
      size: c.size,
      quantity: c.quantity + (extraBoxes.find((e) => e.size === c.size)?.quantity ?? 0),
    })),
  );
}
