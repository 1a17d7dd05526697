// Crash test: the real server, several concurrent clients submitting orders with
// files, SIGKILL at random moments, restarts; then every acknowledged order must be complete,
// nothing partial may be visible, leftovers must be swept and every queued email sent.
// Used by src/server/crash.test.ts (short) and bench/crash.mjs (long).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { freePort } from './free-port.mjs';
import path from 'node:path';
import { Sqlite as Database } from '../dist/server/storage/sqlite-driver.js';
import pg from 'pg';
import { formOf, makeHarnessOrder, verifyStored } from './harness-orders.mjs';

const KEY = 'crash-test-public-key';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function freshPostgres(adminUrl) {
  const name = `aof_crash_${randomBytes(5).toString('hex')}`;
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: adminUrl });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

const makeOrder = (n) => makeHarnessOrder(n, { who: 'Crash', files: 1 + (n % 3), minBytes: 10_000, maxBytes: 610_000 });

export async function runCrashTest({ kills = 3, clients = 4, postgresAdminUrl = '', log = () => {} } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-crash-'));
  const pgdb = postgresAdminUrl ? await freshPostgres(postgresAdminUrl) : null;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: pgdb?.url ?? '',
    PUBLIC_API_KEY: KEY,
    LOG_LEVEL: 'fatal',
    SMTP_URL: '',
    MAIL_POLL_MS: '200',
    MAIL_RETRY_BASE_MS: '200',
    SUBMIT_RATE_LIMIT: '1000000',
    // A mail claimed by a process that was killed is retried after this lease.
    MAIL_LEASE_MS: '1000',
    // A key claimed by a request of a killed process is taken over after this.
    IDEMPOTENCY_STALE_MS: '1500',
  };
  let server = null;
  const start = async () => {
    server = spawn(process.execPath, ['dist/server/main.js'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    for (let i = 0; i < 200; i++) {
      if (
        await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await sleep(50);
    }
    throw new Error('the server did not come back after a restart');
  };
  const kill = async () => {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGKILL');
    await exited;
  };

  const acked = new Map();
  const unknown = new Map();
  const stats = { kills: 0, sent: 0, acknowledged: 0, interrupted: 0, lost: 0, partial: 0, duplicates: 0 };
  const submit = async (o) => {
    const res = await fetch(`${base}/functions/v1/submit-order`, {
      method: 'POST',
      headers: { apikey: KEY, 'idempotency-key': o.key },
      body: formOf(o),
    });
    const body = await res.json().catch(() => null);
    if (res.status === 201) return body;
    if (res.status >= 500) throw new Error(`HTTP ${res.status}`);
    throw Object.assign(new Error(`unexpected ${res.status}: ${JSON.stringify(body)}`), { fatal: true });
  };

  try {
    await start();
    let stop = false;
    let n = 0;
    const loops = Array.from({ length: clients }, async () => {
      while (!stop) {
        const o = makeOrder(n++);
        stats.sent++;
        // As a careful client does: on a failure, the same order again with the same key,
        // once the server answers again.
        for (let attempt = 0; ; attempt++) {
          try {
            acked.set(o.key, { ...o, result: await submit(o) });
            unknown.delete(o.key);
            break;
          } catch (err) {
            if (err.fatal) throw err;
            if (attempt === 0) stats.interrupted++;
            unknown.set(o.key, o);
            if (stop) break;
            await sleep(100);
          }
        }
      }
    });
    for (let i = 0; i < kills; i++) {
      await sleep(300 + Math.random() * 900);
      await kill();
      stats.kills++;
      log(`kill ${i + 1}/${kills}: ${acked.size} acknowledged, ${unknown.size} interrupted so far`);
      await start();
    }
    await sleep(300);
    stop = true;
    await Promise.all(loops);

    // A restart after the last kill sweeps; then every interrupted order is sent again with
    // its key, as a client would: it is either replayed (it had been saved) or saved now.
    await kill();
    await start();
    for (const o of unknown.values()) acked.set(o.key, { ...o, result: await submit(o) });
    stats.acknowledged = acked.size;

    // Queued emails go out after the restarts.
    const db = pgdb
      ? new pg.Client({ connectionString: pgdb.url })
      : new Database(path.join(dataDir, 'orders.sqlite'), { readonly: true });
    if (pgdb) await db.connect();
    const query = async (text, params = []) =>
      pgdb
        ? (
            await db.query(
              text.replace(
                /\?/g,
                (() => {
                  let i = 0;
                  return () => `$${++i}`;
                })(),
              ),
              params,
            )
          ).rows
        : db.prepare(text).all(...params);
    try {
      // Mail claimed by a killed process waits out its lease, then its retry delay: give the
      // queue a minute on a busy machine before counting what was sent.
      for (let i = 0; i < 600; i++) {
        const [{ n: waiting }] = await query(`select count(*) as n from mail_queue where status <> 'sent'`);
        if (Number(waiting) === 0) break;
        await sleep(100);
      }
      const checked = await verifyStored({ query, dataDir, acked });
      stats.duplicates = checked.orders - new Set([...acked.values()].map((a) => a.result.orderId)).size;
      stats.lost = checked.lost;
      stats.partial = checked.partial;
      const mails = await query('select status from mail_queue');
      stats.orders = checked.orders;
      stats.mailsQueued = mails.length;
      stats.mailsSent = mails.filter((m) => m.status === 'sent').length;
      stats.leftoverTmp = checked.leftoverTmp;
      stats.orphanFolders = checked.orphanFolders;
    } finally {
      if (pgdb) await db.end();
      else db.close();
    }
    return stats;
  } finally {
    if (server && server.exitCode === null) await kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await pgdb?.drop();
  }
}
