// Dates the customer reads are the shop's calendar days (docs/accounts.md, "Dates"), on SQLite and
// PostgreSQL: an order placed at 20:30 in Vancouver on December 31 is already January 1 in UTC;
// its confirmation mail, to the customer and to the shop, says December 31, and the order's page
// (and My orders, made by the same view) carries the shop's time zone to format its times in.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CustomerOrderView } from '../../shared/quote-api.js';
import { dateIn } from '../../shared/dates.js';
import {
  backends,
  deliveredText,
  pageToken,
  sampleOrder,
  startTestApp,
  submitMultipart,
  type TestApp,
} from '../../../tests/support/harness.js';

// 20:30 on New Year's Eve in Vancouver, 04:30 on New Year's Day in UTC.
const NEW_YEARS_EVE_IN_VANCOUVER = new Date('2027-01-01T04:30:00Z');

describe.each(backends())('the shop’s day in what the customer reads on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // The clock set (docs/testing-clock.md): the instant whose UTC day is the next year.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NEW_YEARS_EVE_IN_VANCOUVER);
    t = await startTestApp(backend, { SHOP_PROVINCE: 'BC', ARTWORK_CHECKS: 'false' });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  const mailsOf = (orderId: string) =>
    t.app.db
      .selectFrom('mail_queue')
      .select(['id', 'order_id', 'kind'])
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .execute();

  it.each(['en', 'fr'] as const)('names December 31 in the confirmation mails (%s)', async (language) => {
    expect(t.config.timeZone).toBe('America/Vancouver');
    expect(dateIn(t.config.timeZone)).toBe('2026-12-31');
    const order = { ...sampleOrder(), language };
    const { orderId } = await submitMultipart(t.app, order, [], { 'x-form-token': pageToken(t) });
    const mails = await mailsOf(orderId);
    const customer = await deliveredText(
      t,
      mails.find((m) => m.kind === 'customer')!,
    );
    const shop = await deliveredText(
      t,
      mails.find((m) => m.kind === 'shop')!,
    );
    if (language === 'en') expect(customer).toContain('received your order on December 31, 2026.');
    else expect(customer).toContain('a reçu votre commande le 31 décembre 2026.');
    expect(shop).toContain('placed an order on December 31, 2026.');
    for (const text of [customer, shop]) expect(text).not.toMatch(/January 1, 2027|1er janvier 2027/);
    // The order's page (My orders shows the same view) gives the times with the shop's zone.
    const token = /\/o\/([A-Za-z0-9_-]{43})/.exec(customer)![1]!;
    const view = (await t.app.inject({ method: 'GET', url: `/api/o/${token}` })).json<CustomerOrderView>();
    expect(view.timeZone).toBe('America/Vancouver');
    expect(view.createdAt).toBe(NEW_YEARS_EVE_IN_VANCOUVER.toISOString());
  });
});
