// Test helpers: a real app on a fresh data folder, on SQLite or on a fresh PostgreSQL
// database (TEST_DATABASE_URL; skipped, with a printed line, when it is unset).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { buildApp } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { LocalFileStore } from '../../src/server/files/file-store.js';
import { outboxDirOf, outboxFileName } from '../../src/server/mail/outbox.js';
import { issueFormToken } from '../../src/server/http/bot-checks.js';
import { publishPriceList } from '../../src/server/prices/index.js';
import { addStaff } from '../../src/server/staff/index.js';

export const API_KEY = 'test-public-key';
export const PG_URL = process.env.TEST_DATABASE_URL ?? '';

export type Backend = 'sqlite' | 'postgres';

/** The backends to run against; logs once why PostgreSQL is skipped. */
export function backends(): Backend[] {
  if (!PG_URL) {
    console.log(
      'PostgreSQL tests skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) to run them.',
    );
    return ['sqlite'];
  }
  return ['sqlite', 'postgres'];
}

/** A new, empty PostgreSQL database on the TEST_DATABASE_URL server; dropped by the returned function. */
export async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `aof_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  /** Builds a second app on the same data (a restart). */
  restart: () => Promise<FastifyInstance>;
  close: () => Promise<void>;
}

export async function startTestApp(
  backend: Backend,
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-test-'));
  const database = backend === 'postgres' ? await freshPostgres() : null;
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      PUBLIC_API_KEY: API_KEY,
      LOG_LEVEL: 'silent',
      // Tests send many orders from one address; the limit has tests of its own.
      SUBMIT_RATE_LIMIT: '1000000',
      ...env,
    },
    overrides,
  );
  let app = await buildApp(config);
  return {
    get app() {
      return app;
    },
    config,
    dataDir,
    restart: async () => {
      await app.close();
      app = await buildApp(config);
      return app;
    },
    close: async () => {
      await app.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Where the local file store keeps a stored file (tests that look at the disk itself). */
export function localFilePath(app: FastifyInstance, storageKey: string): string {
  if (!(app.files instanceof LocalFileStore)) throw new Error('this test needs the local file store');
  return app.files.pathOf(storageKey);
}

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

export const authHeaders = { apikey: API_KEY, authorization: `Bearer ${API_KEY}` };

/** A complete, valid order in the shape docs/architecture.md gives, without files. */
export function sampleOrder(overrides: { layouts?: Record<string, unknown> } = {}) {
  return {
    layouts: {
      '1': {
        mockupOption: 'upload',
        garmentOption: 'pick',
        hasVectorFiles: 'no',
        variations: [{ type: 'Gildan 5000', color: 'Black', sizes: 'S: 5, M: 10', supplyingGoods: 'no' }],
        files: [],
        mockupImages: [],
        viewData: {},
        billing: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          companyName: 'Analytical Tees',
          address: '1 Engine Rd',
          city: 'Halifax',
          province: 'NS',
          postalCode: 'B3H 1A1',
          phone: '902-555-0100',
          email: 'ada@example.com',
        },
        shipping: { sameAsBilling: true, localPickup: false },
        deadline: { hasCriticalDeadline: false, date: '' },
        jobNotes: 'Please call before printing.',
      },
      ...overrides.layouts,
    },
    isResalePartner: false,
    includePolyBags: true,
  };
}

/** A multipart body made by the platform's own FormData, as a browser would. */
export async function multipartBody(
  order: unknown,
  files: { name: string; type: string; data: Buffer | string }[],
  orderField = 'order',
) {
  const form = new FormData();
  if (order !== undefined) form.append(orderField, typeof order === 'string' ? order : JSON.stringify(order));
  for (const f of files)
    form.append(
      'files',
      new Blob([typeof f.data === 'string' ? f.data : new Uint8Array(f.data)], { type: f.type }),
      f.name,
    );
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type')! };
}

/** Submits an order as our form does (multipart) through the real route; throws unless it is saved. */
export async function submitMultipart(
  app: FastifyInstance,
  order: unknown,
  files: Parameters<typeof multipartBody>[1],
  headers: Record<string, string> = {},
  remoteAddress?: string,
): Promise<{ orderId: string; reference: string }> {
  const { payload, contentType } = await multipartBody(order, files);
  const res = await app.inject({
    method: 'POST',
    url: '/functions/v1/submit-order',
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: { ...authHeaders, 'content-type': contentType, ...headers },
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`submit-order answered ${res.statusCode}: ${res.body}`);
  return res.json<{ orderId: string; reference: string }>();
}

/** Signs a staff member in through the real route and returns the session cookie ("name=value"). */
export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/session', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in answered ${res.statusCode}: ${res.body}`);
  return String(res.headers['set-cookie']).split(';')[0]!;
}

/** The password of the staff accounts startShopApp makes. */
export const STAFF_PASSWORD = 'a long and unusual passphrase';

interface StaffMember {
  email: string;
  role: 'owner' | 'staff';
  language?: 'en' | 'fr';
}

/**
 * A test app as the route tests start one: startTestApp with `env` and `overrides`, the price
 * list given published (by owner@shop.ca), and each staff member given added (with
 * STAFF_PASSWORD) and signed in through the real route, in the order given. `staff` holds their
 * session cookies ("name=value") under the names given.
 */
export async function startShopApp<Name extends string = never>(
  backend: Backend,
  setup: {
    env?: Record<string, string>;
    overrides?: Partial<Config>;
    priceList?: unknown;
    staff?: Record<Name, StaffMember>;
  } = {},
): Promise<{ t: TestApp; staff: Record<Name, string> }> {
  const t = await startTestApp(backend, setup.env, setup.overrides);
  if (setup.priceList) await publishPriceList(t.app.db, setup.priceList, 'owner@shop.ca');
  const staff = {} as Record<Name, string>;
  for (const [name, member] of Object.entries(setup.staff ?? {}) as [Name, StaffMember][]) {
    await addStaff(t.app.db, member.email, STAFF_PASSWORD, member.language ?? 'en', member.role);
    staff[name] = await signIn(t.app, member.email, STAFF_PASSWORD);
  }
  return { t, staff };
}

/** Polls until `what` gives a truthy value, then returns it; fails after `ms`. */
export async function until<T>(
  what: () => Promise<T | false | undefined | null> | T | false | undefined | null,
  ms = 30_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * What a queued mail said, as delivered: its outbox copy (no SMTP_URL), waited for. The worker
 * sends as soon as a mail is queued and the queue keeps no body once sent, so tests read this.
 */
export async function deliveredText(t: { dataDir: string }, mail: { id: string; order_id: string }): Promise<string> {
  const file = path.join(outboxDirOf(t.dataDir), outboxFileName(mail.order_id, mail.id));
  const raw = await until(() => fs.existsSync(file) && fs.readFileSync(file));
  return (await simpleParser(raw)).text ?? '';
}

/** A form token as the page carries it, served a minute ago (past MIN_FILL_SECONDS). */
export function pageToken(t: { config: Config }, servedAt = Date.now() - 60_000): string {
  return issueFormToken(t.config.formTokenSecret, servedAt);
}

/** Waits until every sign-in request is taken (the link and its mail are made in the background, portal/sign-in-requests.ts). */
export async function signInRequestsTaken(app: FastifyInstance): Promise<void> {
  await until(
    async () => (await app.db.selectFrom('portal_sign_in_requests').select('id').limit(1).execute()).length === 0,
  );
}

// Staff and quotes as most route tests need them: a signed-in member, their requests, and an
// order quoted (the customer's mail read for its link) or quoted and approved.

type AppHolder = { app: FastifyInstance; dataDir: string };
type StaffMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Adds a staff member (with STAFF_PASSWORD) and signs them in through the real route: their session cookie. */
export async function signedInStaff(
  t: AppHolder,
  email: string,
  role: 'owner' | 'staff' = 'staff',
  language: 'en' | 'fr' = 'en',
): Promise<string> {
  await addStaff(t.app.db, email, STAFF_PASSWORD, language, role);
  return signIn(t.app, email, STAFF_PASSWORD);
}

/** A signed-in staff member's requests: `api('POST', url, body)` (the app read at each call, so a restart is followed). */
export function staffApi(t: AppHolder, cookie: string) {
  return (method: StaffMethod, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** The order's link token from its newest mail to the customer. */
export async function orderLinkToken(t: AppHolder, orderId: string): Promise<string> {
  const rows = await t.app.db
    .selectFrom('mail_queue')
    .select(['id', 'order_id'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'customer_update')
    .orderBy('created_at')
    .execute();
  return /\/o\/([A-Za-z0-9_-]{43})/.exec(await deliveredText(t, rows.at(-1)!))![1]!;
}

/** Sends the order a quote of `lines` (no proofs) as `cookie`'s staff member: its version and the customer's link token. */
export async function quotedOrder(
  t: AppHolder,
  cookie: string,
  orderId: string,
  lines: unknown[],
): Promise<{ version: number; token: string }> {
  const sent = await staffApi(t, cookie)('POST', `/api/orders/${orderId}/quote/send`, { lines, confirmNoProofs: true });
  if (sent.statusCode !== 201) throw new Error(`quote/send answered ${sent.statusCode}: ${sent.body}`);
  return { version: sent.json<{ version: number }>().version, token: await orderLinkToken(t, orderId) };
}

/** quotedOrder, then the customer approves it on their order's page as `fullName`. */
export async function approvedOrder(
  t: AppHolder,
  cookie: string,
  orderId: string,
  lines: unknown[],
  fullName = 'Marie Curie',
): Promise<{ version: number; token: string }> {
  const quoted = await quotedOrder(t, cookie, orderId, lines);
  const approved = await t.app.inject({
    method: 'POST',
    url: `/api/o/${quoted.token}/approve`,
    headers: { 'user-agent': 'Test/1.0' },
    payload: { version: quoted.version, fullName, agree: true },
  });
  if (approved.statusCode !== 200) throw new Error(`approve answered ${approved.statusCode}: ${approved.body}`);
  return quoted;
}
