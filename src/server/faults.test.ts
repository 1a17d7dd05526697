// The short fault tests (bench/faults.mjs runs the long ones): PostgreSQL restarted and the
// disk filling under load, the real server never restarted. Every acknowledged order is
// complete, the rest refused with 503 or 507, nothing partial, and it recovers by itself.
import { describe, expect, it } from 'vitest';
import type { FaultStats } from '../../scripts/fault-harness.mjs';
import { builtServer } from '../../tests/support/built-server.js';

// The harness imports the built server's modules: build first (tests/support/built-server.ts).
await builtServer();
const harness = await import('../../scripts/fault-harness.mjs');
const noPostgres = harness.privatePostgresUnavailable();
if (noPostgres) console.log(`PostgreSQL fault test skipped: ${noPostgres}.`);
const noTmpfs = harness.tmpfsUnavailable();
if (noTmpfs) console.log(`Disk-full fault test skipped: ${noTmpfs}.`);

function expectSound(stats: FaultStats) {
  expect(stats.acknowledged).toBeGreaterThan(0);
  expect(stats.orders).toBe(stats.acknowledged);
  expect(stats.lost).toBe(0);
  expect(stats.partial).toBe(0);
  expect(stats.leftoverTmp).toBe(0);
  expect(stats.orphanFolders).toBe(0);
  expect(stats.otherAnswers).toBe(0);
  expect(stats.healthAfter).toBe(200);
  for (const ms of [stats.recoveryMs].flat()) expect(ms).not.toBeNull();
}

describe('faults under load', () => {
  it.skipIf(!!noPostgres)(
    'PostgreSQL restarted, then down for 1.5 s: refused with 503 meanwhile, recovered',
    async () => {
      const stats = await harness.runPostgresFault({
        clients: 3,
        restarts: 1,
        outageMs: 1500,
      });
      console.log('PostgreSQL fault:', JSON.stringify(stats));
      expectSound(stats);
      expect(stats.refused503).toBeGreaterThan(0);
    },
    120_000,
  );

  it.skipIf(!!noTmpfs)(
    'the disk full mid-upload: refused with 507 meanwhile, nothing partial, recovered',
    async () => {
      const stats = await harness.runDiskFull({
        clients: 3,
        outageMs: 1500,
      });
      console.log('disk-full fault:', JSON.stringify(stats));
      expectSound(stats);
      expect(stats.refused507 + stats.refused503).toBeGreaterThan(0);
    },
    120_000,
  );
});
