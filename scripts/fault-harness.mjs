// Fault tests: the real server while its dependencies fail under it, and after they come back.
// - PostgreSQL restarted (or stopped for a while) during a load run, on a private instance made
//   here with initdb and pg_ctl, so the shared server of the machine is never touched.
// - The disk filling mid-upload: DATA_DIR on a small tmpfs, filled to the brim, then freed.
// In both: every acknowledged order is complete, the rest are refused with 503 or 507, nothing
// partial is left, and the server recovers by itself (it is never restarted here).
// Used by src/server/faults.test.ts (short) and bench/faults.mjs (long).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Sqlite as Database } from '../dist/server/storage/sqlite-driver.js';
import pg from 'pg';
import { freePort } from './free-port.mjs';
import { formOf, makeHarnessOrder, verifyStored } from './harness-orders.mjs';

const KEY = 'fault-test-public-key';
const MiB = 1024 * 1024;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The bin folder of the newest PostgreSQL installed, or null. */
function postgresBin() {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], 'bin') : null;
}

/** Why a private PostgreSQL cannot be made here, or null when it can. */
export function privatePostgresUnavailable() {
  if (!postgresBin()) return 'no initdb under /usr/lib/postgresql';
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root without a postgres user to run initdb as';
    }
  }
  return null;
}

/** A private PostgreSQL instance in a temporary folder, on a free port. */
async function privatePostgres() {
  const bin = postgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-pg-'));
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const run = (tool, args) =>
    execFileSync(
      asRoot ? 'runuser' : path.join(bin, tool),
      asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args,
      {
        stdio: 'ignore',
      },
    );
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const ctl = (...args) => run('pg_ctl', ['-D', data, '-w', '-t', '60', '-l', path.join(dir, 'log'), ...args]);
  ctl('-o', opts, 'start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => ctl('-m', 'fast', '-o', opts, 'restart'),
    stop: () => ctl('-m', 'fast', 'stop'),
    start: () => ctl('-o', opts, 'start'),
    destroy: () => {
      try {
        ctl('-m', 'immediate', 'stop');
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Why a tmpfs cannot be mounted here, or null when it can. */
export function tmpfsUnavailable() {
  if (process.getuid?.() !== 0) return 'not root';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-vol-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'ignore' });
    execFileSync('umount', [dir]);
    return null;
  } catch {
    return 'mount -t tmpfs failed';
  } finally {
    fs.rmdirSync(dir);
  }
}

const makeOrder = (n, maxFileBytes) =>
  makeHarnessOrder(n, { who: 'Fault', files: 1 + (n % 2), minBytes: maxFileBytes / 4, maxBytes: maxFileBytes });

async function startServer(env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_API_KEY: KEY,
      LOG_LEVEL: process.env.FAULT_LOG ? 'error' : 'fatal',
      LOG_FORMAT: 'json',
      SMTP_URL: '',
      SUBMIT_RATE_LIMIT: '1000000',
      UPLOAD_BUDGET_DISK_PERCENT: '100',
      UPLOAD_BUDGET_BYTES_PER_DAY: String(2 ** 50),
      ...env,
    },
    stdio: ['ignore', process.env.FAULT_LOG ? 'inherit' : 'ignore', 'inherit'],
  });
  for (let i = 0; i < 400; i++) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    ) {
      const stop = () =>
        new Promise((resolve) => {
          if (server.exitCode !== null || server.signalCode !== null) return resolve();
          server.once('exit', resolve);
          server.kill('SIGKILL');
        });
      return { base, stop };
    }
    await sleep(50);
  }
  server.kill('SIGKILL');
  throw new Error('the server did not start');
}

/**
 * Clients sending orders (each retried with its key after a 503 or 507) while `fault` runs,
 * from 0.7 s into the load. Returns the acknowledged orders and what was answered.
 */
async function underLoad({ base, clients, maxFileBytes, fault }) {
  const acked = new Map();
  const answers = { 201: 0, 503: 0, 507: 0, dropped: 0, other: 0 };
  const otherBodies = [];
  let stop = false;
  let n = 0;
  let lastAckAt = 0;
  const loops = Array.from({ length: clients }, async () => {
    while (!stop) {
      const o = makeOrder(n++, maxFileBytes);
      for (;;) {
        const res = await fetch(`${base}/functions/v1/submit-order`, {
          method: 'POST',
          headers: { apikey: KEY, 'idempotency-key': o.key },
          body: formOf(o),
        }).catch(() => null);
        const body = res ? await res.json().catch(() => null) : null;
        const status = res?.status ?? 'dropped';
        if (status in answers) answers[status]++;
        else {
          answers.other++;
          otherBodies.push({ status, body });
        }
        if (status === 201) {
          acked.set(o.key, { ...o, result: body });
          lastAckAt = Date.now();
          break;
        }
        if (stop) break;
        await sleep(100);
      }
    }
  });
  await sleep(700);
  const timeline = await fault(() => lastAckAt);
  stop = true;
  await Promise.all(loops);
  return { acked, answers, otherBodies, timeline };
}

/** Milliseconds from `since` until an order was acknowledged again; null when none was within 30 s. */
async function recoveryAfter(lastAckAt, since) {
  for (let i = 0; i < 600 && lastAckAt() < since; i++) await sleep(50);
  return lastAckAt() >= since ? lastAckAt() - since : null;
}

/** How the server answered the clients of a run, for its report. */
function answersOf(run) {
  return {
    answered201: run.answers[201],
    refused503: run.answers[503],
    refused507: run.answers[507],
    dropped: run.answers.dropped,
    otherAnswers: run.answers.other,
    otherBodies: run.otherBodies.slice(0, 3),
  };
}

/**
 * PostgreSQL goes away under load: `restarts` fast restarts, then one stop of `outageMs`.
 * Reports how long the server took to store an order again after PostgreSQL was back.
 */
export async function runPostgresFault({ clients = 4, restarts = 2, outageMs = 2000, maxFileBytes = 256 * 1024 } = {}) {
  const pgi = await privatePostgres();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-pgfault-'));
  let server = null;
  try {
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: pgi.url, MIN_FREE_DISK_BYTES: '0' });
    const recoveries = [];
    const waitForAck = async (lastAckAt, since) => recoveries.push(await recoveryAfter(lastAckAt, since));
    const run = await underLoad({
      base: server.base,
      clients,
      maxFileBytes,
      fault: async (lastAckAt) => {
        for (let i = 0; i < restarts; i++) {
          pgi.restart();
          await waitForAck(lastAckAt, Date.now());
          await sleep(500);
        }
        pgi.stop();
        await sleep(outageMs);
        pgi.start();
        await waitForAck(lastAckAt, Date.now());
        await sleep(500);
      },
    });
    const health = await fetch(`${server.base}/healthz`).then((r) => r.status);
    await server.stop();
    const client = new pg.Client({ connectionString: pgi.url });
    await client.connect();
    try {
      const query = async (text, params = []) => {
        let i = 0;
        return (
          await client.query(
            text.replace(/\?/g, () => `$${++i}`),
            params,
          )
        ).rows;
      };
      const checked = await verifyStored({ query, dataDir, acked: run.acked });
      return {
        fault: `PostgreSQL: ${restarts} restarts, then ${outageMs / 1000} s down`,
        acknowledged: run.acked.size,
        ...checked,
        ...answersOf(run),
        recoveryMs: recoveries,
        healthAfter: health,
      };
    } finally {
      await client.end();
    }
  } finally {
    await server?.stop();
    pgi.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The disk fills under load: DATA_DIR on a tmpfs of `volumeBytes`, filled by another file to
 * `leaveBytes` free for `outageMs` (so uploads run out of space mid-way), then freed again.
 * `minFreeBytes` is the server's reserve (0 lets uploads hit ENOSPC itself).
 */
export async function runDiskFull({
  clients = 4,
  volumeBytes = 256 * MiB,
  leaveBytes = 3 * MiB,
  outageMs = 2000,
  minFreeBytes = 0,
  maxFileBytes = MiB,
} = {}) {
  const volume = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${volumeBytes},mode=0700`, 'tmpfs', volume]);
  const dataDir = path.join(volume, 'data');
  const filler = path.join(volume, 'filler');
  let server = null;
  try {
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', MIN_FREE_DISK_BYTES: String(minFreeBytes) });
    const free = () => {
      const s = fs.statfsSync(volume);
      return s.bavail * s.bsize;
    };
    let recoveryMs = null;
    let healthDuring = null;
    const run = await underLoad({
      base: server.base,
      clients,
      maxFileBytes,
      fault: async (lastAckAt) => {
        // Fill the volume up to `leaveBytes` free, in steps, while uploads run.
        const fd = fs.openSync(filler, 'w');
        const chunk = Buffer.alloc(MiB);
        try {
          while (free() > leaveBytes + MiB) fs.writeSync(fd, chunk);
        } catch {
          // the uploads took the rest first
        } finally {
          fs.closeSync(fd);
        }
        await sleep(outageMs / 2);
        healthDuring = await fetch(`${server.base}/healthz`).then(
          (r) => r.status,
          () => null,
        );
        await sleep(outageMs / 2);
        fs.rmSync(filler);
        recoveryMs = await recoveryAfter(lastAckAt, Date.now());
        await sleep(200);
      },
    });
    const healthAfter = await fetch(`${server.base}/healthz`).then((r) => r.status);
    await server.stop();
    const db = new Database(path.join(dataDir, 'orders.sqlite'), { readonly: true });
    try {
      const checked = await verifyStored({
        query: async (t, p = []) => db.prepare(t).all(...p),
        dataDir,
        acked: run.acked,
      });
      return {
        fault: `disk full: ${volumeBytes / MiB} MiB volume filled to ${leaveBytes / MiB} MiB free for ${outageMs / 1000} s, reserve ${minFreeBytes / MiB} MiB`,
        acknowledged: run.acked.size,
        ...checked,
        ...answersOf(run),
        recoveryMs,
        healthDuring,
        healthAfter,
      };
    } finally {
      db.close();
    }
  } finally {
    await server?.stop();
    try {
      execFileSync('umount', [volume]);
    } catch {
      execFileSync('umount', ['-l', volume]);
    }
    fs.rmdirSync(volume);
  }
}
