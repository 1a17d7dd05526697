import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
import { runCli } from '../../../tests/support/cli.js';

await builtServer();

/** Runs `npm run orders -- ...args` on this app's data, with `input` on stdin, from any folder (the export's default file lands in the current one). */
function orders(t: TestApp, args: string[], input = '', cwd = t.dataDir) {
  return runCli('orders', args, {
    env: { DATA_DIR: t.config.DATA_DIR, DATABASE_URL: t.config.DATABASE_URL },
    input,
    cwd,
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
});

// Read before anything is opened: one backend is enough.
describe('npm run orders, its command line', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('prints its help, and refuses a wrong command line saying what is wrong, then the usage, exit 2', async () => {
    const help = await orders(t, ['--help']);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^Usage: npm run orders -- <command>/);
    for (const line of [
      '  export REFERENCE [FILE.zip] ',
      '  delete REFERENCE [--yes] ',
      '      --yes ',
      '  -h, --help ',
    ]) {
      expect(help.stdout).toContain(line);
    }
    // Asked for anywhere, even after a command that would run.
    expect(await orders(t, ['delete', 'ABCD-EFGH', '-h'])).toEqual(help);

    const wrong: [string[], string][] = [
      [['export', 'ABCD-EFGH', '--bogus'], 'unknown option --bogus'],
      [['export', 'ABCD-EFGH', '--yes'], 'unknown option --yes for export'],
      [['delete', 'ABCD-EFGH', '--yes=no'], '--yes takes no value'],
      [[], 'missing command'],
      [['export'], 'missing REFERENCE for export'],
      [['remove', 'ABCD-EFGH'], 'unknown command "remove"'],
      [['delete', 'ABCD-EFGH', 'file.zip'], 'unexpected argument "file.zip" for delete'],
    ];
    for (const [args, message] of wrong) {
      const r = await orders(t, args);
      expect(r, args.join(' ')).toEqual({
        code: 2,
        stdout: '',
        stderr: `npm run orders: ${message}\n\n${help.stdout}`,
      });
    }
  });
});
