// An order's layouts as lines of text, for the confirmation mail and the order's page
// (docs/product.md): apart from the rest of order-presentation.ts because it names colours in
// French (colour-names.ts), which the order form's first download does not need.
import { colourName } from './colour-names.js';
import type { OrderBody, OrderLayout } from './order.js';
import {
  decorationLabel,
  filledViews,
  labelled,
  mockupText,
  ORDER_WORDS,
  placeName,
  type Language,
} from './order-presentation.js';

/** One layout as lines of text: mockups, each filled view, then garments. */
export function layoutLines(layout: OrderLayout, language: Language = 'en'): string[] {
  const words = ORDER_WORDS[language];
  const lines = [labelled(words.mockups, mockupText(layout, language), language)];
  for (const d of filledViews(layout)) {
    const v = d.datum;
    const decoration = v.decoration ? decorationLabel(v.decoration, language) : '';
    lines.push(
      labelled(
        placeName(d.view, d.named ? d.location : null, language),
        [v.image, v.dimensions, decoration].filter(Boolean).join(', '),
        language,
      ),
    );
  }
  if (layout.garmentOption === 'po') lines.push(words.poGarments);
  if (layout.garmentOption === 'pick') {
    layout.variations.forEach((v, i) => {
      const supplied = v.supplyingGoods === 'yes' ? words.supplies(v.itemPO ?? '') : '';
      const title = i === 0 ? words.garment : words.variation(i + 1);
      lines.push(
        labelled(
          title,
          [v.type, colourName(v.color, language), v.sizes, supplied].filter(Boolean).join(', ') || words.noDetails,
          language,
        ),
      );
    });
  }
  return lines;
}

/** The layouts in number order, each with its title and lines. */
export function layoutSections(
  order: OrderBody,
  language: Language = 'en',
): { n: number; title: string; lines: string[] }[] {
  return Object.keys(order.layouts)
    .map(Number)
    .sort((a, b) => a - b)
    .map((n) => ({
      n,
      title: ORDER_WORDS[language].layoutTitle(n),
      lines: layoutLines(order.layouts[String(n)]!, language),
    }));
}
