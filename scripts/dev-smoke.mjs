// Development works end to end: the API as `npm start` runs it, the client from source as
// `npm run dev` serves it (Vite, with its proxy), and a real Chromium placing an order whose
// files go by tus through that proxy while the form is filled, then a clerk finding it in the
// inbox. Passes only when the server adopted those uploads (uploads.order_id), the order
// carried no file bytes, the stored files have the sizes and SHA-256 of what was chosen, and
// the clerk's sign-in (a POST the origin check judges) went through the proxy.
// Usage: npm run dev:smoke   (builds the server first; CHROMIUM_PATH may name another Chromium)
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import Database from 'better-sqlite3';
import { startBuiltServer } from './built-server.mjs';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';
import { fillBilling } from './fill-billing.mjs';
import { freePort } from './free-port.mjs';

const UPLOAD_PATH = '/storage/v1/upload/resumable';
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
const children = [];
let dataDir = null;

function fail(message) {
  console.error(`dev smoke FAILED: ${message}`);
  process.exitCode = 1;
}

async function waitFor(url, what, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not answer at ${url}`);
}

async function main() {
  // `npm start` builds before it serves: so does this, so the API is the code as it is now.
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.server.json'], {
    stdio: 'inherit',
  });

  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-dev-smoke-'));
  const env = {
    PUBLIC_API_KEY: 'dev-smoke-key',
    MIN_FILL_SECONDS: '0.2',
    DESIGN_STUDIO_URL: 'https://studio.example.com/',
  };
  execFileSync(process.execPath, ['dist/server/cli/staff.js', 'add', 'clerk@shop.example'], {
    env: { ...process.env, ...env, DATA_DIR: dataDir, DATABASE_URL: '', STAFF_PASSWORD: 'dev smoke password 1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const api = await startBuiltServer(env, { dataDir, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(api.child);

  // What `npm run dev` runs, on a free port, its proxy pointed at that API.
  const devPort = await freePort();
  const vite = spawn(
    process.execPath,
    ['node_modules/vite/bin/vite.js', '--port', String(devPort), '--strictPort', '--host', '127.0.0.1'],
    { env: { ...process.env, DEV_API_URL: api.url }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  children.push(vite);
  const devUrl = `http://127.0.0.1:${devPort}`;
  await waitFor(`${devUrl}/`, 'Vite');

  const executablePath = chromiumPath();
  if (!executablePath) throw new Error("no Chromium: install Debian's chromium, or set CHROMIUM_PATH");
  const browser = await chromium.launch({
    executablePath,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const page = await browser.newPage();
    /** Every answer of the upload endpoint, as the browser saw it through the proxy. */
    const tus = [];
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith(UPLOAD_PATH))
        tus.push({ method: r.request().method(), status: r.status(), url: url.href });
    });
    page.on('pageerror', (err) => console.error(`page error: ${err.message}`));

    const mockup = randomBytes(1024 * 1024);
    const po = randomBytes(3 * 1024 * 1024);
    await page.goto(`${devUrl}/`);
    await page.getByLabel('Mockup Options').selectOption('upload');
    await page
      .getByLabel('Upload Mockup')
      .setInputFiles({ name: 'mockup.pdf', mimeType: 'application/pdf', buffer: mockup });
    await page.getByLabel('Garment Options').selectOption('po');
    await page.getByLabel('Upload PO').setInputFiles({ name: 'PO 77.pdf', mimeType: 'application/pdf', buffer: po });
    const item = (name) => page.getByRole('listitem').filter({ hasText: name });
    for (const name of ['mockup.pdf', 'PO 77.pdf']) {
      await item(name).getByText('Uploaded', { exact: true }).waitFor({ timeout: 30_000 });
    }
    await page.getByRole('radio', { name: 'No' }).last().check();
    await fillBilling(page, 'dev-smoke@example.com');

    const orderRequest = page.waitForRequest((r) => r.url().endsWith('/functions/v1/submit-order'));
    await page.getByRole('button', { name: 'Submit Order' }).click();
    const body = (await orderRequest).postDataBuffer() ?? Buffer.alloc(0);
    const toast = page.getByRole('status').getByText(/Your order reference is/);
    await toast.waitFor({ timeout: 30_000 });
    const reference = /([0-9A-Z]{4}-[0-9A-Z]{4})/.exec((await toast.textContent()) ?? '')?.[1];

    const created = tus.filter((t) => t.method === 'POST' && t.status === 201);
    const patched = tus.filter((t) => t.method === 'PATCH' && t.status === 204);
    if (created.length !== 2) fail(`expected 2 uploads created through the proxy, saw ${JSON.stringify(tus)}`);
    if (patched.length < 2) fail(`expected the bytes sent by PATCH through the proxy, saw ${JSON.stringify(tus)}`);
    if (body.length > 10_000 || !body.toString().includes(`${UPLOAD_PATH}/`))
      fail(`the order carried ${body.length} bytes instead of naming its uploads`);
    if (!reference) return fail('no order reference in the success toast');

    const db = new Database(path.join(dataDir, 'orders.sqlite'), { readonly: true });
    try {
      const order = db.prepare('select id from orders where reference = ?').get(reference);
      if (!order) return fail(`order ${reference} is not in the database`);
      const adopted = db.prepare('select count(*) as n from uploads where order_id = ?').get(order.id).n;
      const stored = db
        .prepare('select name, size, sha256 from attachments where order_id = ? order by position')
        .all(order.id)
        .map((a) => [a.name, a.size, a.sha256]);
      const expected = [
        ['mockup.pdf', mockup.length, sha256(mockup)],
        ['PO 77.pdf', po.length, sha256(po)],
      ];
      if (adopted !== 2) fail(`the order adopted ${adopted} tus uploads, not 2`);
      if (JSON.stringify(stored) !== JSON.stringify(expected))
        fail(`stored files ${JSON.stringify(stored)}, expected ${JSON.stringify(expected)}`);
      if (process.exitCode) return;

      await page.goto(`${devUrl}/inbox`);
      await page.getByLabel('Email').fill('clerk@shop.example');
      await page.getByLabel('Password').fill('dev smoke password 1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('link', { name: reference }).waitFor({ timeout: 30_000 });
      console.log(
        `dev smoke passed: through Vite's proxy (${devUrl} → ${api.url}), ${created.length} tus uploads created and ` +
          `${patched.length} PATCHes answered; order ${reference} named them (${body.length} bytes, no file in it), ` +
          `the server adopted ${adopted} uploads, both files are stored with their sizes and SHA-256, ` +
          'and a clerk signed in to the inbox and found the order.',
      );
    } finally {
      db.close();
    }
  } finally {
    await browser.close();
  }
}

try {
  await main();
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
} finally {
  for (const child of children) child.kill('SIGTERM');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
