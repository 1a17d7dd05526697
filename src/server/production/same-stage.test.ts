// A move to where a thing already is changes nothing: an imprint moved to the stage it
// is in, or an order moved to the status it has, adds no history line and leaves who moved it
// last as it was. On SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backends,
  pageToken,
  sampleOrder,
  startShopApp,
  submitMultipart,
  type TestApp,
  orderLinkToken,
} from '../../../tests/support/harness.js';
import type { Board, JobCard } from '../../shared/production/production-api.js';

describe.each(backends())('a move to the same place on %s', (backend) => {
  let t: TestApp;
  let owner = '';
  let clerk = '';
  beforeAll(async () => {
    ({
      t,
      staff: { owner, clerk },
    } = await startShopApp(backend, {
      env: { GST_HST_NUMBER: '123456782 RT0001', ARTWORK_CHECKS: 'false' },
      staff: { owner: { email: 'owner@shop.ca', role: 'owner' }, clerk: { email: 'clerk@shop.ca', role: 'staff' } },
    }));
  });
  afterAll(async () => t?.close());

  const staff = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, who = clerk) =>
    t.app.inject({ method, url, headers: { cookie: who }, ...(payload ? { payload } : {}) });
  const historyOf = async (orderId: string) =>
    (await t.app.db.selectFrom('status_history').selectAll().where('order_id', '=', orderId).execute()).length;

  /** An order with a screen-printed front, quoted and approved: a job. */
  const approvedJob = async () => {
    const order = sampleOrder();
    Object.assign(order.layouts['1'], {
      viewData: { Front: { image: '', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 } },
    });
    const { orderId } = await submitMultipart(t.app, order, [], { 'x-form-token': pageToken(t) });
    const lines = [{ description: 'Tees', quantity: 15, unitPriceCents: 1500, taxable: true }];
    const sent = await staff('POST', `/api/orders/${orderId}/quote/send`, { lines, confirmNoProofs: true });
    expect(sent.statusCode, sent.body).toBe(201);
    const token = await orderLinkToken(t, orderId);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/approve`,
      payload: { version: 1, fullName: 'Ada Lovelace', agree: true },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    return orderId;
  };

  it('an imprint moved to the stage it is in: the card as it is, no history line, no new mover', async () => {
    const orderId = await approvedJob();
    const board = (await staff('GET', '/api/production/board')).json<Board>();
    const front = board.jobs.find((j) => j.orderId === orderId)!.imprints[0]!;
    // The first move starts the order through the gate (the deposit is due): the owner's reason.
    const start = { from: 0, to: 1, override: { reason: 'Deposit promised by phone' } };
    expect((await staff('POST', `/api/production/imprints/${front.id}/move`, start, owner)).statusCode).toBe(200);
    const before = await historyOf(orderId);

    for (let i = 0; i < 3; i++) {
      const again = await staff('POST', `/api/production/imprints/${front.id}/move`, { from: 1, to: 1 });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json<JobCard>().imprints[0]).toMatchObject({ stage: 1, movedBy: 'owner@shop.ca' });
    }
    expect(await historyOf(orderId)).toBe(before);
    // Where it is not: still the stale move's answer.
    const stale = await staff('POST', `/api/production/imprints/${front.id}/move`, { from: 0, to: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('moved_meanwhile');
    expect(await historyOf(orderId)).toBe(before);
  });

  it('an order moved to the status it has: no history line', async () => {
    const { orderId } = await submitMultipart(t.app, sampleOrder(), [], { 'x-form-token': pageToken(t) });
    expect((await staff('PATCH', `/api/orders/${orderId}/status`, { status: 'cancelled' }, owner)).statusCode).toBe(
      200,
    );
    const before = await historyOf(orderId);
    for (let i = 0; i < 3; i++) {
      const again = await staff('PATCH', `/api/orders/${orderId}/status`, { status: 'cancelled' }, owner);
      expect(again.statusCode, again.body).toBe(200);
    }
    expect(await historyOf(orderId)).toBe(before);
  });
});
