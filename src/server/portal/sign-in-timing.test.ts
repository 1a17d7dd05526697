// The sign-in form tells nobody who is a customer by its timing either (docs/portal.md):
// an email with orders and one without are answered after the same work, measured in one run,
// 60 pairs of requests (one of each kind, back to back), the median of the pairs' ratios within 1.3.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backends,
  pageToken,
  sampleOrder,
  startTestApp,
  submitMultipart,
  type TestApp,
} from '../../../tests/support/harness.js';

const EACH = 60;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
};

describe.each(backends())('the sign-in form’s timing on %s', (backend) => {
  let t: TestApp;
  const customers: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(backend, {
      PORTAL_SIGN_IN_RATE_LIMIT: '100000',
      PORTAL_RATE_LIMIT: '100000',
      PORTAL_LINKS_PER_EMAIL_PER_HOUR: '100000',
    });
    // Eight customers, each with an order; their emails are asked for in turn.
    for (let i = 0; i < 8; i++) {
      const email = `customer-${i}@example.com`;
      const o = sampleOrder();
      const first = o.layouts['1'] as Record<string, unknown>;
      first.billing = { ...(first.billing as object), email };
      await submitMultipart(t.app, o, [], { 'x-form-token': pageToken(t) });
      customers.push(email);
    }
  }, 60_000);
  afterAll(async () => t?.close());

  it('answers an email with orders as fast as one without (the median of 60 pairs’ ratios within 1.3)', async () => {
    const ask = async (email: string) => {
      const start = process.hrtime.bigint();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/portal/sign-in',
        payload: { email, language: 'en' },
      });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      expect(res.statusCode).toBe(202);
      return ms;
    };
    // Each email once first, so neither kind pays for warming up or for its count's first row.
    for (let i = 0; i < customers.length; i++) {
      await ask(customers[i]!);
      await ask(`nobody-${i}@example.org`);
    }
    // In pairs, each pair one email with orders and one without asked back to back, the first of
    // the pair alternating: a burst of load on this machine (other tests run beside this one) falls
    // on both halves of a pair, so the median of the pairs' ratios compares like with like.
    const times = { customer: [] as number[], stranger: [] as number[] };
    const ratios: number[] = [];
    for (let i = 0; i < EACH; i++) {
      // Eight of each kind, in turn: each email's hourly count is written alike (a new row, then updates).
      const customer = customers[i % customers.length]!;
      const stranger = `nobody-${i % customers.length}@example.org`;
      let c: number;
      let s: number;
      if (i % 2 === 0) {
        c = await ask(customer);
        s = await ask(stranger);
      } else {
        s = await ask(stranger);
        c = await ask(customer);
      }
      times.customer.push(c);
      times.stranger.push(s);
      ratios.push(c / s);
    }
    const ratio = median(ratios);
    console.log(
      `${backend}: sign-in medians ${median(times.customer).toFixed(2)} ms (orders) vs ${median(times.stranger).toFixed(2)} ms (none), median of ${EACH} pairs' ratios ${ratio.toFixed(2)}`,
    );
    expect(ratio).toBeLessThan(1.3);
    expect(ratio).toBeGreaterThan(1 / 1.3);
  }, 60_000);
});
