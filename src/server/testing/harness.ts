// Test helpers: a real app on a fresh data folder, on SQLite or on a fresh PostgreSQL
// database (TEST_DATABASE_URL; skipped, with a printed line, when it is unset).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';

export const API_KEY = 'test-public-key';
export const PG_URL = process.env.TEST_DATABASE_URL ?? '';

export type Backend = 'sqlite' | 'postgres';

/** The backends to run against; logs once why PostgreSQL is skipped. */
export function backends(): Backend[] {
  if (!PG_URL) {
    console.log('PostgreSQL tests skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) to run them.');
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

export async function startTestApp(backend: Backend, env: Record<string, string> = {}, overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-test-'));
  const database = backend === 'postgres' ? await freshPostgres() : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    PUBLIC_API_KEY: API_KEY,
    LOG_LEVEL: 'silent',
    // Tests send many orders from one address; the limit has tests of its own.
    SUBMIT_RATE_LIMIT: '1000000',
    ...env,
  }, overrides);
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

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

export const authHeaders = { apikey: API_KEY, authorization: `Bearer ${API_KEY}` };

/** A complete, valid order in the spec's shape, without files. */
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
export async function multipartBody(order: unknown, files: { name: string; type: string; data: Buffer | string }[], orderField = 'order') {
  const form = new FormData();
  if (order !== undefined) form.append(orderField, typeof order === 'string' ? order : JSON.stringify(order));
  for (const f of files) form.append('files', new Blob([typeof f.data === 'string' ? f.data : new Uint8Array(f.data)], { type: f.type }), f.name);
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type')! };
}
