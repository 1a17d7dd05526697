// The production board at scale (docs/production.md): 2,000 open jobs (each a screen-printed front
// and an embroidered back) among 20,000 finished orders, on SQLite and PostgreSQL; the server-side
// time of the board, filtered and not, p50 and p95 over repeated runs, beside the inbox's first
// page of orders on the same data as the baseline. Goal: the board under 200 ms.
// Usage: npm run build && node bench/board.mjs [open jobs] [finished orders]
//        (set TEST_DATABASE_URL to include PostgreSQL)
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../dist/server/app.js';
import { loadConfig } from '../dist/server/config.js';
import { onEachDatabase, percentile, staffCookie, timed } from '../scripts/bench-scale.mjs';

const OPEN = Number(process.argv[2] ?? 2_000);
const FINISHED = Number(process.argv[3] ?? 20_000);
const RUNS = 30;

const referenceOf = (j) => {
  const s = j.toString(32).toUpperCase().padStart(8, '0');
  return `${s.slice(0, 4)}-${s.slice(4)}`;
};

const body = {
  layouts: {
    1: {
      mockupOption: 'upload',
      garmentOption: 'pick',
      hasVectorFiles: 'no',
      variations: [{ type: 'Gildan 5000', color: 'Black', sizes: 'S:10, M:20, L:18', supplyingGoods: 'no' }],
      files: [],
      mockupImages: [],
      viewData: {
        Front: { image: '', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 },
        Back: { image: '', dimensions: '3.5 x 2 in', decoration: 'embroidery' },
      },
    },
  },
  isResalePartner: false,
  includePolyBags: false,
};
const document = JSON.stringify(body);
/** A quarter of the jobs have a critical deadline, spread over the coming four weeks. */
const withDeadline = (date) =>
  JSON.stringify({
    ...body,
    layouts: { 1: { ...body.layouts[1], deadline: { hasCriticalDeadline: true, date } } },
  });
const dayAfter = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function seed(db, n, finished) {
  const start = Date.parse('2026-01-01T00:00:00Z');
  for (let i = 0; i < n + finished; i += 500) {
    const rows = [];
    for (let j = i; j < Math.min(n + finished, i + 500); j++) {
      const open = j < n;
      rows.push({
        id: randomUUID(),
        reference: referenceOf(j),
        search_text: `${referenceOf(j)} customer ${j}`.toLowerCase(),
        created_at: new Date(start + j * 60_000).toISOString(),
        status: open ? ['approved', 'in_production'][j % 2] : 'completed',
        customer_name: `Customer ${j}`,
        customer_email: `customer.${j}@example.com`,
        company_name: j % 3 === 0 ? 'Harbour Print' : '',
        is_resale_partner: 0,
        include_poly_bags: 0,
        has_critical_deadline: open && j % 4 === 0 ? 1 : 0,
        deadline_date: open && j % 4 === 0 ? dayAfter(1 + (j % 28)) : null,
        layout_count: 1,
        attachment_count: 0,
        total_bytes: 0,
        document: open && j % 4 === 0 ? withDeadline(dayAfter(1 + (j % 28))) : document,
      });
    }
    await db.insertInto('orders').values(rows).execute();
  }
}

async function run(name, databaseUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-board-'));
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
  const app = await buildApp(config);
  try {
    await seed(app.db, OPEN, FINISHED);
    if (app.dialect === 'postgres')
      await app.db.executeQuery({ sql: 'analyze', parameters: [], query: { kind: 'RawNode' } }).catch(() => {});
    const cookie = await staffCookie(app);
    const get = async (url) => (await timed(app, cookie, url, 0)).res;
    // The approved orders become jobs on the board's first reads (500 a read).
    const made = process.hrtime.bigint();
    let jobs = 0;
    for (let i = 0; i < 20 && jobs < OPEN; i++) jobs = (await get('/api/production/board')).json().jobs.length;
    const makeMs = Number(process.hrtime.bigint() - made) / 1e6;
    if (jobs !== OPEN) throw new Error(`the board shows ${jobs} jobs, not ${OPEN}`);

    const cases = {
      'orders, first page (baseline)': '/api/orders',
      'board, every open job': '/api/production/board',
      'board, embroidery at its first stage': '/api/production/board?method=embroidery&stage=0',
      'board, due this week': '/api/production/board?due=week',
      'board, not ready': '/api/production/board?notReady=1',
      'calendar, 3 months': `/api/production/calendar?from=${dayAfter(0)}&to=${dayAfter(90)}`,
    };
    const rows = [];
    let baseline = 0;
    for (const [label, url] of Object.entries(cases)) {
      const { times, res } = await timed(app, cookie, url, RUNS);
      const bytes = res.rawPayload.length;
      const body = res.json();
      const count = (body.jobs ?? body.orders ?? []).length;
      const p50 = percentile(times, 50);
      if (!baseline) baseline = p50;
      rows.push({
        database: name,
        request: label,
        'jobs or orders': count,
        KB: Math.round(bytes / 1024),
        'p50 ms': p50.toFixed(1),
        'p95 ms': percentile(times, 95).toFixed(1),
        '× baseline': (p50 / baseline).toFixed(1),
      });
    }
    console.log(`${name}: ${OPEN} jobs made from their approved orders in ${(makeMs / 1000).toFixed(1)} s`);
    return rows;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows = await onEachDatabase('aof_board', run);
console.table(rows);
console.log('Goal: the board with 2,000 open jobs under 200 ms on the server.');
