// The public edge of submit-order: single-use form tokens, clients without one (supabase-js),
// CORS, the rate-limit key behind proxies, memory bounds on JSON orders and the "order" part.
import http from 'node:http';
import net from 'node:net';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { issueFormToken } from '../http/bot-checks.js';
import { forgetExpiredFormTokens, isFormTokenUsed, markFormTokenUsed } from './form-tokens.js';
import {
  API_KEY,
  authHeaders,
  backends,
  multipartBody,
  pageToken,
  sampleOrder,
  startTestApp,
  type TestApp,
} from '../../../tests/support/harness.js';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});
async function start(env: Record<string, string> = {}, backend: 'sqlite' | 'postgres' = 'sqlite') {
  const t = await startTestApp(backend, env);
  apps.push(t);
  return t;
}
const submit = async (t: TestApp, headers: Record<string, string> = {}, order: unknown = sampleOrder()) => {
  const { payload, contentType } = await multipartBody(order, [
    { name: 'a.pdf', type: 'application/pdf', data: '%PDF' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/functions/v1/submit-order',
    headers: { ...authHeaders, 'content-type': contentType, ...headers },
    payload,
  });
};
const customerMails = async (t: TestApp) =>
  (await t.app.db.selectFrom('mail_queue').select('kind').where('kind', '=', 'customer').execute()).length;
const orderCount = async (t: TestApp) => (await t.app.db.selectFrom('orders').select('id').execute()).length;

describe.each(backends())('form tokens on %s', (backend) => {
  it('accepts a token once; a second use, even by another process on the same database, is refused', async () => {
    const t = await start({ FORM_TOKEN_SECRET: 'a-shared-secret-of-some-length', MAIL_POLL_MS: '3600000' }, backend);
    const token = pageToken(t);
    const first = await submit(t, { 'x-form-token': token });
    expect(first.statusCode).toBe(201);
    expect(await customerMails(t)).toBe(1);
    const again = await submit(t, { 'x-form-token': token });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('form_token_used');
    expect(again.json().error.message).toMatch(/reload the page/);
    // A second server on the same database (a restart stands in for another process).
    await t.restart();
    expect((await submit(t, { 'x-form-token': token })).statusCode).toBe(409);
    expect(await orderCount(t)).toBe(1);
  });

  it('answers a success with a fresh token for the next order, and a replay with the first answer', async () => {
    const t = await start({ MAIL_POLL_MS: '3600000', MIN_FILL_SECONDS: '0' }, backend);
    const token = pageToken(t);
    const headers = { 'x-form-token': token, 'idempotency-key': `retry-${backend}` };
    const first = await submit(t, headers);
    expect(first.statusCode).toBe(201);
    const {
      orderId,
      reference,
      formToken: next,
    } = first.json<{ orderId: string; reference: string; formToken: string }>();
    expect(next).toBeTruthy();
    expect(next).not.toBe(token);
    // The answer was lost: the page retries with the same key and the same (now used) token.
    const replay = await submit(t, headers);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toMatchObject({ orderId, reference });
    expect(replay.json().formToken).toBeTruthy();
    // The next order goes with the token the answer carried.
    expect((await submit(t, { 'x-form-token': next })).statusCode).toBe(201);
    expect(await orderCount(t)).toBe(2);
  });

  it('refuses an expired token with a message to reload', async () => {
    const t = await start({ FORM_TOKEN_MAX_AGE_SECONDS: '3600' }, backend);
    const res = await submit(t, { 'x-form-token': pageToken(t, Date.now() - 3601_000) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('form_token_expired');
    expect(res.json().error.message).toMatch(/reload the page.*entries are kept/);
    expect((await submit(t, { 'x-form-token': pageToken(t, Date.now() - 3000_000) })).statusCode).toBe(201);
  });

  it('forgets used tokens once they have expired, and only then', async () => {
    const t = await start({}, backend);
    await markFormTokenUsed(t.app.db, 'old', new Date(Date.now() - 1000));
    await markFormTokenUsed(t.app.db, 'live', new Date(Date.now() + 60_000));
    await forgetExpiredFormTokens(t.app.db);
    expect(await isFormTokenUsed(t.app.db, 'old')).toBe(false);
    expect(await isFormTokenUsed(t.app.db, 'live')).toBe(true);
  });

  it('refuses a token of the old format or with a changed id', async () => {
    const t = await start({ FORM_TOKEN_SECRET: 'a-test-secret-of-some-length' }, backend);
    const [issued, , mac] = issueFormToken('a-test-secret-of-some-length', Date.now() - 60_000).split('.');
    for (const bad of [`${issued}.${mac}`, `${issued}.other-id.${mac}`]) {
      expect((await submit(t, { 'x-form-token': bad })).json().error.code).toBe('invalid_form_token');
    }
  });
});

describe('clients without a form token (supabase-js)', () => {
  let t: TestApp;
  let url = '';
  beforeAll(async () => {
    t = await startTestApp('sqlite', { MAIL_POLL_MS: '3600000' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  it('saves the order and notifies the shop, but sends the customer nothing', async () => {
    const supabase = createClient(url, API_KEY, {
      auth: { persistSession: false },
      realtime: { transport: ws as never },
    });
    const order = sampleOrder();
    order.layouts['1'].billing.firstName = 'Visit http://evil.example';
    order.layouts['1'].billing.email = 'victim@example.com';
    const { data, error } = await supabase.functions.invoke('submit-order', { body: { ...order, files: [] } });
    expect(error).toBeNull();
    expect(data.reference).toMatch(/^\w{4}-\w{4}$/);
    expect(data.formToken).toBeUndefined();
    const mails = await t.app.db.selectFrom('mail_queue').select(['kind', 'recipient']).execute();
    expect(mails).toEqual([{ kind: 'shop', recipient: 'orders@example.com' }]);
  });
});

describe('CORS', () => {
  const preflight = (t: TestApp, url: string, origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });

  it('allows only the app’s own origin by default', async () => {
    const t = await start({ PUBLIC_URL: 'https://orders.shop.example' });
    const own = await preflight(t, '/functions/v1/submit-order', 'https://orders.shop.example');
    expect(own.statusCode).toBe(204);
    expect(own.headers['access-control-allow-origin']).toBe('https://orders.shop.example');
    const other = await preflight(t, '/functions/v1/submit-order', 'https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const post = await submit(t, { origin: 'https://evil.example' });
    expect(post.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('defaults to http://HOST:PORT without PUBLIC_URL, and adds the origins of CORS_ORIGINS', async () => {
    const t = await start({ HOST: '127.0.0.1', PORT: '3999', CORS_ORIGINS: 'https://www.shop.example' });
    for (const origin of ['http://127.0.0.1:3999', 'https://www.shop.example'])
      expect((await preflight(t, '/functions/v1/submit-order', origin)).headers['access-control-allow-origin']).toBe(
        origin,
      );
    expect(
      (await preflight(t, '/functions/v1/submit-order', 'https://evil.example')).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });

  it('never answers a preflight for /api/* with an allowed origin, whatever CORS_ORIGINS says', async () => {
    const t = await start({ PUBLIC_URL: 'https://orders.shop.example', CORS_ORIGINS: 'https://www.shop.example' });
    for (const url of ['/api/session', '/api/orders/x/status', '/%61pi/session', '/healthz'])
      for (const origin of ['https://orders.shop.example', 'https://www.shop.example', 'https://evil.example']) {
        const res = await preflight(t, url, origin);
        expect(res.headers['access-control-allow-origin'], `${url} ${origin}`).toBeUndefined();
        expect(res.headers['access-control-allow-methods']).toBeUndefined();
      }
  });
});

describe('TRUST_PROXY and the rate-limit key', () => {
  // With a limit of 1, a second order from the same key is refused: that shows which key was used.
  const from = (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/functions/v1/submit-order',
      headers: { ...authHeaders, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      payload: sampleOrder(),
      remoteAddress,
    });
  const limited = (env: Record<string, string>) => start({ SUBMIT_RATE_LIMIT: '1', ...env });

  it('without a proxy (false), keys on the connection and ignores X-Forwarded-For', async () => {
    const t = await limited({ TRUST_PROXY: 'false' });
    expect((await from(t, '198.51.100.1', '203.0.113.1')).statusCode).toBe(201);
    expect((await from(t, '198.51.100.1', '203.0.113.2')).statusCode).toBe(429);
    expect((await from(t, '198.51.100.2', '203.0.113.1')).statusCode).toBe(201);
  });

  it('with one trusted hop, keys on the address the proxy saw; a client cannot pick its own', async () => {
    const t = await limited({ TRUST_PROXY: '1' });
    expect((await from(t, '10.0.0.1', '203.0.113.7')).statusCode).toBe(201);
    // The client prepends made-up addresses: the proxy appends the real one, which is used.
    expect((await from(t, '10.0.0.1', '1.1.1.1, 203.0.113.7')).statusCode).toBe(429);
    expect((await from(t, '10.0.0.1', '2.2.2.2, 203.0.113.7')).statusCode).toBe(429);
    expect((await from(t, '10.0.0.1', '203.0.113.8')).statusCode).toBe(201);
  });

  it('with a list of proxy addresses, trusts only those, and walks back through them', async () => {
    const t = await limited({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5' });
    expect((await from(t, '10.0.0.1', '9.9.9.9, 203.0.113.7, 192.168.1.5')).statusCode).toBe(201);
    expect((await from(t, '10.0.0.2', '1.1.1.1, 203.0.113.7, 192.168.1.5')).statusCode).toBe(429);
    // Not from a listed proxy: X-Forwarded-For is ignored, the connection is the key.
    expect((await from(t, '198.51.100.9', '203.0.113.50')).statusCode).toBe(201);
    expect((await from(t, '198.51.100.9', '203.0.113.51')).statusCode).toBe(429);
  });

  it('with true, takes the leftmost address (only for a proxy that overwrites the header)', async () => {
    const t = await limited({ TRUST_PROXY: 'true' });
    expect((await from(t, '10.0.0.1', '203.0.113.7, 10.0.0.1')).statusCode).toBe(201);
    expect((await from(t, '10.0.0.2', '203.0.113.7')).statusCode).toBe(429);
  });

  it('reads every form of TRUST_PROXY, and refuses nonsense', () => {
    const parse = (v: string) => loadConfig({ TRUST_PROXY: v }).TRUST_PROXY;
    expect(parse('true')).toBe(true);
    expect(parse('false')).toBe(false);
    expect(parse('2')).toBe(2);
    expect(parse('loopback, 10.0.0.0/8, ::1')).toEqual(['loopback', '10.0.0.0/8', '::1']);
    expect(() => parse('yes please')).toThrow(/TRUST_PROXY/);
  });
});

describe('memory bounds', () => {
  it('refuses an "order" part larger than MAX_ORDER_PART_BYTES with a clear 413', async () => {
    const t = await start();
    const order = sampleOrder();
    order.layouts['1'].jobNotes = 'x'.repeat(1024 * 1024 + 10);
    const res = await submit(t, {}, order);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('order_part_too_large');
    expect(res.json().error.message).toMatch(/larger than 1 MB/);
  });

  it('reads MAX_CONCURRENT_JSON_ORDERS JSON orders at once, queues a few, and answers the next 503 with Retry-After', async () => {
    const t = await start({ MAX_CONCURRENT_JSON_ORDERS: '2', JSON_ORDER_QUEUE: '6' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as net.AddressInfo).port;
    const body = Buffer.from(JSON.stringify({ ...sampleOrder(), files: [] }));
    // Eight orders whose bodies are still on their way: two are being read, six wait.
    const open: http.ClientRequest[] = [];
    const answers: Promise<number>[] = [];
    for (let i = 0; i < 8; i++) {
      const req = http.request({
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/functions/v1/submit-order',
        headers: { ...authHeaders, 'content-type': 'application/json', 'content-length': body.length },
      });
      answers.push(
        new Promise((resolve) => {
          req.on('response', (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.on('error', () => resolve(0));
        }),
      );
      req.write(body.subarray(0, 10));
      open.push(req);
    }
    for (let i = 0; i < 200 && !(t.app.jsonOrderGate.active === 2 && t.app.jsonOrderGate.queued === 6); i++)
      await new Promise((r) => setTimeout(r, 25));
    expect([t.app.jsonOrderGate.active, t.app.jsonOrderGate.queued]).toEqual([2, 6]);
    const ninth = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/submit-order',
      headers: authHeaders,
      payload: { ...sampleOrder(), files: [] },
    });
    expect(ninth.statusCode).toBe(503);
    expect(ninth.json().error.code).toBe('busy');
    expect(Number(ninth.headers['retry-after'])).toBeGreaterThan(0);
    // The eight finish, in turn.
    for (const req of open) req.end(body.subarray(10));
    expect(await Promise.all(answers)).toEqual(Array(8).fill(201));
    expect([t.app.jsonOrderGate.active, t.app.jsonOrderGate.queued]).toEqual([0, 0]);
  });
});
