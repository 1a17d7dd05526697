// What "Change my order" does to a view's decoration (docs/product.md, "Changing an order"), as the
// inbox's "Edit order" does it: each of a layout's four views has its own decoration (method,
// location, print size and, for a screen print, its ink colours); choosing "No decoration"
// removes it, choosing a method adds it. The ink colours are kept as typed until the change is
// sent, so a wrong number is named beside its field and nothing typed is lost; a decoration
// that is not screen-printed sends none. The server checks the result with the submission's
// schema (shared/order-schema.ts).
import type { DecorationMethod, ViewName } from '../../../shared/constants.js';
import type { CustomerOrderView } from '../../../shared/quote-api.js';

type Doc = CustomerOrderView['document'];

/** The ink colours as typed, by layout and view ("1.Front"). */
export type InksText = Record<string, string>;

export const inksKey = (layoutKey: string, view: ViewName) => `${layoutKey}.${view}`;
export const viewPath = (layoutKey: string, view: ViewName, field: string) =>
  `layouts.${layoutKey}.viewData.${view}.${field}`;

/** The ink colours each view's decoration has now, as the fields show them. */
export function inksOf(doc: Doc): InksText {
  const out: InksText = {};
  for (const [key, layout] of Object.entries(doc.layouts)) {
    for (const [view, datum] of Object.entries(layout.viewData)) {
      if (datum?.colours !== undefined) out[inksKey(key, view as ViewName)] = String(datum.colours);
    }
  }
  return out;
}

/** Adds, changes or (with '') removes a view's decoration; a removed one keeps its artwork's file, if it had one. */
export function setMethod(doc: Doc, layoutKey: string, view: ViewName, method: DecorationMethod | ''): void {
  const views = doc.layouts[layoutKey]!.viewData;
  const datum = views[view];
  if (method === '') {
    if (!datum) return;
    if (datum.image) datum.decoration = '';
    else delete views[view];
    return;
  }
  if (datum) datum.decoration = method;
  else views[view] = { image: '', dimensions: '', decoration: method, colours: undefined };
}

/**
 * Writes the typed ink colours into the document: a screen print's whole number from 1 to 100, or
 * none when left empty; any other method none. Answers the fields whose text is not such a number.
 */
export function applyInks(doc: Doc, inks: InksText): string[] {
  const wrong: string[] = [];
  for (const [key, layout] of Object.entries(doc.layouts)) {
    for (const [name, datum] of Object.entries(layout.viewData)) {
      if (!datum) continue;
      const view = name as ViewName;
      const text = (inks[inksKey(key, view)] ?? '').trim();
      datum.colours = undefined;
      if (datum.decoration !== 'screen-printing' || text === '') continue;
      const n = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
      if (n >= 1 && n <= 100) datum.colours = n;
      else wrong.push(viewPath(key, view, 'colours'));
    }
  }
  return wrong;
}

/** The page's own words for a decoration field the server refused, or null for the server's sentence. */
export function decorationFieldError(
  path: string,
  words: Record<'decoration' | 'location' | 'dimensions' | 'colours', string>,
): string | null {
  const match = /^layouts\.\d+\.viewData\.[^.]+\.(decoration|location|dimensions|colours)$/.exec(path);
  return match ? words[match[1] as keyof typeof words] : null;
}
