// The short crash test (bench/crash.mjs runs the long one): the real server
// killed with SIGKILL while clients submit; nothing acknowledged may be lost or partial.
import { describe, expect, it } from 'vitest';
import { builtServer } from '../../tests/support/built-server.js';
import { backends, PG_URL } from '../../tests/support/harness.js';

// The harness imports the built server's modules: build first (tests/support/built-server.ts).
await builtServer();
const { runCrashTest } = await import('../../scripts/crash-harness.mjs');

describe.each(backends())('crashes on %s', (backend) => {
  it('loses no acknowledged order, shows no partial one, sweeps leftovers and still sends every email', async () => {
    const stats = await runCrashTest({ kills: 3, clients: 4, postgresAdminUrl: backend === 'postgres' ? PG_URL : '' });
    console.log(`crash test on ${backend}:`, JSON.stringify(stats));
    expect(stats.kills).toBe(3);
    expect(stats.acknowledged).toBeGreaterThan(0);
    expect(stats.orders).toBe(stats.acknowledged);
    expect(stats.lost).toBe(0);
    expect(stats.partial).toBe(0);
    expect(stats.duplicates).toBe(0);
    expect(stats.leftoverTmp).toBe(0);
    expect(stats.orphanFolders).toBe(0);
    // The harness sends as an API client, without a form token: the shop's mail only.
    expect(stats.mailsQueued).toBe(stats.orders);
    expect(stats.mailsSent).toBe(stats.mailsQueued);
  }, 120_000);
});
