// The order page's budget (docs/architecture.md, Budgets): at most 90 kB of JavaScript, gzip, before
// the customer's first interaction, in the strict decimal reading: 90,000 bytes at gzip level 9 (as
// served) for the entry and every chunk it preloads or imports statically. The inbox is never in it.
// Runs on the build that `npm test` makes first.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { measureInitialAssets } from '../../scripts/initial-assets.mjs';

const built = fs.existsSync('dist/client/index.html');
const BUDGET_BYTES = 90_000;

describe.skipIf(!built)('the order page bundle', () => {
  it('downloads at most 90 kB (90,000 bytes) of JavaScript (gzip) before the first interaction', () => {
    const { assets, totals } = measureInitialAssets('dist/client');
    expect(assets.some((a) => a.kind === 'js')).toBe(true);
    expect(totals.jsGzip).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('keeps the inbox in a chunk of its own that the page does not load up front', () => {
    const { assets } = measureInitialAssets('dist/client');
    const chunks = fs.readdirSync('dist/client/assets');
    expect(chunks.some((f) => f.startsWith('inbox-app'))).toBe(true);
    expect(assets.map((a) => a.file).some((f) => f.includes('inbox'))).toBe(false);
  });

  it('loads what a choice reveals (mockup files, garment details, background uploads) after the first download', () => {
    const initial = measureInitialAssets('dist/client').assets.map((a) => a.file);
    const chunks = fs.readdirSync('dist/client/assets');
    for (const part of ['mockup-upload-', 'garment-details-', 'background-uploads-', 'file-list-']) {
      expect(chunks.some((f) => f.startsWith(part))).toBe(true);
      expect(initial.some((f) => f.includes(part))).toBe(false);
    }
  });
});
if (!built) console.log('Bundle budget skipped: no dist/client (npm test builds it first).');
