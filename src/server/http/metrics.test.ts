// /metrics: off without METRICS_TOKEN, refused without the token, and after an order it counts
// it, times the route by its pattern, and reads the queues' depths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageToken, sampleOrder, startTestApp, submitMultipart, type TestApp } from '../../../tests/support/harness.js';

const TOKEN = 'scrape-token-0123456789abcdef';

describe('metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { METRICS_TOKEN: TOKEN, ARTWORK_CHECKS: 'false' });
  });
  afterAll(async () => t?.close());

  it('is off unless METRICS_TOKEN is set', async () => {
    const off = await startTestApp('sqlite');
    try {
      expect((await off.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('answers only the bearer of the token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
  });

  it('counts an order, times its route by pattern, and reads the queues', async () => {
    await submitMultipart(t.app, sampleOrder(), [], { 'x-form-token': pageToken(t) });
    await t.app.inject({ method: 'GET', url: '/no/such/path/1234' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/^aof_orders_received_total 1$/m);
    expect(text).toMatch(
      /aof_http_request_duration_seconds_count\{method="POST",route="\/functions\/v1\/submit-order",status="2xx"\} 1/,
    );
    // An unknown path is one label, whatever the path: a scanner cannot grow the series.
    expect(text).toMatch(/route="unmatched"/);
    expect(text).not.toContain('/no/such/path');
    expect(text).toMatch(/aof_mail_queue_depth\{state="(pending|failed)"\} \d+/);
    expect(text).toContain('aof_artwork_queue_depth');
    expect(text).toContain('aof_process_resident_memory_bytes');
  });
});
