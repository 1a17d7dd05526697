// An idempotency key is its caller's own (docs/architecture.md, Idempotency-Key): a
// key another caller used makes a fresh order for this one, never replays the other's answer;
// the same caller's retry of the same order is replayed; the same key with another order, 409.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  backends,
  multipartBody,
  pageToken,
  sampleOrder,
  startTestApp,
  type TestApp,
} from '../../../tests/support/harness.js';

describe.each(backends())('idempotency keys scoped to their caller on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  const order = (company: string) => {
    const o = sampleOrder();
    const first = o.layouts['1'] as Record<string, unknown>;
    first.billing = { ...(first.billing as object), companyName: company };
    return o;
  };
  const post = async (body: unknown, key: string, remoteAddress: string, headers: Record<string, string> = {}) => {
    const { payload, contentType } = await multipartBody(body, []);
    return t.app.inject({
      method: 'POST',
      url: '/functions/v1/submit-order',
      remoteAddress,
      headers: { ...authHeaders, 'content-type': contentType, 'idempotency-key': key, ...headers },
      payload,
    });
  };
  const postJson = (body: unknown, key: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/functions/v1/submit-order',
      remoteAddress,
      headers: { ...authHeaders, 'idempotency-key': key },
      payload: { ...(body as object), files: [] },
    });

  it('gives caller B, with A’s key, an order of its own, never A’s answer', async () => {
    const key = `shared-${backend}`;
    const a = await post(order('Ada Co'), key, '10.39.1.1');
    expect(a.statusCode, a.body).toBe(201);
    // Another address, the same key: a fresh order (the same body or another).
    const b = await post(order('Ada Co'), key, '10.39.1.2');
    expect(b.statusCode, b.body).toBe(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.json().orderId).not.toBe(a.json().orderId);
    expect(b.body).not.toContain(a.json().reference);
    // Another page (its own form token) from the same address: its own order too.
    const c = await post(order('Carl Co'), key, '10.39.1.1', { 'x-form-token': pageToken(t) });
    expect(c.statusCode, c.body).toBe(201);
    expect(c.json().orderId).not.toBe(a.json().orderId);
  });

  it('replays the same caller’s same order, and refuses its key with another order (409)', async () => {
    const key = `retry-${backend}`;
    const token = pageToken(t);
    const first = await post(order('Dee Co'), key, '10.39.2.1', { 'x-form-token': token });
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(order('Dee Co'), key, '10.39.2.1', { 'x-form-token': token });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().orderId).toBe(first.json().orderId);
    const other = await post(order('Eve Co'), key, '10.39.2.1', { 'x-form-token': token });
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json().error.code).toBe('idempotency_key_reused');
    expect(other.json().error.message_fr).toMatch(/Rien n'a été enregistré/);
    expect(other.body).not.toContain(first.json().orderId);
    // A JSON order: the same, by its whole body.
    const json = await postJson(order('Fay Co'), `json-${backend}`, '10.39.2.2');
    expect(json.statusCode, json.body).toBe(201);
    const jsonAgain = await postJson(order('Fay Co'), `json-${backend}`, '10.39.2.2');
    expect(jsonAgain.headers['idempotent-replayed']).toBe('true');
    expect(jsonAgain.json().orderId).toBe(json.json().orderId);
    expect((await postJson(order('Gus Co'), `json-${backend}`, '10.39.2.2')).statusCode).toBe(409);
    const orders = await t.app.db.selectFrom('orders').select('company_name').execute();
    expect(orders.map((o) => o.company_name).filter((n) => n === 'Eve Co' || n === 'Gus Co')).toEqual([]);
  });
});
