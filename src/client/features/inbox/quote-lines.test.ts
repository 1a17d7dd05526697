import { describe, expect, it } from 'vitest';
import type { StaffQuoteState } from '../../../shared/quote-api.js';
import {
  exemptionOf,
  followPercent,
  followPercents,
  keyed,
  percentBaseCents,
  percentLabelOf,
  resalePstName,
  startingLines,
  taxChoicesOf,
  toSendable,
  type EditorLine,
} from './quote-lines.js';

const line = (over: Partial<EditorLine>): EditorLine =>
  keyed({ description: 'Tees', quantity: '1', price: '0.00', taxable: true, notTaxed: [], childrens: false, ...over });

const GARMENTS = line({ description: 'Layout 1 · Gildan 5000', quantity: '50', price: '4.50', kind: 'garment' });
const PRINT = line({
  description: 'Layout 1 · Front · Screen printing',
  quantity: '50',
  price: '2.20',
  kind: 'decoration',
});
// 25 % of $335.00 is $83.75.
const rush = (price: string, description = 'Rush fee, critical deadline 2026-12-01 (25%)') =>
  line({
    description,
    price,
    kind: 'rush',
    percent: { value: 25, label: percentLabelOf(description)!, dropped: false },
  });

describe('a rush line’s label follows its price', () => {
  it('finds the label in either language', () => {
    expect(percentLabelOf('Rush fee, critical deadline 2026-12-01 (25%)')).toBe(' (25%)');
    expect(percentLabelOf('Frais d’urgence, échéance critique 2026-12-01 (25\u00a0%)')).toBe(' (25\u00a0%)');
    expect(percentLabelOf('Rush fee (critical deadline 2026-12-01)')).toBeNull();
  });

  it('counts only the garments, decoration and setup in the base, as the price list does', () => {
    expect(percentBaseCents([GARMENTS, PRINT, rush('83.75'), line({ price: '99.00' })])).toBe(33_500);
    expect(percentBaseCents([GARMENTS, { ...PRINT, price: '2,2x' }])).toBeNull();
  });

  it('keeps "(25%)" while the fee is 25 % of the base', () => {
    const fee = rush('83.75');
    expect(followPercent(fee, 33_500)).toBe(fee);
  });

  it('drops "(25%)" when the clerk types a fixed price, and puts it back when the price is the percent again', () => {
    const fixed = followPercent(rush('100.00'), 33_500);
    expect(fixed.description).toBe('Rush fee, critical deadline 2026-12-01');
    expect(fixed.percent?.dropped).toBe(true);
    const back = followPercent({ ...fixed, price: '83.75' }, 33_500);
    expect(back.description).toBe('Rush fee, critical deadline 2026-12-01 (25%)');
    expect(back.percent?.dropped).toBe(false);
  });

  it('drops it in French too, and when the base moves under an unchanged fee', () => {
    const fr = rush('83,75', 'Frais d’urgence, échéance critique 2026-12-01 (25\u00a0%)');
    expect(followPercent({ ...fr, price: '90,00' }, 33_500).description).toBe(
      'Frais d’urgence, échéance critique 2026-12-01',
    );
    const lines = followPercents([{ ...GARMENTS, price: '5.00' }, PRINT, rush('83.75')]);
    expect(lines[2]!.description).toBe('Rush fee, critical deadline 2026-12-01');
  });

  it('leaves the line alone while a price cannot be read, or the clerk rewrote the description', () => {
    const half = rush('8x');
    expect(followPercent(half, 33_500)).toBe(half);
    const rewritten = { ...rush('100.00'), description: 'Rush, agreed by phone' };
    expect(followPercent(rewritten, 33_500).description).toBe('Rush, agreed by phone');
    const plain = [GARMENTS, PRINT];
    expect(followPercents(plain)).toBe(plain);
  });
});

describe('toSendable', () => {
  it('sends each line’s taxability only when it differs from a plain line, and leaves an unconfirmed resale line out', () => {
    const { lines, indexes, badPrices } = toSendable([
      line({ description: 'Tees', quantity: '50', price: '12.00' }),
      line({ description: 'Discount', price: '-57.35', kind: 'resale_partner', unconfirmedResale: true }),
      line({ description: 'Youth tees', quantity: '10', price: '8', notTaxed: ['pst'], childrens: true }),
      line({ description: 'Gift card', price: '10', taxable: false, notTaxed: ['qst'] }),
      line({ description: 'Oops', price: 'abc' }),
    ]);
    expect(lines).toEqual([
      { description: 'Tees', quantity: 50, unitPriceCents: 1200, taxable: true },
      {
        description: 'Youth tees',
        quantity: 10,
        unitPriceCents: 800,
        taxable: true,
        notTaxed: ['pst'],
        childrens: true,
      },
      { description: 'Gift card', quantity: 1, unitPriceCents: 1000, taxable: false },
      { description: 'Oops', quantity: 1, unitPriceCents: 0, taxable: true },
    ]);
    expect(indexes).toEqual([0, 2, 3, 4]);
    expect([...badPrices]).toEqual([4]);
    // Once confirmed, it goes.
    expect(toSendable([line({ price: '-57.35', kind: 'resale_partner' })]).lines).toHaveLength(1);
  });
});

describe('the place of supply', () => {
  it('offers only the taxes of the province', () => {
    const groups = (p: string) => taxChoicesOf(p).map((c) => `${c.group}:${c.name.en}`);
    expect(groups('ON')).toEqual(['gst_hst:GST/HST']);
    expect(groups('BC')).toEqual(['gst_hst:GST/HST', 'pst:PST']);
    expect(groups('MB')).toEqual(['gst_hst:GST/HST', 'pst:RST']);
    expect(groups('QC')).toEqual(['gst_hst:GST/HST', 'qst:QST']);
    expect(taxChoicesOf(null)).toEqual([]);
  });

  it('asks for a resale number only in BC, SK and MB, named as the province names its tax', () => {
    expect(resalePstName('BC')).toEqual({ en: 'PST', fr: 'TVP' });
    expect(resalePstName('MB')).toEqual({ en: 'RST', fr: 'TVD' });
    expect(resalePstName('SK')?.en).toBe('PST');
    expect(resalePstName('ON')).toBeNull();
    expect(resalePstName('QC')).toBeNull();
    expect(exemptionOf('BC', ' PST-1234-5678 ')).toEqual({ kind: 'resale', pstNumber: 'PST-1234-5678' });
    expect(exemptionOf('BC', '  ')).toBeUndefined();
    expect(exemptionOf('ON', 'PST-1234-5678')).toBeUndefined();
  });
});

/** A quote's state with nothing in it yet, for an order and a shop in `province`. */
const emptyQuote = (province: string): StaffQuoteState => ({
  province,
  shopProvince: province,
  registration: { gstHst: '', qst: '' },
  suggestions: [],
  priced: null,
  revision: null,
  draft: null,
  draftPriceListVersion: null,
  draftExemption: null,
  estimate: null,
  versions: [],
  proofs: [],
});

describe('startingLines', () => {
  const empty = emptyQuote('BC');

  it('reopens a draft with each line’s taxes and the PST number', () => {
    const start = startingLines(
      {
        ...empty,
        draft: [{ description: 'Youth tees', quantity: 10, unitPriceCents: 800, taxable: true, childrens: true }],
        draftExemption: { kind: 'resale', pstNumber: 'PST-1234-5678' },
      },
      'en',
    );
    expect(start.origin).toBe('draft');
    expect(start.pstNumber).toBe('PST-1234-5678');
    expect(start.lines[0]).toMatchObject({ price: '8.00', notTaxed: [], childrens: true });
  });

  it('marks the price list’s resale partner discount unconfirmed and its rush fee with its percent', () => {
    const reason = { en: '', fr: '' };
    const start = startingLines(
      {
        ...empty,
        priced: {
          priceListVersion: 3,
          notes: [],
          lines: [
            {
              description: 'Tees',
              quantity: 50,
              unitPriceCents: 450,
              taxable: true,
              needsPrice: false,
              kind: 'garment',
              reason,
            },
            {
              description: 'Rush fee, critical deadline 2026-12-01 (25%)',
              quantity: 1,
              unitPriceCents: 5625,
              taxable: true,
              needsPrice: false,
              kind: 'rush',
              percent: 25,
              reason,
            },
            {
              description: 'Resale partner discount (10%)',
              quantity: 1,
              unitPriceCents: -2250,
              taxable: true,
              needsPrice: false,
              kind: 'resale_partner',
              percent: 10,
              reason,
            },
          ],
        },
      },
      'en',
    );
    expect(start.origin).toBe('priced');
    expect(start.lines[1]!.percent).toEqual({ value: 25, label: ' (25%)', dropped: false });
    expect(start.lines[2]!.unconfirmedResale).toBe(true);
    expect(toSendable(start.lines).lines.map((l) => l.description)).toEqual([
      'Tees',
      'Rush fee, critical deadline 2026-12-01 (25%)',
    ]);
  });
});

describe('a Quebec shop’s French descriptions', () => {
  const quebec = emptyQuote('QC');

  it('starts from the French the server suggests, and sends it with the line', () => {
    const start = startingLines(
      {
        ...quebec,
        suggestions: [
          {
            kind: 'garment',
            description: 'Layout 1 · Gildan 5000, Black',
            descriptionFr: 'Design 1 · Gildan 5000, Noir',
            quantity: 10,
            unitPriceCents: 0,
            taxable: true,
            needsQuantity: false,
          },
        ],
      },
      'en',
    );
    expect(start.lines[0]!.descriptionFr).toBe('Design 1 · Gildan 5000, Noir');
    expect(toSendable(start.lines).lines[0]).toMatchObject({
      description: 'Layout 1 · Gildan 5000, Black',
      descriptionFr: 'Design 1 · Gildan 5000, Noir',
    });
  });

  it('reopens a draft with its French, and sends none for a line whose French is left empty', () => {
    const start = startingLines(
      {
        ...quebec,
        draft: [{ description: 'Tees', descriptionFr: 'T-shirts', quantity: 10, unitPriceCents: 800, taxable: true }],
      },
      'en',
    );
    expect(start.lines[0]!.descriptionFr).toBe('T-shirts');
    const sent = toSendable([{ ...start.lines[0]!, descriptionFr: '  ' }, line({ description: 'Bags' })]).lines;
    expect(sent.map((l) => 'descriptionFr' in l)).toEqual([false, false]);
  });

  it('starts a priced line with the list’s French', () => {
    const start = startingLines(
      {
        ...quebec,
        priced: {
          priceListVersion: 1,
          notes: [],
          lines: [
            {
              description: 'Layout 1 · Tee',
              descriptionFr: 'Design 1 · T-shirt',
              quantity: 50,
              unitPriceCents: 450,
              taxable: true,
              needsPrice: false,
              kind: 'garment',
              reason: { en: '', fr: '' },
            },
          ],
        },
      },
      'en',
    );
    expect(toSendable(start.lines).lines[0]!.descriptionFr).toBe('Design 1 · T-shirt');
  });
});
