// Six orders computed by hand, each invoiced, credited in two parts and then for what is left:
// the invoice, every credit note and the tax report must match the hand computation to the
// cent (docs/accounts.md, "Credit notes"). The shop is in Ontario, registered for GST/HST, QST,
// and BC and SK PST, not for Manitoba's RST. Rounding is half-up per tax line, on each tax's
// cumulative credited base.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff } from '../staff/staff-service.js';
import {
  backends,
  pageToken,
  sampleOrder,
  signIn,
  startTestApp,
  submitMultipart,
  type TestApp,
  orderLinkToken,
} from '../../../tests/support/harness.js';
import { hasPoppler, pdfText } from '../../../tests/support/pdf.js';
import { formatCents } from '../../shared/money.js';
import { todayOf } from './accounts.js';

const PASSWORD = 'correct horse battery staple';

interface Case {
  name: string;
  billing: { city: string; province: string; postalCode: string };
  pickup?: boolean;
  lines: { description: string; quantity: number; unitPriceCents: number; taxable: boolean }[];
  exemption?: { kind: 'resale'; pstNumber: string };
  /** By hand: [tax code, province, amount in cents] of the invoice, and its total. */
  invoice: { taxes: [string, string, number][]; totalCents: number };
  /** Two part credits: the invoice line (from 0) and the amount before taxes. */
  parts: [{ index: number; amount: string }, { index: number; amount: string }];
  /** By hand: each credit note's total: the two parts, then what was left. */
  credits: [number, number, number];
  /** By hand: each tax left on the invoice after the two parts, by tax. */
  leftAfterParts: [string, number][];
}

const CASES: Case[] = [
  {
    // 48 × $14.50 = $696.00 + setup $35.00 = $731.00; HST 13 % = $95.03; total $826.03.
    // $100.00 credited: HST 13 % of $100.00 = $13.00 → $113.00. Then $35.00: HST on $135.00 is
    // $17.55, less $13.00 = $4.55 → $39.55. Left: $596.00 + ($95.03 − $17.55 = $77.48) = $673.48.
    name: 'ON',
    billing: { city: 'Toronto', province: 'ON', postalCode: 'M5V 2T6' },
    lines: [
      { description: 'Gildan 5000, printed front', quantity: 48, unitPriceCents: 1450, taxable: true },
      { description: 'Screen setup', quantity: 1, unitPriceCents: 3500, taxable: true },
    ],
    invoice: { taxes: [['HST', 'ON', 9503]], totalCents: 82603 },
    parts: [
      { index: 0, amount: '100.00' },
      { index: 1, amount: '35.00' },
    ],
    credits: [11300, 3955, 67348],
    leftAfterParts: [['HST', 7748]],
  },
  {
    // 36 × $18.00 = $648.00 + $45.00 = $693.00; GST 5 % = $34.65; QST 9.975 % = $69.12675 → $69.13;
    // total $796.78. $200.00: GST $10.00, QST $19.95 → $229.95. $45.00: on $245.00 GST $12.25 − $10.00
    // = $2.25, QST $24.43875 → $24.44 − $19.95 = $4.49 → $51.74. Left: $448.00 + $22.40 + $44.69 = $515.09.
    name: 'QC',
    billing: { city: 'Montréal', province: 'QC', postalCode: 'H2X 1Y4' },
    lines: [
      { description: 'Polos, embroidered', quantity: 36, unitPriceCents: 1800, taxable: true },
      { description: 'Digitizing', quantity: 1, unitPriceCents: 4500, taxable: true },
    ],
    invoice: {
      taxes: [
        ['GST', 'QC', 3465],
        ['QST', 'QC', 6913],
      ],
      totalCents: 79678,
    },
    parts: [
      { index: 0, amount: '200.00' },
      { index: 1, amount: '45.00' },
    ],
    credits: [22995, 5174, 51509],
    leftAfterParts: [
      ['GST', 2240],
      ['QST', 4469],
    ],
  },
  {
    // Bought for resale with a PST number: no BC PST. 100 × $9.00 = $900.00; GST $45.00; total
    // $945.00. $300.00: GST $15.00 → $315.00. $150.00: GST on $450.00 $22.50 − $15.00 = $7.50 →
    // $157.50. Left: $450.00 + $22.50 = $472.50.
    name: 'BC resale',
    billing: { city: 'Vancouver', province: 'BC', postalCode: 'V6B 1A1' },
    lines: [{ description: 'Blank tees, printed for resale', quantity: 100, unitPriceCents: 900, taxable: true }],
    exemption: { kind: 'resale', pstNumber: 'PST-1234-5678' },
    invoice: { taxes: [['GST', 'BC', 4500]], totalCents: 94500 },
    parts: [
      { index: 0, amount: '300.00' },
      { index: 0, amount: '150.00' },
    ],
    credits: [31500, 15750, 47250],
    leftAfterParts: [['GST', 2250]],
  },
  {
    // The shop is not registered for Manitoba's RST: GST only. 24 × $22.75 = $546.00; GST $27.30;
    // total $573.30. $100.01: GST $5.0005 → $5.00 → $105.01. $0.99: GST on $101.00 $5.05 − $5.00 =
    // $0.05 → $1.04. Left: $445.00 + $22.25 = $467.25.
    name: 'MB unregistered',
    billing: { city: 'Winnipeg', province: 'MB', postalCode: 'R3C 0V8' },
    lines: [{ description: 'Hoodies, printed', quantity: 24, unitPriceCents: 2275, taxable: true }],
    invoice: { taxes: [['GST', 'MB', 2730]], totalCents: 57330 },
    parts: [
      { index: 0, amount: '100.01' },
      { index: 0, amount: '0.99' },
    ],
    credits: [10501, 104, 46725],
    leftAfterParts: [['GST', 2225]],
  },
  {
    // A Nova Scotia customer picks up at the shop in Ontario: the place of supply is Ontario.
    // 12 × $31.25 = $375.00; HST 13 % = $48.75; total $423.75. $37.50: HST $4.875 → $4.88 → $42.38.
    // $37.50: HST on $75.00 $9.75 − $4.88 = $4.87 → $42.37. Left: $300.00 + $39.00 = $339.00.
    name: 'NS pickup',
    billing: { city: 'Halifax', province: 'NS', postalCode: 'B3H 1A1' },
    pickup: true,
    lines: [{ description: 'Jackets, embroidered', quantity: 12, unitPriceCents: 3125, taxable: true }],
    invoice: { taxes: [['HST', 'ON', 4875]], totalCents: 42375 },
    parts: [
      { index: 0, amount: '37.50' },
      { index: 0, amount: '37.50' },
    ],
    credits: [4238, 4237, 33900],
    leftAfterParts: [['HST', 3900]],
  },
  {
    // 60 × $11.00 = $660.00 taxable + $50.00 art time not taxable = $710.00; GST 5 % of $660.00 =
    // $33.00; PST 6 % = $39.60; total $782.60. $50.00 of the art time: no tax → $50.00. $110.00 of
    // the shirts: GST $5.50, PST $6.60 → $122.10. Left: $550.00 + $27.50 + $33.00 = $610.50.
    name: 'SK with a non-taxable line',
    billing: { city: 'Regina', province: 'SK', postalCode: 'S4P 3Y2' },
    lines: [
      { description: 'Tees, printed', quantity: 60, unitPriceCents: 1100, taxable: true },
      { description: 'Art time (not taxable)', quantity: 1, unitPriceCents: 5000, taxable: false },
    ],
    invoice: {
      taxes: [
        ['GST', 'SK', 3300],
        ['PST', 'SK', 3960],
      ],
      totalCents: 78260,
    },
    parts: [
      { index: 1, amount: '50.00' },
      { index: 0, amount: '110.00' },
    ],
    credits: [5000, 12210, 61050],
    leftAfterParts: [
      ['GST', 2750],
      ['PST', 3300],
    ],
  },
];

describe.each(backends())('six orders computed by hand, on %s', (backend) => {
  let t: TestApp;
  let owner = '';
  const invoices = new Map<string, { orderId: string; number: string; id: string }>();

  beforeAll(async () => {
    t = await startTestApp(backend, {
      SHOP_PROVINCE: 'ON',
      GST_HST_NUMBER: '123456782 RT0001',
      QST_NUMBER: '1234567890 TQ0001',
      PST_PROVINCES: 'BC, SK',
      ORDER_LINK_RATE_LIMIT: '100000',
    });
    await addStaff(t.app.db, 'owner@shop.ca', PASSWORD, 'en', 'owner');
    owner = await signIn(t.app, 'owner@shop.ca', PASSWORD);
  });
  afterAll(async () => t?.close());

  const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: owner }, ...(payload ? { payload } : {}) });
  const today = () => todayOf({ timeZone: 'America/Toronto' });
  const taxReport = async () => {
    const report = (await staff('GET', `/api/reports/taxes?from=${today()}&to=${today()}`)).json();
    return report.rows as { code: string; province: string; amountCents: number }[];
  };

  it.each(CASES)('invoices $name exactly as computed by hand', async (c) => {
    const order = sampleOrder();
    const first = order.layouts['1'];
    first.billing = { ...first.billing, ...c.billing };
    first.shipping = { sameAsBilling: !c.pickup, localPickup: Boolean(c.pickup) };
    const { orderId } = await submitMultipart(t.app, { ...order, includePolyBags: false }, [], {
      'x-form-token': pageToken(t),
    });
    const sent = await staff('POST', `/api/orders/${orderId}/quote/send`, {
      lines: c.lines,
      ...(c.exemption ? { exemption: c.exemption } : {}),
      confirmNoProofs: true,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const token = await orderLinkToken(t, orderId);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/approve`,
      payload: { version: 1, fullName: 'Ada Lovelace', agree: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [invoice] = (await staff('GET', `/api/orders/${orderId}/account`)).json().invoices;
    expect(invoice.totalCents).toBe(c.invoice.totalCents);
    const doc = await t.app.db
      .selectFrom('invoices')
      .select('document')
      .where('id', '=', invoice.id)
      .executeTakeFirstOrThrow();
    const stored = JSON.parse(doc.document) as { taxes: { code: string; amountCents: number }[]; province: string };
    expect(stored.taxes.map((x) => [x.code, stored.province, x.amountCents])).toEqual(c.invoice.taxes);
    if (hasPoppler) {
      const text = pdfText((await staff('GET', `/api/orders/${orderId}/invoices/${invoice.id}/pdf`)).rawPayload);
      expect(text).toContain(formatCents(c.invoice.totalCents, 'en'));
      if (c.exemption) expect(text).toContain(`PST number ${c.exemption.pstNumber}`);
    }
    invoices.set(c.name, { orderId, number: invoice.number, id: invoice.id });
  });

  it('reports the taxes of the six invoices', async () => {
    const rows = await taxReport();
    for (const c of CASES)
      for (const [code, province, amount] of c.invoice.taxes) {
        const others = CASES.filter((o) => o !== c)
          .flatMap((o) => o.invoice.taxes)
          .filter(([oc, op]) => oc === code && op === province)
          .reduce((s, [, , a]) => s + a, 0);
        expect(rows.find((r) => r.code === code && r.province === province)?.amountCents, `${code} ${province}`).toBe(
          amount + others,
        );
      }
  });

  it.each(CASES)('credits $name in two parts, then what is left, to the cent', async (c) => {
    const { orderId, number } = invoices.get(c.name)!;
    const credit = async (body: object) => {
      const res = await staff('POST', `/api/orders/${orderId}/credit-notes`, {
        invoiceNumber: number,
        reason: 'Hand-computed credit',
        ...body,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await credit({ lines: [c.parts[0]] });
    await credit({ lines: [c.parts[1]] });
    const afterParts = (await staff('GET', `/api/orders/${orderId}/account`)).json();
    expect(
      afterParts.invoices
        .filter((i: { kind: string }) => i.kind === 'credit_note')
        .map((i: { totalCents: number }) => i.totalCents),
    ).toEqual(c.credits.slice(0, 2));
    // What is left of each tax: the invoice's less both parts', read from the stored credit notes.
    const notes = await t.app.db
      .selectFrom('invoices')
      .select('document')
      .where('order_id', '=', orderId)
      .where('kind', '=', 'credit_note')
      .execute();
    for (const [code, left] of c.leftAfterParts) {
      const charged = c.invoice.taxes.find(([x]) => x === code)![2];
      const taken = notes
        .flatMap((n) => (JSON.parse(n.document) as { taxes: { code: string; amountCents: number }[] }).taxes)
        .filter((x) => x.code === code)
        .reduce((s, x) => s + x.amountCents, 0);
      expect(charged - taken, code).toBe(left);
    }
    await credit({ rest: true });
    const after = (await staff('GET', `/api/orders/${orderId}/account`)).json();
    const totals = after.invoices
      .filter((i: { kind: string }) => i.kind === 'credit_note')
      .map((i: { totalCents: number }) => i.totalCents);
    expect(totals).toEqual(c.credits);
    expect(totals.reduce((s: number, x: number) => s + x, 0)).toBe(c.invoice.totalCents);
    expect(after.account).toMatchObject({ invoicedCents: 0, state: 'credited' });
    // Nothing is left to credit: another credit is refused.
    const more = await staff('POST', `/api/orders/${orderId}/credit-notes`, {
      invoiceNumber: number,
      reason: 'Once more',
      amount: '0.01',
    });
    expect(more.json().error.code).toBe('credit_nothing_left');
  });

  it('reports every tax back at zero once everything is credited', async () => {
    for (const row of await taxReport()) expect(row.amountCents, `${row.code} ${row.province}`).toBe(0);
  });

  it('journals every invoice and credit note as computed by hand, each tax in its own column', async () => {
    const journal = (await staff('GET', `/api/reports/journal?from=${today()}&to=${today()}`)).json();
    for (const c of CASES) {
      const { number } = invoices.get(c.name)!;
      const rows = journal.rows.filter(
        (r: { number: string; credits: string | null }) => r.number === number || r.credits === number,
      );
      expect(
        rows.map((r: { totalCents: number }) => r.totalCents),
        c.name,
      ).toEqual([c.invoice.totalCents, ...c.credits.map((x) => -x)]);
      const invoice = rows[0] as { taxes: Record<string, number>; province: string };
      for (const [code, province, amount] of c.invoice.taxes) {
        expect(invoice.province).toBe(province);
        expect(invoice.taxes[code], `${c.name} ${code}`).toBe(amount);
      }
    }
    // Everything was credited: each tax's column, and the total, add up to nothing.
    for (const [code, sum] of Object.entries(journal.totals.taxes)) expect(sum, code).toBe(0);
    expect(journal.totals.totalCents).toBe(0);
  });
});
