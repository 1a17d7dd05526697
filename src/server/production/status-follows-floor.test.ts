// The status follows the floor (docs/production.md): the first imprint moved past its first stage
// moves an Approved order to In production through the gate, and the customer's page says each
// decoration's stage in words. On SQLite and PostgreSQL.
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
import type { CustomerOrderView } from '../../shared/quote-api.js';

describe.each(backends())('the status follows the floor on %s', (backend) => {
  let t: TestApp;
  let owner = '';
  beforeAll(async () => {
    ({
      t,
      staff: { owner },
    } = await startShopApp(backend, {
      env: { GST_HST_NUMBER: '123456782 RT0001', ARTWORK_CHECKS: 'false' },
      staff: { owner: { email: 'owner@shop.ca', role: 'owner' } },
    }));
  });
  afterAll(async () => t?.close());

  const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: owner }, ...(payload ? { payload } : {}) });

  /** A screen-printed front and an embroidered left chest, quoted and approved: a job. */
  const approvedJob = async () => {
    const order = sampleOrder();
    Object.assign(order.layouts['1'], {
      viewData: {
        Front: { image: '', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 },
        Back: { image: '', dimensions: '3.5 x 2 in', decoration: 'embroidery' },
      },
    });
    const { orderId } = await submitMultipart(t.app, order, [], { 'x-form-token': pageToken(t) });
    const lines = [{ description: 'Tees', quantity: 15, unitPriceCents: 1500, taxable: true }];
    expect(
      (await staff('POST', `/api/orders/${orderId}/quote/send`, { lines, confirmNoProofs: true })).statusCode,
    ).toBe(201);
    const token = await orderLinkToken(t, orderId);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/approve`,
      payload: { version: 1, fullName: 'Ada Lovelace', agree: true },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    return { orderId, token };
  };
  const customer = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/o/${token}` })).json<CustomerOrderView>();
  const move = (id: string, from: number, to: number, override?: { reason: string }) =>
    staff('POST', `/api/production/imprints/${id}/move`, { from, to, ...(override ? { override } : {}) });

  it('moves the order to In production with the first move past a first stage, through the gate', async () => {
    const { orderId, token } = await approvedJob();
    const board = (await staff('GET', '/api/production/board')).json<Board>();
    const [front, back] = board.jobs.find((j) => j.orderId === orderId)!.imprints;
    // Approved and a job: the page names each decoration, waiting.
    const before = await customer(token);
    expect(before.status).toBe('approved');
    expect(before.floor).toEqual([
      { layout: '1', location: 'Front', method: 'screen-printing', phase: 'waiting' },
      { layout: '1', location: 'Back', method: 'embroidery', phase: 'waiting' },
    ]);
    // The deposit is due: the move needs the gate's reason, and nothing moves without it.
    const gated = await move(front!.id, 0, 1);
    expect(gated.statusCode, gated.body).toBe(409);
    expect(gated.json().error).toMatchObject({ code: 'gate_closed', fields: ['reason'] });
    expect((await customer(token)).status).toBe('approved');
    const blank = await move(front!.id, 0, 1, { reason: '  ' });
    expect(blank.statusCode).toBe(409);

    const started = await move(front!.id, 0, 1, { reason: 'Deposit promised by phone' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<JobCard>().status).toBe('in_production');
    const view = await customer(token);
    expect(view.status).toBe('in_production');
    expect(view.steps.in_production).toBeTruthy();
    expect(view.floor.map((d) => [d.location, d.phase])).toEqual([
      ['Front', 'underway'],
      ['Back', 'waiting'],
    ]);
    // The override is in the history as a clerk's move records it, once.
    const history = await t.app.db
      .selectFrom('status_history')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('to_status', '=', 'in_production')
      .execute();
    expect(history.filter((h) => h.from_status === 'approved')).toHaveLength(1);
    expect(JSON.stringify(history)).toContain('Deposit promised by phone');

    // Later moves leave the status alone; the embroidery at Pack reads done.
    expect((await move(back!.id, 0, 3)).statusCode).toBe(200);
    expect((await customer(token)).floor.map((d) => [d.location, d.phase])).toEqual([
      ['Front', 'underway'],
      ['Back', 'done'],
    ]);
    const moves = await t.app.db
      .selectFrom('status_history')
      .select('id')
      .where('order_id', '=', orderId)
      .where('to_status', '=', 'in_production')
      .where('from_status', '!=', 'in_production')
      .execute();
    expect(moves).toHaveLength(1);
  });

  it('a move back to the first stage, or one within it, leaves an Approved order Approved', async () => {
    const { orderId, token } = await approvedJob();
    const board = (await staff('GET', '/api/production/board')).json<Board>();
    const [front] = board.jobs.find((j) => j.orderId === orderId)!.imprints;
    expect((await move(front!.id, 0, 0)).statusCode).toBe(200);
    expect((await customer(token)).status).toBe('approved');
  });
});
