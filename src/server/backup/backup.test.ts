// A backup taken while orders arrive, restored into a fresh data folder: every order acknowledged
// before the backup began is there with every file byte for byte, with its invoice and payment;
// a restore refuses a folder that is not empty and a damaged archive.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yazl from 'yazl';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openDatabase } from '../storage/db.js';
import { addStaff } from '../staff/staff-service.js';
import {
  deliveredText,
  freshPostgres,
  PG_URL,
  pageToken,
  sampleOrder,
  sha256,
  signIn,
  startTestApp,
  submitMultipart,
  type TestApp,
} from '../../../tests/support/harness.js';
import { todayOf } from '../invoices/index.js';
import { backup } from './backup.js';
import { restore, RestoreRefused } from './restore.js';

/** The operator's backup key: the archives are signed with it and checked against it (signature.test.ts). */
const KEY = Buffer.from('a backup key kept apart from the archives, 32+ chars');
const PNG = (seed: number) => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(2048, seed)]);

describe('backup and restore, on SQLite and the local disk', () => {
  let t: TestApp;
  let owner = '';
  const acknowledged: { orderId: string; files: string[] }[] = [];
  let archive = '';
  let invoicedOrder = '';

  beforeAll(async () => {
    t = await startTestApp('sqlite', { ARTWORK_CHECKS: 'false', GST_HST_NUMBER: '123456782 RT0001' });
    await addStaff(t.app.db, 'owner@shop.ca', 'correct horse battery staple', 'en', 'owner');
    owner = await signIn(t.app, 'owner@shop.ca', 'correct horse battery staple');
  });
  afterAll(async () => t?.close());

  const submit = async (i: number) => {
    const order = sampleOrder();
    Object.assign(order.layouts['1'], {
      mockupImages: [`Layout_1_Mockup_1.png`],
      files: [{ name: 'Layout_1_Mockup_1.png', type: 'image/png', role: 'mockup' }],
    });
    const { orderId } = await submitMultipart(
      t.app,
      order,
      [{ name: 'Layout_1_Mockup_1.png', type: 'image/png', data: PNG(i) }],
      { 'x-form-token': pageToken(t) },
    );
    return { orderId, files: [sha256(PNG(i))] };
  };

  it('takes a backup while orders keep arriving', async () => {
    for (let i = 0; i < 5; i++) acknowledged.push(await submit(i));
    // One order invoiced and paid: its invoice, PDF and receipt are in the database.
    invoicedOrder = acknowledged[0]!.orderId;
    const headers = { cookie: owner };
    const lines = [{ description: 'Tees', quantity: 10, unitPriceCents: 1500, taxable: true }];
    await t.app.inject({
      method: 'POST',
      url: `/api/orders/${invoicedOrder}/quote/send`,
      headers,
      payload: { lines, confirmNoProofs: true },
    });
    const mail = await t.app.db
      .selectFrom('mail_queue')
      .select(['id', 'order_id'])
      .where('order_id', '=', invoicedOrder)
      .where('kind', '=', 'customer_update')
      .executeTakeFirstOrThrow();
    const token = /\/o\/([A-Za-z0-9_-]{43})/.exec(await deliveredText(t, mail))![1]!;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/o/${token}/approve`,
          payload: { version: 1, fullName: 'Ada L', agree: true },
        })
      ).statusCode,
    ).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${invoicedOrder}/payments`,
      headers,
      payload: { amount: '50.00', method: 'cheque', receivedOn: todayOf({ timeZone: 'America/Toronto' }) },
    });
    expect(paid.statusCode).toBe(201);

    archive = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'aof-bk-')), 'shop.zip');
    // Orders arrive while the backup runs.
    const arriving = Promise.all(Array.from({ length: 6 }, (_, i) => submit(100 + i)));
    const manifest = await backup(t.config, archive, () => {}, KEY);
    await arriving;
    expect(manifest.database).toBe('sqlite');
    expect(manifest.counts.orders).toBeGreaterThanOrEqual(5);
    expect(manifest.entries.some((e) => e.path === 'database/orders.sqlite')).toBe(true);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
  });

  it('restores into a fresh folder with every acknowledged order, file, invoice and payment intact', async () => {
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-restored-'));
    const config = loadConfig({ DATA_DIR: fresh, PUBLIC_API_KEY: 'test-public-key' });
    const counts = await restore(config, archive, () => {}, { key: KEY });
    expect(counts.invoices).toBeGreaterThanOrEqual(1);
    const { db } = await openDatabase({ dataDir: fresh, databaseUrl: '' });
    try {
      for (const { orderId, files } of acknowledged) {
        const rows = await db
          .selectFrom('attachments')
          .select(['storage_key', 'sha256', 'size'])
          .where('order_id', '=', orderId)
          .execute();
        expect(rows.map((r) => r.sha256)).toEqual(files);
        for (const r of rows) expect(sha256(fs.readFileSync(path.join(fresh, 'files', r.storage_key)))).toBe(r.sha256);
      }
      const invoice = await db
        .selectFrom('invoices')
        .select(['pdf', 'sha256'])
        .where('order_id', '=', invoicedOrder)
        .executeTakeFirstOrThrow();
      expect(sha256(Buffer.from(invoice.pdf))).toBe(invoice.sha256);
      expect(await db.selectFrom('payments').select('id').where('order_id', '=', invoicedOrder).execute()).toHaveLength(
        1,
      );
    } finally {
      await db.destroy();
    }
    // The restored shop starts and serves the order.
    const again = await startTestApp('sqlite', {}, { dataDir: fresh });
    try {
      expect((await again.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await again.close();
    }
  });

  it('refuses a folder that is not empty, and a damaged archive', async () => {
    await expect(restore(t.config, archive, () => {}, { key: KEY })).rejects.toThrow(RestoreRefused);
    // The same archive with one file's bytes changed.
    const damaged = `${archive}.damaged.zip`;
    const zip = new yazl.ZipFile();
    const out = fs.createWriteStream(damaged);
    zip.outputStream.pipe(out);
    await new Promise<void>((resolve, reject) => {
      yauzl.open(archive, { lazyEntries: true }, (err, reader) => {
        if (err || !reader) return reject(err ?? new Error('no zip'));
        reader.on('entry', (entry: yauzl.Entry) => {
          reader.openReadStream(entry, (e, stream) => {
            if (e || !stream) return reject(e ?? new Error('no stream'));
            const chunks: Buffer[] = [];
            stream.on('data', (c: Buffer) => chunks.push(c));
            stream.on('end', () => {
              let bytes = Buffer.concat(chunks);
              if (entry.fileName.startsWith('files/') && !entry.fileName.endsWith('.webp'))
                bytes = Buffer.concat([bytes, Buffer.from('x')]);
              zip.addBuffer(bytes, entry.fileName);
              reader.readEntry();
            });
          });
        });
        reader.on('end', () => resolve());
        reader.readEntry();
      });
    });
    zip.end();
    await new Promise<void>((r) => out.on('close', () => r()));
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-restored-'));
    // The manifest (and its signature) left as they were: the file's own SHA-256 gives it away.
    await expect(restore(loadConfig({ DATA_DIR: fresh }), damaged, () => {}, { key: KEY })).rejects.toThrow(
      /does not match its SHA-256/,
    );
    expect(fs.existsSync(path.join(fresh, 'orders.sqlite'))).toBe(false);
  });
});

describe.skipIf(!PG_URL)('backup and restore, on PostgreSQL', () => {
  it('dumps and restores into an empty database, and refuses one that is not', async () => {
    const t = await startTestApp('postgres', { ARTWORK_CHECKS: 'false' });
    const target = await freshPostgres();
    try {
      const order = sampleOrder();
      const { orderId } = await submitMultipart(t.app, order, [], { 'x-form-token': pageToken(t) });
      const archive = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'aof-bk-')), 'shop.zip');
      const manifest = await backup(t.config, archive, () => {}, KEY);
      expect(manifest.database).toBe('postgres');
      const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-restored-'));
      const config = loadConfig({ DATA_DIR: fresh, DATABASE_URL: target.url });
      expect((await restore(config, archive, () => {}, { key: KEY })).orders).toBe(1);
      const { db } = await openDatabase({ dataDir: fresh, databaseUrl: target.url });
      try {
        expect((await db.selectFrom('orders').select('id').executeTakeFirstOrThrow()).id).toBe(orderId);
      } finally {
        await db.destroy();
      }
      // Not empty any more: refused.
      await expect(
        restore(
          loadConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'aof-r-')), DATABASE_URL: target.url }),
          archive,
          () => {},
          { key: KEY },
        ),
      ).rejects.toThrow(/not empty/);
    } finally {
      await t.close();
      await target.drop();
    }
  });
});
