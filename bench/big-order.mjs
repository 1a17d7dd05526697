// The largest order the form accepts, against the real server (a fresh child process, the
// example price list published so the estimate runs): 50 layouts × 100 variations with
// "Sizes and Quantities" texts of 2,000 characters, four decorated views each, as one JSON body.
// Measures the submit, the clerk opening it (the order, then the quote editor's state), the
// event loop meanwhile (the longest hold, by perf_hooks inside the server, bench/loop-delay.mjs;
// and the longest /healthz answer while each runs, asked every 5 ms, which also waits for the
// database behind the order's own commit), the
// largest staff answer, and the server's peak memory. Baseline in the same run: the same
// requests for a small order.
// Goals (docs/architecture.md, Budgets): no answer over 1 MB, the quote state under 300 ms,
// /healthz under 100 ms throughout.
// On SQLite by default; with TEST_DATABASE_URL set, on a fresh PostgreSQL database of that server.
// Usage: npm run build && node bench/big-order.mjs [layouts] [variations] [sizesChars]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { BENCH_KEY, procStatusMb } from '../scripts/bench-orders.mjs';
import { startBuiltServer } from '../scripts/built-server.mjs';

const LAYOUTS = Number(process.argv[2] ?? 50);
const VARIATIONS = Number(process.argv[3] ?? 100);
const SIZES_CHARS = Number(process.argv[4] ?? 2000);
const PASSWORD = 'bench staff password 1';

/** "S:1, M:2, L:3, XL:4, S:5 …" up to `chars`: sizes the estimate reads, as long as the form allows. */
function sizesText(chars, seed) {
  const sizes = ['S', 'M', 'L', 'XL', '2XL'];
  const parts = [];
  let length = 0;
  for (let i = 0; length < chars - 12; i++) {
    const part = `${sizes[i % sizes.length]}:${((seed + i) % 9) + 1}`;
    parts.push(part);
    length += part.length + 2;
  }
  return parts.join(', ');
}

function order(layouts, variations, chars) {
  const all = {};
  for (let n = 1; n <= layouts; n++) {
    all[String(n)] = {
      mockupOption: 'upload',
      garmentOption: 'pick',
      hasVectorFiles: 'no',
      variations: Array.from({ length: variations }, (_, v) => ({
        type: v % 2 ? 'G5000' : 'Gildan 5000 T-shirt',
        color: 'Black',
        sizes: sizesText(chars, n * 1000 + v),
        supplyingGoods: 'no',
      })),
      files: [],
      mockupImages: [],
      viewData: {
        Front: { image: '', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 },
        Back: { image: '', dimensions: '4 x 6 in', decoration: 'dtf' },
        'Left Sleeve': { image: '', dimensions: '3 x 2 in', decoration: 'embroidery' },
        'Right Sleeve': { image: '', dimensions: '2"', decoration: 'sewing' },
      },
      ...(n === 1
        ? {
            billing: {
              firstName: 'Ada',
              lastName: 'Lovelace',
              companyName: 'Big Order Inc.',
              address: '1 King St',
              city: 'Toronto',
              province: 'ON',
              postalCode: 'M5H 1A1',
              phone: '416-555-0100',
              email: 'ada@example.com',
            },
            shipping: { sameAsBilling: true, localPickup: false },
            deadline: { hasCriticalDeadline: false, date: '' },
            jobNotes: '',
          }
        : {}),
    };
  }
  return { layouts: all, files: [], isResalePartner: true, includePolyBags: true };
}

const LOOP_FILE = `${fs.mkdtempSync('/tmp/aof-loop-')}/max`;

/** The longest the server's event loop was held since the last ask, in ms (bench/loop-delay.mjs). */
async function loopHeld(child) {
  fs.rmSync(LOOP_FILE, { force: true });
  child.kill('SIGUSR2');
  for (let i = 0; i < 200 && !fs.existsSync(LOOP_FILE); i++) await new Promise((r) => setTimeout(r, 10));
  return Number(fs.readFileSync(LOOP_FILE, 'utf8'));
}

/** Asks /healthz every 5 ms while `work` runs; the longest answer, and the longest hold of the loop, in ms. */
async function withProbe(server, work) {
  const url = server.url;
  await loopHeld(server.child);
  let longest = 0;
  let running = true;
  const probe = (async () => {
    while (running) {
      const t = performance.now();
      await fetch(`${url}/healthz`).then((r) => r.arrayBuffer());
      longest = Math.max(longest, performance.now() - t);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const started = performance.now();
  try {
    const result = await work();
    const ms = performance.now() - started;
    running = false;
    await probe;
    return { ...result, ms, healthMs: longest, loopMs: await loopHeld(server.child) };
  } finally {
    running = false;
    await probe;
  }
}

/** A fresh PostgreSQL database on TEST_DATABASE_URL's server, or '' for SQLite. */
function freshDatabase() {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return '';
  const name = `aof_bench_${process.pid}_${Date.now()}`;
  execFileSync('psql', [base, '-qc', `create database ${name}`]);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function measure(label, body) {
  const databaseUrl = freshDatabase();
  const server = await startBuiltServer(
    {
      PUBLIC_API_KEY: BENCH_KEY,
      SUBMIT_RATE_LIMIT: '1000000',
      ARTWORK_CHECKS: 'false',
      GST_HST_NUMBER: '123456782 RT0001',
      LOOP_DELAY_FILE: LOOP_FILE,
      DATABASE_URL: databaseUrl,
    },
    { nodeArgs: ['--import', './bench/loop-delay.mjs'] },
  );
  const env = { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: databaseUrl, STAFF_PASSWORD: PASSWORD };
  try {
    execFileSync(process.execPath, ['dist/server/cli/staff.js', 'add', 'owner@bench.example'], {
      env,
      stdio: 'ignore',
    });
    execFileSync(
      process.execPath,
      ['dist/server/cli/prices.js', 'import', 'src/shared/prices/example-price-list.json'],
      {
        env,
        stdio: 'ignore',
      },
    );
    const text = JSON.stringify(body);
    const submit = await withProbe(server, async () => {
      const res = await fetch(`${server.url}/functions/v1/submit-order`, {
        method: 'POST',
        headers: { apikey: BENCH_KEY, authorization: `Bearer ${BENCH_KEY}`, 'content-type': 'application/json' },
        body: text,
      });
      const answer = await res.json();
      if (res.status !== 201) throw new Error(`submit answered ${res.status}: ${JSON.stringify(answer)}`);
      return { orderId: answer.orderId };
    });
    const signIn = await fetch(`${server.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@bench.example', password: PASSWORD }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
    const cookie = String(signIn.headers.get('set-cookie')).split(';')[0];
    const get = (path) =>
      withProbe(server, async () => {
        const res = await fetch(`${server.url}${path}`, { headers: { cookie } });
        const bytes = (await res.arrayBuffer()).byteLength;
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
        return { bytes };
      });
    const detail = await get(`/api/orders/${submit.orderId}`);
    const quote = await get(`/api/orders/${submit.orderId}/quote`);
    const mb = (n) => (n / 1024 / 1024).toFixed(2);
    return {
      order: label,
      'body MB': mb(text.length),
      'submit s': (submit.ms / 1000).toFixed(2),
      'healthz max ms (submit)': Math.round(submit.healthMs),
      'loop held max ms (submit)': Math.round(submit.loopMs),
      'order view MB': mb(detail.bytes),
      'order view s': (detail.ms / 1000).toFixed(2),
      'quote state MB': mb(quote.bytes),
      'quote state ms': Math.round(quote.ms),
      'healthz max ms (quote)': Math.round(Math.max(detail.healthMs, quote.healthMs)),
      'loop held max ms (quote)': Math.round(Math.max(detail.loopMs, quote.loopMs)),
      'peak RSS MB': Math.round(procStatusMb(server.child.pid, 'VmHWM')),
    };
  } finally {
    server.child.kill();
    await new Promise((r) => server.child.once('exit', r));
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    if (databaseUrl) {
      const url = new URL(databaseUrl);
      const name = url.pathname.slice(1);
      url.pathname = new URL(process.env.TEST_DATABASE_URL).pathname;
      execFileSync('psql', [url.toString(), '-qc', `drop database if exists ${name}`]);
    }
  }
}

const rows = [
  await measure('small (1 × 1, 20 chars): baseline', order(1, 1, 20)),
  await measure(`largest (${LAYOUTS} × ${VARIATIONS}, ${SIZES_CHARS} chars)`, order(LAYOUTS, VARIATIONS, SIZES_CHARS)),
];
console.table(rows);
const big = rows[1];
console.log(
  `largest/small: submit ×${(Number(big['submit s']) / Number(rows[0]['submit s'])).toFixed(1)}, quote state ×${(big['quote state ms'] / Math.max(1, rows[0]['quote state ms'])).toFixed(1)}`,
);
