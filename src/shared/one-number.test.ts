// One number for stitches and transfer sizes (docs/prices.md, "One number"): the pricing (the
// form's live estimate, the server's stored estimate and the quote's suggested lines all call
// priceOrder) and the job's imprints (imprintsOf) read a decoration through the same functions
// (decoration-size.ts), given the same inputs: the graphic's proportions and the list's density.
import { describe, expect, it } from 'vitest';
import type { DecorationMethod, ViewName } from './constants.js';
import type { Location } from './locations.js';
import type { OrderBody, OrderLayout } from './order.js';
import example from './prices/example-price-list.json';
import { readPriceList, type PriceList } from './prices/price-list.js';
import { priceOrder } from './prices/price-order.js';
import { imprintsOf } from './production/jobs.js';

const DENSITY = 1200;
function list(): PriceList {
  const copy = structuredClone(example) as PriceList;
  copy.methods.embroidery!.stitchesPerSquareInch = DENSITY;
  copy.methods.embroidery!.columns = [5000, 10000, 15000, 20000, 40000];
  copy.methods.embroidery!.unitCents = copy.methods.embroidery!.unitCents.map((row) => [
    ...row,
    row.at(-1)! + 200,
    row.at(-1)! + 500,
  ]);
  const read = readPriceList(copy);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.priceList;
}

interface Case {
  name: string;
  view: ViewName;
  location?: Location;
  method: DecorationMethod;
  dimensions: string;
  /** The graphic's pixels, width ÷ height (absent: no picture measured). */
  aspect?: number;
  stitches: number | null;
  inches: number | null;
}

// Square logo 3.5" wide on the left chest: 3.5 × 3.5 × 1,200 (was 7,000 on the form and ticket,
// 12,250 on the quote, none with the list's density).
const CASES: Case[] = [
  {
    name: 'square logo, left chest',
    view: 'Front',
    location: 'left-chest',
    method: 'embroidery',
    dimensions: '3.5" wide',
    aspect: 1,
    stitches: 14_700,
    inches: null,
  },
  {
    name: 'wide logo, left chest',
    view: 'Front',
    location: 'left-chest',
    method: 'embroidery',
    dimensions: '3.5" wide',
    aspect: 2,
    stitches: 7_350,
    inches: null,
  },
  {
    name: 'no picture, left chest (its usual 3.5 × 2)',
    view: 'Front',
    location: 'left-chest',
    method: 'embroidery',
    dimensions: '3.5" wide',
    stitches: 8_400,
    inches: null,
  },
  {
    name: 'both sides given',
    view: 'Front',
    location: 'full-front',
    method: 'embroidery',
    dimensions: '3.5 x 2 in',
    aspect: 1,
    stitches: 8_400,
    inches: null,
  },
  {
    name: 'square logo, right chest, height only',
    view: 'Front',
    location: 'right-chest',
    method: 'embroidery',
    dimensions: '3" tall',
    aspect: 1,
    stitches: 10_800,
    inches: null,
  },
  {
    name: 'wide logo, full back',
    view: 'Back',
    location: 'full-back',
    method: 'embroidery',
    dimensions: '6" wide',
    aspect: 3,
    stitches: 14_400,
    inches: null,
  },
  {
    name: 'sleeve, no location named, square',
    view: 'Left Sleeve',
    method: 'embroidery',
    dimensions: '2" wide',
    aspect: 1,
    stitches: 4_800,
    inches: null,
  },
  {
    name: 'tall transfer, full front',
    view: 'Front',
    location: 'full-front',
    method: 'dtf',
    dimensions: '4" wide',
    aspect: 0.5,
    stitches: null,
    inches: 8,
  },
  {
    name: 'wide transfer, full back',
    view: 'Back',
    location: 'full-back',
    method: 'dtf',
    dimensions: '10" wide',
    aspect: 2,
    stitches: null,
    inches: 10,
  },
  {
    name: 'transfer, right sleeve',
    view: 'Right Sleeve',
    method: 'dtf',
    dimensions: '3 x 2 in',
    stitches: null,
    inches: 3,
  },
  {
    name: 'screen print, pocket',
    view: 'Front',
    location: 'pocket',
    method: 'screen-printing',
    dimensions: '3" wide',
    aspect: 1,
    stitches: null,
    inches: null,
  },
  { name: 'sewing, back', view: 'Back', method: 'sewing', dimensions: '5" wide', stitches: null, inches: null },
];

function orderOf(c: Case): OrderBody {
  const layout: OrderLayout = {
    mockupOption: 'upload',
    garmentOption: 'pick',
    hasVectorFiles: 'no',
    variations: [{ type: 'Gildan 5000 T-shirt', color: 'Black', sizes: 'M:24, L:24', supplyingGoods: 'no' }],
    files: [],
    mockupImages: [],
    viewData: {
      [c.view]: {
        image: 'logo.png',
        dimensions: c.dimensions,
        decoration: c.method,
        ...(c.method === 'screen-printing' ? { colours: 2 } : {}),
        ...(c.location ? { location: c.location } : {}),
      },
    },
  };
  return { layouts: { '1': layout }, isResalePartner: false, includePolyBags: false };
}

describe('one number for a decoration, in the pricing and on the job', () => {
  it.each(CASES)('$name', (c) => {
    const order = orderOf(c);
    const aspects = c.aspect === undefined ? undefined : { '1': { [c.view]: c.aspect } };
    const priced = priceOrder(list(), order, {
      date: '2026-05-04',
      shopProvince: 'ON',
      registrations: { gstHst: true, qst: false, pstProvinces: [] },
      ...(aspects ? { graphicAspect: aspects } : {}),
    });
    const line = priced.lines.find((l) => l.kind === 'decoration');
    expect(line, JSON.stringify(priced.onQuote)).toBeDefined();
    const [imprint] = imprintsOf(order, DENSITY, aspects);
    expect([imprint!.stitches, imprint!.transferInches]).toEqual([c.stitches, c.inches]);
    // The pricing measured the same number it priced.
    if (c.stitches !== null)
      expect(line!.description.en).toContain(`about ${c.stitches.toLocaleString('en-CA')} stitches`);
    if (c.inches !== null) expect(line!.description.en).toContain(`${c.inches}" longest side`);
  });
});

describe('the graphic’s proportions sent by the form in the order (viewData[view].aspect)', () => {
  it.each(CASES.filter((c) => c.aspect !== undefined))('$name', (c) => {
    const order = orderOf(c);
    order.layouts['1']!.viewData[c.view]!.aspect = c.aspect;
    const priced = priceOrder(list(), order, {
      date: '2026-05-04',
      shopProvince: 'ON',
      registrations: { gstHst: true, qst: false, pstProvinces: [] },
    });
    const line = priced.lines.find((l) => l.kind === 'decoration');
    const [imprint] = imprintsOf(order, DENSITY);
    expect([imprint!.stitches, imprint!.transferInches]).toEqual([c.stitches, c.inches]);
    if (c.stitches !== null)
      expect(line!.description.en).toContain(`about ${c.stitches.toLocaleString('en-CA')} stitches`);
    if (c.inches !== null) expect(line!.description.en).toContain(`${c.inches}" longest side`);
  });
});
