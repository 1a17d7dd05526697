// The price list over HTTP: versions frozen once published, owners alone publish (and delete
// orders), a bad document refused whole naming its place, the public answer the form reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff } from '../staff/staff-service.js';
import example from '../../shared/prices/example-price-list.json' with { type: 'json' };
import {
  authHeaders,
  backends,
  sampleOrder,
  signIn,
  startTestApp,
  type TestApp,
} from '../../../tests/support/harness.js';

const PASSWORD = 'a long and unusual passphrase 7';
const copy = (): Record<string, any> => structuredClone(example);

describe.each(backends())('the price list on %s', (backend) => {
  let t: TestApp;
  let owner = '';
  let clerk = '';
  beforeAll(async () => {
    t = await startTestApp(backend, { GST_HST_NUMBER: '123456782 RT0001', PST_PROVINCES: 'BC, Manitoba' });
    // The first account made is the owner; the next is plain staff.
    await addStaff(t.app.db, 'owner@shop.ca', PASSWORD);
    await addStaff(t.app.db, 'clerk@shop.ca', PASSWORD);
    owner = await signIn(t.app, 'owner@shop.ca', PASSWORD);
    clerk = await signIn(t.app, 'clerk@shop.ca', PASSWORD);
  });
  afterAll(async () => t?.close());

  const publish = (cookie: string, document: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/prices', headers: { cookie }, payload: document as object });
  const staffView = async (cookie = clerk) => (await t.app.inject({ url: '/api/prices', headers: { cookie } })).json();

  it('answers the form 204, no estimate, until one is published, and the inbox shows none', async () => {
    const res = await t.app.inject({ url: '/api/price-list' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await staffView()).toMatchObject({ current: null, versions: [], canPublish: false });
    expect((await staffView(owner)).canPublish).toBe(true);
    expect((await t.app.inject({ url: '/api/prices' })).statusCode).toBe(401);
  });

  it('lets only an owner publish: v1, frozen, served to the form with the shop’s registrations', async () => {
    const refused = await publish(clerk, copy());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'owner_only',
      message: 'Only an owner can publish prices.',
      message_fr: 'Seul un propriétaire peut publier des prix.',
    });
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/prices',
      headers: { cookie: owner, origin: 'https://evil.example' },
      payload: copy(),
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await staffView()).versions).toEqual([]);

    const res = await publish(owner, copy());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ version: 1, publishedBy: 'owner@shop.ca' });

    const pub = await t.app.inject({ url: '/api/price-list' });
    expect(pub.statusCode).toBe(200);
    expect(pub.headers['cache-control']).toBe('no-cache');
    expect(pub.json()).toMatchObject({
      version: 1,
      priceList: example,
      shop: { province: 'ON', registrations: { gstHst: true, qst: false, pstProvinces: ['BC', 'MB'] } },
    });
    const again = await t.app.inject({ url: '/api/price-list', headers: { 'if-none-match': pub.headers.etag! } });
    expect(again.statusCode).toBe(304);
  });

  it('refuses a bad document whole, naming each place, and keeps the published version', async () => {
    const cases: [string, (d: Record<string, any>) => void, string][] = [
      ['unsorted breaks', (d) => (d.methods.dtf.breaks = [1, 72, 24]), 'methods.dtf.breaks[2]'],
      ['a short row', (d) => d.methods.dtf.unitCents[1].pop(), 'methods.dtf.unitCents[1]'],
      ['a fractional cent', (d) => (d.methods.dtf.unitCents[1][3] = 10.5), 'methods.dtf.unitCents[1][3]'],
      ['a negative cent', (d) => (d.customerGoodsCents = -1), 'customerGoodsCents'],
      ['an unknown method', (d) => (d.methods.sublimation = d.methods.sewing), 'methods.sublimation'],
      ['an unknown measure', (d) => (d.methods.dtf.measure = 'colours'), 'methods.dtf.measure'],
      [
        'an upcharge for a size the garment lacks',
        (d) => (d.garments[0].sizeUpchargeCents['5XL'] = 500),
        'garments[0].sizeUpchargeCents.5XL',
      ],
    ];
    for (const [what, spoil, path] of cases) {
      const document = copy();
      spoil(document);
      const res = await publish(owner, document);
      expect(res.statusCode, what).toBe(422);
      const { error } = res.json();
      expect(error.code, what).toBe('invalid_price_list');
      expect(error.fields, what).toContain(path);
      expect(error.message, what).toContain(path);
      expect(error.message_fr, what).toContain(path);
      // The same check, without publishing, for the Prices page.
      const check = await t.app.inject({
        method: 'POST',
        url: '/api/prices/check',
        headers: { cookie: clerk },
        payload: document,
      });
      expect(check.json().ok, what).toBe(false);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/prices', headers: { cookie: owner } })).statusCode).toBe(
      422,
    );
    expect((await staffView()).versions.map((v: { version: number }) => v.version)).toEqual([1]);
    expect((await t.app.inject({ url: '/api/price-list' })).json().version).toBe(1);
  });

  it('keeps every version as published; a later one takes effect, and showEstimate false hides it from the form', async () => {
    const second = copy();
    second.methods.dtf.setupCents = 500;
    second.showEstimate = false;
    expect((await publish(owner, second)).statusCode).toBe(201);
    const view = await staffView();
    expect(view.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(view.current).toMatchObject({ version: 2, priceList: { methods: { dtf: { setupCents: 500 } } } });
    const first = await t.app.inject({ url: '/api/prices/1', headers: { cookie: clerk } });
    expect(first.json().priceList).toEqual(example);
    expect((await t.app.inject({ url: '/api/prices/9', headers: { cookie: clerk } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/price-list' })).statusCode).toBe(204);
  });

  it('gives two publishes at once two versions', async () => {
    const [a, b] = await Promise.all([publish(owner, copy()), publish(owner, copy())]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect([a.json().version, b.json().version].sort()).toEqual([3, 4]);
  });

  it('lets only an owner delete an order', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/submit-order',
      headers: authHeaders,
      payload: sampleOrder(),
    });
    const { orderId, reference } = created.json();
    const del = (cookie: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/orders/${orderId}`, headers: { cookie }, payload: { reference } });
    const refused = await del(clerk);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Only an owner can delete orders.');
    expect((await del(owner)).statusCode).toBe(200);
  });

  it('prices "Prepare quote" from the current list: the worked example, every line, and its version recorded on the quote', async () => {
    // The current list shows no estimate to customers, but the inbox still prices from it.
    const order = sampleOrder();
    Object.assign(order.layouts['1'], {
      variations: [{ type: 'G5000', color: 'Black', sizes: 'S:10, M:20, L:20, 2XL:5', supplyingGoods: 'no' }],
      viewData: {
        Front: { image: '', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 },
        Back: { image: '', dimensions: '4"', decoration: 'dtf' },
      },
      shipping: {
        sameAsBilling: false,
        localPickup: false,
        address: '1 King St',
        city: 'Toronto',
        province: 'ON',
        postalCode: 'M5H 1A1',
      },
    });
    order.includePolyBags = false;
    const created = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/submit-order',
      headers: authHeaders,
      payload: order,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { orderId } = created.json();
    const state = (await t.app.inject({ url: `/api/orders/${orderId}/quote`, headers: { cookie: clerk } })).json();
    expect(state.priced.priceListVersion).toBe(4);
    expect(
      state.priced.lines.map((l: Record<string, unknown>) => [
        l.description,
        l.quantity,
        l.unitPriceCents,
        l.needsPrice,
      ]),
    ).toEqual([
      ['Layout 1 · Gildan 5000 T-shirt, Black · S 10, M 20, L 20', 50, 450, false],
      ['Layout 1 · Gildan 5000 T-shirt, Black · 2XL 5', 5, 650, false],
      ['Layout 1 · Front · Screen printing, 2 colours', 55, 220, false],
      ['Layout 1 · Front · Screens', 2, 1500, false],
      ['Layout 1 · Back · DTF, 4" longest side', 55, 300, false],
    ]);
    expect(state.priced.lines[2].reason.en).toBe('55 pieces, 2 colours, price from 48 pieces: $2.20 × 55');
    // The estimate the form showed, recomputed when the order arrived: in the inbox, the quote
    // editor and the shop's email.
    expect(state.estimate).toMatchObject({
      priceListVersion: 4,
      subtotalCents: 57_350,
      totalCents: 64_806,
      onQuote: [],
    });
    const detail = (await t.app.inject({ url: `/api/orders/${orderId}`, headers: { cookie: clerk } })).json();
    expect(detail.estimate).toMatchObject({ priceListVersion: 4, totalCents: 64_806 });
    expect(detail.estimate.lines).toHaveLength(5);
    expect(detail.order).not.toHaveProperty('client_key');
    // (The shop's email with it: src/server/mail/mail.test.ts; the queue empties its text once sent.)

    // The clerk sends them as they are: $573.50 + HST $74.56 = $648.06, priced from v4.
    const lines = state.priced.lines.map(({ description, quantity, unitPriceCents, taxable }: any) => ({
      description,
      quantity,
      unitPriceCents,
      taxable,
    }));
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/quote/send`,
      headers: { cookie: clerk },
      payload: { lines, priceListVersion: 4, confirmNoProofs: true },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().totalCents).toBe(64_806);
    const after = (await t.app.inject({ url: `/api/orders/${orderId}/quote`, headers: { cookie: clerk } })).json();
    expect(after.versions[0].priceListVersion).toBe(4);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/quote/draft`,
      headers: { cookie: clerk },
      payload: { lines, priceListVersion: 99 },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.code).toBe('unknown_price_list');
  });

  it('leaves what the list cannot price as marked $0 lines for the clerk', async () => {
    const order = sampleOrder();
    Object.assign(order.layouts['1'], {
      variations: [{ type: 'Mystery hoodie', color: 'Red', sizes: 'M: 12', supplyingGoods: 'no' }],
      viewData: { Front: { image: '', dimensions: '10" wide', decoration: 'screen-printing' } },
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/submit-order',
      headers: authHeaders,
      payload: order,
    });
    const { orderId } = created.json();
    const state = (await t.app.inject({ url: `/api/orders/${orderId}/quote`, headers: { cookie: clerk } })).json();
    const toPrice = state.priced.lines.filter((l: { needsPrice: boolean }) => l.needsPrice);
    expect(toPrice.length).toBeGreaterThanOrEqual(2);
    for (const line of toPrice) expect(line).toMatchObject({ unitPriceCents: 0, quantity: 1 });
    expect(toPrice.map((l: { reason: { en: string } }) => l.reason.en).join(' | ')).toMatch(/Mystery hoodie/);
    expect(toPrice.map((l: { description: string }) => l.description).join(' | ')).not.toMatch(/priced on your quote/);
  });

  it('quotes no QST on a Quebec order for a shop without a QST number, and says why', async () => {
    const order = sampleOrder();
    Object.assign(order.layouts['1'].billing as Record<string, string>, {
      province: 'QC',
      city: 'Montréal',
      postalCode: 'H2X 1Y4',
    });
    const { orderId } = (
      await t.app.inject({ method: 'POST', url: '/functions/v1/submit-order', headers: authHeaders, payload: order })
    ).json();
    const preview = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/quote/preview`,
      headers: { cookie: clerk },
      payload: { lines: [{ description: 'Tees', quantity: 10, unitPriceCents: 1000, taxable: true }] },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const quote = preview.json().quote;
    expect(quote.taxes.map((tax: { code: string }) => tax.code)).toEqual(['GST']);
    expect(quote.totalCents).toBe(10_500);
    expect(quote.taxesNotCharged).toEqual([
      {
        code: 'QST',
        name: { en: 'QST', fr: 'TVQ' },
        reason: {
          en: 'No QST: the shop has no QST number',
          fr: 'Pas de TVQ\u00a0: l’entreprise n’a pas de numéro de TVQ',
        },
      },
    ]);
  });
});
