// The largest order the form accepts (50 layouts × 100 variations, 2,000-character sizes, as one
// JSON body) is taken, and opening it costs the clerk bounded answers: the order's view under its
// budget with the other layouts read one at a time, the quote editor's state a few kilobytes, the
// estimate priced on the quote rather than computed. Before, the view was 11.6 MB and the quote
// state 41 MB (bench/big-order.mjs measures the time and the event loop).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff } from '../staff/staff-service.js';
import { authHeaders, signIn, startTestApp, type TestApp } from '../../../tests/support/harness.js';
import example from '../../shared/prices/example-price-list.json' with { type: 'json' };
import { composeOrderMails } from '../mail/compose.js';
import type { ValidOrderBody } from '../../shared/order-schema.js';
import { LAYOUTS_BUDGET_BYTES } from './staff-order-routes.js';

const MB = 1024 * 1024;

function sizesText(chars: number, seed: number): string {
  const parts: string[] = [];
  for (let i = 0, length = 0; length < chars - 12; i++) {
    const part = `${['S', 'M', 'L', 'XL', '2XL'][i % 5]}:${((seed + i) % 9) + 1}`;
    parts.push(part);
    length += part.length + 2;
  }
  return parts.join(', ');
}

function largestOrder() {
  const layouts: Record<string, unknown> = {};
  for (let n = 1; n <= 50; n++) {
    layouts[String(n)] = {
      mockupOption: 'upload',
      garmentOption: 'pick',
      hasVectorFiles: 'no',
      variations: Array.from({ length: 100 }, (_, v) => ({
        type: 'G5000',
        color: 'Black',
        sizes: sizesText(2000, n * 1000 + v),
        supplyingGoods: 'no',
      })),
      files: [],
      mockupImages: [],
      viewData: { Front: { image: '', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 } },
      ...(n === 1
        ? {
            billing: {
              firstName: 'Ada',
              lastName: 'Lovelace',
              companyName: '',
              address: '1 King St',
              city: 'Toronto',
              province: 'ON',
              postalCode: 'M5H 1A1',
              phone: '416-555-0100',
              email: 'ada@example.com',
            },
            shipping: { sameAsBilling: true, localPickup: false },
            deadline: { hasCriticalDeadline: false, date: '' },
          }
        : {}),
    };
  }
  return { layouts, files: [], isResalePartner: false, includePolyBags: true };
}

describe('the largest order the form accepts', () => {
  let t: TestApp;
  let cookie = '';
  let orderId = '';
  beforeAll(async () => {
    t = await startTestApp('sqlite', { ARTWORK_CHECKS: 'false' });
    await addStaff(t.app.db, 'owner@shop.ca', 'correct horse battery staple', 'en', 'owner');
    cookie = await signIn(t.app, 'owner@shop.ca', 'correct horse battery staple');
    const published = await t.app.inject({ method: 'POST', url: '/api/prices', headers: { cookie }, payload: example });
    expect(published.statusCode).toBe(201);
    const body = JSON.stringify(largestOrder());
    expect(body.length).toBeGreaterThan(9 * MB);
    const res = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/submit-order',
      headers: { ...authHeaders, 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    orderId = res.json<{ orderId: string }>().orderId;
  }, 120_000);
  afterAll(async () => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('is estimated as priced on the quote, not computed line by line', async () => {
    const row = await t.app.db
      .selectFrom('orders')
      .select('estimate')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const estimate = JSON.parse(row.estimate!) as { lines: unknown[]; onQuote: { en: string }[] };
    expect(estimate.lines).toEqual([]);
    expect(estimate.onQuote.map((q) => q.en)).toEqual([
      'This order has more than 200 garment variations, more than the online estimate prices: the shop prices all of it on your quote',
    ]);
  });

  it('opens under a megabyte, the layouts past the budget read one at a time', async () => {
    const view = await get(`/api/orders/${orderId}`);
    expect(view.statusCode).toBe(200);
    expect(view.rawPayload.length).toBeLessThan(MB);
    expect(view.rawPayload.length).toBeGreaterThan(LAYOUTS_BUDGET_BYTES / 2);
    const detail = view.json<{ document: { layouts: Record<string, unknown> }; omittedLayouts: string[] }>();
    const shown = Object.keys(detail.document.layouts);
    expect(shown[0]).toBe('1');
    expect([...shown, ...detail.omittedLayouts].map(Number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect(detail.omittedLayouts.length).toBeGreaterThan(40);
    const later = await get(`/api/orders/${orderId}/layouts/${detail.omittedLayouts.at(-1)}`);
    expect(later.statusCode).toBe(200);
    expect(later.rawPayload.length).toBeLessThan(MB);
    expect(later.json<{ layout: { variations: unknown[] } }>().layout.variations).toHaveLength(100);
    expect((await get(`/api/orders/${orderId}/layouts/51`)).statusCode).toBe(404);
  });

  it('gives the quote editor a state of a few kilobytes: at most a quote’s lines, each size once', async () => {
    const state = await get(`/api/orders/${orderId}/quote`);
    expect(state.statusCode).toBe(200);
    expect(state.rawPayload.length).toBeLessThan(MB);
    const body = state.json<{ suggestions: { sizes?: unknown[] }[]; priced: { lines: unknown[] } | null }>();
    expect(body.suggestions.length).toBeLessThanOrEqual(200);
    expect(Math.max(...body.suggestions.map((s) => s.sizes?.length ?? 0))).toBeLessThanOrEqual(30);
    expect(body.priced?.lines.length ?? 0).toBeLessThanOrEqual(1);
  });

  it('writes the shop an email that names the layouts past its budget instead of carrying them', () => {
    const document = largestOrder() as unknown as ValidOrderBody;
    const [shop] = composeOrderMails(
      {
        id: 'id',
        reference: 'ABCD-EFGH',
        createdAt: new Date().toISOString(),
        status: 'new',
        document,
        attachments: [],
        estimate: null,
        confirmation: 'send',
      },
      { name: 'Shop', contact: 'c', shopEmail: 'orders@example.com', publicUrl: 'http://localhost' },
      'America/Toronto',
    );
    expect(shop!.text.length).toBeLessThan(512 * 1024);
    expect(shop!.text).toMatch(/\d+ more layouts are in the inbox: http:\/\/localhost\/inbox\/orders\/id/);
  });
});
