import { describe, expect, it } from 'vitest';
import { issueFields, orderBodySchema } from './order-schema.js';

describe('issueFields', () => {
  it('names the details without their layout and anything else by its whole path', () => {
    const result = orderBodySchema.safeParse({
      layouts: {
        '1': { billing: { email: 'not an email', province: 'Narnia' }, deadline: { date: 'soon' } },
        '2': { viewData: { Front: { decoration: 'glitter' } } },
      },
    });
    expect(result.success).toBe(false);
    expect(issueFields(result.error!).sort()).toEqual(
      ['billing.email', 'billing.province', 'deadline.date', 'layouts.2.viewData.Front.decoration'].sort(),
    );
  });
});

describe('provinces', () => {
  // One reader for the whole app (order-details.ts): the form's schema and the quote agree.
  const withProvince = (province: string) =>
    orderBodySchema.safeParse({ layouts: { '1': { billing: { province }, shipping: { province } } } });

  it('takes a code or a name in English or with French accents, in any case', () => {
    for (const province of ['QC', 'qc', 'Quebec', 'Québec', 'QUÉBEC', ' Ontario ', 'Yukon', '']) {
      expect(withProvince(province).success, province).toBe(true);
    }
  });

  it('refuses what is not a Canadian province or territory', () => {
    for (const province of ['Narnia', 'Q', 'Quebecc', 'New York']) {
      expect(withProvince(province).success, province).toBe(false);
    }
  });
});

describe('ink colours of a view', () => {
  const withColours = (colours: unknown) =>
    orderBodySchema.safeParse({
      layouts: { '1': { viewData: { Front: { decoration: 'screen-printing', colours } } } },
    });

  it('takes a whole number from 1 to 100, and none at all (older clients)', () => {
    for (const colours of [1, 2, 6, 100, undefined, null])
      expect(withColours(colours).success, String(colours)).toBe(true);
    expect(withColours(2).data?.layouts['1']?.viewData.Front?.colours).toBe(2);
  });

  it('refuses 0, -1, 2.5, "two" and 10,000, naming the field', () => {
    for (const colours of [0, -1, 2.5, 'two', 10_000]) {
      const result = withColours(colours);
      expect(result.success, String(colours)).toBe(false);
      expect(issueFields(result.error!)).toEqual(['layouts.1.viewData.Front.colours']);
    }
  });
});

describe('the deadline', () => {
  const withDate = (date: string) =>
    orderBodySchema.safeParse({ layouts: { '1': { deadline: { hasCriticalDeadline: true, date } } } });
  // Date.parse rolls 2026-02-30 over to March 2nd: the day itself must be on the calendar.
  it('takes real calendar days only', () => {
    for (const date of ['2026-12-31', '2028-02-29', '2026-12-31T00:00:00.000Z', ''])
      expect(withDate(date).success, date).toBe(true);
    for (const date of ['2026-02-30', '2026-13-45', '2026-04-31', '26-12-31', '2026-1 2-31'])
      expect(withDate(date).success, date).toBe(false);
  });
});

describe('locations', () => {
  // An order as a client of the published wire format (docs/architecture.md) sends it: viewData by view, no location, no extra decorations.
  const specLayout = {
    mockupOption: 'upload',
    garmentOption: 'pick',
    hasVectorFiles: 'no',
    variations: [{ type: 'G5000', color: 'Black', sizes: 'M:12', supplyingGoods: 'no', itemPO: '' }],
    files: [{ name: 'Layout_1_Front.png', type: 'image/png' }],
    mockupImages: [],
    viewData: {
      Front: { image: 'Layout_1_Front.png', dimensions: '10" wide', decoration: 'screen-printing' },
      Back: { image: '', dimensions: '', decoration: 'embroidery' },
      'Left Sleeve': { image: '', dimensions: '', decoration: 'dtf' },
      'Right Sleeve': { image: '', dimensions: '', decoration: 'sewing' },
    },
  };

  it('accepts a spec client’s order unchanged, with no location and no extra decorations', () => {
    const result = orderBodySchema.safeParse({
      layouts: { '1': specLayout },
      isResalePartner: false,
      includePolyBags: false,
    });
    expect(result.success).toBe(true);
    const layout = result.data!.layouts['1']!;
    expect(layout.extraDecorations).toBeUndefined();
    expect(layout.teamNames).toBeUndefined();
    expect(layout.viewData).toEqual({
      Front: { image: 'Layout_1_Front.png', dimensions: '10" wide', decoration: 'screen-printing' },
      Back: { image: '', dimensions: '', decoration: 'embroidery' },
      'Left Sleeve': { image: '', dimensions: '', decoration: 'dtf' },
      'Right Sleeve': { image: '', dimensions: '', decoration: 'sewing' },
    });
  });

  it('takes extra decorations at their view’s locations, and refuses a location of another view', () => {
    const withExtras = (extraDecorations: unknown, front: object = {}) =>
      orderBodySchema.safeParse({
        layouts: {
          '1': {
            ...specLayout,
            viewData: { ...specLayout.viewData, Front: { ...specLayout.viewData.Front, ...front } },
            extraDecorations,
          },
        },
      });
    const ok = withExtras(
      [{ view: 'Front', location: 'left-chest', image: '', dimensions: '3.5" wide', decoration: 'embroidery' }],
      {
        location: 'full-front',
      },
    );
    expect(ok.success).toBe(true);
    expect(ok.data!.layouts['1']!.extraDecorations).toEqual([
      { view: 'Front', location: 'left-chest', image: '', dimensions: '3.5" wide', decoration: 'embroidery' },
    ]);
    const wrong = withExtras([{ view: 'Back', location: 'left-chest', decoration: 'embroidery' }]);
    expect(wrong.success).toBe(false);
    expect(issueFields(wrong.error!)).toEqual(['layouts.1.extraDecorations.0.location']);
    const wrongOwn = withExtras(undefined, { location: 'nape' });
    expect(issueFields(wrongOwn.error!)).toEqual(['layouts.1.viewData.Front.location']);
  });

  it('takes a team’s names-and-numbers list with a layout, and refuses a line over its caps', () => {
    const withNames = (teamNames: unknown) =>
      orderBodySchema.safeParse({ layouts: { '1': { ...specLayout, teamNames } } });
    const ok = withNames([
      { name: ' Ada ', size: 'M', printName: 'ADA', printNumber: '10' },
      { name: 'Bob', size: 'L', printName: '', printNumber: '' },
    ]);
    expect(ok.success).toBe(true);
    expect(ok.data!.layouts['1']!.teamNames).toEqual([
      { name: 'Ada', size: 'M', printName: 'ADA', printNumber: '10' },
      { name: 'Bob', size: 'L', printName: '', printNumber: '' },
    ]);
    const badNumber = withNames([{ name: 'Cy', size: 'S', printName: '', printNumber: '1234' }]);
    expect(issueFields(badNumber.error!)).toEqual(['layouts.1.teamNames.0.printNumber']);
    const noName = withNames([{ name: ' ', size: 'S', printName: '', printNumber: '' }]);
    expect(issueFields(noName.error!)).toEqual(['layouts.1.teamNames.0.name']);
    const line = { name: 'X', size: 'S', printName: '', printNumber: '' };
    expect(withNames(Array.from({ length: 500 }, () => line)).success).toBe(true);
    expect(withNames(Array.from({ length: 501 }, () => line)).success).toBe(false);
  });
});
