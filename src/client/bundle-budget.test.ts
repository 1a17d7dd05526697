// The order page's budget (docs/architecture.md, Budgets): at most 90 KB of initial JavaScript, gzip, and the
// inbox never in it. Runs on the build that `npm test` makes first.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { measureInitialAssets } from '../../scripts/initial-assets.mjs';

const built = fs.existsSync('dist/client/index.html');

describe.skipIf(!built)('the order page bundle', () => {
  it('downloads at most 90 KB of JavaScript (gzip) before it runs', () => {
    const { assets, totals } = measureInitialAssets('dist/client');
    expect(assets.some((a) => a.kind === 'js')).toBe(true);
    expect(totals.jsGzip).toBeLessThanOrEqual(90 * 1024);
  });

  it('keeps the inbox in a chunk of its own that the page does not load up front', () => {
    const { assets } = measureInitialAssets('dist/client');
    const chunks = fs.readdirSync('dist/client/assets');
    expect(chunks.some((f) => f.startsWith('inbox-app'))).toBe(true);
    expect(assets.map((a) => a.file).some((f) => f.includes('inbox'))).toBe(false);
  });
});
if (!built) console.log('Bundle budget skipped: no dist/client (npm test builds it first).');
