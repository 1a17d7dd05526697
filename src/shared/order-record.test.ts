import { describe, expect, it } from 'vitest';
import type { OrderBody } from './order.js';
import { guardTyped, orderRecord } from './order-record.js';
import { frenchTypographyFaults } from './french.js';

const order = {
  layouts: {
    '2': {
      mockupOption: 'upload',
      garmentOption: 'po',
      hasVectorFiles: 'yes',
      variations: [],
      files: [{ name: 'logo.ai', type: 'application/postscript' }],
      mockupImages: ['Layout_2_Mockup_1.png'],
      viewData: {},
    },
    '1': {
      mockupOption: 'upload',
      garmentOption: 'pick',
      hasVectorFiles: 'no',
      variations: [
        { type: 'Gildan 5000', color: 'Black', sizes: 'S 1', supplyingGoods: 'no' },
        { type: 'Hoodie', color: 'Navy', sizes: 'lots', supplyingGoods: 'yes' },
      ],
      files: [],
      mockupImages: [],
      viewData: {
        Front: { image: 'Layout_1_Front.png', dimensions: '10 in wide', decoration: 'screen-printing', colours: 1 },
        Back: { image: '', dimensions: '', decoration: '' },
      },
    },
  },
} as unknown as OrderBody;

const estimate = {
  priceListVersion: 4,
  subtotalCents: 123_456,
  totalCents: 139_505,
  lines: [
    {
      description: {
        en: 'Layout 1 · Front · Screen printing, 1 colour',
        fr: 'Design 1 · Devant · Sérigraphie, 1 couleur',
      },
      totalCents: 5000,
    },
  ],
  onQuote: [
    {
      en: 'Variation #2 (Hoodie, Navy): priced on your quote',
      fr: 'Variante no 2 (Hoodie, Navy)\u00a0: prix dans votre soumission',
    },
  ],
};

describe('the customer’s record of an order', () => {
  it('lists each layout in number order with its garments, sizes as read, views and files', () => {
    expect(orderRecord(order, null, 'en')).toEqual([
      {
        heading: 'Design Layout 1',
        lines: [
          'Garment: Gildan 5000, Black, S 1 (1 piece)',
          'Variation #2: Hoodie, Navy, sizes as written on your order, customer supplies the goods',
          'Front: Screen printing, 1 colour, 10 in wide, Layout_1_Front.png',
          'Files: Layout_1_Front.png',
        ],
      },
      {
        heading: 'Design Layout 2',
        lines: ['Garments: information provided in a PO', 'Files: Layout_2_Mockup_1.png, logo.ai'],
      },
    ]);
  });

  it('marks the estimate as one, in French with its typography, and names what the quote prices', () => {
    const record = orderRecord(order, estimate, 'fr');
    expect(record.at(-1)).toEqual({
      heading: 'Estimation (pas une soumission)',
      lines: [
        'Une estimation tirée de notre liste de prix (v4), telle que le formulaire l’a affichée\u00a0: votre soumission fixe le prix.',
        'Design 1 · Devant · Sérigraphie, 1 couleur\u00a0: 50,00\u00a0$',
        'Sous-total estimé\u00a0: 1\u202f234,56\u00a0$',
        'Total estimé jusqu’ici, taxes comprises\u00a0: 1\u202f395,05\u00a0$',
        'Variante no 2 (Hoodie, Navy)\u00a0: prix dans votre soumission',
      ],
    });
    expect(record[0]!.lines[0]).toBe('Vêtement\u00a0: Gildan 5000, Noir, S 1 (1 pièce)');
    const faults = record.flatMap((s) => [s.heading, ...s.lines]).flatMap(frenchTypographyFaults);
    expect(faults).toEqual([]);
    expect(orderRecord(order, { ...estimate, onQuote: [] }, 'en').at(-1)!.lines).toContain(
      'Estimated total with taxes: $1,395.05',
    );
  });

  it('names each decoration’s location, the view’s own and the extra ones, in each language', () => {
    const layout = order.layouts['1']!;
    const located = {
      layouts: {
        '1': {
          ...layout,
          viewData: { Front: { ...layout.viewData.Front!, location: 'full-front' } },
          extraDecorations: [
            { view: 'Front', location: 'left-chest', image: '', dimensions: '3.5 in wide', decoration: 'embroidery' },
            { view: 'Back', location: 'nape', image: 'tag.png', dimensions: '2 in', decoration: 'dtf' },
          ],
        },
      },
    } as unknown as OrderBody;
    expect(orderRecord(located, null, 'en')[0]!.lines.slice(2, 5)).toEqual([
      'Front · Full front: Screen printing, 1 colour, 10 in wide, Layout_1_Front.png',
      'Front · Left chest: Embroidery, 3.5 in wide',
      'Back · Nape: DTF, 2 in, tag.png',
    ]);
    expect(orderRecord(located, null, 'fr')[0]!.lines[3]).toBe('Devant · Poitrine gauche\u00a0: Broderie, 3.5 in wide');
  });

  it('shows typed text short and without links, addresses or phone numbers', () => {
    expect(guardTyped('Your account is locked, log in at http://phish.example/now')).toBe(
      'Your account is locked, log in at …',
    );
    expect(guardTyped('write to help@evil.example or www.evil.example')).toBe('write to … or …');
    expect(guardTyped('Call 1-900-555-0199 today')).toBe('Call … today');
    expect(guardTyped('visit evil.com')).toBe('visit …');
    expect(guardTyped('A'.repeat(100))).toHaveLength(60);
    expect(guardTyped('Gildan 5000, 10 x 12 in')).toBe('Gildan 5000, 10 x 12 in');
    expect(guardTyped('Layout_1_Front.png')).toBe('Layout_1_Front.png');
  });
});
