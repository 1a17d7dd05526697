// Lighthouse, mobile settings, against the built app served by the real server.
// Usage: npm run build && node bench/lighthouse.mjs
// CHROME_PATH defaults to Debian's chromium.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBuiltServer } from '../scripts/built-server.mjs';
import { CHROMIUM_ARGS } from '../scripts/chromium.mjs';

process.env.CHROME_PATH ||= execSync('command -v chromium || command -v chromium-browser', {
  shell: '/bin/sh',
  encoding: 'utf8',
}).trim();
const { child: server, port, dataDir } = await startBuiltServer({}, { stdio: 'inherit' });
const chrome = await chromeLauncher.launch({
  chromeFlags: [...CHROMIUM_ARGS],
});
try {
  const rows = [];
  // Lighthouse does not audit pages served with an error status, so the 404 page is left out.
  const url = `http://127.0.0.1:${port}/`;
  // The form as a shop without prices serves it, then with the example price list published
  // (the estimate's size boxes, and its chunks loaded once the list answers).
  for (const state of ['no price list', 'price list published']) {
    if (state === 'price list published') {
      execSync(`node dist/server/cli/prices.js import src/shared/prices/example-price-list.json`, {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
        stdio: 'inherit',
      });
    }
    // Mobile form factor and Lighthouse's default simulated throttling (slow 4G, 4x CPU slowdown).
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const { categories, audits } = result.lhr;
    rows.push({
      page: `${new URL(url).pathname} (${state})`,
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      'best practices': Math.round(categories['best-practices'].score * 100),
      seo: Math.round(categories.seo.score * 100),
      LCP: audits['largest-contentful-paint'].displayValue,
      TBT: audits['total-blocking-time'].displayValue,
      CLS: audits['cumulative-layout-shift'].displayValue,
    });
    for (const [id, cat] of Object.entries(categories)) {
      const failing = cat.auditRefs
        .filter((r) => r.weight > 0 && audits[r.id].score !== null && audits[r.id].score < 1)
        .map((r) => r.id);
      if (failing.length) console.log(`${state} ${id}: not full marks on ${failing.join(', ')}`);
    }
  }
  console.table(rows);
  console.log('Goals: performance ≥ 95, accessibility 100, best practices 100, SEO ≥ 90.');
} finally {
  await chrome.kill();
  server.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
