// Garments from a supplier's price file as the supplier publishes it (SanMar Canada, S&S
// Activewear Canada, alphabroder/Debco, or any CSV of style, name, colour, size and price, and
// optionally the name in French), grouped into the price list's garments (docs/prices.md,
// "Supplier price files"). Each size's
// cost takes the owner's markup (markup.ts); a style's unit price is its lowest size price and
// dearer sizes become size upcharges. Every bad row is named by its line, in both languages;
// nothing of a file with a bad row is used.
import Papa from 'papaparse';
import { moneyOrNull } from '../amounts.js';
import { applyMarkup, NO_MARKUP, type MarkupRule } from './markup.js';
import { PRICE_LIST_LIMITS, type Bilingual, type PriceListGarment } from './price-list.js';

export type GarmentsCsvReading =
  | {
      ok: true;
      garments: PriceListGarment[];
      rows: number;
      /** The supplier the file's columns are recognised as, or null for a plain CSV. */
      supplier: string | null;
    }
  | { ok: false; errors: Bilingual[] };

const COLUMNS = ['style', 'name', 'colour', 'size', 'price'] as const;
type Column = (typeof COLUMNS)[number] | 'brand' | 'nameFr';

/**
 * Header names taken for each column, as `headerKey` writes them (lowercase, words apart), the
 * first found wins: ours in English and French, then the suppliers' own (SanMar "STYLE#",
 * "PRODUCT_TITLE", "COLOR_NAME", "PIECE_PRICE"; S&S "styleName", "colorName", "sizeName",
 * "customerPrice", "piecePrice"; alphabroder "Style", "Short Description", "Color Name",
 * "Piece Price"). The shop's own cost ("customer price") before the list's piece price, a case
 * price only when the file has no other.
 */
export const SUPPLIER_HEADERS: Record<Column, readonly string[]> = {
  style: ['style', 'style number', 'style name', 'style no', 'modèle', 'sku'],
  name: ['name', 'description', 'nom', 'product name', 'product title', 'short description', 'title'],
  colour: ['colour', 'color', 'couleur', 'color name', 'colour name'],
  size: ['size', 'taille', 'size name'],
  price: ['price', 'prix', 'unit price', 'cost', 'customer price', 'your price', 'piece price', 'case price'],
  brand: ['brand', 'brand name', 'mill', 'mill name', 'marque'],
  // Optional: the garment's name in French (its first row's that has one), for French lines.
  nameFr: ['name fr', 'name (fr)', 'french name', 'nom fr', 'nom français', 'nom en français', 'description fr'],
};

/** A header as compared: "PIECE_PRICE", "Piece Price", "piecePrice" and "STYLE#" read "piece price" and "style". */
function headerKey(cell: string): string {
  return cell
    .trim()
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[_#]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Which supplier's file this is, by the columns only that supplier's files have. */
function supplierOf(keys: readonly string[]): string | null {
  const has = (key: string) => keys.includes(key);
  if (has('product title') || has('dozens price')) return 'SanMar Canada';
  if (has('style name') && has('brand name')) return 'S&S Activewear Canada';
  if (has('mill name') || has('item number')) return 'alphabroder / Debco';
  return null;
}

/** Dollars as a supplier writes them ("4.50", "$4.50", "4,50 $", "1,204.00", "4.5000"), in whole cents; null if not. */
export function readDollars(text: string): number | null {
  // Some files write four decimals: zeros past the cents are no fraction of a cent.
  return moneyOrNull(text.replace(/([.,]\d{2})0+(?=\D*$)/, '$1'), { allowZero: true, maxCents: 999_999_999 });
}

const lineSay = (line: number, en: string, fr: string): Bilingual => ({
  en: `Line ${line}: ${en}`,
  fr: `Ligne ${line}\u00a0: ${fr}`,
});

interface Row {
  line: number;
  style: string;
  name: string;
  nameFr: string;
  colour: string;
  size: string;
  cents: number;
}

/**
 * Reads the CSV text. A first row naming the columns may put them in any order; without one, the
 * order is style, name, colour, size, price. Each size's cost takes `markup`; a supplier's file
 * gives each garment its supplier and the supplier's style as its SKU (for purchase orders).
 */
export function readGarmentsCsv(text: string, markup: MarkupRule = NO_MARKUP): GarmentsCsvReading {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const errors: Bilingual[] = [];
  for (const e of parsed.errors.slice(0, 10)) {
    const line = (e.row ?? 0) + 1;
    errors.push(lineSay(line, `cannot be read as CSV (${e.message})`, `illisible en CSV (${e.message})`));
  }
  const table = parsed.data;
  if (table.length === 0)
    return { ok: false, errors: [{ en: 'The file has no rows.', fr: 'Le fichier n’a aucune ligne.' }] };

  const first = table[0]!.map(headerKey);
  const hasHeader = first.some((cell) => Object.values(SUPPLIER_HEADERS).some((names) => names.includes(cell)));
  const supplier = hasHeader ? supplierOf(first) : null;
  const at: Record<Column, number> = { style: 0, name: 1, colour: 2, size: 3, price: 4, brand: -1, nameFr: -1 };
  if (hasHeader) {
    const indexOf = (column: Column) =>
      SUPPLIER_HEADERS[column].map((name) => first.indexOf(name)).find((i) => i >= 0) ?? -1;
    at.brand = indexOf('brand');
    at.nameFr = indexOf('nameFr');
    for (const column of COLUMNS) {
      const index = indexOf(column);
      // Without a name column, a supplier's file names a garment by its brand and style.
      if (index < 0 && column === 'name' && at.brand >= 0) {
        at.name = -1;
        continue;
      }
      if (index < 0) {
        errors.push(
          lineSay(
            1,
            `no "${column}" column (the columns are style, name, colour, size, price)`,
            `pas de colonne «\u00a0${column}\u00a0» (les colonnes sont style, name, colour, size, price)`,
          ),
        );
      }
      at[column] = index;
    }
    if (errors.length > 0) return { ok: false, errors };
  }

  const rows: Row[] = [];
  table.forEach((cells, i) => {
    if (hasHeader && i === 0) return;
    const line = i + 1;
    if (errors.length >= 50) return;
    const cell = (column: Column) => (at[column] < 0 ? '' : (cells[at[column]] ?? '').trim());
    const [style, named, colour, size, price] = COLUMNS.map(cell) as [string, string, string, string, string];
    const name = named || [cell('brand'), style].filter(Boolean).join(' ');
    const nameFr = cell('nameFr');
    if (!style) return void errors.push(lineSay(line, 'the style is empty', 'le modèle est vide'));
    if (!size) return void errors.push(lineSay(line, 'the size is empty', 'la taille est vide'));
    const tooLong = [style, name, nameFr, colour, size].find((v) => v.length > PRICE_LIST_LIMITS.text);
    if (tooLong) {
      return void errors.push(
        lineSay(
          line,
          `a cell is longer than ${PRICE_LIST_LIMITS.text} characters`,
          `une cellule dépasse ${PRICE_LIST_LIMITS.text} caractères`,
        ),
      );
    }
    const cents = readDollars(price);
    if (cents === null) {
      return void errors.push(
        lineSay(
          line,
          `"${price}" is not a price in dollars, such as 4.50`,
          `«\u00a0${price}\u00a0» n’est pas un prix en dollars, comme 4,50`,
        ),
      );
    }
    rows.push({ line, style, name: name || style, nameFr, colour, size, cents });
  });
  if (errors.length > 0) return { ok: false, errors };
  if (rows.length === 0)
    return { ok: false, errors: [{ en: 'The file has no garments.', fr: 'Le fichier n’a aucun vêtement.' }] };

  // Grouped by style (without regard to case), in the order the file gives them.
  const styles = new Map<string, { rows: Row[] }>();
  for (const row of rows) {
    const key = row.style.toLowerCase();
    if (!styles.has(key)) styles.set(key, { rows: [] });
    styles.get(key)!.rows.push(row);
  }
  const garments: PriceListGarment[] = [];
  for (const { rows: styleRows } of styles.values()) {
    const head = styleRows[0]!;
    const priceOfSize = new Map<string, Row>();
    const sizes: string[] = [];
    const colours: string[] = [];
    for (const row of styleRows) {
      const sizeKey = row.size.toUpperCase();
      const seen = priceOfSize.get(sizeKey);
      // A supplier prices some colours higher (white often costs less): the dearest colour's cost
      // of each size is taken, so no colour sells at a loss. A plain file must be unambiguous.
      if (seen && supplier && row.cents > seen.cents) priceOfSize.set(sizeKey, row);
      else if (seen && !supplier && seen.cents !== row.cents) {
        errors.push(
          lineSay(
            row.line,
            `${head.style} size ${row.size} costs ${(row.cents / 100).toFixed(2)} here but ${(seen.cents / 100).toFixed(2)} on line ${seen.line}: one price per size`,
            `${head.style} taille ${row.size} coûte ${(row.cents / 100).toFixed(2)} ici mais ${(seen.cents / 100).toFixed(2)} à la ligne ${seen.line}\u00a0: un prix par taille`,
          ),
        );
        continue;
      }
      if (!seen) {
        priceOfSize.set(sizeKey, row);
        sizes.push(row.size);
      }
      if (row.colour && !colours.some((c) => c.toLowerCase() === row.colour.toLowerCase())) colours.push(row.colour);
    }
    if (sizes.length > PRICE_LIST_LIMITS.sizes) {
      errors.push(
        lineSay(
          head.line,
          `${head.style} has more than ${PRICE_LIST_LIMITS.sizes} sizes`,
          `${head.style} a plus de ${PRICE_LIST_LIMITS.sizes} tailles`,
        ),
      );
    }
    // Each size's cost marked up on its own: the upcharge is the difference of selling prices.
    const sell = (size: string) => applyMarkup(priceOfSize.get(size.toUpperCase())!.cents, markup);
    const unitCents = Math.min(...sizes.map(sell));
    const upcharges = Object.fromEntries(
      sizes.flatMap((size) => {
        const extra = sell(size) - unitCents;
        return extra > 0 ? [[size, extra] as const] : [];
      }),
    );
    const nameFr = styleRows.find((row) => row.nameFr !== '')?.nameFr;
    garments.push({
      id: head.style,
      name: head.name,
      ...(nameFr ? { nameFr } : {}),
      colours: colours.slice(0, PRICE_LIST_LIMITS.colours),
      sizes,
      unitCents,
      ...(Object.keys(upcharges).length > 0 ? { sizeUpchargeCents: upcharges } : {}),
      ...(supplier ? { supplier, supplierSku: head.style } : {}),
    });
  }
  if (garments.length > PRICE_LIST_LIMITS.garments) {
    errors.push({
      en: `The file has ${garments.length} styles; a price list holds at most ${PRICE_LIST_LIMITS.garments}.`,
      fr: `Le fichier a ${garments.length} modèles\u202f; une liste de prix en contient au plus ${PRICE_LIST_LIMITS.garments}.`,
    });
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, garments, rows: rows.length, supplier };
}
