// The production board as a clerk sees it with 2,000 open jobs (docs/production.md, In the inbox):
// GET /api/production/board timed on the server (SQLite; bench/board.mjs does both databases at
// scale), then with --render the board page opened in Chromium, signed in, and timed from
// navigation to the last lane drawn. Goals: 200 ms on the server, 1 s drawn.
// Usage: npm run build && node bench/board-render.mjs [jobs] [--render]
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../dist/server/app.js';
import { loadConfig } from '../dist/server/config.js';
import { EMPTY_ORDER_DOCUMENT, percentile, staffCookie, timed } from '../scripts/bench-scale.mjs';

const N = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 2000);
const RENDER = process.argv.includes('--render');
const RUNS = 30;
const METHODS = ['screen-printing', 'embroidery', 'dtf', 'sewing'];
const STAGES = { 'screen-printing': 5, embroidery: 4, dtf: 4, sewing: 3 };

const referenceOf = (j) => {
  const s = (j + 1_000_000).toString(32).toUpperCase().padStart(8, '0');
  return `${s.slice(0, 4)}-${s.slice(4)}`;
};

/** Open jobs straight into the tables: an order In production, its job, two imprints each. */
async function seed(db, n) {
  const now = new Date().toISOString();
  const document = EMPTY_ORDER_DOCUMENT;
  for (let i = 0; i < n; i += 500) {
    const orders = [];
    const jobs = [];
    const imprints = [];
    for (let j = i; j < Math.min(n, i + 500); j++) {
      const id = randomUUID();
      const reference = referenceOf(j);
      orders.push({
        id,
        reference,
        search_text: reference.toLowerCase(),
        created_at: now,
        status: 'in_production',
        customer_name: `Customer ${j}`,
        customer_email: `c${j}@example.com`,
        company_name: '',
        is_resale_partner: 0,
        include_poly_bags: 0,
        has_critical_deadline: 0,
        deadline_date: null,
        layout_count: 1,
        attachment_count: 0,
        total_bytes: 0,
        document,
      });
      const day = new Date(Date.now() + ((j % 40) - 5) * 86_400_000).toISOString().slice(0, 10);
      jobs.push({
        order_id: id,
        approved_on: day,
        due_on: day,
        proof_approved: j % 2,
        blanks: 'to_order',
        pieces: 48,
        created_at: now,
      });
      for (const [position, method] of [METHODS[j % 4], METHODS[(j + 1) % 4]].entries()) {
        imprints.push({
          id: randomUUID(),
          order_id: id,
          position,
          layout: '1',
          location: position === 0 ? 'Front' : 'Back',
          method,
          print_size: '10" wide',
          ink_colours: method === 'screen-printing' ? 2 : null,
          stitches: method === 'embroidery' ? 7000 : null,
          transfer_inches: method === 'dtf' ? 10 : null,
          pieces: 48,
          graphic: '',
          stage: j % STAGES[method],
          moved_at: null,
          moved_by: null,
        });
      }
    }
    await db.insertInto('orders').values(orders).execute();
    await db.insertInto('jobs').values(jobs).execute();
    await db.insertInto('imprints').values(imprints).execute();
  }
}

/** The board page in Chromium: from navigation until every lane's last column is drawn. */
async function render(app, cookie) {
  const { chromium } = await import('@playwright/test');
  const { CHROMIUM_ARGS, chromiumPath } = await import('../scripts/chromium.mjs');
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({ executablePath: chromiumPath() || undefined, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: address }]);
    const page = await context.newPage();
    const times = [];
    for (let i = 0; i < 4; i++) {
      const started = Date.now();
      await page.goto(`${address}/inbox/production`);
      await page
        .getByRole('region', { name: 'Sewing' })
        .getByRole('article')
        .first()
        .waitFor({ timeout: 20_000 })
        .catch(async (err) => {
          await page.screenshot({ path: '/tmp/board-bench.png' });
          throw err;
        });
      if (i > 0) times.push(Date.now() - started); // the first warms the chunk cache
    }
    const cards = await page.getByRole('article').count();
    console.log(`Board page with ${cards} cards drawn in ${times.map((t) => `${t} ms`).join(', ')} (goal: under 1 s).`);
  } finally {
    await browser.close();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-board-'));
// The built client too, for --render (as src/server/main.ts serves it).
const clientDir = path.resolve('dist/client');
const app = await buildApp(
  loadConfig(
    { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    { clientDir: RENDER && fs.existsSync(path.join(clientDir, 'index.html')) ? clientDir : null },
  ),
);
try {
  await seed(app.db, N);
  const cookie = await staffCookie(app);
  const rows = [];
  for (const [label, url] of Object.entries({
    'whole board': '/api/production/board',
    'one method': '/api/production/board?method=embroidery',
    'method and stage': '/api/production/board?method=screen-printing&stage=2',
    'due this week, not ready': '/api/production/board?due=week&notReady=1',
  })) {
    const { times, res } = await timed(app, cookie, url, RUNS);
    const jobs = res.json().jobs.length;
    const bytes = res.rawPayload.length;
    rows.push({
      query: label,
      jobs,
      KB: Math.round(bytes / 1024),
      'p50 ms': percentile(times, 50).toFixed(1),
      'p95 ms': percentile(times, 95).toFixed(1),
    });
  }
  console.log(`SQLite, ${N} open jobs of two imprints each:`);
  console.table(rows);
  const worst = Math.max(...rows.map((r) => Number(r['p95 ms'])));
  console.log(
    `Goal: under 200 ms on the server. Worst p95: ${worst.toFixed(1)} ms (${worst < 200 ? 'met' : 'MISSED'}).`,
  );
  if (RENDER) await render(app, cookie);
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
