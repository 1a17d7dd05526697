// Memory of the original's JSON path under load: 8 JSON orders of 45 MB (one base64 file
// each) sent at once to the real server (a fresh child process), and its peak resident
// memory (VmHWM) against the same server's resident memory when idle, in the same run.
// Run twice: with the default MAX_CONCURRENT_JSON_ORDERS, and with every order read at once
// (MAX_CONCURRENT_JSON_ORDERS=8, what the server did before the limit) for comparison.
// Goal: peak under 600 MB with the defaults.
// Usage: npm run build && node bench/json-memory.mjs [orders] [sizeMB]
import fs from 'node:fs';
import http from 'node:http';
import { startBuiltServer } from '../scripts/built-server.mjs';

const ORDERS = Number(process.argv[2] ?? 8);
const SIZE = Number(process.argv[3] ?? 45) * 1024 * 1024;
const KEY = 'bench-public-key';

const order = {
  layouts: {
    1: {
      mockupOption: 'upload',
      garmentOption: 'pick',
      billing: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        address: '1 Engine Rd',
        city: 'Halifax',
        province: 'NS',
        postalCode: 'B3H 1A1',
        phone: '902-555-0100',
        email: 'ada@example.com',
      },
    },
  },
  isResalePartner: false,
  includePolyBags: false,
};
const fileBytes = Math.floor(((SIZE - 1000) * 3) / 4);
const BODY = Buffer.from(
  JSON.stringify({
    ...order,
    files: [
      {
        name: 'artwork.psd',
        type: 'image/vnd.adobe.photoshop',
        data: `data:image/vnd.adobe.photoshop;base64,${Buffer.alloc(fileBytes, 7).toString('base64')}`,
      },
    ],
  }),
);

const status = (pid, field) => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

const startReal = (env) => startBuiltServer({ PUBLIC_API_KEY: KEY, SUBMIT_RATE_LIMIT: '1000000', ...env });

function post(port) {
  return new Promise((resolve) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/functions/v1/submit-order',
      headers: { 'content-type': 'application/json', 'content-length': BODY.length, apikey: KEY },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', (err) => resolve(err.code));
    req.end(BODY);
  });
}

async function run(label, env) {
  const server = await startReal(env);
  try {
    await new Promise((r) => setTimeout(r, 500));
    const idle = status(server.child.pid, 'VmRSS');
    const started = Date.now();
    const codes = await Promise.all(Array.from({ length: ORDERS }, () => post(server.port)));
    return {
      run: label,
      orders: `${ORDERS} × ${(BODY.length / 1024 / 1024).toFixed(1)} MB`,
      'idle RSS MB': Math.round(idle),
      'peak RSS MB': Math.round(status(server.child.pid, 'VmHWM')),
      seconds: ((Date.now() - started) / 1000).toFixed(1),
      answers: [...new Set(codes)].map((c) => `${c}×${codes.filter((x) => x === c).length}`).join(' '),
    };
  } finally {
    server.child.kill();
    await new Promise((r) => server.child.once('exit', r));
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

const rows = [
  await run('defaults', {}),
  await run('all at once (no limit)', { MAX_CONCURRENT_JSON_ORDERS: String(ORDERS) }),
];
console.table(rows);
const ok = rows[0]['peak RSS MB'] < 600 && rows[0].answers === `201×${ORDERS}`;
console.log(ok ? 'OK: peak RSS under 600 MB with the defaults, every order saved.' : 'FAILED');
process.exit(ok ? 0 : 1);
