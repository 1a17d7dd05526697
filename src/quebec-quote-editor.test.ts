// A Quebec shop's quote editor, as the clerk uses it, to the invoice the customer keeps: the
// editor starts each line with the French description the server suggests (the Charter of the
// French language, s. 57; docs/accounts.md, "Documents"), the clerk prices the lines and sends
// them as the editor sends them, and the invoice's PDF prints the French with the English beside
// it for an English-speaking customer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffQuoteState } from './shared/quote-api.js';
import example from './shared/prices/example-price-list.json' with { type: 'json' };
import { startingLines, toSendable } from './client/features/inbox/quote-lines.js';
import {
  pageToken,
  sampleOrder,
  startShopApp,
  submitMultipart,
  type TestApp,
  orderLinkToken,
} from '../tests/support/harness.js';
import { hasPoppler, pdfText } from '../tests/support/pdf.js';

const montreal = (language: 'en' | 'fr') => {
  const order = sampleOrder();
  order.layouts['1'].billing = {
    ...order.layouts['1'].billing,
    city: 'Montréal',
    province: 'QC',
    postalCode: 'H2X 1Y4',
  };
  return { ...order, includePolyBags: false, language };
};

describe('a Quebec shop’s quote editor, to the invoice', () => {
  let t: TestApp;
  let clerk = '';
  beforeAll(async () => {
    const started = await startShopApp('sqlite', {
      env: { SHOP_PROVINCE: 'QC', GST_HST_NUMBER: '123456782 RT0001', QST_NUMBER: '1234567890 TQ0001' },
      staff: { clerk: { email: 'clerk@shop.ca', role: 'staff' } },
    });
    t = started.t;
    clerk = started.staff.clerk;
  });
  afterAll(async () => t?.close());

  const submit = async (language: 'en' | 'fr') =>
    (await submitMultipart(t.app, montreal(language), [], { 'x-form-token': pageToken(t) })).orderId;
  const stateOf = async (orderId: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/quote`, headers: { cookie: clerk } })
    ).json<StaffQuoteState>();

  it('suggests each line’s French and prints it beside the English on the invoice', async () => {
    const orderId = await submit('en');
    const state = await stateOf(orderId);
    expect(state.shopProvince).toBe('QC');
    // What the editor opens with: the English line and its French, prefilled.
    const start = startingLines(state, 'en');
    expect(start.lines.map((l) => [l.description, l.descriptionFr])).toEqual([
      ['Layout 1 · Gildan 5000, Black', 'Design 1 · Gildan 5000, Noir'],
    ]);
    // The clerk prices the line and rewrites its French; the editor sends what it holds.
    const typed = start.lines.map((l) => ({
      ...l,
      price: '15.00',
      descriptionFr: 'Design 1 · T-shirt Gildan 5000, noir',
    }));
    const { lines } = toSendable(typed);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/quote/send`,
      headers: { cookie: clerk },
      payload: { lines, confirmNoProofs: true },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    // Sent, the version keeps it: the editor reopened on the version starts with it.
    expect(startingLines(await stateOf(orderId), 'en').lines[0]!.descriptionFr).toBe(
      'Design 1 · T-shirt Gildan 5000, noir',
    );

    const token = await orderLinkToken(t, orderId);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/approve`,
      payload: { version: 1, fullName: 'Ada Lovelace', agree: true },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const invoice = await t.app.db
      .selectFrom('invoices')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(invoice.document)).toMatchObject({
      bilingual: true,
      lines: [{ description: 'Layout 1 · Gildan 5000, Black', descriptionFr: 'Design 1 · T-shirt Gildan 5000, noir' }],
    });
    if (hasPoppler) {
      // The French first, the English beside it (its cell wraps the English to a second row).
      const text = pdfText(Buffer.from(invoice.pdf));
      expect(text).toContain('Design 1 · T-shirt Gildan 5000, noir / Layout');
      expect(text).toContain('1 · Gildan 5000, Black');
    }
  });

  it('suggests no separate French for a French-speaking customer: the lines are French already', async () => {
    const state = await stateOf(await submit('fr'));
    const start = startingLines(state, 'fr');
    expect(start.lines.map((l) => [l.description, l.descriptionFr])).toEqual([
      ['Design 1 · Gildan 5000, Noir', undefined],
    ]);
  });
});

describe('a Quebec shop’s price list in French', () => {
  let t: TestApp;
  let clerk = '';
  beforeAll(async () => {
    const priceList = structuredClone(example);
    Object.assign(priceList.garments[0]!, { nameFr: 'T-shirt Gildan 5000' });
    const started = await startShopApp('sqlite', {
      env: { SHOP_PROVINCE: 'QC', GST_HST_NUMBER: '123456782 RT0001', QST_NUMBER: '1234567890 TQ0001' },
      priceList,
      staff: { clerk: { email: 'clerk@shop.ca', role: 'staff' } },
    });
    t = started.t;
    clerk = started.staff.clerk;
  });
  afterAll(async () => t?.close());

  it('names the garment by its French name in the French description of a priced line', async () => {
    const order = montreal('en');
    order.layouts['1'].variations = [{ type: 'G5000', color: 'Black', sizes: 'S: 5, M: 10', supplyingGoods: 'no' }];
    const { orderId } = await submitMultipart(t.app, order, [], { 'x-form-token': pageToken(t) });
    const state = (
      await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/quote`, headers: { cookie: clerk } })
    ).json<StaffQuoteState>();
    const start = startingLines(state, 'en');
    expect(start.origin).toBe('priced');
    const { lines } = toSendable(start.lines);
    expect([lines[0]!.description, lines[0]!.descriptionFr]).toEqual([
      'Layout 1 · Gildan 5000 T-shirt, Black · S 5, M 10',
      'Design 1 · T-shirt Gildan 5000, Noir · S 5, M 10',
    ]);
    // Sent as the editor sends it, the version holds it for the invoice (printed as the first test shows).
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/quote/send`,
      headers: { cookie: clerk },
      payload: { lines, priceListVersion: start.priceListVersion, confirmNoProofs: true },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/quote`, headers: { cookie: clerk } })
    ).json<StaffQuoteState>();
    expect(after.versions[0]!.quote.lines[0]!.descriptionFr).toBe('Design 1 · T-shirt Gildan 5000, Noir · S 5, M 10');
  });
});
