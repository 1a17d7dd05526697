// Two processes issue invoices at once: approvals sent to two built servers (`npm start`) on one
// database never make two invoices for one approval, and take every number once, in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from '../../../scripts/built-server.mjs';
import { builtServer } from '../../../tests/support/built-server.js';
import {
  API_KEY,
  backends,
  pageToken,
  sampleOrder,
  signIn,
  startTestApp,
  submitMultipart,
  type TestApp,
} from '../../../tests/support/harness.js';
import { addStaff } from '../staff/staff-service.js';
import { mintOrderLink } from '../storage/order-links.js';

await builtServer();

const ORDERS = 12;

describe.each(backends())('invoice numbers from two processes on %s', (backend) => {
  let t: TestApp;
  const servers: BuiltServer[] = [];

  beforeAll(async () => {
    t = await startTestApp(backend, { GST_HST_NUMBER: '123456782 RT0001', ARTWORK_CHECKS: 'false' });
    const env = {
      PUBLIC_API_KEY: API_KEY,
      ARTWORK_CHECKS: 'false',
      GST_HST_NUMBER: '123456782 RT0001',
      ORDER_LINK_RATE_LIMIT: '100000',
      ...(backend === 'postgres' ? { DATABASE_URL: t.config.DATABASE_URL } : {}),
    };
    const quiet = { dataDir: t.dataDir, stdio: ['ignore', 'ignore', 'inherit'] as ['ignore', 'ignore', 'inherit'] };
    servers.push(await startBuiltServer(env, quiet), await startBuiltServer(env, quiet));
  }, 60_000);

  afterAll(async () => {
    for (const s of servers.splice(0)) {
      s.child.kill('SIGTERM');
      await new Promise((resolve) => s.child.once('exit', resolve));
    }
    await t?.close();
  });

  it('numbers every approval once, without a gap, whichever process takes it', async () => {
    await addStaff(t.app.db, 'clerk@shop.ca', 'correct horse battery staple', 'en', 'owner');
    const cookie = await signIn(t.app, 'clerk@shop.ca', 'correct horse battery staple');
    const links: { orderId: string; token: string }[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const { orderId } = await submitMultipart(t.app, sampleOrder(), [], { 'x-form-token': pageToken(t) });
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/quote/send`,
        headers: { cookie },
        payload: {
          lines: [{ description: 'Tees', quantity: 10 + i, unitPriceCents: 1500, taxable: true }],
          confirmNoProofs: true,
        },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      links.push({ orderId, token: await mintOrderLink(t.app.db, orderId) });
    }
    // Every approval at once, alternating between the two processes; the first order's twice,
    // once through each.
    const approve = (server: BuiltServer, token: string) =>
      fetch(`${server.url}/api/o/${token}/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Test/1.0' },
        body: JSON.stringify({ version: 1, fullName: 'Ada Lovelace', agree: true }),
      }).then((r) => r.status);
    const statuses = await Promise.all([
      ...links.map((l, i) => approve(servers[i % 2]!, l.token)),
      approve(servers[1]!, links[0]!.token),
    ]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(ORDERS);
    expect(statuses.filter((s) => s === 409)).toHaveLength(1);

    const invoices = await t.app.db.selectFrom('invoices').select(['number', 'order_id']).execute();
    expect(invoices).toHaveLength(ORDERS);
    expect(new Set(invoices.map((r) => r.order_id)).size).toBe(ORDERS);
    const sequence = invoices.map((r) => Number(r.number.slice(5))).sort((a, b) => a - b);
    expect(sequence).toEqual(Array.from({ length: ORDERS }, (_, i) => i + 1));
  }, 60_000);
});
