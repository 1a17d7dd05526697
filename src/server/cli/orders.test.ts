import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { zipEntries } from '../../../tests/support/zip.js';
import {
  authHeaders,
  backends,
  multipartBody,
  pageToken,
  sampleOrder,
  startTestApp,
  type TestApp,
} from '../../../tests/support/harness.js';
import { builtServer } from '../../../tests/support/built-server.js';

await builtServer();

// The built command, as `npm run orders` runs it (built first when the sources are newer).
const CLI = path.resolve(import.meta.dirname, '../../../dist/server/cli/orders.js');
// Run from any folder (the export's default file lands in the current one).

/** Runs `npm run orders -- ...args`, with `input` on stdin (not a terminal). */
function orders(t: TestApp, args: string[], input = '', cwd = t.dataDir) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd,
      env: {
        // The test run's own environment (NODE_OPTIONS among it: scripts/node24.sh needs it), then this app's data.
        ...process.env,
        DATA_DIR: t.config.DATA_DIR,
        DATABASE_URL: t.config.DATABASE_URL,
        LOG_LEVEL: 'silent',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(input);
  });
}

async function submit(t: TestApp) {
  const { payload, contentType } = await multipartBody(sampleOrder(), [
    { name: 'art.pdf', type: 'application/pdf', data: '%PDF-1.4 art' },
    { name: 'ART.pdf', type: 'application/pdf', data: '%PDF-1.4 other' },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/functions/v1/submit-order',
    // As the page sends it, with its form token: the customer gets a confirmation too.
    headers: { ...authHeaders, 'content-type': contentType, 'x-form-token': pageToken(t) },
    payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ orderId: string; reference: string }>();
}

describe.each(backends())('npm run orders on %s', (backend) => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });
  const start = async () => {
    const t = await startTestApp(backend);
    cleanup.push(() => t.close());
    return t;
  };

  it('exports an order as a ZIP of order.json and its files, and never overwrites a file', async () => {
    const t = await start();
    const { orderId, reference } = await submit(t);
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-export-'));
    cleanup.push(() => fs.promises.rm(out, { recursive: true, force: true }));

    const first = await orders(t, ['export', reference.toLowerCase()], '', out);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    const file = path.join(out, `${reference}.zip`);
    expect(first.stdout).toBe(`Wrote the data of order ${reference} to ${file}\n`);
    const entries = await zipEntries(file);
    expect([...entries.keys()]).toEqual(['order.json', 'art.pdf', 'ART (2).pdf']);
    expect(entries.get('ART (2).pdf')!.toString()).toBe('%PDF-1.4 other');
    const data = JSON.parse(entries.get('order.json')!.toString());
    expect(data.order).toMatchObject({ id: orderId, reference, customer_name: 'Ada Lovelace' });
    expect(data.mails.map((m: { kind: string }) => m.kind)).toEqual(['customer', 'shop']);

    const named = path.join(out, 'request.zip');
    expect((await orders(t, ['export', reference, named])).code).toBe(0);
    expect(fs.existsSync(named)).toBe(true);
    const again = await orders(t, ['export', reference, named]);
    expect(again).toMatchObject({ code: 1, stderr: `${named} already exists; name another file.\n` });
    expect((await orders(t, ['export', 'ZZZZ-ZZZZ', path.join(out, 'x.zip')])).stderr).toBe('No order ZZZZ-ZZZZ.\n');
  });

  it('deletes an order only when the reference is typed back, or with --yes, and records who: cli', async () => {
    const t = await start();
    const kept = await submit(t);
    const gone = await submit(t);
    await t.app.mailWorker.kick();

    const refused = await orders(t, ['delete', kept.reference], 'ABCD-EFGH\n');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(`Type ${kept.reference} to confirm: `);
    expect(refused.stderr).toBe('Not deleted: the reference typed does not match.\n');
    expect((await orders(t, ['delete', kept.reference])).code).toBe(1);
    expect(await t.app.db.selectFrom('orders').select('id').where('id', '=', kept.orderId).execute()).toHaveLength(1);

    const typed = await orders(t, ['delete', kept.reference], `${kept.reference.toLowerCase()}\n`);
    expect(typed.stdout).toContain(`Deleted order ${kept.reference}.`);
    expect(typed.code).toBe(0);
    const yes = await orders(t, ['delete', gone.reference, '--yes']);
    expect(yes).toMatchObject({ code: 0, stdout: `Deleted order ${gone.reference}.\n` });

    expect(await t.app.db.selectFrom('orders').select('id').execute()).toEqual([]);
    expect(await t.app.db.selectFrom('mail_queue').select('id').execute()).toEqual([]);
    expect(fs.readdirSync(path.join(t.dataDir, 'files'))).toEqual([]);
    const outbox = path.join(t.dataDir, 'outbox');
    expect(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []).toEqual([]);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'reference', 'actor'])
      .orderBy('at')
      .execute();
    expect(audit).toEqual([
      { action: 'order_deleted', reference: kept.reference, actor: 'cli' },
      { action: 'order_deleted', reference: gone.reference, actor: 'cli' },
    ]);
    expect((await orders(t, ['delete', gone.reference, '--yes'])).stderr).toBe(`No order ${gone.reference}.\n`);
  });

  it('prints its usage for a wrong command', async () => {
    const t = await start();
    for (const args of [[], ['export'], ['remove', 'X'], ['delete', 'X', 'file.zip'], ['export', 'X', '--yes']]) {
      const r = await orders(t, args);
      expect(r.code, args.join(' ')).toBe(64);
      expect(r.stderr).toContain('Usage: npm run orders -- <command>');
    }
  });
});
