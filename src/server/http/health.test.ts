import { afterEach, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from '../../../tests/support/harness.js';

describe.each(backends())('GET /healthz on %s', (backend) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close().catch(() => {});
    t = undefined;
  });

  it('answers ok, and only ok', async () => {
    t = await startTestApp(backend);
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers unavailable without internals when the database is down', async () => {
    t = await startTestApp(backend);
    await t.app.db.destroy();
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable' });
    expect(res.body).not.toMatch(/down|ECONN|SQLITE|closed|destroy/i);
  });

  it('answers low_disk when free space is below MIN_FREE_DISK_BYTES', async () => {
    t = await startTestApp(backend, { MIN_FREE_DISK_BYTES: String(2 ** 50) });
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'low_disk' });
  });
});
