// The owner's Overview at a shop's scale (docs/overview.md): 20,000 orders over a year, 40,000
// invoices, credit notes and payments, 20,000 sent quotes with their answers, 2,000 open jobs with
// their imprints, seeded on SQLite and on PostgreSQL; the server-side time of GET /api/overview
// for the twelve months, p50 and p95 and this process's CPU a request, beside the Accounts page's
// aged receivables and sales journal for the same period in the same process (their ratio).
// Usage: npm run build && node bench/overview.mjs [orders]
//        (set TEST_DATABASE_URL to include PostgreSQL)
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../dist/server/app.js';
import { loadConfig } from '../dist/server/config.js';
import { EMPTY_ORDER_DOCUMENT, onEachDatabase, percentile, staffCookie, timed } from '../scripts/bench-scale.mjs';

const N = Number(process.argv[2] ?? 20_000);
const OPEN_JOBS = 2_000;
const RUNS = 10;
const FROM = '2025-12-01';
const TO = '2026-11-28';
const METHODS = ['screen-printing', 'embroidery', 'dtf', 'sewing'];
const DAY = 86_400_000;
const start = Date.parse(`${FROM}T15:00:00Z`);

const referenceOf = (j) => {
  const s = j.toString(32).toUpperCase().padStart(8, '0');
  return `${s.slice(0, 4)}-${s.slice(4)}`;
};
const dayOf = (ms) => new Date(ms).toISOString().slice(0, 10);

/** What the Overview and the reports read of an invoice's frozen document (the rest is the PDF's). */
const invoiceDoc = (j, kind, subtotal, tax) =>
  JSON.stringify({
    kind,
    orderReference: referenceOf(j),
    customer: { name: `Customer ${j % 5000}`, company: j % 3 ? `Company ${j % 5000}` : '', email: '' },
    province: 'ON',
    subtotalCents: subtotal,
    totalCents: subtotal + tax,
    taxes: [
      {
        code: 'HST',
        name: { en: 'HST', fr: 'TVH' },
        rateLabel: { en: '13%', fr: '13 %' },
        taxableCents: subtotal,
        amountCents: tax,
      },
    ],
    terms: { balanceDue: j % 4 === 0 ? 'days' : 'when_ready', balanceDays: 30, depositPercent: 50 },
    lines: [],
  });

async function insertAll(db, table, rows) {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 500))
      .execute();
}

async function seed(db, n) {
  const orders = [];
  const invoices = [];
  const payments = [];
  const quotes = [];
  const responses = [];
  const jobs = [];
  const imprints = [];
  const history = [];
  const openFrom = n - OPEN_JOBS;
  for (let j = 0; j < n; j++) {
    const id = randomUUID();
    const at = start + Math.floor((j / n) * 362 * DAY);
    const open = j >= openFrom;
    const status = open ? 'in_production' : j % 9 === 0 ? 'ready' : 'completed';
    orders.push({
      id,
      reference: referenceOf(j),
      search_text: referenceOf(j).toLowerCase(),
      created_at: new Date(at).toISOString(),
      status,
      customer_name: `Customer ${j % 5000}`,
      customer_email: `customer${j % 5000}@example.com`,
      company_name: '',
      is_resale_partner: 0,
      include_poly_bags: 0,
      has_critical_deadline: 0,
      deadline_date: null,
      layout_count: 1,
      attachment_count: 0,
      total_bytes: 0,
      document: EMPTY_ORDER_DOCUMENT,
      payment_state: open ? 'deposit_due' : 'paid',
    });
    const quoteId = randomUUID();
    const subtotal = 20_000 + (j % 97) * 1_000;
    const tax = Math.round(subtotal * 0.13);
    quotes.push({
      id: quoteId,
      order_id: id,
      version: 1,
      status: 'approved',
      lines: '{"lines":[]}',
      document: '{}',
      sha256: 'x',
      total_cents: subtotal + tax,
      created_by: 'bench',
      created_at: new Date(at).toISOString(),
      sent_by: 'bench',
      sent_at: new Date(at).toISOString(),
      order_version: 1,
    });
    responses.push({
      id: randomUUID(),
      quote_id: quoteId,
      order_id: id,
      version: 1,
      kind: 'approved',
      full_name: 'A',
      comment: null,
      quote_sha256: 'x',
      client_address: '127.0.0.1',
      user_agent: 'bench',
      created_at: new Date(at + DAY).toISOString(),
    });
    const issued = dayOf(at + DAY);
    const invoiceId = randomUUID();
    invoices.push({
      id: invoiceId,
      order_id: id,
      number: `F-${j + 1}`,
      kind: 'invoice',
      issue_date: issued,
      issued_at: new Date(at + DAY).toISOString(),
      issued_by: 'bench',
      quote_id: quoteId,
      credits_invoice_id: null,
      subtotal_cents: subtotal,
      total_cents: subtotal + tax,
      deposit_cents: Math.round((subtotal + tax) / 2),
      document: invoiceDoc(j, 'invoice', subtotal, tax),
      pdf: Buffer.alloc(0),
      sha256: 'x',
    });
    if (j % 10 === 0)
      invoices.push({
        id: randomUUID(),
        order_id: id,
        number: `CN-${j + 1}`,
        kind: 'credit_note',
        issue_date: dayOf(at + 5 * DAY),
        issued_at: new Date(at + 5 * DAY).toISOString(),
        issued_by: 'bench',
        quote_id: null,
        credits_invoice_id: invoiceId,
        subtotal_cents: 1_000,
        total_cents: 1_130,
        deposit_cents: 0,
        document: invoiceDoc(j, 'credit_note', 1_000, 130),
        pdf: Buffer.alloc(0),
        sha256: 'x',
      });
    if (!open)
      payments.push({
        id: randomUUID(),
        order_id: id,
        receipt_number: `R-${j + 1}`,
        amount_cents: subtotal + tax - (j % 10 === 0 ? 1_130 : 0),
        method: 'etransfer',
        received_on: dayOf(at + 3 * DAY),
        reference: '',
        reason: '',
        recorded_by: 'bench',
        recorded_at: new Date(at + 3 * DAY).toISOString(),
        document: '{}',
        pdf: Buffer.alloc(0),
        sha256: 'x',
      });
    jobs.push({
      order_id: id,
      approved_on: issued,
      due_on: dayOf(at + 12 * DAY),
      proof_approved: 0,
      blanks: 'customer',
      pieces: 24 + (j % 50),
      created_at: new Date(at + DAY).toISOString(),
      order_version: 1,
    });
    imprints.push({
      id: randomUUID(),
      order_id: id,
      position: 0,
      layout: '1',
      location: 'front',
      method: METHODS[j % METHODS.length],
      print_size: '',
      ink_colours: 1,
      stitches: null,
      transfer_inches: null,
      pieces: 24 + (j % 50),
      graphic: '',
      stage: 0,
      moved_at: null,
      moved_by: null,
    });
    if (!open)
      history.push({
        id: randomUUID(),
        order_id: id,
        from_status: 'in_production',
        to_status: 'ready',
        changed_by: 'bench',
        changed_at: new Date(at + (10 + (j % 5)) * DAY).toISOString(),
        event: null,
        note: null,
      });
  }
  await insertAll(db, 'orders', orders);
  await insertAll(db, 'quotes', quotes);
  await insertAll(db, 'quote_responses', responses);
  await insertAll(db, 'invoices', invoices);
  // What issuing an invoice writes beside it (invoices/invoice-store.ts, migration 068).
  await insertAll(
    db,
    'invoice_ageing',
    invoices.map((i) => {
      const doc = JSON.parse(i.document);
      return {
        invoice_id: i.id,
        order_id: i.order_id,
        order_reference: doc.orderReference,
        customer: doc.customer.company || doc.customer.name,
        balance_due: doc.terms.balanceDue,
        balance_days: doc.terms.balanceDays,
      };
    }),
  );
  await insertAll(db, 'payments', payments);
  await insertAll(db, 'jobs', jobs);
  await insertAll(db, 'imprints', imprints);
  await insertAll(db, 'status_history', history);
  return { invoices: invoices.length, payments: payments.length };
}

async function run(name, databaseUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-overview-'));
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
  const app = await buildApp(config);
  try {
    const t0 = Date.now();
    const seeded = await seed(app.db, N);
    if (app.dialect === 'postgres')
      // As autovacuum leaves a table that has been written: statistics, and pages marked all-visible (index-only scans).
      await app.db.executeQuery({ sql: 'vacuum analyze', parameters: [], query: { kind: 'RawNode' } });
    console.log(
      `${name}: seeded ${N} orders, ${seeded.invoices} invoices and credit notes, ${seeded.payments} payments, ${OPEN_JOBS} open jobs in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
    );
    const cookie = await staffCookie(app);
    const cases = {
      'overview, 12 months': `/api/overview?from=${FROM}&to=${TO}`,
      'baseline: aged receivables': `/api/reports/aged?asOf=${TO}`,
      'baseline: sales journal, 12 months': `/api/reports/journal?from=${FROM}&to=${TO}`,
    };
    const rows = [];
    let overviewP95 = 0;
    for (const [label, url] of Object.entries(cases)) {
      const cpu = process.cpuUsage();
      const { times } = await timed(app, cookie, url, RUNS);
      const used = process.cpuUsage(cpu);
      const p95 = percentile(times, 95);
      if (!overviewP95) overviewP95 = p95;
      rows.push({
        database: name,
        request: label,
        'p50 ms': percentile(times, 50).toFixed(1),
        'p95 ms': p95.toFixed(1),
        // This process's CPU a request (the three warm-ups counted): SQLite's work included,
        // PostgreSQL's not; on a machine others share, closer than the clock to what an idle one takes.
        'node CPU ms': ((used.user + used.system) / 1000 / (RUNS + 3)).toFixed(1),
        'overview ÷ this (p95)': (overviewP95 / p95).toFixed(2),
      });
    }
    return rows;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows = await onEachDatabase('aof_overview', run);
console.table(rows);
console.log('Goal: the overview under 300 ms (p95) on the server, on SQLite and on PostgreSQL.');
