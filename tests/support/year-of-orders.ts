// A year of orders made through the real routes, the clock moved month by month (docs/testing-clock.md):
// each month a new customer's order and a returning customer's, in Ontario and Quebec, quoted,
// approved through the customer's link (an invoice issued that day), paid in full, in part or
// not at all, with a credit note now and then. What the Overview's agreement test and journey read.
import { expect, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mintOrderLink } from '../../src/server/storage/order-links.js';
import { pageToken, sampleOrder, signIn, STAFF_PASSWORD, submitMultipart, type TestApp } from './harness.js';

const PLACES = [
  { city: 'Toronto', province: 'ON', postalCode: 'M5V 2T6' },
  { city: 'Montréal', province: 'QC', postalCode: 'H2X 1Y4' },
  { city: 'Vancouver', province: 'BC', postalCode: 'V6B 1A1' },
];

function orderOf(email: string, place: (typeof PLACES)[number], company: string) {
  const order = sampleOrder();
  const first = order.layouts['1'];
  first.billing = { ...first.billing, ...place, email, companyName: company };
  first.shipping = { sameAsBilling: true, localPickup: false };
  return { ...order, includePolyBags: false };
}

export interface YearOfOrders {
  /** The first and last day of the year's orders, and the day the clock is left on. */
  from: string;
  to: string;
  today: string;
  orders: { orderId: string; reference: string }[];
}

/**
 * Twelve months of orders from `year`-01 on; leaves the clock (faked `Date`) on the 20th of the
 * twelfth month at noon in Toronto. `ownerEmail` signs in again after each move (sessions last 12 hours).
 */
export async function yearOfOrders(t: TestApp, ownerEmail: string, year = 2026): Promise<YearOfOrders> {
  const app: FastifyInstance = t.app;
  const orders: YearOfOrders['orders'] = [];
  let cookie = '';
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res;
  };
  const at = async (day: string) => {
    vi.setSystemTime(new Date(`${day}T16:00:00Z`));
    cookie = await signIn(app, ownerEmail, STAFF_PASSWORD);
  };
  for (let month = 1; month <= 12; month++) {
    const mm = String(month).padStart(2, '0');
    const day = `${year}-${mm}-0${(month % 7) + 2}`;
    await at(day);
    const made = [
      orderOf(`new-${mm}@example.com`, PLACES[month % 3]!, `New Tees ${mm}`),
      orderOf('ada@example.com', PLACES[(month + 1) % 3]!, 'Analytical Tees'),
    ];
    for (const [i, body] of made.entries()) {
      const { orderId, reference } = await submitMultipart(app, body, [], { 'x-form-token': pageToken(t) });
      const quantity = 10 + month * 3 + i * 7;
      const sent = await call('POST', `/api/orders/${orderId}/quote/send`, {
        lines: [
          { description: 'Gildan 5000, printed', quantity, unitPriceCents: 1234 + month * 11, taxable: true },
          { description: 'Screen setup', quantity: 1, unitPriceCents: 2500 + i * 333, taxable: true },
        ],
        confirmNoProofs: true,
      });
      const token = await app.db.transaction().execute((trx) => mintOrderLink(trx, orderId));
      const approved = await app.inject({
        method: 'POST',
        url: `/api/o/${token}/approve`,
        headers: { 'user-agent': 'Test/1.0' },
        payload: { version: sent.json<{ version: number }>().version, fullName: 'Ada Lovelace', agree: true },
      });
      expect(approved.statusCode, approved.body).toBe(200);
      orders.push({ orderId, reference });
      // Paid in full, a deposit of $100.00, or nothing yet, in turn.
      const owed = await call('GET', `/api/reports/aged?asOf=${day}`);
      const balance = owed
        .json<{ orders: { orderReference: string; balanceCents: number }[] }>()
        .orders.find((o) => o.orderReference === reference)!.balanceCents;
      const way = (month + i) % 3;
      if (way === 0)
        await call('POST', `/api/orders/${orderId}/payments`, {
          amount: (balance / 100).toFixed(2),
          method: 'etransfer',
          receivedOn: day,
        });
      if (way === 1)
        await call('POST', `/api/orders/${orderId}/payments`, { amount: '100.00', method: 'cheque', receivedOn: day });
    }
    // Every third month, $40.00 before taxes credited on the month's first invoice.
    if (month % 3 === 0) {
      const journal = await call('GET', `/api/reports/journal?from=${year}-${mm}-01&to=${day}`);
      const first = journal
        .json<{ rows: { number: string; kind: string }[] }>()
        .rows.find((r) => r.kind === 'invoice')!;
      await call('POST', `/api/orders/${orders.at(-2)!.orderId}/credit-notes`, {
        invoiceNumber: first.number,
        amount: '40.00',
        reason: 'Two shirts misprinted',
      });
    }
  }
  const today = `${year}-12-20`;
  await at(today);
  return { from: `${year}-01-01`, to: today, today, orders };
}
