// Sign-in under bursts: attempts counted before hashing, hashes capped process-wide,
// throttling per account and address with growing delays, and a looser cap per address.
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashSlotStats, resetHashSlotStats } from './passwords.js';
import { addStaff } from './staff-service.js';
import { backends, startTestApp, type TestApp } from '../../../tests/support/harness.js';

const PASSWORD = 'correct horse battery staple';

describe.each(backends())('staff sign-in under bursts on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());
  afterEach(() => vi.useRealTimers());

  const signIn = (email: string, password: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/session', payload: { email, password }, remoteAddress });

  it('checks at most 5 of 25 wrong passwords sent at once', async () => {
    await addStaff(t.app.db, 'burst@shop.ca', PASSWORD);
    resetHashSlotStats();
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => signIn('burst@shop.ca', 'wrong password!', '10.1.0.1')),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
    expect(hashSlotStats().hashes).toBeLessThanOrEqual(5);
    for (const a of answers.filter((x) => x.statusCode !== 401)) {
      expect([429, 503]).toContain(a.statusCode);
      expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('never locks the staff member out from another address', async () => {
    await addStaff(t.app.db, 'target@shop.ca', PASSWORD);
    for (let i = 0; i < 10; i++) {
      expect([401, 429]).toContain((await signIn('target@shop.ca', 'wrong password!', '10.0.0.1')).statusCode);
    }
    const blocked = await signIn('target@shop.ca', PASSWORD, '10.0.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toMatch(
      /^Too many wrong passwords from this address\. Try again in \d+ minutes?\.$/,
    );
    expect((await signIn('target@shop.ca', PASSWORD, '10.0.0.2')).statusCode).toBe(200);
  });

  it('makes each attempt after 5 failures wait 1, 2, 4 minutes', async () => {
    await addStaff(t.app.db, 'slow@shop.ca', PASSWORD);
    vi.useFakeTimers({ toFake: ['Date'] });
    let now = Date.now();
    vi.setSystemTime(now);
    const at = (ms: number) => vi.setSystemTime((now += ms));
    for (let i = 0; i < 5; i++)
      expect((await signIn('slow@shop.ca', 'wrong password!', '10.2.0.1')).statusCode).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await signIn('slow@shop.ca', 'wrong password!', '10.2.0.1');
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      at(wait * 1000 + 1000);
      expect((await signIn('slow@shop.ca', 'wrong password!', '10.2.0.1')).statusCode).toBe(401);
    }
    expect(waits.map((w) => Math.round(w / 60))).toEqual([1, 2, 4]);
    // Once the wait is over, the right password goes through and the count starts again.
    const refused = await signIn('slow@shop.ca', PASSWORD, '10.2.0.1');
    at(Number(refused.headers['retry-after']) * 1000 + 1000);
    expect((await signIn('slow@shop.ca', PASSWORD, '10.2.0.1')).statusCode).toBe(200);
    expect((await signIn('slow@shop.ca', 'wrong password!', '10.2.0.1')).statusCode).toBe(401);
  });

  it('caps one address across accounts at 20 attempts in 15 minutes', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await signIn(`nobody${i}@shop.ca`, 'wrong password!', '10.3.0.1')).statusCode).toBe(401);
    }
    const refused = await signIn('nobody-else@shop.ca', 'wrong password!', '10.3.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn('nobody-else@shop.ca', 'wrong password!', '10.3.0.2')).statusCode).toBe(401);
  });

  it('keeps /healthz answering during 50 simultaneous sign-ins, with at most 2 hashes at once', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    resetHashSlotStats();
    const signIns = Array.from({ length: 50 }, (_, i) =>
      fetch(`${base}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `crowd${i}@shop.ca`, password: `wrong password ${i}` }),
      }).then(async (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), body: await r.text() })),
    );
    // Sent while the sign-ins are in flight.
    await new Promise((r) => setTimeout(r, 20));
    const health = await fetch(`${base}/healthz`).then(async (r) => ({ status: r.status, body: await r.json() }));
    const inFlightDuringHealth = hashSlotStats().inFlight;
    const answers = await Promise.all(signIns);
    expect(health).toEqual({ status: 200, body: { status: 'ok' } });
    expect(inFlightDuringHealth).toBeLessThanOrEqual(2);
    expect(hashSlotStats().maxInFlight).toBeLessThanOrEqual(2);
    expect(answers.filter((a) => a.status === 401).length).toBeGreaterThan(0);
    for (const a of answers.filter((x) => x.status !== 401)) {
      expect([429, 503]).toContain(a.status);
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
    }
  });
});
