// Abuse: rate limits, bot checks, slow clients, security headers, secrets kept out of the page.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { issueFormToken } from '../http/bot-checks.js';
import { authHeaders, multipartBody, sampleOrder, startTestApp, type TestApp } from '../../../tests/support/harness.js';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});
async function start(env: Record<string, string> = {}) {
  const t = await startTestApp('sqlite', env);
  apps.push(t);
  return t;
}
const orderCount = async (t: TestApp) => (await t.app.db.selectFrom('orders').select('id').execute()).length;
const postJson = (t: TestApp, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/functions/v1/submit-order',
    headers: { ...authHeaders, ...headers },
    payload: payload as object,
  });

describe('rate limit on submit', () => {
  it('answers 429 with Retry-After once an address sends too many orders', async () => {
    const t = await start({ SUBMIT_RATE_LIMIT: '3', SUBMIT_RATE_WINDOW_SECONDS: '60' });
    for (let i = 0; i < 3; i++) expect((await postJson(t, sampleOrder())).statusCode).toBe(201);
    const res = await postJson(t, sampleOrder());
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().error).toMatchObject({ code: 'rate_limited' });
    expect(res.json().error.message).toMatch(/try again in 1 minute/);
    // Another address is not affected.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/functions/v1/submit-order',
          headers: authHeaders,
          payload: sampleOrder(),
          remoteAddress: '10.9.8.7',
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe('bot checks', () => {
  it('turns away an order sent faster than a person can fill the form', async () => {
    const t = await start({ MIN_FILL_SECONDS: '3', FORM_TOKEN_SECRET: 'a-test-secret-of-some-length' });
    const fresh = issueFormToken('a-test-secret-of-some-length');
    const tooFast = await postJson(t, sampleOrder(), { 'x-form-token': fresh });
    expect(tooFast.statusCode).toBe(400);
    expect(tooFast.json().error.code).toBe('too_fast');
    const forged = await postJson(t, sampleOrder(), {
      'x-form-token': issueFormToken('another-secret-entirely', Date.now() - 60_000),
    });
    expect(forged.json().error.code).toBe('invalid_form_token');
    const person = await postJson(t, sampleOrder(), {
      'x-form-token': issueFormToken('a-test-secret-of-some-length', Date.now() - 30_000),
    });
    expect(person.statusCode).toBe(201);
    expect(await orderCount(t)).toBe(1);
  });

  it('turns away an order whose honeypot field is filled, in both wire formats', async () => {
    const t = await start();
    const json = await postJson(t, { ...sampleOrder(), website: 'http://spam.example' });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.code).toBe('rejected');
    const { payload, contentType } = await multipartBody({ ...sampleOrder(), website: 'x' }, [
      { name: 'a.txt', type: 'text/plain', data: 'a' },
    ]);
    const multi = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/submit-order',
      headers: { ...authHeaders, 'content-type': contentType },
      payload,
    });
    expect(multi.statusCode).toBe(400);
    expect(await orderCount(t)).toBe(0);
    expect((await postJson(t, { ...sampleOrder(), website: '' })).statusCode).toBe(201);
  });
});

describe('slow and endless clients', () => {
  async function listening(env: Record<string, string>) {
    const t = await start(env);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    return { t, port: (t.app.server.address() as net.AddressInfo).port };
  }
  const closedWithin = (socket: net.Socket, ms: number) =>
    new Promise<number>((resolve, reject) => {
      const started = Date.now();
      const timer = setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms);
      socket.on('close', () => {
        clearTimeout(timer);
        resolve(Date.now() - started);
      });
      socket.on('error', () => {});
    });

  it('drops a client that never finishes its headers', async () => {
    const { port } = await listening({ HEADERS_TIMEOUT_MS: '600', IDLE_TIMEOUT_MS: '60000' });
    const socket = net.connect(port, '127.0.0.1');
    socket.write('POST /functions/v1/submit-order HTTP/1.1\r\nHost: x\r\n');
    const timer = setInterval(() => socket.write('X-Slow: 1\r\n'), 100);
    try {
      await closedWithin(socket, 5_000);
    } finally {
      clearInterval(timer);
    }
  });

  it('drops an upload that stalls, and keeps nothing of it', async () => {
    const { t, port } = await listening({ IDLE_TIMEOUT_MS: '500' });
    const { payload, contentType } = await multipartBody(sampleOrder(), [
      { name: 'big.bin', type: 'application/octet-stream', data: Buffer.alloc(200_000, 1) },
    ]);
    const socket = net.connect(port, '127.0.0.1');
    socket.write(
      `POST /functions/v1/submit-order HTTP/1.1\r\nHost: x\r\napikey: ${authHeaders.apikey}\r\ncontent-type: ${contentType}\r\ncontent-length: ${payload.length}\r\n\r\n`,
    );
    socket.write(payload.subarray(0, 100_000));
    await closedWithin(socket, 5_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(await orderCount(t)).toBe(0);
    expect(fs.readdirSync(path.join(t.dataDir, 'tmp'))).toEqual([]);
  });
});

describe('limits on parts', () => {
  it('refuses more files than MAX_FILES, and more form fields than an order has, with 413', async () => {
    const t = await start({ MAX_FILES: '2' });
    const three = await multipartBody(
      sampleOrder(),
      ['a', 'b', 'c'].map((n) => ({ name: `${n}.txt`, type: 'text/plain', data: n })),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/submit-order',
      headers: { ...authHeaders, 'content-type': three.contentType },
      payload: three.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('too_many_files');
    const form = new FormData();
    for (let i = 0; i < 8; i++) form.append('order', JSON.stringify(sampleOrder()));
    const response = new Response(form);
    const fields = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/submit-order',
      headers: { ...authHeaders, 'content-type': response.headers.get('content-type')! },
      payload: Buffer.from(await response.arrayBuffer()),
    });
    expect(fields.statusCode).toBeGreaterThanOrEqual(400);
    expect(fields.statusCode).toBeLessThan(500);
    expect(await orderCount(t)).toBe(0);
  });
});

describe('security headers', () => {
  it('sends a CSP without inline script, no framing, nosniff and a referrer policy on every answer', async () => {
    const t = await start();
    for (const url of ['/healthz', '/no-such-thing', '/api/orders', '/functions/v1/submit-order']) {
      const res = await t.app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends HSTS over https behind a trusted proxy only', async () => {
    const trusted = await start({ TRUST_PROXY: 'true' });
    const https = await trusted.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const untrusted = await start();
    expect(
      (await untrusted.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } })).headers[
        'strict-transport-security'
      ],
    ).toBeUndefined();
  });
});
