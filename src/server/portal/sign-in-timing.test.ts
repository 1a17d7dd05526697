// The sign-in form tells nobody who is a customer by its timing either (docs/portal.md):
// an email with orders and one without are answered after the same work, measured in one run,
// 40 requests each in a shuffled order, their medians within a ratio of 1.3.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backends,
  pageToken,
  sampleOrder,
  startTestApp,
  submitMultipart,
  type TestApp,
} from '../../../tests/support/harness.js';

const EACH = 40;

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

  it('answers an email with orders as fast as one without (medians of 40 each within 1.3)', async () => {
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
    const turns = [...Array(EACH).fill('customer'), ...Array(EACH).fill('stranger')] as ('customer' | 'stranger')[];
    // Shuffled (a fixed seed): what one request leaves behind falls on either kind alike.
    let seed = 39;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = turns.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [turns[i], turns[j]] = [turns[j]!, turns[i]!];
    }
    const times = { customer: [] as number[], stranger: [] as number[] };
    for (const [i, kind] of turns.entries()) {
      // Eight of each kind, in turn: each email's hourly count is written alike (a new row, then updates).
      const email =
        kind === 'customer' ? customers[i % customers.length]! : `nobody-${i % customers.length}@example.org`;
      times[kind].push(await ask(email));
    }
    const ratio = median(times.customer) / median(times.stranger);
    console.log(
      `${backend}: sign-in medians ${median(times.customer).toFixed(2)} ms (orders) vs ${median(times.stranger).toFixed(2)} ms (none), ratio ${ratio.toFixed(2)}`,
    );
    expect(ratio).toBeLessThan(1.3);
    expect(ratio).toBeGreaterThan(1 / 1.3);
  }, 60_000);
});
