// The inbox at scale: 100,000 orders seeded on SQLite and on PostgreSQL; the
// server-side time of the list's first page and of searches, p50 and p95 over repeated runs.
// Usage: npm run build && node bench/inbox-scale.mjs [orders]
//        (set TEST_DATABASE_URL to include PostgreSQL)
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../dist/server/app.js';
import { loadConfig } from '../dist/server/config.js';
import { EMPTY_ORDER_DOCUMENT, onEachDatabase, percentile, staffCookie, timed } from '../scripts/bench-scale.mjs';

const N = Number(process.argv[2] ?? 100_000);
const RUNS = 60;
const FIRST = ['Ada', 'Grace', 'Marie', 'Alan', 'Linus', 'Margaret', 'Katherine', 'Tim', 'Barbara', 'Edsger'];
const LAST = [
  'Lovelace',
  'Hopper',
  'Curie',
  'Turing',
  'Torvalds',
  'Hamilton',
  'Johnson',
  'Berners-Lee',
  'Liskov',
  'Dijkstra',
];
const COMPANIES = ['Maple Tees', 'Northern Threads', 'Harbour Print', 'Prairie Apparel', 'Coastal Stitch', ''];
const STATUSES = ['new', 'quoted', 'approved', 'in_production', 'ready', 'completed', 'cancelled'];

const referenceOf = (j) => {
  const s = j.toString(32).toUpperCase().padStart(8, '0');
  return `${s.slice(0, 4)}-${s.slice(4)}`;
};

async function seed(db, n) {
  const start = Date.parse('2024-01-01T00:00:00Z');
  const document = EMPTY_ORDER_DOCUMENT;
  for (let i = 0; i < n; i += 1000) {
    const rows = [];
    for (let j = i; j < Math.min(n, i + 1000); j++) {
      const first = FIRST[j % FIRST.length];
      const last = LAST[Math.floor(j / FIRST.length) % LAST.length];
      const reference = referenceOf(j);
      const customer_name = `${first} ${last} ${j}`;
      const customer_email = `${first.toLowerCase()}.${j}@example.com`;
      const company_name = COMPANIES[j % COMPANIES.length];
      rows.push({
        id: randomUUID(),
        reference,
        search_text: [reference, customer_name, customer_email, company_name].join(' ').toLowerCase(),
        created_at: new Date(start + j * 60_000).toISOString(),
        status: STATUSES[j % STATUSES.length],
        customer_name,
        customer_email,
        company_name,
        is_resale_partner: 0,
        include_poly_bags: 0,
        has_critical_deadline: j % 10 === 0 ? 1 : 0,
        deadline_date: j % 10 === 0 ? '2026-12-24' : null,
        layout_count: 1,
        attachment_count: 2,
        total_bytes: 1000,
        document,
      });
    }
    await db.insertInto('orders').values(rows).execute();
  }
}

async function run(name, databaseUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-scale-'));
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
  const app = await buildApp(config);
  try {
    const t0 = Date.now();
    await seed(app.db, N);
    if (app.dialect === 'postgres')
      await app.db.executeQuery({ sql: 'analyze', parameters: [], query: { kind: 'RawNode' } }).catch(() => {});
    const seedSeconds = ((Date.now() - t0) / 1000).toFixed(0);
    const cookie = await staffCookie(app);
    const cases = {
      'first page': '/api/orders',
      'status filter': '/api/orders?status=quoted',
      'search by reference': `/api/orders?q=${referenceOf(Math.floor(N / 3))}`,
      'search by name': '/api/orders?q=hopper%2099',
      'search by email': '/api/orders?q=grace.12341%40',
      'search by company': '/api/orders?q=harbour',
      'search, no match': '/api/orders?q=zzzzzz',
    };
    const rows = [];
    for (const [label, url] of Object.entries(cases)) {
      const { times, res } = await timed(app, cookie, url, RUNS);
      const total = res.json().total;
      rows.push({
        database: name,
        query: label,
        matches: total,
        'p50 ms': percentile(times, 50).toFixed(1),
        'p95 ms': percentile(times, 95).toFixed(1),
      });
    }
    console.log(`${name}: seeded ${N} orders in ${seedSeconds} s`);
    return rows;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows = await onEachDatabase('aof_scale', run);
console.table(rows);
console.log('Goal: p95 under 50 ms on the server for the first page and for searches.');
