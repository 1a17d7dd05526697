// The short load test (bench/load.mjs runs 50 customers for 30 s).
import { describe, expect, it } from 'vitest';
import { builtServer } from '../../tests/support/built-server.js';

// The harness imports the built server's modules: build first (tests/support/built-server.ts).
await builtServer();
const { runLoad } = await import('../../scripts/load-harness.mjs');

describe('under load', () => {
  it('stores every order once with zero errors, and retries with the same key create nothing', async () => {
    const stats = await runLoad({ connections: 10, seconds: 3, fileBytes: 64 * 1024 });
    console.log('load test:', JSON.stringify(stats));
    expect(stats.created).toBeGreaterThan(10);
    expect(stats.errors).toBe(0);
    // Every answered order is stored; requests cut off when the run stopped may or may not be.
    expect(stats.storedBeforeRetries).toBeGreaterThanOrEqual(stats.created);
    expect(stats.storedBeforeRetries).toBeLessThanOrEqual(stats.keys);
    // Retrying every key: one order per key, never two.
    expect(stats.retryErrors).toBe(0);
    expect(stats.retriesReplayed).toBe(stats.storedBeforeRetries);
    expect(stats.stored).toBe(stats.keys);
    expect(stats.attachments).toBe(2 * stats.keys);
  }, 60_000);
});
