import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VIEWS, type ProvinceCode, type ViewName } from '../constants.js';
import { formatCents } from '../money.js';
import type { TaxRegistrations } from '../taxes.js';
import example from './example-price-list.json';
import { readPriceList, type PriceList } from './price-list.js';
import {
  businessDaysBetween,
  createOrderPricer,
  priceOrder,
  type PricedOrder,
  type PricingContext,
  type PricingLayout,
  type PricingOrder,
  type PricingVariation,
  type PricingView,
} from './price-order.js';
import { sizesToText } from './size-grid.js';
import { repeatedDecorations, reusedArtwork } from './repeated-decorations.js';

const NBSP = '\u00a0';

/** The example price list, changed before it is read (a list that has been read is frozen). */
function priceList(changes: (list: PriceList) => void = () => {}): PriceList {
  const copy = structuredClone(example) as PriceList;
  changes(copy);
  const read = readPriceList(copy);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.priceList;
}

const GST_HST_ONLY: TaxRegistrations = { gstHst: true, qst: false, pstProvinces: [] };
const EVERY_TAX: TaxRegistrations = { gstHst: true, qst: true, pstProvinces: ['BC', 'MB', 'SK'] };
// A Monday.
const DATE = '2026-05-04';
const context = (extra: Partial<PricingContext> = {}): PricingContext => ({
  date: DATE,
  shopProvince: 'ON',
  registrations: GST_HST_ONLY,
  ...extra,
});

/** A reorder of `past` placed on `placedOn`, its artwork ('graphic.png', 'back.png') reused. */
function repeatOf(past: PricingOrder, placedOn: string) {
  const files = [
    { id: 'a1', name: 'graphic.png', sha256: 'sha-graphic' },
    { id: 'a2', name: 'back.png', sha256: 'sha-back' },
  ];
  return {
    reference: '3SJ5-DHPY',
    placedOn,
    decorations: repeatedDecorations(past, files),
    artwork: reusedArtwork(files, new Map(files.map((f) => [f.id, f.sha256]))),
  };
}

const variation = (type: string, sizes: string, extra: Partial<PricingVariation> = {}): PricingVariation => ({
  type,
  color: 'Black',
  sizes,
  supplyingGoods: 'no',
  ...extra,
});

const view = (decoration: string, dimensions: string, extra: Partial<PricingView> = {}): PricingView => ({
  image: 'graphic.png',
  dimensions,
  decoration,
  ...extra,
});

function layout(variations: PricingVariation[], viewData: PricingLayout['viewData'] = {}): PricingLayout {
  return { garmentOption: 'pick', variations, viewData };
}

const shippedTo = (province: string): Partial<PricingLayout> => ({
  billing: { province: 'ON' },
  shipping: { province, sameAsBilling: false, localPickup: false },
  deadline: { hasCriticalDeadline: false, date: '' },
});

function order(layouts: PricingLayout[], extra: Partial<PricingOrder> = {}, province = 'ON'): PricingOrder {
  const entries = layouts.map((l, i) => [String(i + 1), i === 0 ? { ...shippedTo(province), ...l } : l] as const);
  return { layouts: Object.fromEntries(entries), isResalePartner: false, includePolyBags: false, ...extra };
}

/** The worked example of docs/prices.md: 55 G5000, a 2-colour front at 10" wide, a 4" DTF back. */
const workedLayout = (): PricingLayout =>
  layout([variation('G5000', 'S:10, M:20, L:20, 2XL:5')], {
    Front: view('screen-printing', '10" wide', { colours: 2 }),
    Back: view('dtf', '4"'),
    'Left Sleeve': { image: '', dimensions: '', decoration: '' },
    'Right Sleeve': { image: '', dimensions: '', decoration: '' },
  });

const shape = (priced: PricedOrder) =>
  priced.lines.map((l) => [l.kind, l.layout, l.view ?? null, l.quantity, l.unitCents, l.totalCents]);
const linesOf = (priced: PricedOrder, kind: string) => priced.lines.filter((l) => l.kind === kind);
const reasonsOnQuote = (priced: PricedOrder) => priced.onQuote.map((q) => q.reason.en);

describe('priceOrder: the worked example', () => {
  const priced = priceOrder(priceList(), order([workedLayout()]), context());

  it('prices every line of 55 G5000 with a 2-colour front and a 4" DTF back', () => {
    expect(shape(priced)).toEqual([
      ['garment', '1', null, 50, 450, 22_500],
      ['garment', '1', null, 5, 650, 3_250],
      ['decoration', '1', 'Front', 55, 220, 12_100],
      ['setup', '1', 'Front', 2, 1_500, 3_000],
      ['decoration', '1', 'Back', 55, 300, 16_500],
    ]);
    expect(priced.onQuote).toEqual([]);
    expect(priced.notes).toEqual([]);
  });

  it('gives each line its reason and a description for the quote, in both languages', () => {
    const [small, large, front, screens, back] = priced.lines;
    expect(small!.sizes).toEqual([
      { size: 'S', qty: 10 },
      { size: 'M', qty: 20 },
      { size: 'L', qty: 20 },
    ]);
    expect(small!.description).toEqual({
      en: 'Layout 1 · Gildan 5000 T-shirt, Black · S 10, M 20, L 20',
      fr: 'Design 1 · Gildan 5000 T-shirt, Noir · S 10, M 20, L 20',
    });
    expect(small!.reason).toEqual({ en: '$4.50 × 50', fr: `4,50${NBSP}$ × 50` });
    expect(large!.sizes).toEqual([{ size: '2XL', qty: 5 }]);
    expect(large!.reason).toEqual({
      en: '$4.50 + $2.00 (2XL) = $6.50 × 5',
      fr: `4,50${NBSP}$ + 2,00${NBSP}$ (2XL) = 6,50${NBSP}$ × 5`,
    });
    expect(front!.description).toEqual({
      en: 'Layout 1 · Front · Screen printing, 2 colours',
      fr: 'Design 1 · Devant · Sérigraphie, 2 couleurs',
    });
    expect(front!.reason).toEqual({
      en: '55 pieces, 2 colours, price from 48 pieces: $2.20 × 55',
      fr: `55 pièces, 2 couleurs, prix à partir de 48 pièces\u00a0: 2,20${NBSP}$ × 55`,
    });
    expect(screens!.description.en).toBe('Layout 1 · Front · Screens');
    expect(screens!.reason).toEqual({
      en: '2 screens, one per colour: $15.00 × 2',
      fr: `2 écrans, un par couleur\u00a0: 15,00${NBSP}$ × 2`,
    });
    expect(back!.description).toEqual({
      en: 'Layout 1 · Back · DTF, 4" longest side',
      fr: 'Design 1 · Dos · DTF, côté le plus long 4 po',
    });
    expect(back!.reason.en).toBe('55 pieces, 4" longest side, price from 24 pieces: $3.00 × 55');
  });

  it('names the garment by its French name in French, where the list gives one', () => {
    const french = priceOrder(
      priceList((list) => void (list.garments[0]!.nameFr = 'T-shirt Gildan 5000')),
      order([layout([variation('G5000', 'S:10, 6XL:1')])]),
      context(),
    );
    expect(french.lines[0]!.description).toEqual({
      en: 'Layout 1 · Gildan 5000 T-shirt, Black · S 10',
      fr: 'Design 1 · T-shirt Gildan 5000, Noir · S 10',
    });
    const xxl = french.onQuote.find((q) => q.reason.en.includes('6XL'))!;
    expect(xxl.reason.fr).toContain('T-shirt Gildan 5000 en 6XL');
    expect(xxl.reason.en).toContain('Gildan 5000 T-shirt in 6XL');
  });

  it('shipped to Ontario by a shop with a GST/HST number: $573.50 + HST $74.56 = $648.06', () => {
    expect(priced.placeOfSupply).toBe('ON');
    expect(priced.subtotalCents).toBe(57_350);
    expect(priced.taxes.map((t) => [t.code, t.rateMilliPercent, t.taxableCents, t.amountCents])).toEqual([
      ['HST', 13_000, 57_350, 7_456],
    ]);
    expect(priced.taxesNotCharged).toEqual([]);
    expect(priced.totalCents).toBe(64_806);
    expect(formatCents(priced.totalCents, 'en')).toBe('$648.06');
    expect(formatCents(priced.totalCents, 'fr')).toBe(`648,06${NBSP}$`);
  });

  it('shipped to Quebec by a shop registered for both: GST $28.68 and QST $57.21', () => {
    const qc = priceOrder(priceList(), order([workedLayout()], {}, 'QC'), context({ registrations: EVERY_TAX }));
    expect(qc.placeOfSupply).toBe('QC');
    expect(qc.subtotalCents).toBe(57_350);
    expect(qc.taxes.map((t) => [t.code, t.amountCents])).toEqual([
      ['GST', 2_868],
      ['QST', 5_721],
    ]);
    expect(qc.taxesNotCharged).toEqual([]);
    expect(qc.totalCents).toBe(65_939);
  });

  it('taxes children’s garments by their province: no BC PST on them, the ON HST rebated to 5 %', () => {
    const youth = priceList((l) => {
      l.garments.push({
        id: 'Y5000',
        name: 'Gildan 5000B Youth',
        colours: ['Black'],
        sizes: ['YS', 'YM'],
        unitCents: 400,
        childrens: true,
      });
    });
    const both = (province: string) =>
      priceOrder(
        youth,
        order([layout([variation('G5000', 'M:10'), variation('Y5000', 'YS:10')])], {}, province),
        context({ registrations: EVERY_TAX }),
      );
    const bc = both('BC');
    // Adult $45.00 and youth $40.00: GST on both, PST 7 % on the adult tees only.
    expect(bc.taxes.map((t) => [t.code, t.taxableCents, t.amountCents])).toEqual([
      ['GST', 8_500, 425],
      ['PST', 4_500, 315],
    ]);
    const on = both('ON');
    expect(on.taxes.map((t) => [t.code, t.rateMilliPercent, t.taxableCents, t.amountCents])).toEqual([
      ['HST', 13_000, 4_500, 585],
      ['HST', 5_000, 4_000, 200],
    ]);
  });

  it('shipped to Quebec by a shop without a QST number: GST only, and why', () => {
    const qc = priceOrder(priceList(), order([workedLayout()], {}, 'QC'), context());
    expect(qc.taxes.map((t) => [t.code, t.amountCents])).toEqual([['GST', 2_868]]);
    expect(qc.taxesNotCharged).toEqual([
      {
        code: 'QST',
        name: { en: 'QST', fr: 'TVQ' },
        reason: {
          en: 'No QST: the shop has no QST number',
          fr: 'Pas de TVQ\u00a0: l’entreprise n’a pas de numéro de TVQ',
        },
      },
    ]);
    expect(qc.totalCents).toBe(57_350 + 2_868);
  });
});

describe('priceOrder: taxes by the shop’s registrations and the place of supply', () => {
  const price = (province: string, registrations: TaxRegistrations, details: Partial<PricingLayout> = {}) =>
    priceOrder(
      priceList(),
      { layouts: { '1': { ...workedLayout(), ...shippedTo(province), ...details } } },
      context({ registrations }),
    );

  it('a small supplier without a GST/HST number charges no HST, and says so', () => {
    const priced = price('ON', { gstHst: false, qst: false, pstProvinces: [] });
    expect(priced.taxes).toEqual([]);
    expect(priced.taxesNotCharged.map((t) => t.reason)).toEqual([
      {
        en: 'No HST: the shop has no GST/HST number',
        fr: 'Pas de TVH\u00a0: l’entreprise n’a pas de numéro de TPS/TVH',
      },
    ]);
    expect(priced.totalCents).toBe(priced.subtotalCents);
  });

  it('charges PST only in the provinces the shop lists', () => {
    const registered = price('BC', { gstHst: true, qst: false, pstProvinces: ['BC'] });
    expect(registered.taxes.map((t) => [t.code, t.amountCents])).toEqual([
      ['GST', 2_868],
      ['PST', 4_015],
    ]);
    const not = price('BC', { gstHst: true, qst: false, pstProvinces: ['SK'] });
    expect(not.taxes.map((t) => t.code)).toEqual(['GST']);
    expect(not.taxesNotCharged.map((t) => t.reason.en)).toEqual([
      'No PST: the shop is not registered for PST in this province',
    ]);
    const manitoba = price('MB', { gstHst: true, qst: false, pstProvinces: [] });
    expect(manitoba.taxesNotCharged.map((t) => t.reason.fr)).toEqual([
      'Pas de TVD\u00a0: l’entreprise n’est pas inscrite à la TVD de cette province',
    ]);
  });

  it('taxes a local pickup in the shop’s province, and shipping "same as billing" in the billing one', () => {
    const pickup = price('BC', EVERY_TAX, { shipping: { province: '', sameAsBilling: false, localPickup: true } });
    expect(pickup.placeOfSupply).toBe('ON');
    expect(pickup.taxes.map((t) => t.code)).toEqual(['HST']);
    const same = price('', EVERY_TAX, {
      billing: { province: 'Québec' },
      shipping: { province: '', sameAsBilling: true, localPickup: false },
    });
    expect(same.placeOfSupply).toBe('QC');
  });

  it('without a province, counts no taxes and notes that they come once it is known', () => {
    const priced = price('', EVERY_TAX);
    expect(priced.placeOfSupply).toBeNull();
    expect(priced.taxes).toEqual([]);
    expect(priced.totalCents).toBe(priced.subtotalCents);
    expect(priced.notes).toEqual([
      {
        en: 'Taxes are added once the province is known',
        fr: 'Les taxes s’ajoutent une fois la province connue',
      },
    ]);
  });

  it('takes the rates of the pricing date (Nova Scotia: 15% before 1 April 2025, 14% from it)', () => {
    const on = (date: string) =>
      priceOrder(priceList(), order([workedLayout()], {}, 'NS'), context({ date })).taxes.map(
        (t) => t.rateMilliPercent,
      );
    expect(on('2025-03-31')).toEqual([15_000]);
    expect(on('2025-04-01')).toEqual([14_000]);
  });

  it('refuses a pricing date that is not a calendar date, and a shop province that is not one', () => {
    expect(() => priceOrder(priceList(), order([workedLayout()]), context({ date: '2026-02-30' }))).toThrow(RangeError);
    expect(() => priceOrder(priceList(), order([workedLayout()]), context({ shopProvince: 'Ontaria' }))).toThrow(
      /SHOP_PROVINCE/,
    );
  });
});

describe('priceOrder: pieces and quantity breaks', () => {
  const screenFront = { Front: view('screen-printing', '', { colours: 1 }) };

  it('counts the pieces of every variation of a layout for its break', () => {
    const priced = priceOrder(
      priceList(),
      order([layout([variation('G5000', 'S:30'), variation('G5000', 'M:25', { color: 'White' })], screenFront)]),
      context(),
    );
    const [front] = linesOf(priced, 'decoration');
    expect([front!.quantity, front!.unitCents]).toEqual([55, 190]);
    expect(front!.reason.en).toBe('55 pieces, 1 colour, price from 48 pieces: $1.90 × 55');
  });

  it('counts each layout on its own: two layouts of 30 stay in the 24+ row', () => {
    const one = layout([variation('G5000', 'M:30')], screenFront);
    const priced = priceOrder(priceList(), order([one, one]), context());
    expect(linesOf(priced, 'decoration').map((l) => [l.layout, l.unitCents])).toEqual([
      ['1', 245],
      ['2', 245],
    ]);
  });

  it('takes the largest break not above the pieces, exactly at a break too', () => {
    const unitAt = (pieces: number) =>
      linesOf(
        priceOrder(priceList(), order([layout([variation('G5000', `M:${pieces}`)], screenFront)]), context()),
        'decoration',
      )[0]!.unitCents;
    expect([12, 23, 24, 47, 48, 71, 72, 143, 144, 5000].map(unitAt)).toEqual([
      360, 360, 245, 245, 190, 190, 150, 150, 120, 120,
    ]);
  });

  it('below the first break prices the first row and notes the method’s minimum', () => {
    const priced = priceOrder(priceList(), order([layout([variation('G5000', 'M:5')], screenFront)]), context());
    expect(linesOf(priced, 'decoration')[0]!.unitCents).toBe(360);
    expect(priced.notes).toEqual([
      { en: 'Screen printing starts at 12 pieces', fr: 'La sérigraphie commence à 12 pièces' },
    ]);
  });

  it('ignores a blank variation, the one the form adds before it is filled', () => {
    const priced = priceOrder(
      priceList(),
      order([layout([variation('G5000', 'M:30'), variation('', '', { color: '' })], screenFront)]),
      context(),
    );
    expect(priced.onQuote).toEqual([]);
    expect(linesOf(priced, 'decoration')[0]!.quantity).toBe(30);
  });
});

describe('priceOrder: decorated locations and their columns', () => {
  const priceViews = (viewData: PricingLayout['viewData'], extra: Partial<PricingContext> = {}, pieces = 55) =>
    priceOrder(priceList(), order([layout([variation('G5000', `M:${pieces}`)], viewData)]), context(extra));

  it('takes the first column not below the ink colours, and says so when it is not the same', () => {
    const list = priceList((p) => {
      const screen = p.methods['screen-printing']!;
      screen.columns = [1, 2, 4];
      screen.unitCents = screen.unitCents.map((row) => row.slice(0, 3));
    });
    const priced = priceOrder(
      list,
      order([layout([variation('G5000', 'M:55')], { Back: view('screen-printing', '', { colours: 3 }) })]),
      context(),
    );
    const [back, screens] = priced.lines.filter((l) => l.view === 'Back');
    expect([back!.unitCents, screens!.quantity]).toEqual([250, 3]);
    expect(back!.reason.en).toBe('55 pieces, 3 colours (4-colour column), price from 48 pieces: $2.50 × 55');
    expect(back!.reason.fr).toBe(
      `55 pièces, 3 couleurs (colonne 4 couleurs), prix à partir de 48 pièces\u00a0: 2,50${NBSP}$ × 55`,
    );
  });

  it('leaves colours past the last column, or not given, for the quote', () => {
    const list = priceList((p) => {
      const screen = p.methods['screen-printing']!;
      screen.columns = [1, 2];
      screen.unitCents = screen.unitCents.map((row) => row.slice(0, 2));
    });
    const priced = priceOrder(
      list,
      order([
        layout([variation('G5000', 'M:55')], {
          Front: view('screen-printing', '', {}),
          Back: view('screen-printing', '', { colours: 3 }),
          'Left Sleeve': view('screen-printing', '', { colours: 2.5 }),
        }),
      ]),
      context(),
    );
    expect(priced.lines.filter((l) => l.kind !== 'garment')).toEqual([]);
    expect(priced.onQuote.map((q) => [q.code, q.view, q.reason])).toEqual([
      [
        'colours_missing',
        'Front',
        {
          en: 'Ink colours on the front not given: priced on your quote',
          fr: 'Couleurs d’encre sur le devant non précisées\u00a0: prix dans votre soumission',
        },
      ],
      [
        'past_last_column',
        'Back',
        {
          en: '3 or more colours on the back: priced on your quote',
          fr: '3 couleurs ou plus au dos\u00a0: prix dans votre soumission',
        },
      ],
      ['colours_missing', 'Left Sleeve', expect.anything()],
    ]);
  });

  it('estimates embroidery stitches from width × height × stitches per square inch', () => {
    // 3 × 2.5 in = 7.5 sq in × 1000 = 7,500 stitches: the 10,000 column.
    const priced = priceViews({ Front: view('embroidery', '3 x 2.5 in') });
    const [front, setup] = priced.lines.filter((l) => l.view === 'Front');
    expect([front!.unitCents, front!.totalCents]).toEqual([750, 41_250]);
    expect(front!.reason).toEqual({
      en: '55 pieces, about 7,500 stitches (up to 10,000), price from 48 pieces: $7.50 × 55',
      fr: `55 pièces, environ 7\u202f500 points (jusqu’à 10\u202f000), prix à partir de 48 pièces\u00a0: 7,50${NBSP}$ × 55`,
    });
    expect([setup!.kind, setup!.quantity, setup!.unitCents]).toEqual(['setup', 1, 4_000]);
    expect(setup!.description).toEqual({
      en: 'Layout 1 · Front · Embroidery setup',
      fr: 'Design 1 · Devant · Préparation, broderie',
    });
  });

  it('with only a width, takes the height from the graphic’s proportions, or makes it square', () => {
    // 2" wide: square is 4 sq in (4,000 stitches); a graphic twice as wide as tall is 2 sq in (2,000).
    const square = priceViews({ Front: view('embroidery', '2" wide') });
    expect(square.lines.find((l) => l.kind === 'decoration')!.reason.en).toContain('about 4,000 stitches');
    const wide = priceViews({ Front: view('embroidery', '2" wide') }, { graphicAspect: { '1': { Front: 2 } } });
    expect(wide.lines.find((l) => l.kind === 'decoration')!.reason.en).toContain('about 2,000 stitches (up to 5,000)');
    // DTF: 5" tall and a graphic half as wide as tall: the longest side is the height, 5" → the 8" column.
    const tall = priceViews({ Back: view('dtf', '5" tall') }, { graphicAspect: { '1': { Back: 0.5 } } });
    expect(tall.lines.find((l) => l.kind === 'decoration')!.unitCents).toBe(550);
    // 4" wide and a graphic half as wide as tall: 8" tall, still within the 8" column.
    const narrow = priceViews({ Back: view('dtf', '4" wide') }, { graphicAspect: { '1': { Back: 0.5 } } });
    expect(narrow.lines.find((l) => l.kind === 'decoration')!.reason.en).toBe(
      '55 pieces, 8" longest side, price from 24 pieces: $5.50 × 55',
    );
  });

  it('takes the longest side for DTF, in any unit the size reader knows', () => {
    const priced = priceViews({ Back: view('dtf', '25 cm x 10 cm') });
    const back = priced.lines.find((l) => l.kind === 'decoration')!;
    expect(back.unitCents).toBe(800);
    expect(back.reason.en).toBe('55 pieces, 9.843" longest side (up to 12"), price from 24 pieces: $8.00 × 55');
    expect(back.reason.fr).toBe(
      `55 pièces, côté le plus long 9,843 po (jusqu’à 12 po), prix à partir de 24 pièces\u00a0: 8,00${NBSP}$ × 55`,
    );
  });

  it('leaves a size past the last column, missing or unreadable for the quote', () => {
    const priced = priceViews({
      Front: view('dtf', '17 x 5 in'),
      Back: view('embroidery', '5 x 4 in'),
      'Left Sleeve': { image: 'sleeve.png', dimensions: '', decoration: 'dtf' },
      'Right Sleeve': view('embroidery', 'big'),
    });
    expect(priced.lines.filter((l) => l.kind !== 'garment')).toEqual([]);
    expect(priced.onQuote.map((q) => [q.code, q.reason.en])).toEqual([
      ['past_last_column', 'Transfer over 16" on the front: priced on your quote'],
      ['past_last_column', 'More than 15,000 stitches on the back (about 20,000): priced on your quote'],
      ['size_missing', 'Size of the graphic on the left sleeve not given: priced on your quote'],
      ['size_unreadable', 'Size of the graphic on the right sleeve not understood: priced on your quote'],
    ]);
    expect(priced.onQuote[0]!.reason.fr).toBe(
      'Transfert de plus de 16 po sur le devant\u00a0: prix dans votre soumission',
    );
  });

  it('prices sewing from its only column, whatever the size', () => {
    const priced = priceViews({ 'Left Sleeve': view('sewing', '') });
    expect(shape(priced).filter(([kind]) => kind !== 'garment')).toEqual([
      ['decoration', '1', 'Left Sleeve', 55, 300, 16_500],
    ]);
    expect(priced.lines.at(-1)!.reason.en).toBe('55 pieces: $3.00 × 55');
  });

  it('counts a view as decorated with a method and a graphic or dimensions, not a method alone', () => {
    const priced = priceViews({
      Front: { image: '', dimensions: '4"', decoration: 'dtf' },
      Back: { image: 'back.png', dimensions: '4"', decoration: 'dtf' },
      'Left Sleeve': { image: '', dimensions: '', decoration: 'dtf' },
    });
    expect(linesOf(priced, 'decoration').map((l) => l.view)).toEqual(['Front', 'Back']);
  });

  it('leaves a graphic without a method, a method the list lacks, or no view described, for the quote', () => {
    const list = priceList((p) => delete p.methods.embroidery);
    const priced = priceOrder(
      list,
      order([
        layout([variation('G5000', 'M:55')], {
          Front: { image: 'front.png', dimensions: '', decoration: '' },
          Back: view('embroidery', '3 x 3 in'),
        }),
        layout([variation('G5000', 'M:10')], {}),
      ]),
      context(),
    );
    expect(priced.onQuote.map((q) => [q.code, q.layout, q.reason.en])).toEqual([
      ['no_method', '1', 'Graphic on the front without a decoration method: priced on your quote'],
      ['method_unknown', '1', 'Embroidery on the back, not in our price list: priced on your quote'],
      ['not_described', '2', 'Decoration not described view by view: priced on your quote'],
    ]);
  });
});

describe('priceOrder: setup', () => {
  const screenFront = (colours: number) => ({ Front: view('screen-printing', '', { colours }) });

  it('charges a screen per colour, once per location, and none from setupWaivedFromPieces', () => {
    const at = (pieces: number) =>
      linesOf(
        priceOrder(priceList(), order([layout([variation('G5000', `M:${pieces}`)], screenFront(4))]), context()),
        'setup',
      ).map((l) => [l.quantity, l.unitCents, l.totalCents]);
    expect(at(143)).toEqual([[4, 1_500, 6_000]]);
    expect(at(144)).toEqual([]);
  });

  it('waives setup on a reorder within reorderSetupWaiverMonths, saying why, and not after', () => {
    const list = priceList((l) => (l.reorderSetupWaiverMonths = 12));
    const anOrder = order([layout([variation('G5000', 'M:20')], screenFront(2))]);
    const reorder = repeatOf(anOrder, '2025-05-04');
    const within = priceOrder(list, anOrder, context({ reorder }));
    const full = priceOrder(list, anOrder, context());
    expect(linesOf(full, 'setup').map((l) => l.totalCents)).toEqual([3_000]);
    expect(linesOf(within, 'setup').map((l) => [l.quantity, l.unitCents, l.totalCents])).toEqual([[2, 0, 0]]);
    expect(linesOf(within, 'setup')[0]!.reason.en).toBe(
      '2 screens, one per colour: $15.00 × 2, waived: reorder of 3SJ5-DHPY, placed 2025-05-04, within 12 months (same artwork, method and place)',
    );
    expect(within.notes.map((n) => n.en)).toContain('Setup waived ($30.00): reorder of 3SJ5-DHPY within 12 months');
    expect(within.notes.map((n) => n.fr)).toContain(
      `Préparation offerte (30,00${NBSP}$)${NBSP}: reprise de la commande 3SJ5-DHPY dans les 12${NBSP}mois`,
    );
    expect(within.subtotalCents).toBe(full.subtotalCents - 3_000);
    // One day past 12 months: charged again; without the option: charged.
    const after = priceOrder(list, anOrder, context({ reorder: { ...reorder, placedOn: '2025-05-03' } }));
    expect(linesOf(after, 'setup').map((l) => l.totalCents)).toEqual([3_000]);
    const noOption = priceOrder(priceList(), anOrder, context({ reorder }));
    expect(linesOf(noOption, 'setup').map((l) => l.totalCents)).toEqual([3_000]);
    // Nothing known of the repeated order's decorations: nothing waived.
    const unknown = priceOrder(list, anOrder, context({ reorder: { reference: '3SJ5-DHPY', placedOn: '2025-05-04' } }));
    expect(linesOf(unknown, 'setup').map((l) => l.totalCents)).toEqual([3_000]);
    // The form's pricer shares lines between answers: a waived answer leaves the next one whole.
    const pricer = createOrderPricer();
    expect(pricer(list, anOrder, context({ reorder })).subtotalCents).toBe(within.subtotalCents);
    expect(pricer(list, anOrder, context()).subtotalCents).toBe(full.subtotalCents);
  });

  describe('on a reorder, waives only the setup of the decorations the repeated order had', () => {
    const list = priceList((l) => (l.reorderSetupWaiverMonths = 12));
    const embroideredBack = { image: 'back.png', dimensions: '4"', decoration: 'embroidery', location: 'upper-back' };
    const past = order([
      layout([variation('G5000', 'M:20')], {
        Front: view('screen-printing', '', { colours: 2 }),
        Back: embroideredBack,
      }),
    ]);
    const reorder = repeatOf(past, '2025-05-04');
    const setups = (o: PricingOrder, artwork: Record<string, string> = reorder.artwork) =>
      linesOf(priceOrder(list, o, context({ reorder: { ...reorder, artwork } })), 'setup').map((l) => [
        l.view,
        l.quantity,
        l.totalCents,
      ]);

    it('the same order repeated, on other garments and in another layout: every setup waived', () => {
      expect(setups(past)).toEqual([
        ['Front', 2, 0],
        ['Back', 1, 0],
      ]);
      const otherGarments = order([
        layout([variation('G5000', 'M:5')]),
        layout([variation('G2000', 'L:30', { color: 'Red' })], {
          Front: view('screen-printing', '', { colours: 2 }),
          Back: embroideredBack,
        }),
      ]);
      expect(setups(otherGarments)).toEqual([
        ['Front', 2, 0],
        ['Back', 1, 0],
      ]);
    });

    it('a new location pays its setup, and says why; the repeated ones stay waived', () => {
      const withSleeve = order([
        layout([variation('G5000', 'M:20')], {
          Front: view('screen-printing', '', { colours: 2 }),
          Back: embroideredBack,
          'Left Sleeve': view('screen-printing', '', { colours: 1, image: 'sleeve.png' }),
        }),
      ]);
      const priced = priceOrder(list, withSleeve, context({ reorder }));
      expect(linesOf(priced, 'setup').map((l) => [l.view, l.quantity, l.totalCents])).toEqual([
        ['Front', 2, 0],
        ['Back', 1, 0],
        ['Left Sleeve', 1, 1_500],
      ]);
      expect(linesOf(priced, 'setup')[2]!.reason.en).toBe(
        '1 screen, one per colour: $15.00 × 1, not waived: new since order 3SJ5-DHPY (another artwork, method or place)',
      );
      expect(priced.notes.map((n) => n.en)).toEqual(
        expect.arrayContaining([
          'Setup waived ($70.00): reorder of 3SJ5-DHPY within 12 months',
          'A decoration new since order 3SJ5-DHPY pays its setup',
        ]),
      );
      expect(priced.subtotalCents).toBe(priceOrder(list, withSleeve, context()).subtotalCents - 7_000);
    });

    it('another artwork, another method or another location at the same view pays its setup', () => {
      const front = (v: PricingView) =>
        order([layout([variation('G5000', 'M:20')], { Front: v, Back: embroideredBack })]);
      // A new upload (not a reused stored file), or a reused file of other bytes.
      expect(setups(front(view('screen-printing', '', { colours: 2, image: 'new.png' })))[0]).toEqual([
        'Front',
        2,
        3_000,
      ]);
      expect(setups(past, { ...reorder.artwork, 'graphic.png': 'other-sha' })[0]).toEqual(['Front', 2, 3_000]);
      expect(setups(front(view('embroidery', '3 x 2 in')))[0]).toEqual(['Front', 1, 4_000]);
      const chest = view('screen-printing', '', { colours: 2, location: 'left-chest' });
      expect(setups(front(chest))[0]).toEqual(['Front', 2, 3_000]);
    });

    it('keeps the screens the repeated decoration had: a colour more pays one new screen', () => {
      const priced = priceOrder(
        list,
        order([
          layout([variation('G5000', 'M:20')], {
            Front: view('screen-printing', '', { colours: 3 }),
            Back: embroideredBack,
          }),
        ]),
        context({ reorder }),
      );
      const [front] = linesOf(priced, 'setup');
      expect([front!.quantity, front!.unitCents, front!.totalCents]).toEqual([1, 1_500, 1_500]);
      expect(front!.reason.en).toBe(
        '3 screens, one per colour: $15.00 × 3, 2 screens kept from the reorder of 3SJ5-DHPY, placed 2025-05-04, within 12 months (same artwork, method and place): $15.00 × 1 new',
      );
    });
  });

  it('refuses a reorderSetupWaiverMonths that is not a whole number of months from 1 to 120', () => {
    for (const bad of [0, 1.5, 121, -1]) {
      const read = readPriceList({ ...structuredClone(example), reorderSetupWaiverMonths: bad });
      expect(read.ok).toBe(false);
      if (!read.ok)
        expect(read.errors[0]!.message.en).toBe(
          'reorderSetupWaiverMonths: must be a whole number of months from 1 to 120',
        );
    }
  });

  it('adds no setup line for a method whose setup is free', () => {
    const priced = priceOrder(
      priceList(),
      order([layout([variation('G5000', 'M:55')], { Back: view('dtf', '4"') })]),
      context(),
    );
    expect(linesOf(priced, 'setup')).toEqual([]);
  });
});

describe('priceOrder: garments', () => {
  const priceVariations = (variations: PricingVariation[], list = priceList()) =>
    priceOrder(list, order([layout(variations, { Front: view('dtf', '4"') })]), context());

  it('matches a garment by id or name, whatever the case and spaces', () => {
    for (const type of ['g5000', '  G5000 ', 'gildan 5000 t-shirt']) {
      const priced = priceVariations([variation(type, 'M:10')]);
      expect(shape(priced)[0]).toEqual(['garment', '1', null, 10, 450, 4_500]);
    }
  });

  it('prices each size with its upcharge, one line per price, sizes spelled as the garment does', () => {
    const priced = priceVariations([variation('G5000', 'xxl 2, S 3, 3xl 1, m 4, 2XL 1')]);
    expect(linesOf(priced, 'garment').map((l) => [l.sizes, l.quantity, l.unitCents, l.totalCents])).toEqual([
      [[{ size: '2XL', qty: 3 }], 3, 650, 1_950],
      [
        [
          { size: 'S', qty: 3 },
          { size: 'M', qty: 4 },
        ],
        7,
        450,
        3_150,
      ],
      [[{ size: '3XL', qty: 1 }], 1, 750, 750],
    ]);
  });

  it('charges customerGoodsCents a piece when the customer supplies the goods, known garment or not', () => {
    const priced = priceVariations([variation('Bella 3001', 'S:5, M:5', { supplyingGoods: 'yes' })]);
    expect(shape(priced)[0]).toEqual(['customer_goods', '1', null, 10, 100, 1_000]);
    expect(priced.lines[0]!.description).toEqual({
      en: 'Layout 1 · Goods supplied by the customer (Bella 3001, Black)',
      fr: 'Design 1 · Marchandise fournie par le client (Bella 3001, Noir)',
    });
    expect(priced.onQuote).toEqual([]);
  });

  it('leaves an unknown garment for the quote, never at $0, and still counts its pieces for decoration', () => {
    const priced = priceVariations([variation('Bella 3001', 'M:30'), variation('G5000', 'M:20')]);
    expect(priced.onQuote).toEqual([
      {
        code: 'garment_unknown',
        kind: 'garment',
        layout: '1',
        variation: 0,
        reason: {
          en: '“Bella 3001”, not in our list: priced on your quote',
          fr: '«\u00a0Bella 3001\u00a0», absent de notre liste\u00a0: prix dans votre soumission',
        },
      },
    ]);
    expect(shape(priced)).toEqual([
      ['garment', '1', null, 20, 450, 9_000],
      ['decoration', '1', 'Front', 50, 300, 15_000],
    ]);
    expect(priced.lines.every((l) => l.totalCents > 0)).toBe(true);
  });

  it('leaves a variation with no garment named for the quote', () => {
    const priced = priceVariations([variation('', 'M:30', { color: '' })]);
    expect(priced.onQuote.map((q) => q.reason)).toEqual([
      {
        en: 'Garment Details, no garment named: priced on your quote',
        fr: 'Détails du vêtement, aucun vêtement précisé\u00a0: prix dans votre soumission',
      },
    ]);
  });

  it('leaves a size the garment does not have for the quote, and prices the others', () => {
    const priced = priceVariations([variation('G5000', 'XS:2, M:10')]);
    expect(reasonsOnQuote(priced)).toEqual(['Gildan 5000 T-shirt in XS, not in our list: priced on your quote']);
    expect(linesOf(priced, 'garment').map((l) => l.quantity)).toEqual([10]);
    expect(linesOf(priced, 'decoration')[0]!.quantity).toBe(12);
  });

  it('prices a count without sizes only when no size costs more', () => {
    const withUpcharges = priceVariations([variation('G5000', '35 pcs')]);
    expect(withUpcharges.onQuote.map((q) => [q.code, q.reason.en])).toEqual([
      ['sizes_needed', 'Gildan 5000 T-shirt, sizes not given (the price depends on the size): priced on your quote'],
    ]);
    expect(linesOf(withUpcharges, 'decoration')[0]!.quantity).toBe(35);
    const flat = priceVariations(
      [variation('G5000', '35 pcs')],
      priceList((p) => delete p.garments[0]!.sizeUpchargeCents),
    );
    expect(shape(flat)[0]).toEqual(['garment', '1', null, 35, 450, 15_750]);
  });

  it('leaves unreadable sizes for the quote, and the layout’s decoration with them', () => {
    const priced = priceVariations([
      variation('G5000', 'M:20'),
      variation('G5000', 'lots of large', { color: 'White' }),
    ]);
    expect(priced.onQuote.map((q) => [q.code, q.kind, q.variation, q.reason.en])).toEqual([
      [
        'sizes_unreadable',
        'garment',
        1,
        'Variation #2 (G5000, White), sizes and quantities not understood: priced on your quote',
      ],
      ['pieces_unknown', 'decoration', undefined, 'Decoration, until every quantity can be read: priced on your quote'],
    ]);
    expect(shape(priced)).toEqual([['garment', '1', null, 20, 450, 9_000]]);
  });

  it('says a garment typed before its sizes is waiting for them', () => {
    const priced = priceVariations([variation('G5000', '')]);
    expect(priced.onQuote.map((q) => [q.code, q.reason])).toEqual([
      [
        'sizes_missing',
        {
          en: 'Garment Details (G5000, Black), sizes and quantities not given yet: priced on your quote',
          fr: 'Détails du vêtement (G5000, Noir), tailles et quantités pas encore indiquées\u00a0: prix dans votre soumission',
        },
      ],
      ['pieces_unknown', expect.anything()],
    ]);
  });

  it('leaves a layout whose garments are in a PO, or not chosen yet, for the quote', () => {
    const po: PricingLayout = { ...workedLayout(), garmentOption: 'po' };
    const unchosen: PricingLayout = { ...workedLayout(), garmentOption: '' };
    const priced = priceOrder(priceList(), order([po, unchosen]), context());
    expect(priced.lines).toEqual([]);
    expect(priced.onQuote.map((q) => [q.code, q.kind, q.layout, q.reason])).toEqual([
      [
        'po',
        'layout',
        '1',
        {
          en: 'Garments and quantities in your PO: priced on your quote',
          fr: 'Vêtements et quantités dans votre bon de commande\u00a0: prix dans votre soumission',
        },
      ],
      ['garments_not_chosen', 'layout', '2', expect.anything()],
    ]);
    expect(priced.totalCents).toBe(0);
  });

  it('says a layout without quantities yet is priced on the quote', () => {
    const priced = priceOrder(priceList(), order([layout([variation('', '', { color: '' })])]), context());
    expect(priced.onQuote.map((q) => q.code)).toEqual(['no_quantities']);
  });
});

describe('priceOrder: rush, resale partner and poly bags', () => {
  const withDeadline = (date: string, extra: Partial<PricingOrder> = {}) => {
    const o = order([workedLayout()], extra);
    o.layouts['1']!.deadline = { hasCriticalDeadline: true, date };
    return priceOrder(priceList(), o, context());
  };

  it('counts business days Monday to Friday after the pricing date, holidays included', () => {
    expect(businessDaysBetween('2026-05-04', '2026-05-04', 10)).toBe(0);
    expect(businessDaysBetween('2026-05-04', '2026-05-08', 10)).toBe(4);
    expect(businessDaysBetween('2026-05-04', '2026-05-10', 10)).toBe(4);
    expect(businessDaysBetween('2026-05-04', '2026-05-11', 10)).toBe(5);
    expect(businessDaysBetween('2026-05-04', '2026-05-18', 10)).toBe(10);
    // Victoria Day, Monday 18 May 2026, counts as a business day.
    expect(businessDaysBetween('2026-05-15', '2026-05-19', 10)).toBe(2);
    expect(businessDaysBetween('2026-05-04', '2030-01-01', 10)).toBe(10);
  });

  it('adds the rush percent of garments, decoration and setup for fewer than 10 business days, rounded half-up', () => {
    const priced = withDeadline('2026-05-15');
    const rush = linesOf(priced, 'rush');
    // 25% of $573.50 is $143.375: $143.38.
    expect(rush.map((l) => [l.quantity, l.unitCents, l.totalCents])).toEqual([[1, 14_338, 14_338]]);
    expect(rush[0]!.reason).toEqual({
      en: '9 business days away, fewer than 10: 25% of $573.50',
      fr: `Dans 9 jours ouvrables, moins de 10\u00a0: 25${NBSP}% de 573,50${NBSP}$`,
    });
    expect(rush[0]!.description.en).toBe('Rush fee, critical deadline May 15, 2026 (25%)');
    expect(priced.subtotalCents).toBe(57_350 + 14_338);
  });

  it('adds no rush from 10 business days, nor for a standard deadline', () => {
    expect(linesOf(withDeadline('2026-05-18'), 'rush')).toEqual([]);
    expect(linesOf(withDeadline('2026-05-18T00:00:00Z'), 'rush')).toEqual([]);
    expect(linesOf(priceOrder(priceList(), order([workedLayout()]), context()), 'rush')).toEqual([]);
  });

  it('leaves a critical deadline without a date for the quote', () => {
    expect(withDeadline('').onQuote.map((q) => [q.code, q.kind, q.reason.en])).toEqual([
      ['no_deadline_date', 'rush', 'Rush, critical deadline without a date: priced on your quote'],
    ]);
  });

  it('takes the resale partner percent off the same base, as its own negative line', () => {
    const priced = withDeadline('2026-05-15', { isResalePartner: true });
    const partner = linesOf(priced, 'resale_partner');
    expect(partner.map((l) => [l.quantity, l.unitCents, l.totalCents])).toEqual([[1, -5_735, -5_735]]);
    expect(partner[0]!.reason).toEqual({
      en: '10% off $573.50, to be confirmed by the shop',
      fr: `10${NBSP}% de rabais sur 573,50${NBSP}$, à confirmer par la boutique`,
    });
    expect(priced.subtotalCents).toBe(57_350 + 14_338 - 5_735);
  });

  it('rounds a percent line half-up to the cent, once', () => {
    // A $123.45 garment and $3.00 of sewing: 10% of $126.45 is $12.645, so $12.65 off.
    const list = priceList((p) => (p.garments[0]!.unitCents = 12_345));
    const o = order([layout([variation('G5000', 'M:1')], { Back: view('sewing', '') })], { isResalePartner: true });
    expect(linesOf(priceOrder(list, o, context()), 'resale_partner')[0]!.totalCents).toBe(-1_265);
  });

  it('adds poly bags at $0.35 a piece, outside the rush and partner base', () => {
    const priced = withDeadline('2026-05-15', { includePolyBags: true, isResalePartner: true });
    const bags = linesOf(priced, 'poly_bags');
    expect(bags.map((l) => [l.quantity, l.unitCents, l.totalCents])).toEqual([[55, 35, 1_925]]);
    expect(bags[0]!.description).toEqual({ en: 'Biodegradable poly bags', fr: 'Sacs biodégradables' });
    expect(linesOf(priced, 'rush')[0]!.totalCents).toBe(14_338);
  });

  it('leaves poly bags for the quote while some pieces are not known', () => {
    const po: PricingLayout = { ...workedLayout(), garmentOption: 'po' };
    const priced = priceOrder(priceList(), order([workedLayout(), po], { includePolyBags: true }), context());
    expect(linesOf(priced, 'poly_bags')).toEqual([]);
    expect(priced.onQuote.map((q) => [q.code, q.kind])).toEqual([
      ['po', 'layout'],
      ['pieces_unknown', 'poly_bags'],
    ]);
  });
});

describe('priceOrder: the result', () => {
  it('orders layouts by number and carries each line’s layout', () => {
    const layouts: Record<string, PricingLayout> = {
      '10': layout([variation('G5000', 'M:12')], { Front: view('dtf', '4"') }),
      '2': layout([variation('G5000', 'M:24')], { Front: view('dtf', '4"') }),
      '1': { ...workedLayout(), ...shippedTo('ON') },
    };
    const priced = priceOrder(priceList(), { layouts }, context());
    expect([...new Set(priced.lines.map((l) => l.layout))]).toEqual(['1', '2', '10']);
  });

  it('prices an order typed against the order body types (structural compatibility)', async () => {
    const { orderBodySchema } = await import('../order-schema.js');
    const body = orderBodySchema.parse({
      layouts: {
        '1': {
          garmentOption: 'pick',
          variations: [{ type: 'G5000', color: 'Black', sizes: 'S:10, M:20, L:20, 2XL:5', supplyingGoods: 'no' }],
          viewData: { Back: { image: '', dimensions: '4"', decoration: 'dtf' } },
          shipping: { province: 'ON', sameAsBilling: false, localPickup: false },
        },
      },
    });
    const priced = priceOrder(priceList(), body, context());
    expect(priced.subtotalCents).toBe(22_500 + 3_250 + 16_500);
  });
});

describe('createOrderPricer: layouts priced once', () => {
  // Each change priceLayout would see, made in place after a first pricing: the answer must be
  // the new content's (as with a list nothing was priced with), and differ from the first.
  const changes: [string, (l: PricingLayout) => void, Partial<PricingContext>?][] = [
    ['garment option', (l) => (l.garmentOption = 'po')],
    ['garment', (l) => (l.variations![0]!.type = 'Bella 3001')],
    ['colour', (l) => (l.variations![0]!.color = 'White')],
    ['sizes', (l) => (l.variations![0]!.sizes = 'S:10, M:20, L:20')],
    ['customer’s goods', (l) => (l.variations![0]!.supplyingGoods = 'yes')],
    ['a graphic', (l) => (l.viewData!['Left Sleeve'] = { image: 'sleeve.png', dimensions: '', decoration: 'sewing' })],
    ['dimensions', (l) => (l.viewData!.Back!.dimensions = '8"')],
    ['method', (l) => (l.viewData!.Back!.decoration = 'sewing')],
    ['ink colours', (l) => (l.viewData!.Front!.colours = 3)],
    ['graphic’s proportions', () => {}, { graphicAspect: { '1': { Back: 0.4 } } }],
  ];
  it.each(changes)('prices an order whose %s changed in place from its new content', (_, change, extra = {}) => {
    const list = priceList();
    const pricer = createOrderPricer();
    const o = order([workedLayout()]);
    const before = pricer(list, o, context());
    change(o.layouts['1']!);
    const after = pricer(list, o, context(extra));
    expect(after).toEqual(priceOrder(priceList(), o, context(extra)));
    expect(after).not.toEqual(before);
  });

  it('prices the same layout under another number with that number', () => {
    const list = priceList();
    const pricer = createOrderPricer();
    pricer(list, order([workedLayout()]), context());
    const second = pricer(list, { layouts: { '1': layout([]), '2': workedLayout() } }, context());
    expect(new Set(second.lines.map((l) => l.layout))).toEqual(new Set(['2']));
    expect(second.lines[0]!.description.en).toMatch(/^Layout 2 · /);
  });

  it('shares frozen answers, so that changing one throws instead of changing the next', () => {
    const list = priceList();
    const pricer = createOrderPricer();
    const priced = pricer(list, order([workedLayout()]), context());
    expect(() => {
      (priced.lines[0] as { unitCents: number }).unitCents = 0;
    }).toThrow(TypeError);
    expect(() => {
      (list.garments[0] as { unitCents: number }).unitCents = 0;
    }).toThrow(TypeError);
    expect(pricer(list, order([workedLayout()]), context()).totalCents).toBe(64_806);
  });

  it('starts afresh with another price list', () => {
    const pricer = createOrderPricer();
    expect(pricer(priceList(), order([workedLayout()]), context()).subtotalCents).toBe(57_350);
    const dearer = priceList((p) => (p.garments[0]!.unitCents = 500));
    expect(pricer(dearer, order([workedLayout()]), context()).subtotalCents).toBe(57_350 + 55 * 50);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const sizes = ['S', 'M', 'L', 'XL', '2XL', '3XL', 'XS'] as const;
const arbitraryVariation: fc.Arbitrary<PricingVariation> = fc.record({
  type: fc.constantFrom('G5000', 'gildan 5000 t-shirt', 'Bella 3001', ''),
  color: fc.constantFrom('Black', ''),
  sizes: fc.oneof(
    fc
      .array(fc.record({ size: fc.constantFrom(...sizes), quantity: fc.integer({ min: 0, max: 500 }) }), {
        maxLength: 5,
      })
      .map(sizesToText),
    fc.integer({ min: 1, max: 2000 }).map((n) => `${n} pcs`),
    fc.constantFrom('', 'lots'),
  ),
  supplyingGoods: fc.constantFrom('yes', 'no', ''),
});
const arbitraryView: fc.Arbitrary<PricingView> = fc.record(
  {
    image: fc.constantFrom('', 'graphic.png'),
    dimensions: fc.constantFrom('', '10" wide', '4"', '3 x 5 in', '12 cm', '20 x 20 in', 'big'),
    decoration: fc.constantFrom('', 'screen-printing', 'embroidery', 'dtf', 'sewing'),
    colours: fc.integer({ min: 0, max: 8 }),
  },
  { requiredKeys: ['image', 'dimensions', 'decoration'] },
);
const arbitraryLayout: fc.Arbitrary<PricingLayout> = fc.record({
  garmentOption: fc.constantFrom('pick', 'pick', 'pick', 'po', ''),
  variations: fc.array(arbitraryVariation, { minLength: 1, maxLength: 4 }),
  viewData: fc.record(
    Object.fromEntries(VIEWS.map((v) => [v, arbitraryView])) as Record<ViewName, typeof arbitraryView>,
  ),
});
const arbitraryOrder: fc.Arbitrary<PricingOrder> = fc
  .record({
    layouts: fc.array(arbitraryLayout, { minLength: 1, maxLength: 3 }),
    isResalePartner: fc.boolean(),
    includePolyBags: fc.boolean(),
    province: fc.constantFrom<ProvinceCode | ''>('ON', 'QC', 'BC', 'AB', 'NS', ''),
    deadline: fc.constantFrom('', '2026-05-06', '2026-06-30'),
  })
  .map(({ layouts, province, deadline, ...flags }) => ({
    ...flags,
    layouts: Object.fromEntries(
      layouts.map((l, i) => [
        String(i + 1),
        i === 0
          ? {
              ...l,
              shipping: { province, sameAsBilling: false, localPickup: false },
              deadline: { hasCriticalDeadline: deadline !== '', date: deadline },
            }
          : l,
      ]),
    ),
  }));
const arbitraryRegistrations: fc.Arbitrary<TaxRegistrations> = fc.record({
  gstHst: fc.boolean(),
  qst: fc.boolean(),
  pstProvinces: fc.subarray(['BC', 'MB', 'SK'] as ProvinceCode[]),
});

describe('priceOrder: properties', () => {
  it('every amount is a whole number of cents, each line is quantity × unit, the total the sum of lines and taxes', () => {
    fc.assert(
      fc.property(arbitraryOrder, arbitraryRegistrations, (o, registrations) => {
        const priced = priceOrder(priceList(), o, context({ registrations }));
        const amounts = [
          ...priced.lines.flatMap((l) => [l.quantity, l.unitCents, l.totalCents]),
          ...priced.taxes.map((t) => t.amountCents),
          priced.subtotalCents,
          priced.totalCents,
        ];
        expect(amounts.every((a) => Number.isSafeInteger(a))).toBe(true);
        for (const line of priced.lines) expect(line.quantity * line.unitCents).toBe(line.totalCents);
        expect(priced.subtotalCents).toBe(priced.lines.reduce((sum, l) => sum + l.totalCents, 0));
        expect(priced.subtotalCents).toBeGreaterThanOrEqual(0);
        expect(priced.totalCents).toBe(priced.subtotalCents + priced.taxes.reduce((sum, t) => sum + t.amountCents, 0));
        // Never $0 for something the list does not know: only customer goods and percent lines may be 0 or less.
        for (const line of priced.lines) {
          if (line.kind !== 'resale_partner' && line.kind !== 'customer_goods')
            expect(line.totalCents).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('createOrderPricer answers as priceOrder, whatever it priced before', () => {
    const list = priceList();
    const pricer = createOrderPricer();
    fc.assert(
      fc.property(arbitraryOrder, arbitraryOrder, (before, o) => {
        pricer(list, before, context());
        expect(pricer(list, o, context())).toEqual(priceOrder(list, o, context()));
      }),
      { numRuns: 150 },
    );
  });

  it('in a matrix whose prices never rise down the rows, more pieces never cost more per piece to decorate', () => {
    const monotoneMethod = fc
      .record({
        breaks: fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 6 }),
        columns: fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 6 }),
        setupCents: fc.integer({ min: 0, max: 5_000 }),
        waivedFrom: fc.option(fc.integer({ min: 1, max: 600 }), { nil: undefined }),
        seed: fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 36, maxLength: 36 }),
      })
      .map(({ breaks, columns, setupCents, waivedFrom, seed }) => {
        breaks.sort((a, b) => a - b);
        columns.sort((a, b) => a - b);
        // Each column starts from a price and only falls (or stays) row after row.
        const unitCents = breaks.map(() => columns.map(() => 0));
        columns.forEach((_, c) => {
          let price = 2_000 + seed[c]!;
          breaks.forEach((_, r) => {
            price = Math.max(0, price - seed[(r * 6 + c) % 36]!);
            unitCents[r]![c] = price;
          });
        });
        return { breaks, columns, setupCents, waivedFrom, unitCents };
      });
    fc.assert(
      fc.property(
        monotoneMethod,
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 1000 }),
        (method, colours, a, b) => {
          const list = priceList((p) => {
            p.methods['screen-printing'] = {
              measure: 'colours',
              breaks: method.breaks,
              columns: method.columns,
              unitCents: method.unitCents,
              setupCents: method.setupCents,
              ...(method.waivedFrom ? { setupWaivedFromPieces: method.waivedFrom } : {}),
            };
          });
          const decorationOf = (pieces: number) => {
            const priced = priceOrder(
              list,
              order([layout([variation('G5000', `M:${pieces}`)], { Front: view('screen-printing', '', { colours }) })]),
              context(),
            );
            return priced.lines
              .filter((l) => l.kind === 'decoration' || l.kind === 'setup')
              .reduce((sum, l) => sum + l.totalCents, 0);
          };
          const [fewer, more] = a < b ? [a, b] : [b, a];
          // Per piece, cross-multiplied to stay in integers: cost(more) / more ≤ cost(fewer) / fewer.
          expect(decorationOf(more) * fewer).toBeLessThanOrEqual(decorationOf(fewer) * more);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('priceOrder: bounded by what a quote can hold', () => {
  // The largest order the form accepts (50 layouts × 100 variations) once took a second to price
  // and gave 10,000 lines no quote could hold; now it costs a count.
  it('leaves an order of more than 200 variations to the quote, saying why', () => {
    const many = Array.from({ length: 3 }, () => layout(Array.from({ length: 70 }, () => variation('G5000', 'M:1'))));
    const priced = priceOrder(priceList(), order(many), context());
    expect(priced.lines).toEqual([]);
    expect(priced.onQuote.map((q) => q.code)).toEqual(['too_large']);
    expect(reasonsOnQuote(priced)).toEqual([
      'This order has more than 200 garment variations, more than the online estimate prices: the shop prices all of it on your quote',
    ]);
    expect(priced.totalCents).toBe(0);
  });
  it('leaves an order of more than 1,000 lines to the quote', () => {
    const many = Array.from({ length: 8 }, (_, i) => variation('G5000', `S:${i + 1}, M:2, L:2, XL:2, 2XL:1, 3XL:1`));
    const layouts = Array.from({ length: 50 }, () => ({ ...workedLayout(), variations: many }));
    const priced = priceOrder(priceList(), order(layouts), context());
    expect(priced.onQuote.map((q) => q.code)).toEqual(['too_large']);
    expect(priced.lines).toEqual([]);
  });
  it('still prices 200 variations', () => {
    const most = Array.from({ length: 2 }, () => layout(Array.from({ length: 100 }, () => variation('G5000', 'M:1'))));
    const priced = priceOrder(priceList(), order(most), context());
    expect(priced.onQuote.map((q) => q.code)).not.toContain('too_large');
    expect(linesOf(priced, 'garment').reduce((n, l) => n + l.quantity, 0)).toBe(200);
  });
});

describe('priceOrder: named locations (docs/product.md, Locations)', () => {
  // The trade's most common job: a full-front print and a left-chest embroidered logo on one set of shirts.
  const shirts = (extraDecorations: PricingLayout['extraDecorations']): PricingLayout => ({
    ...layout([variation('G5000', 'M:55')], { Front: view('screen-printing', '10" wide', { colours: 2 }) }),
    extraDecorations,
  });

  it('prices a full-front print and a left-chest logo on one layout, the garments once', () => {
    const priced = priceOrder(
      priceList(),
      order([shirts([{ view: 'Front', location: 'left-chest', ...view('embroidery', '3.5" wide') }])]),
      context(),
    );
    const garments = priced.lines.filter((l) => l.kind === 'garment');
    expect(garments.map((l) => [l.quantity, l.unitCents])).toEqual([[55, 450]]);
    const decorations = priced.lines.filter((l) => l.kind === 'decoration');
    expect(decorations.map((l) => [l.view, l.location, l.method])).toEqual([
      ['Front', undefined, 'screen-printing'],
      ['Front', 'left-chest', 'embroidery'],
    ]);
    // 3.5" wide at the left chest's usual 3.5 × 2 in: 7 sq in × 1000 = 7,000 stitches, the 10,000 column.
    expect(decorations[1]!.description).toEqual({
      en: 'Layout 1 · Front · Left chest · Embroidery, about 7,000 stitches',
      fr: 'Design 1 · Devant · Poitrine gauche · Broderie, environ 7\u202f000 points',
    });
    expect(decorations[1]!.unitCents).toBe(750);
    expect(priced.onQuote).toEqual([]);
  });

  it('gives a typical 3.5 × 2 in left-chest logo 5,000 to 8,000 stitches with the default density', () => {
    expect(example.methods.embroidery.stitchesPerSquareInch * 3.5 * 2).toBeGreaterThanOrEqual(5_000);
    expect(example.methods.embroidery.stitchesPerSquareInch * 3.5 * 2).toBeLessThanOrEqual(8_000);
  });

  it('leaves a location past the last column to the quote, naming it in the customer’s words', () => {
    const priced = priceOrder(
      priceList(),
      order([shirts([{ view: 'Back', location: 'full-back', ...view('embroidery', '12" wide') }])]),
      context(),
    );
    expect(priced.onQuote.map((q) => [q.code, q.layout, q.view, q.location, q.reason.en, q.reason.fr])).toEqual([
      [
        'past_last_column',
        '1',
        'Back',
        'full-back',
        'More than 15,000 stitches on the back (full back) (about 168,000): priced on your quote',
        `Plus de 15\u202f000 points au dos (dos complet) (environ 168\u202f000)\u00a0: prix dans votre soumission`,
      ],
    ]);
  });

  it('reprices when only an extra decoration changes (the form’s pricer remembers layouts by content)', () => {
    const pricer = createOrderPricer();
    const first = pricer(
      priceList(),
      order([shirts([{ view: 'Front', location: 'left-chest', ...view('embroidery', '3.5" wide') }])]),
      context(),
    );
    const second = pricer(
      priceList(),
      order([shirts([{ view: 'Front', location: 'left-chest', ...view('embroidery', '4 x 3 in') }])]),
      context(),
    );
    expect(second.totalCents).toBeGreaterThan(first.totalCents);
  });
});
