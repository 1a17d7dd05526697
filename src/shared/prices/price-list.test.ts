import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import example from './example-price-list.json';
import { formatPath, priceListJsonSchema, readPriceList, type PriceListError } from './price-list.js';

const root = path.resolve(import.meta.dirname, '../../..');

/** The example document with one change made to a fresh copy of it. */
function changed(change: (doc: any) => void): unknown {
  const doc = structuredClone(example) as any;
  change(doc);
  return doc;
}

function refusals(document: unknown): PriceListError[] {
  const read = readPriceList(document);
  if (read.ok) throw new Error('The document was accepted');
  return read.errors;
}

const english = (document: unknown) => refusals(document).map((e) => e.message.en);

describe('readPriceList', () => {
  it('accepts the example document of docs/prices.md', () => {
    const read = readPriceList(structuredClone(example));
    expect(read.ok).toBe(true);
    if (read.ok) expect(read.priceList).toEqual(example);
  });

  it('names the place of a fractional cent, in English and in French', () => {
    expect(refusals(changed((d) => (d.methods.dtf.unitCents[1][3] = 10.5)))).toEqual([
      {
        path: 'methods.dtf.unitCents[1][3]',
        message: {
          en: 'methods.dtf.unitCents[1][3]: must be a whole number of cents',
          fr: 'methods.dtf.unitCents[1][3]\u00a0: doit être un nombre entier de cents',
        },
      },
    ]);
  });

  it('refuses a negative cent, a price over $10,000 and an amount that is not a number', () => {
    expect(
      english(
        changed((d) => {
          d.garments[0].unitCents = -1;
          d.customerGoodsCents = 1_000_001;
          d.methods['screen-printing'].setupCents = '15.00';
        }),
      ),
    ).toEqual([
      'garments[0].unitCents: must not be negative',
      'customerGoodsCents: must be at most 1000000 cents ($10,000.00)',
      'methods.screen-printing.setupCents: must be a whole number of cents',
    ]);
  });

  it('refuses unsorted or repeated breaks and columns, naming the first value out of order', () => {
    expect(
      english(
        changed((d) => {
          d.methods['screen-printing'].breaks = [12, 48, 24, 72, 144];
          d.methods.dtf.columns = [4, 8, 8, 16];
        }),
      ),
    ).toEqual([
      'methods.screen-printing.breaks[2]: must be in increasing order, each value once',
      'methods.dtf.columns[2]: must be in increasing order, each value once',
    ]);
  });

  it('refuses a row of the wrong length and a wrong number of rows', () => {
    expect(
      refusals(
        changed((d) => {
          d.methods.embroidery.unitCents[1] = [700, 950];
          d.methods.dtf.unitCents.pop();
        }),
      ).map((e) => e.message),
    ).toEqual([
      {
        en: 'methods.embroidery.unitCents[1]: must have one price per column (3 prices)',
        fr: 'methods.embroidery.unitCents[1]\u00a0: doit avoir un prix par colonne (3 prix)',
      },
      {
        en: 'methods.dtf.unitCents: must have one row per break (3 rows)',
        fr: 'methods.dtf.unitCents\u00a0: doit avoir une rangée par palier (3 rangées)',
      },
    ]);
  });

  it('refuses an unknown method and a measure that is not the method’s own', () => {
    expect(
      refusals(
        changed((d) => {
          d.methods.screenprint = d.methods['screen-printing'];
          d.methods.dtf.measure = 'colours';
          d.methods.sewing.measure = 'area';
        }),
      ).map((e) => e.message.en),
    ).toEqual([
      'methods.dtf.measure: must be "inches" for dtf',
      'methods.sewing.measure: must be "none" for sewing',
      'methods.screenprint: is not a decoration method (embroidery, screen-printing, dtf, sewing)',
    ]);
  });

  it('refuses sewing with more than one column', () => {
    expect(english(changed((d) => (d.methods.sewing.columns = [1, 2])))).toEqual([
      'methods.sewing.columns: must have exactly one column',
      'methods.sewing.unitCents[0]: must have one price per column (2 prices)',
    ]);
  });

  it('refuses embroidery without its stitch density', () => {
    expect(english(changed((d) => delete d.methods.embroidery.stitchesPerSquareInch))).toEqual([
      'methods.embroidery.stitchesPerSquareInch: is required',
    ]);
  });

  it('refuses an upcharge for a size the garment lacks', () => {
    expect(refusals(changed((d) => (d.garments[0].sizeUpchargeCents['5XL'] = 400)))).toEqual([
      {
        path: 'garments[0].sizeUpchargeCents.5XL',
        message: {
          en: 'garments[0].sizeUpchargeCents.5XL: is not one of this garment’s sizes',
          fr: 'garments[0].sizeUpchargeCents.5XL\u00a0: n’est pas une des tailles de ce vêtement',
        },
      },
    ]);
  });

  it('refuses two garments a customer could not tell apart, whatever the case', () => {
    expect(
      english(changed((d) => d.garments.push({ ...d.garments[0], id: 'g5000', name: 'Gildan 5000 (new)' }))),
    ).toEqual(['garments[1].id: repeats the id or name of garments[0]']);
    expect(
      english(changed((d) => d.garments.push({ ...d.garments[0], id: 'G5001', name: 'GILDAN 5000 T-SHIRT' }))),
    ).toEqual(['garments[1].name: repeats the id or name of garments[0]']);
  });

  it('refuses a size the form cannot read back, and a size given twice', () => {
    expect(english(changed((d) => (d.garments[0].sizes = ['S', 'M', 'LT', 'XXL', '2XL'])))).toEqual([
      'garments[0].sizes[2]: is not a size the order form can read (such as XS, S, M, L, XL, 2XL, YS, P, G, TG, OS)',
      'garments[0].sizes[4]: repeats a size of this garment',
      'garments[0].sizeUpchargeCents.3XL: is not one of this garment’s sizes',
    ]);
  });

  it('refuses another currency, an unknown field, a percent out of range and a missing field', () => {
    expect(
      english(
        changed((d) => {
          d.currency = 'USD';
          d.discount = 5;
          d.resalePartnerPercentOff = 150;
          d.rush.percent = 12.5;
          delete d.showEstimate;
        }),
      ),
    ).toEqual([
      'currency: must be "CAD"',
      'showEstimate: is required',
      'rush.percent: must be a whole number from 0 to 100',
      'resalePartnerPercentOff: must be a whole number from 0 to 100',
      'discount: is not a field of the price list',
    ]);
  });

  it('refuses what is not a document at all', () => {
    expect(refusals(null)).toEqual([{ path: '', message: { en: 'must be an object', fr: 'doit être un objet' } }]);
    expect(english([])).toEqual(['must be an object']);
  });

  it('lists at most 50 refusals for a document broken everywhere', () => {
    const errors = refusals(changed((d) => (d.garments = Array.from({ length: 200 }, () => ({ id: '' })))));
    expect(errors).toHaveLength(50);
    expect(errors[0]!.message.en).toBe('garments[0].id: must not be empty');
  });
});

describe('formatPath', () => {
  it('writes names with dots and list positions in brackets', () => {
    expect(formatPath(['methods', 'dtf', 'unitCents', 1, 3])).toBe('methods.dtf.unitCents[1][3]');
    expect(formatPath([0, 'id'])).toBe('[0].id');
    expect(formatPath([])).toBe('');
  });
});

describe('the committed contract', () => {
  it('docs/price-list.schema.json is what the zod schema generates (update with vitest -u)', async () => {
    await expect(`${JSON.stringify(priceListJsonSchema(), null, 2)}\n`).toMatchFileSnapshot(
      path.join(root, 'docs/price-list.schema.json'),
    );
  });

  it('the JSON Schema refuses what the schema refuses at the top level', () => {
    const schema = priceListJsonSchema() as { required: string[]; additionalProperties: boolean };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual([
      'currency',
      'showEstimate',
      'garments',
      'customerGoodsCents',
      'methods',
      'rush',
      'resalePartnerPercentOff',
    ]);
  });

  it('docs/prices.md shows the example document exactly', () => {
    const doc = fs.readFileSync(path.join(root, 'docs/prices.md'), 'utf8');
    const block = /```json\n([\s\S]*?)\n```/.exec(doc)?.[1];
    expect(block).toBeDefined();
    expect(JSON.parse(block!)).toEqual(example);
  });
});
