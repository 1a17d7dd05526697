// Memory of the older JSON body's path under load: 8 JSON orders of 45 MB (one base64 file
// each) sent at once to the real server (a fresh child process), and its peak resident
// memory (VmHWM) against the same server's resident memory when idle, in the same run.
// Run twice: with the default MAX_CONCURRENT_JSON_ORDERS, and with every order read at once
// (MAX_CONCURRENT_JSON_ORDERS=8, what the server did before the limit) for comparison.
// Goal: peak under 600 MB with the defaults.
// Usage: npm run build && node bench/json-memory.mjs [orders] [sizeMB]
import fs from 'node:fs';
import { BENCH_KEY, jsonOrderBody, postJson, procStatusMb } from '../scripts/bench-orders.mjs';
import { startBuiltServer } from '../scripts/built-server.mjs';

const ORDERS = Number(process.argv[2] ?? 8);
const SIZE = Number(process.argv[3] ?? 45) * 1024 * 1024;

const BODY = jsonOrderBody(SIZE);

const startReal = (env) => startBuiltServer({ PUBLIC_API_KEY: BENCH_KEY, SUBMIT_RATE_LIMIT: '1000000', ...env });

async function run(label, env) {
  const server = await startReal(env);
  try {
    await new Promise((r) => setTimeout(r, 500));
    const idle = procStatusMb(server.child.pid, 'VmRSS');
    const started = Date.now();
    const codes = await Promise.all(
      Array.from({ length: ORDERS }, async () => (await postJson(server.port, BODY)).status),
    );
    return {
      run: label,
      orders: `${ORDERS} × ${(BODY.length / 1024 / 1024).toFixed(1)} MB`,
      'idle RSS MB': Math.round(idle),
      'peak RSS MB': Math.round(procStatusMb(server.child.pid, 'VmHWM')),
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
