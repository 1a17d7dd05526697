import { describe, expect, it } from 'vitest';
import type { Billing, OrderBody, OrderLayout, Shipping, Variation } from './order.js';
import {
  canonicalJson,
  computeQuote,
  formatCents,
  placeOfSupply,
  POLY_BAG_PRICE_CENTS,
  provinceCodeOf,
  quoteVersion,
  serialiseQuoteVersion,
  suggestQuoteLines,
  type ComputedQuote,
  type QuoteLineInput,
} from './quote.js';

const NNBSP = '\u202f';
const NBSP = '\u00a0';

const shirts = (quantity: number, unitPriceCents: number, taxable = true): QuoteLineInput => ({
  description: 'Gildan 5000, Black, 2 colour print front',
  quantity,
  unitPriceCents,
  taxable,
});

function quoteOf(lines: QuoteLineInput[], province: string, date: string): ComputedQuote {
  const result = computeQuote(lines, { province, date });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.quote;
}

const variation = (type: string, color: string, sizes: string, extra: Partial<Variation> = {}): Variation => ({
  type,
  color,
  sizes,
  supplyingGoods: 'no',
  ...extra,
});

const address = { firstName: 'Ana', lastName: 'Roy', companyName: '', address: '1 rue Principale', city: 'X' };
const billing = (province: string): Billing => ({
  ...address,
  province,
  postalCode: 'H2X 1Y4',
  phone: '514 555 0100',
  email: 'ana@example.com',
});
const shipping = (
  province: string,
  flags: Partial<Pick<Shipping, 'sameAsBilling' | 'localPickup'>> = {},
): Shipping => ({
  ...address,
  province,
  postalCode: 'B3H 1A1',
  phone: '',
  sameAsBilling: false,
  localPickup: false,
  ...flags,
});

function layout(garmentOption: OrderLayout['garmentOption'], variations: Variation[]): OrderLayout {
  return {
    mockupOption: 'create',
    garmentOption,
    hasVectorFiles: 'no',
    variations,
    files: [],
    mockupImages: [],
    viewData: {},
  };
}

function order(layouts: OrderLayout[], details: Partial<OrderLayout> = {}, extra: Partial<OrderBody> = {}): OrderBody {
  const entries = layouts.map((l, i) => [String(i + 1), i === 0 ? { ...l, ...details } : l] as const);
  return { layouts: Object.fromEntries(entries), isResalePartner: false, includePolyBags: false, ...extra };
}

describe('computeQuote: the worked examples', () => {
  it('50 pieces at $12.00 shipped to Quebec on 2026-11-22: $600.00 + GST $30.00 + QST $59.85 = $689.85', () => {
    const quote = quoteOf([shirts(50, 1200)], 'QC', '2026-11-22');
    expect(quote.lines[0]!.lineTotalCents).toBe(60_000);
    expect(quote.subtotalCents).toBe(60_000);
    expect(quote.taxableSubtotalCents).toBe(60_000);
    expect(quote.taxes.map((t) => [t.name.en, t.rateLabel.en, t.amountCents])).toEqual([
      ['GST', '5%', 3000],
      ['QST', '9.975%', 5985],
    ]);
    expect(quote.totalCents).toBe(68_985);
    expect(formatCents(quote.totalCents, 'en')).toBe('$689.85');
    expect(formatCents(quote.totalCents, 'fr')).toBe(`689,85${NBSP}$`);
  });

  it('Nova Scotia: 15% HST on 2025-03-31, 14% on 2025-04-01', () => {
    const before = quoteOf([shirts(50, 1200)], 'NS', '2025-03-31');
    const after = quoteOf([shirts(50, 1200)], 'NS', '2025-04-01');
    expect(before.taxes.map((t) => [t.code, t.rateLabel.en, t.amountCents])).toEqual([['HST', '15%', 9000]]);
    expect(before.totalCents).toBe(69_000);
    expect(after.taxes.map((t) => [t.code, t.rateLabel.en, t.amountCents])).toEqual([['HST', '14%', 8400]]);
    expect(after.totalCents).toBe(68_400);
  });
});

describe('computeQuote: totals', () => {
  it('taxes only the taxable lines, and adds every line to the subtotal', () => {
    const quote = quoteOf([shirts(10, 1000), shirts(1, 2500, false)], 'ON', '2026-11-22');
    expect(quote.subtotalCents).toBe(12_500);
    expect(quote.taxableSubtotalCents).toBe(10_000);
    expect(quote.taxes.map((t) => t.amountCents)).toEqual([1300]);
    expect(quote.totalCents).toBe(13_800);
  });

  it('rounds tax once on the taxable subtotal, not line by line', () => {
    // Three lines of 10 ¢ in Alberta: 0.5 ¢ each would round to 3 ¢; on 30 ¢ it is 1.5 ¢ → 2 ¢.
    const quote = quoteOf([shirts(1, 10), shirts(1, 10), shirts(1, 10)], 'AB', '2026-11-22');
    expect(quote.taxes[0]!.amountCents).toBe(2);
    expect(quote.totalCents).toBe(32);
  });

  it('accepts free lines and gives zero taxes on a zero subtotal', () => {
    const quote = quoteOf([shirts(5, 0)], 'BC', '2026-11-22');
    expect(quote.taxes.map((t) => t.amountCents)).toEqual([0, 0]);
    expect(quote.totalCents).toBe(0);
  });

  it('stays exact at the largest quote the limits allow', () => {
    const lines = Array.from({ length: 200 }, () => shirts(1_000_000, 10_000_000));
    const quote = quoteOf(lines, 'NS', '2026-11-22');
    expect(quote.subtotalCents).toBe(2_000_000_000_000_000);
    expect(quote.totalCents).toBe(2_280_000_000_000_000);
    expect(Number.isSafeInteger(quote.totalCents)).toBe(true);
  });

  it('stores descriptions trimmed and in NFC, and drops fields that are not part of a line', () => {
    const decomposed = '  Chandail bleu, broderie poitrine e\u0301cusson  ';
    const line = { ...shirts(1, 100), description: decomposed, kind: 'garment', needsQuantity: false };
    const quote = quoteOf([line], 'QC', '2026-11-22');
    expect(quote.lines[0]).toEqual({
      description: 'Chandail bleu, broderie poitrine écusson',
      quantity: 1,
      unitPriceCents: 100,
      taxable: true,
      lineTotalCents: 100,
    });
  });
});

describe('computeQuote: validation', () => {
  const errorsOf = (lines: unknown[], province = 'ON', date = '2026-11-22') => {
    const result = computeQuote(lines as QuoteLineInput[], { province, date });
    return result.ok ? [] : result.errors.map((e) => `${e.path} ${e.code}`);
  };

  it('accepts the limits themselves', () => {
    const longest = 'é'.repeat(500);
    expect(
      errorsOf([{ description: longest, quantity: 1_000_000, unitPriceCents: 10_000_000, taxable: false }]),
    ).toEqual([]);
    expect(errorsOf([{ description: 'x', quantity: 1, unitPriceCents: 0, taxable: true }])).toEqual([]);
  });

  it('refuses quantities outside 1–1,000,000 or not whole', () => {
    for (const quantity of [0, -1, 1_000_001, 1.5, Number.NaN, '3', null]) {
      expect(errorsOf([{ ...shirts(1, 100), quantity }])).toEqual(['lines.0.quantity quantity_invalid']);
    }
  });

  it('refuses unit prices outside ±10,000,000 cents or not whole', () => {
    for (const unitPriceCents of [-10_000_001, 10_000_001, 12.5, Number.POSITIVE_INFINITY, '1200']) {
      expect(errorsOf([{ ...shirts(1, 100), unitPriceCents }])).toEqual(['lines.0.unitPriceCents unit_price_invalid']);
    }
  });

  it('takes a discount line (a negative price), but never a subtotal below zero', () => {
    const discounted = quoteOf(
      [
        shirts(10, 1000),
        { description: 'Resale partner discount (10%)', quantity: 1, unitPriceCents: -1000, taxable: true },
      ],
      'ON',
      '2026-11-24',
    );
    expect(discounted).toMatchObject({ subtotalCents: 9000, taxableSubtotalCents: 9000 });
    expect(discounted.taxes[0]).toMatchObject({ code: 'HST', amountCents: 1170 });
    expect(errorsOf([shirts(1, 100), { ...shirts(1, -101) }])).toEqual(['lines negative_total']);
    // Taxable goods cannot be discounted below zero by a taxable discount either.
    expect(errorsOf([shirts(1, 100, false), { ...shirts(1, -101) }])).toEqual(['lines negative_total']);
  });

  it('charges only the taxes the shop is registered for, and says why for the others', () => {
    const line = [shirts(10, 1000)];
    const small = computeQuote(line, {
      province: 'QC',
      date: '2026-11-24',
      registrations: { gstHst: true, qst: false, pstProvinces: [] },
    });
    if (!small.ok) throw new Error('refused');
    expect(small.quote.taxes.map((t) => t.code)).toEqual(['GST']);
    expect(small.quote.totalCents).toBe(10_000 + 500);
    expect(small.quote.taxesNotCharged).toEqual([
      {
        code: 'QST',
        name: { en: 'QST', fr: 'TVQ' },
        reason: {
          en: 'No QST: the shop has no QST number',
          fr: 'Pas de TVQ\u00a0: l’entreprise n’a pas de numéro de TVQ',
        },
      },
    ]);
    // Without registrations given, every tax of the province (what quotes did before).
    expect(quoteOf(line, 'QC', '2026-11-24').taxes.map((t) => t.code)).toEqual(['GST', 'QST']);
  });

  it('refuses empty, blank and over-long descriptions', () => {
    expect(errorsOf([{ ...shirts(1, 1), description: '' }])).toEqual(['lines.0.description description_required']);
    expect(errorsOf([{ ...shirts(1, 1), description: ' \n ' }])).toEqual(['lines.0.description description_required']);
    expect(errorsOf([{ ...shirts(1, 1), description: 'a'.repeat(501) }])).toEqual([
      'lines.0.description description_too_long',
    ]);
  });

  it('refuses a missing taxable flag and lines that are not objects', () => {
    expect(errorsOf([{ description: 'x', quantity: 1, unitPriceCents: 1 }])).toEqual([
      'lines.0.taxable taxable_invalid',
    ]);
    expect(errorsOf([null, 'line'])).toEqual(['lines.0 invalid_line', 'lines.1 invalid_line']);
  });

  it('refuses an empty quote and more than 200 lines', () => {
    expect(errorsOf([])).toEqual(['lines no_lines']);
    expect(errorsOf(Array.from({ length: 201 }, () => shirts(1, 1)))).toEqual(['lines too_many_lines']);
    expect(errorsOf(Array.from({ length: 200 }, () => shirts(1, 1)))).toEqual([]);
  });

  it('refuses an unknown province and a date that is not a calendar date', () => {
    expect(errorsOf([shirts(1, 1)], 'XX')).toEqual(['province province_invalid']);
    expect(errorsOf([shirts(1, 1)], 'ON', '2026-02-30')).toEqual(['date date_invalid']);
    expect(errorsOf([shirts(1, 1)], 'ON', '2001-01-01')).toEqual(['date date_invalid']);
  });

  it('reports every problem at once, numbered for people and pathed for fields', () => {
    const result = computeQuote([shirts(0, 2.5), { ...shirts(2, 100), description: '' }], { province: '', date: '' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.path)).toEqual([
      'lines.0.quantity',
      'lines.0.unitPriceCents',
      'lines.1.description',
      'province',
      'date',
    ]);
    expect(result.errors[0]!.message).toBe('Line 1: the quantity must be a whole number from 1 to 1,000,000.');
    expect(result.errors[2]!.message).toBe('Line 2 needs a description.');
  });
});

describe('suggestQuoteLines', () => {
  it('suggests one line per variation of each picked layout, with the quantity read from the sizes', () => {
    const lines = suggestQuoteLines(
      order([
        layout('pick', [variation('Gildan 5000', 'Black', 'S:10, M:20, L:5'), variation('Gildan 5000', 'White', '15')]),
        layout('pick', [variation('Port Authority K500', 'Navy', '2XL: 3')]),
      ]),
    );
    expect(lines).toEqual([
      {
        kind: 'garment',
        description: 'Layout 1 · Gildan 5000, Black',
        quantity: 35,
        unitPriceCents: 0,
        taxable: true,
        needsQuantity: false,
        layout: '1',
        sizes: [
          { size: 'S', qty: 10 },
          { size: 'M', qty: 20 },
          { size: 'L', qty: 5 },
        ],
      },
      {
        kind: 'garment',
        description: 'Layout 1 · Gildan 5000, White',
        quantity: 15,
        unitPriceCents: 0,
        taxable: true,
        needsQuantity: false,
        layout: '1',
      },
      {
        kind: 'garment',
        description: 'Layout 2 · Port Authority K500, Navy',
        quantity: 3,
        unitPriceCents: 0,
        taxable: true,
        needsQuantity: false,
        layout: '2',
        sizes: [{ size: '2XL', qty: 3 }],
      },
    ]);
  });

  it('flags a variation whose sizes cannot be read, with quantity 1', () => {
    const [line] = suggestQuoteLines(order([layout('pick', [variation('Hoodie', 'Grey', 'S, M, L')])]));
    expect(line).toMatchObject({ quantity: 1, needsQuantity: true, description: 'Layout 1 · Hoodie, Grey' });
    expect(line).not.toHaveProperty('sizes');
  });

  it('skips layouts whose garments come in a PO, and layouts with no garment option', () => {
    const lines = suggestQuoteLines(
      order([layout('po', [variation('', '', '')]), layout('', []), layout('pick', [variation('Tee', 'Red', '12')])]),
    );
    expect(lines.map((l) => l.description)).toEqual(['Layout 3 · Tee, Red']);
  });

  it('numbers layouts by their key, 10 after 2', () => {
    const one = layout('pick', [variation('A', 'Red', '1')]);
    const ten = layout('pick', [variation('B', 'Red', '1')]);
    const body: OrderBody = { layouts: { '10': ten, '2': one }, isResalePartner: false, includePolyBags: false };
    expect(suggestQuoteLines(body).map((l) => l.description)).toEqual(['Layout 2 · A, Red', 'Layout 10 · B, Red']);
  });

  it('names a garment without type or colour by its position, and notes goods the customer supplies', () => {
    const lines = suggestQuoteLines(
      order([
        layout('pick', [
          variation('', '', '5'),
          variation('Tee', '', '5', { supplyingGoods: 'yes', itemPO: ' 4471 ' }),
          variation('', 'Red', '5', { supplyingGoods: 'yes' }),
        ]),
      ]),
    );
    expect(lines.map((l) => l.description)).toEqual([
      'Layout 1 · garment 1',
      'Layout 1 · Tee · goods supplied by the customer (PO 4471)',
      'Layout 1 · Red · goods supplied by the customer',
    ]);
  });

  it('adds poly bags at 35 cents a piece for every piece when the order asks for them', () => {
    expect(POLY_BAG_PRICE_CENTS).toBe(35);
    const lines = suggestQuoteLines(
      order(
        [
          layout('pick', [variation('Tee', 'Red', 'S:10, M:20, L:5')]),
          layout('pick', [variation('Cap', 'Navy', '15')]),
        ],
        {},
        { includePolyBags: true },
      ),
    );
    expect(lines.at(-1)).toEqual({
      kind: 'poly_bags',
      description: 'Biodegradable poly bags',
      quantity: 50,
      unitPriceCents: 35,
      taxable: true,
      needsQuantity: false,
    });
  });

  it('leaves poly bags out when any piece count is unknown', () => {
    const unread = order(
      [layout('pick', [variation('Tee', 'Red', '10'), variation('Tee', 'Blue', 'lots')])],
      {},
      {
        includePolyBags: true,
      },
    );
    expect(suggestQuoteLines(unread).map((l) => l.kind)).toEqual(['garment', 'garment']);
    const withPo = order(
      [layout('pick', [variation('Tee', 'Red', '10')]), layout('po', [])],
      {},
      { includePolyBags: true },
    );
    expect(suggestQuoteLines(withPo).map((l) => l.kind)).toEqual(['garment']);
  });

  it('leaves poly bags out when the order does not ask for them', () => {
    expect(suggestQuoteLines(order([layout('pick', [variation('Tee', 'Red', '10')])])).map((l) => l.kind)).toEqual([
      'garment',
    ]);
  });

  it('adds a rush line when the deadline is critical, at the fee given or 0', () => {
    const rushed = order([layout('pick', [variation('Tee', 'Red', '10')])], {
      deadline: { hasCriticalDeadline: true, date: '2026-12-01' },
    });
    expect(suggestQuoteLines(rushed, { rushFeeCents: 5000 }).at(-1)).toEqual({
      kind: 'rush',
      description: 'Rush fee (critical deadline December 1, 2026)',
      quantity: 1,
      unitPriceCents: 5000,
      taxable: true,
      needsQuantity: false,
    });
    expect(suggestQuoteLines(rushed).at(-1)!.unitPriceCents).toBe(0);
    const relaxed = order([layout('pick', [variation('Tee', 'Red', '10')])], {
      deadline: { hasCriticalDeadline: false, date: '' },
    });
    expect(suggestQuoteLines(relaxed).map((l) => l.kind)).toEqual(['garment']);
  });

  it('refuses a rush fee that is not a whole number of cents', () => {
    const body = order([layout('pick', [variation('Tee', 'Red', '10')])]);
    expect(() => suggestQuoteLines(body, { rushFeeCents: 12.5 })).toThrow(RangeError);
    expect(() => suggestQuoteLines(body, { rushFeeCents: -1 })).toThrow(RangeError);
  });

  it('writes the descriptions in French for a French order', () => {
    const body = order(
      [layout('pick', [variation('Gildan 5000', 'Noir', 'P\u00a0: 5, M\u00a0: 10', { supplyingGoods: 'yes' })])],
      { deadline: { hasCriticalDeadline: true, date: '2026-12-01' } },
      { includePolyBags: true, language: 'fr' },
    );
    expect(suggestQuoteLines(body).map((l) => l.description)).toEqual([
      'Design 1 · Gildan 5000, Noir · marchandise fournie par le client',
      'Sacs de plastique biodégradables',
      'Frais d’urgence (échéance critique 1er décembre 2026)',
    ]);
    expect(suggestQuoteLines(body, { language: 'en' })[1]!.description).toBe('Biodegradable poly bags');
  });

  it('gives lines computeQuote accepts once the clerk fills the prices', () => {
    const body = order([layout('pick', [variation('Gildan 5000', 'Black', '50')])]);
    const lines = suggestQuoteLines(body).map((l) => ({ ...l, unitPriceCents: 1200 }));
    const result = computeQuote(lines, { province: 'QC', date: '2026-11-22' });
    expect(result.ok && result.quote.totalCents).toBe(68_985);
  });
});

describe('placeOfSupply', () => {
  const picked = [layout('pick', [variation('Tee', 'Red', '10')])];

  it('is the shipping province when shipping to a separate address', () => {
    expect(placeOfSupply(order(picked, { billing: billing('QC'), shipping: shipping('NS') }), 'ON')).toBe('NS');
  });

  it('is the billing province when shipping is the same as billing', () => {
    const details = { billing: billing('QC'), shipping: shipping('', { sameAsBilling: true }) };
    expect(placeOfSupply(order(picked, details), 'ON')).toBe('QC');
  });

  it('is the shop’s province for a local pickup, whatever the addresses say', () => {
    const details = { billing: billing('QC'), shipping: shipping('NS', { localPickup: true, sameAsBilling: true }) };
    expect(placeOfSupply(order(picked, details), 'ON')).toBe('ON');
    expect(placeOfSupply(order(picked, details), 'british columbia')).toBe('BC');
  });

  it('reads provinces given by name, in any case, with or without accents', () => {
    expect(placeOfSupply(order(picked, { billing: billing('QC'), shipping: shipping('Nova Scotia') }), 'ON')).toBe(
      'NS',
    );
    expect(placeOfSupply(order(picked, { billing: billing('QC'), shipping: shipping(' québec ') }), 'ON')).toBe('QC');
    expect(provinceCodeOf('nl')).toBe('NL');
  });

  it('is null when the order does not name a known province', () => {
    expect(placeOfSupply(order(picked, { billing: billing('QC'), shipping: shipping('') }), 'ON')).toBeNull();
    expect(
      placeOfSupply(order(picked, { billing: billing('Ohio'), shipping: shipping('', { sameAsBilling: true }) }), 'ON'),
    ).toBeNull();
    expect(placeOfSupply(order(picked), 'ON')).toBeNull();
  });

  it('refuses a shop province that is not one', () => {
    expect(() => placeOfSupply(order(picked), 'Ontaria')).toThrow(/SHOP_PROVINCE/);
  });
});

describe('formatCents', () => {
  it.each([
    [0, '$0.00', `0,00${NBSP}$`],
    [5, '$0.05', `0,05${NBSP}$`],
    [68_985, '$689.85', `689,85${NBSP}$`],
    [123_456, '$1,234.56', `1${NNBSP}234,56${NBSP}$`],
    [100_000_000, '$1,000,000.00', `1${NNBSP}000${NNBSP}000,00${NBSP}$`],
    [-123_456, '-$1,234.56', `-1${NNBSP}234,56${NBSP}$`],
  ])('%i cents → %j / %j', (cents, en, fr) => {
    expect(formatCents(cents, 'en')).toBe(en);
    expect(formatCents(cents, 'fr')).toBe(fr);
  });

  it('refuses fractions of a cent', () => {
    expect(() => formatCents(1.5, 'en')).toThrow(RangeError);
  });
});

describe('serialiseQuoteVersion', () => {
  const quote = quoteOf([shirts(50, 1200)], 'QC', '2026-11-22');

  it('sorts keys at every depth and leaves no whitespace', () => {
    const text = serialiseQuoteVersion(quoteVersion('ord_1', 1, quote));
    expect(
      text.startsWith(
        '{"currency":"CAD","date":"2026-11-22","format":"quote-version/1","lineTaxKeys":[["GST|5000","QST|9975"]],"lines":[{"description"',
      ),
    ).toBe(true);
    expect(text).toContain('"taxes":[{"amountCents":3000,"code":"GST","name":{"en":"GST","fr":"TPS"}');
    expect(text).not.toMatch(/\s(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    expect(JSON.parse(text)).toEqual(quoteVersion('ord_1', 1, quote));
  });

  it('gives the same text whatever order the keys were built in', () => {
    const shuffled = { ...Object.fromEntries(Object.entries(quoteVersion('ord_1', 1, quote)).reverse()) };
    expect(canonicalJson(shuffled)).toBe(serialiseQuoteVersion(quoteVersion('ord_1', 1, quote)));
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: true } })).toBe(
      '{"a":{"c":true,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
  });

  it('differs when anything a customer approves differs', () => {
    const base = serialiseQuoteVersion(quoteVersion('ord_1', 1, quote));
    expect(serialiseQuoteVersion(quoteVersion('ord_1', 2, quote))).not.toBe(base);
    const cheaper = quoteOf([shirts(50, 1199)], 'QC', '2026-11-22');
    expect(serialiseQuoteVersion(quoteVersion('ord_1', 1, cheaper))).not.toBe(base);
    const proof = { layout: 1, name: 'proof.png', sha256: 'a'.repeat(64) };
    const withProof = serialiseQuoteVersion(quoteVersion('ord_1', 1, quote, [proof]));
    expect(withProof).not.toBe(base);
    expect(withProof).toContain(`"proofs":[{"layout":1,"name":"proof.png","sha256":"${'a'.repeat(64)}"}]`);
    expect(serialiseQuoteVersion(quoteVersion('ord_1', 1, quote, [{ ...proof, sha256: 'b'.repeat(64) }]))).not.toBe(
      withProof,
    );
    // No proofs is the same text as before proofs existed.
    expect(serialiseQuoteVersion(quoteVersion('ord_1', 1, quote, []))).toBe(base);
  });

  it('sorts keys by UTF-16 code units and escapes strings as JSON does', () => {
    expect(canonicalJson({ é: 1, z: 2, Z: 3, '10': 4, '9': 5 })).toBe('{"10":4,"9":5,"Z":3,"z":2,"é":1}');
    expect(canonicalJson({ s: 'a "quote" \u2028 é' })).toBe('{"s":"a \\"quote\\" \u2028 é"}');
  });

  it('leaves out undefined properties and refuses what JSON cannot carry exactly', () => {
    expect(canonicalJson({ a: undefined, b: null })).toBe('{"b":null}');
    expect(() => canonicalJson({ a: 1.5 })).toThrow(TypeError);
    expect(() => canonicalJson({ a: 2 ** 53 })).toThrow(TypeError);
    expect(() => canonicalJson({ a: new Date(0) })).toThrow(TypeError);
    expect(() => canonicalJson([undefined])).toThrow(TypeError);
    expect(() => canonicalJson({ a: 1n })).toThrow(TypeError);
  });

  it('refuses a version number below 1', () => {
    expect(() => quoteVersion('ord_1', 0, quote)).toThrow(RangeError);
  });
});
