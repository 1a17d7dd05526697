import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('probes storage at most once every few seconds, however often it is asked', async () => {
    t = await startTestApp(backend);
    const files = vi.spyOn(t.app.files, 'check');
    const uploads = vi.spyOn(t.app.uploads, 'check');
    const answers = [];
    // 50 one after the other, then 50 at once (sharing the probe under way, if any).
    for (let i = 0; i < 50; i++) answers.push(await t.app.inject({ url: '/healthz', remoteAddress: `10.77.0.${i}` }));
    answers.push(
      ...(await Promise.all(
        Array.from({ length: 50 }, (_, i) => t!.app.inject({ url: '/healthz', remoteAddress: `10.77.1.${i}` })),
      )),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 100 }, () => 200));
    expect(files.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(files.mock.calls.length).toBeLessThanOrEqual(2);
    expect(uploads.mock.calls.length).toBeLessThanOrEqual(2);
  });

  it('limits one address: a burst of 360 gets 429 past the limit, others still answered', async () => {
    t = await startTestApp(backend);
    const codes: number[] = [];
    for (let i = 0; i < 360; i++)
      codes.push((await t.app.inject({ url: '/healthz', remoteAddress: '10.78.0.1' })).statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(300);
    expect(codes.filter((c) => c === 429)).toHaveLength(60);
    const refused = await t.app.inject({ url: '/healthz', remoteAddress: '10.78.0.1' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.message_fr).toMatch(/Trop de vérifications/);
    expect((await t.app.inject({ url: '/healthz', remoteAddress: '10.78.0.2' })).statusCode).toBe(200);
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
