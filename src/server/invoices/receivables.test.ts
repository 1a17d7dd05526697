// Receivables an accountant closes a month on (docs/accounts.md): an open balance keeps its
// order, duplicate payments caught on any order, voids, closed periods, the PDF reading the
// account, aged receivables. Through the real routes, on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxDirOf } from '../mail/outbox.js';
import { runHousekeeping, startHousekeeping } from '../privacy/housekeeping.js';
import {
  backends,
  pageToken,
  sampleOrder,
  startShopApp,
  submitMultipart,
  type TestApp,
} from '../../../tests/support/harness.js';
import { builtServer } from '../../../tests/support/built-server.js';
import { runCli } from '../../../tests/support/cli.js';
import { todayOf } from './accounts.js';

await builtServer();

const shopDate = () => todayOf({ timeZone: 'America/Toronto' });
const DAY_MS = 24 * 60 * 60 * 1000;
/** $600.00 + HST 13 % $78.00 = $678.00; deposit 50 % $339.00. */
const FIFTY_AT_12 = [{ description: 'Gildan 5000, Black, printed', quantity: 50, unitPriceCents: 1200, taxable: true }];

function ontarioOrder() {
  const order = sampleOrder();
  const first = order.layouts['1'];
  first.variations = [{ type: 'Gildan 5000', color: 'Black', sizes: 'S:10, M:20, L:20', supplyingGoods: 'no' }];
  first.billing = { ...first.billing, city: 'Toronto', province: 'ON', postalCode: 'M5V 2T6' };
  first.shipping = { sameAsBilling: true, localPickup: false };
  return { ...order, includePolyBags: false };
}

describe.each(backends())('receivables on %s', (backend) => {
  let t: TestApp;
  let staff: { owner: string; clerk: string };

  beforeAll(async () => {
    ({ t, staff } = await startShopApp(backend, {
      env: {
        SHOP_PROVINCE: 'ON',
        SHOP_LEGAL_NAME: 'Maple Print Works Inc.',
        GST_HST_NUMBER: '123456782 RT0001',
        ORDER_LINK_RATE_LIMIT: '100000',
      },
      staff: { owner: { email: 'owner@shop.ca', role: 'owner' }, clerk: { email: 'clerk@shop.ca', role: 'staff' } },
    }));
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who = staff.clerk) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: who },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** An Ontario order invoiced $678.00 (deposit $339.00), approved through its link. */
  const invoiced = async () => {
    const { orderId, reference } = await submitMultipart(t.app, ontarioOrder(), [], { 'x-form-token': pageToken(t) });
    const sent = await call('POST', `/api/orders/${orderId}/quote/send`, { lines: FIFTY_AT_12, confirmNoProofs: true });
    expect(sent.statusCode, sent.body).toBe(201);
    const { mintOrderLink } = await import('../storage/order-links.js');
    const token = await t.app.db.transaction().execute((trx) => mintOrderLink(trx, orderId));
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/approve`,
      headers: { 'user-agent': 'Test/1.0' },
      payload: { version: sent.json<{ version: number }>().version, fullName: 'Marie Curie', agree: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    return { orderId, reference };
  };

  const pay = (orderId: string, body: Record<string, unknown>) =>
    call('POST', `/api/orders/${orderId}/payments`, { method: 'etransfer', receivedOn: shopDate(), ...body });

  const errorOf = (res: { json: () => unknown }) =>
    (res.json() as { error: { code: string; message: string; message_fr: string } }).error;

  it('keeps an order that owes or is owed money: the owner’s delete, the command line and retention refuse it', async () => {
    const owing = await invoiced();
    const refused = await call('DELETE', `/api/orders/${owing.orderId}`, { reference: owing.reference }, staff.owner);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      code: 'open_balance',
      message: `Order ${owing.reference} still has $678.00 owed by the customer, so it is kept. Settle it first: record a payment, or issue a credit note for what will not be paid.`,
      message_fr: expect.stringContaining('678,00\u00a0$ dû par le client'),
    });
    const cli = await runCli('orders', ['delete', owing.reference, '--yes'], {
      env: { DATA_DIR: t.config.DATA_DIR, DATABASE_URL: t.config.DATABASE_URL },
    });
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain('$678.00 owed by the customer');

    // Completed with money owed, unchanged for 10 days, RETENTION_DAYS 3: kept, and the log says why.
    const tenDaysAgo = new Date(Date.now() - 10 * DAY_MS).toISOString();
    await t.app.db
      .updateTable('orders')
      .set({ status: 'completed', created_at: tenDaysAgo })
      .where('id', '=', owing.orderId)
      .execute();
    await t.app.db
      .updateTable('status_history')
      .set({ changed_at: tenDaysAgo })
      .where('order_id', '=', owing.orderId)
      .execute();
    const housekeeping = { db: t.app.db, files: t.app.files, outboxDir: outboxDirOf(t.dataDir), retentionDays: 3 };
    const run = await runHousekeeping(housekeeping);
    expect(run.ordersKeptOwing).toContainEqual({
      reference: owing.reference,
      message: expect.stringContaining('$678.00 owed by the customer'),
    });
    const logged: [object, string][] = [];
    const log = {
      info: (o: object, m: string) => logged.push([o, m]),
      warn: (o: object, m: string) => logged.push([o, m]),
    };
    const loop = startHousekeeping({ ...housekeeping, intervalMs: 60 * 60_000, log });
    await loop.first;
    await loop.stop();
    expect(logged).toContainEqual([
      { order: owing.reference, reason: expect.stringContaining('$678.00 owed by the customer') },
      'order past retention kept: an amount is owed',
    ]);
    expect(await t.app.db.selectFrom('orders').select('id').where('id', '=', owing.orderId).executeTakeFirst()).toEqual(
      { id: owing.orderId },
    );

    // The shop owes the customer: a refund settles it.
    const owed = await invoiced();
    expect((await pay(owed.orderId, { amount: '700.00', confirmOverpayment: true })).statusCode).toBe(201);
    const refund = await call('DELETE', `/api/orders/${owed.orderId}`, { reference: owed.reference }, staff.owner);
    expect(errorOf(refund)).toMatchObject({
      code: 'open_balance',
      message: `The shop still owes the customer $22.00 on order ${owed.reference}, so it is kept. Settle it first: record a refund of the money paid back.`,
    });

    // Paid in full: the order may go.
    expect((await pay(owing.orderId, { amount: '678.00' })).statusCode).toBe(201);
    const deleted = await call('DELETE', `/api/orders/${owing.orderId}`, { reference: owing.reference }, staff.owner);
    expect(deleted.statusCode, deleted.body).toBe(200);
  });
});
