// What the benches that seed a database at scale share (bench/inbox-scale.mjs, bench/board.mjs,
// bench/board-render.mjs): a staff session on an app built in the process, timed requests with
// their percentiles, and a run on SQLite then on a fresh PostgreSQL database when one is given.
import pg from 'pg';
import { addStaff } from '../dist/server/staff/staff-service.js';

/** A stored order's document with one empty layout: rows seeded for their columns, not their content. */
export const EMPTY_ORDER_DOCUMENT = JSON.stringify({
  layouts: {
    1: {
      mockupOption: 'upload',
      garmentOption: 'pick',
      hasVectorFiles: 'no',
      variations: [],
      files: [],
      mockupImages: [],
      viewData: {},
    },
  },
  isResalePartner: false,
  includePolyBags: false,
});

/** The p-th percentile of some timings (nearest rank). */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** A staff account on `app` and its session cookie, for app.inject. */
export async function staffCookie(app) {
  await addStaff(app.db, 'bench@shop.example', 'bench password long');
  const login = await app.inject({
    method: 'POST',
    url: '/api/session',
    payload: { email: 'bench@shop.example', password: 'bench password long' },
  });
  return String(login.headers['set-cookie']).split(';')[0];
}

/**
 * `url` asked `runs` times after three to warm caches up: the milliseconds of each, and the last
 * answer. A status other than 200 stops the bench.
 */
export async function timed(app, cookie, url, runs) {
  const times = [];
  let res;
  for (let i = 0; i < runs + 3; i++) {
    const started = process.hrtime.bigint();
    res = await app.inject({ url, headers: { cookie } });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    if (i >= 3) times.push(ms);
  }
  return { times, res };
}

/**
 * run('sqlite', '') then, with TEST_DATABASE_URL, run('postgres', url) on a database made for it
 * and dropped after: every row either returns.
 */
export async function onEachDatabase(prefix, run) {
  const rows = await run('sqlite', '');
  if (!process.env.TEST_DATABASE_URL) {
    console.log('PostgreSQL skipped: set TEST_DATABASE_URL to include it.');
    return rows;
  }
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const name = `${prefix}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    return [...rows, ...(await run('postgres', url.toString()))];
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
