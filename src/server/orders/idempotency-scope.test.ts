// An idempotency key (docs/architecture.md, Idempotency-Key): with a form token it is that
// page's own, and a key another page used makes a fresh order, never replays the other's answer;
// without one it is not scoped by address, so a retry from anywhere is replayed; the same key
// with another order, 409.
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

  it('replays a caller without a form token from another address; another order under its key is a 409', async () => {
    // An API client (docs/decisions/011) has no form token: its key is not scoped by its address,
    // which a restart, another process or another network changes; the order's hash decides.
    const key = `shared-${backend}`;
    const a = await post(order('Ada Co'), key, '10.39.1.1');
    expect(a.statusCode, a.body).toBe(201);
    const again = await post(order('Ada Co'), key, '10.39.1.2');
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().orderId).toBe(a.json().orderId);
    const other = await post(order('Bea Co'), key, '10.39.1.3');
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json().error.code).toBe('idempotency_key_reused');
    expect(other.body).not.toContain(a.json().orderId);
    expect(other.body).not.toContain(a.json().reference);
    const json = await postJson(order('Hal Co'), `json-shared-${backend}`, '10.39.1.4');
    expect(json.statusCode, json.body).toBe(201);
    const jsonAgain = await postJson(order('Hal Co'), `json-shared-${backend}`, '10.39.1.5');
    expect(jsonAgain.headers['idempotent-replayed']).toBe('true');
    expect(jsonAgain.json().orderId).toBe(json.json().orderId);
    const names = (await t.app.db.selectFrom('orders').select('company_name').execute()).map((o) => o.company_name);
    expect(names.filter((n) => n === 'Ada Co')).toHaveLength(1);
    expect(names.filter((n) => n === 'Hal Co')).toHaveLength(1);
    expect(names).not.toContain('Bea Co');
  });

  it('gives a page with its own form token, with another caller’s key, an order of its own', async () => {
    const key = `paged-${backend}`;
    const a = await post(order('Ida Co'), key, '10.39.3.1');
    expect(a.statusCode, a.body).toBe(201);
    // The same address and key, another page (its own form token): its own order, never A's answer.
    const c = await post(order('Ida Co'), key, '10.39.3.1', { 'x-form-token': pageToken(t) });
    expect(c.statusCode, c.body).toBe(201);
    expect(c.headers['idempotent-replayed']).toBeUndefined();
    expect(c.json().orderId).not.toBe(a.json().orderId);
    expect(c.body).not.toContain(a.json().reference);
    // Two pages, one key: each its own order.
    const d = await post(order('Carl Co'), key, '10.39.3.2', { 'x-form-token': pageToken(t) });
    const e = await post(order('Carl Co'), key, '10.39.3.2', { 'x-form-token': pageToken(t) });
    expect(d.statusCode, d.body).toBe(201);
    expect(e.statusCode, e.body).toBe(201);
    expect(e.json().orderId).not.toBe(d.json().orderId);
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
