// The short crash test (bench/crash.mjs runs the long one): the real server
// killed with SIGKILL while clients submit; nothing acknowledged may be lost or partial.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs harness shared with bench/crash.mjs
import { runCrashTest } from '../../scripts/crash-harness.mjs';
import { backends, PG_URL } from '../../tests/support/harness.js';

const built = fs.existsSync('dist/server/main.js');
if (!built) console.log('Crash test skipped: no dist/server (npm test builds it first).');

describe.skipIf(!built).each(backends())('crashes on %s', (backend) => {
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
