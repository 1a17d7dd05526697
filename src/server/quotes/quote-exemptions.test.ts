// Quotes taxed line by line and quotes without proofs, through the real routes: a line exempt from
// one tax, children's clothing, a customer's purchase for resale with their PST number (preview,
// draft, sent version), the lines "Prepare quote" marks as a rush fee or a resale discount, and a
// version sent without any proof only when the clerk says so. Beside quotes.test.ts, same harness.
import { dateInWords } from '../../shared/dates.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import example from '../../shared/prices/example-price-list.json' with { type: 'json' };
import { addStaff } from '../staff/staff-service.js';
import {
  backends,
  pageToken,
  sampleOrder,
  signIn,
  startTestApp,
  submitMultipart,
  type TestApp,
} from '../../../tests/support/harness.js';

const PASSWORD = 'correct horse battery staple';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a60000000049454e44ae426082',
  'hex',
);

const PLACES = {
  QC: { city: 'Montréal', province: 'QC', postalCode: 'H2X 1Y4' },
  BC: { city: 'Vancouver', province: 'BC', postalCode: 'V6B 1A1' },
  ON: { city: 'Toronto', province: 'ON', postalCode: 'M5H 1A1' },
} as const;

function orderTo(place: keyof typeof PLACES) {
  const order = sampleOrder();
  const first = order.layouts['1'];
  first.billing = { ...first.billing, ...PLACES[place] };
  first.shipping = { sameAsBilling: true, localPickup: false };
  return { ...order, includePolyBags: false };
}

const TEES = { description: 'Gildan 5000, Black, printed', quantity: 50, unitPriceCents: 1200, taxable: true };
const KIDS = { description: 'Youth tees, printed', quantity: 10, unitPriceCents: 800, taxable: true, childrens: true };

type Tax = { code: string; taxableCents: number; amountCents: number };
const amounts = (taxes: Tax[]) => taxes.map((x) => [x.code, x.taxableCents, x.amountCents]);

describe.each(backends())('quotes taxed line by line, and without proofs, on %s', (backend) => {
  let t: TestApp;
  let cookie = '';

  beforeAll(async () => {
    t = await startTestApp(backend, {
      SHOP_PROVINCE: 'ON',
      GST_HST_NUMBER: '123456782 RT0001',
      QST_NUMBER: '1234567890 TQ0001',
      PST_PROVINCES: 'BC',
    });
    // The first account is the owner, who may publish prices.
    await addStaff(t.app.db, 'owner@shop.ca', PASSWORD);
    cookie = await signIn(t.app, 'owner@shop.ca', PASSWORD);
  });
  afterAll(async () => t?.close());

  const newOrder = async (order: unknown) =>
    (await submitMultipart(t.app, order, [], { 'x-form-token': pageToken(t) })).orderId;
  const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const quoteMails = async (orderId: string) =>
    t.app.db
      .selectFrom('mail_queue')
      .select('subject')
      .where('order_id', '=', orderId)
      .where('kind', '=', 'customer_update')
      .execute();

  it('exempts a line from one tax (QC: a line without QST) and another from every tax, through preview, draft and send', async () => {
    const id = await newOrder(orderTo('QC'));
    const lines = [
      TEES,
      { description: 'Delivery', quantity: 1, unitPriceCents: 2000, taxable: true, notTaxed: ['qst'] },
      { description: 'Gift card', quantity: 1, unitPriceCents: 1000, taxable: false },
    ];
    const preview = await staff('POST', `/api/orders/${id}/quote/preview`, { lines });
    expect(preview.statusCode, preview.body).toBe(200);
    const { quote } = preview.json();
    // GST on $620.00, QST on $600.00 alone; the gift card bears neither.
    expect(amounts(quote.taxes)).toEqual([
      ['GST', 62_000, 3_100],
      ['QST', 60_000, 5_985],
    ]);
    expect(quote.lineTaxKeys).toEqual([['GST|5000', 'QST|9975'], ['GST|5000'], []]);
    expect(quote.lines[1]).toMatchObject({ notTaxed: ['qst'], lineTotalCents: 2_000 });
    expect(quote.totalCents).toBe(63_000 + 3_100 + 5_985);

    expect((await staff('PUT', `/api/orders/${id}/quote/draft`, { lines })).statusCode).toBe(204);
    const state = (await staff('GET', `/api/orders/${id}/quote`)).json();
    expect(state.draft).toEqual(lines);
    expect(state.draftExemption).toBeNull();

    const sent = await staff('POST', `/api/orders/${id}/quote/send`, { lines, confirmNoProofs: true });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().totalCents).toBe(72_085);
    const version = (await staff('GET', `/api/orders/${id}/quote`)).json().versions[0].quote;
    expect(amounts(version.taxes)).toEqual(amounts(quote.taxes));
    expect(version.lineTaxKeys).toEqual([['GST|5000', 'QST|9975'], ['GST|5000'], []]);
    expect(version).not.toHaveProperty('exemption');
  });

  it('refuses a line exempt twice from one tax, or from a tax that does not exist, naming the line', async () => {
    const id = await newOrder(orderTo('QC'));
    const twice = await staff('POST', `/api/orders/${id}/quote/preview`, {
      lines: [TEES, { ...TEES, notTaxed: ['qst', 'qst'] }],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().error.fields).toEqual(['lines.1.notTaxed']);
    const unknown = await staff('POST', `/api/orders/${id}/quote/preview`, { lines: [{ ...TEES, notTaxed: ['hst'] }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual(['lines.0.notTaxed.0']);
  });

  it('takes children’s clothing out of the BC PST, and a purchase for resale out of the PST altogether', async () => {
    const id = await newOrder(orderTo('BC'));
    const lines = [TEES, KIDS];
    const plain = (await staff('POST', `/api/orders/${id}/quote/preview`, { lines })).json().quote;
    expect(amounts(plain.taxes)).toEqual([
      ['GST', 68_000, 3_400],
      ['PST', 60_000, 4_200],
    ]);
    expect(plain.lineTaxKeys).toEqual([['GST|5000', 'PST|7000'], ['GST|5000']]);
    expect(plain.totalCents).toBe(75_600);

    const exemption = { kind: 'resale', pstNumber: ' pst-1234-5678 ' };
    const resale = await staff('POST', `/api/orders/${id}/quote/preview`, { lines, exemption });
    expect(resale.statusCode, resale.body).toBe(200);
    const quote = resale.json().quote;
    expect(amounts(quote.taxes)).toEqual([['GST', 68_000, 3_400]]);
    expect(quote.lineTaxKeys).toEqual([['GST|5000'], ['GST|5000']]);
    expect(quote.exemption).toEqual({ kind: 'resale', pstNumber: 'PST-1234-5678' });
    expect(quote.taxesNotCharged).toEqual([
      {
        code: 'PST',
        name: { en: 'PST', fr: 'TVP' },
        exemption: 'resale',
        reason: {
          en: 'PST exempt: purchase for resale, PST number PST-1234-5678',
          fr: 'Exonéré de la TVP\u00a0: achat pour revente, numéro de TVP PST-1234-5678',
        },
      },
    ]);
    expect(quote.totalCents).toBe(71_400);

    // The draft keeps the exemption, so the editor reopens with it.
    expect((await staff('PUT', `/api/orders/${id}/quote/draft`, { lines, exemption })).statusCode).toBe(204);
    const state = (await staff('GET', `/api/orders/${id}/quote`)).json();
    expect(state.draft).toEqual(lines);
    expect(state.draftExemption).toEqual({ kind: 'resale', pstNumber: 'PST-1234-5678' });

    // The sent version freezes it, with each line's taxes; the customer's page reads the same.
    const sent = await staff('POST', `/api/orders/${id}/quote/send`, { lines, exemption, confirmNoProofs: true });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().totalCents).toBe(71_400);
    const after = (await staff('GET', `/api/orders/${id}/quote`)).json();
    expect(after.draft).toBeNull();
    expect(after.draftExemption).toBeNull();
    const version = after.versions[0].quote;
    expect(version.exemption).toEqual({ kind: 'resale', pstNumber: 'PST-1234-5678' });
    expect(amounts(version.taxes)).toEqual([['GST', 68_000, 3_400]]);
    expect(version.lineTaxKeys).toEqual([['GST|5000'], ['GST|5000']]);
    expect(version.taxesNotCharged).toEqual(quote.taxesNotCharged);
    expect(version.lines[1]).toMatchObject({ childrens: true });
  });

  it('refuses a PST number that is not one, beside the field', async () => {
    const id = await newOrder(orderTo('BC'));
    const res = await staff('POST', `/api/orders/${id}/quote/send`, {
      lines: [TEES],
      exemption: { kind: 'resale', pstNumber: '#!' },
      confirmNoProofs: true,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'invalid_quote', fields: ['exemption.pstNumber'] });
    expect(await quoteMails(id)).toEqual([]);
  });

  it('sends a quote without proofs only when the clerk confirms it', async () => {
    const id = await newOrder(orderTo('ON'));
    const refused = await staff('POST', `/api/orders/${id}/quote/send`, { lines: [TEES] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'no_proofs',
      message:
        'No proof was uploaded for this quote. Send it without proofs only if the customer is to approve the quote alone.',
      message_fr:
        'Aucune épreuve n’a été téléversée pour cette soumission. Envoyez-la sans épreuves seulement si le client doit approuver la soumission seule.',
    });
    expect(await t.app.db.selectFrom('quotes').select('id').where('order_id', '=', id).execute()).toEqual([]);
    expect(await quoteMails(id)).toEqual([]);
    expect((await staff('GET', `/api/orders/${id}`)).json().order.status).toBe('new');
    // Saying no is the same as not saying.
    const no = await staff('POST', `/api/orders/${id}/quote/send`, { lines: [TEES], confirmNoProofs: false });
    expect(no.statusCode).toBe(409);

    const sent = await staff('POST', `/api/orders/${id}/quote/send`, { lines: [TEES], confirmNoProofs: true });
    expect(sent.statusCode, sent.body).toBe(201);
    const version = (await staff('GET', `/api/orders/${id}/quote`)).json().versions[0];
    expect(version.quote).not.toHaveProperty('proofs');
    expect(version.proofIds).toEqual([]);
    expect(await quoteMails(id)).toHaveLength(1);
  });

  it('sends a quote with a proof without asking', async () => {
    const id = await newOrder(orderTo('ON'));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'front.png');
    const body = new Response(form);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/proofs?layout=1`,
      headers: { cookie, 'content-type': body.headers.get('content-type')! },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const sent = await staff('POST', `/api/orders/${id}/quote/send`, { lines: [TEES] });
    expect(sent.statusCode, sent.body).toBe(201);
    const version = (await staff('GET', `/api/orders/${id}/quote`)).json().versions[0];
    expect(version.quote.proofs.map((p: { name: string }) => p.name)).toEqual(['front.png']);
  });

  it('marks the rush fee and the resale partner discount of "Prepare quote" with their kind and percent', async () => {
    expect((await staff('POST', '/api/prices', example)).statusCode).toBe(201);
    const order = orderTo('ON');
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    Object.assign(order.layouts['1'], {
      variations: [{ type: 'G5000', color: 'Black', sizes: 'S:10, M:20, L:20', supplyingGoods: 'no' }],
      viewData: { Front: { image: '', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 } },
      deadline: { hasCriticalDeadline: true, date: soon },
    });
    const id = await newOrder({ ...order, isResalePartner: true });
    const { priced } = (await staff('GET', `/api/orders/${id}/quote`)).json();
    const rush = priced.lines.find((l: { kind?: string }) => l.kind === 'rush');
    expect(rush).toMatchObject({ percent: 25, quantity: 1, needsPrice: false });
    expect(rush.description).toBe(`Rush fee, critical deadline ${dateInWords(soon, 'en')} (25%)`);
    const partner = priced.lines.find((l: { kind?: string }) => l.kind === 'resale_partner');
    expect(partner).toMatchObject({ percent: 10, quantity: 1 });
    expect(partner.unitPriceCents).toBeLessThan(0);
    expect(partner.reason.en).toMatch(/, to be confirmed by the shop$/);
    expect(priced.lines.filter((l: { kind?: string }) => l.kind === 'garment').length).toBeGreaterThan(0);
  });
});
