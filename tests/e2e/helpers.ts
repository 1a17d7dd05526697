import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { AxeBuilder } from '@axe-core/playwright';
import { Sqlite as Database } from '../../src/server/storage/sqlite-driver.js';
import { expect, type Page } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { OrderBody, OrderLayout } from '../../src/shared/order.js';

const dataDir = process.env.E2E_DATA_DIR ?? path.resolve('test-results/e2e-data');

/** The outbox of the shared server; a journey on a server of its own passes its own. */
const sharedOutbox = path.join(dataDir, 'outbox');

/** The email of this order whose subject matches, as the mail worker wrote it to the outbox. */
export async function emailed(orderId: string, subject: RegExp, outbox = sharedOutbox): Promise<ParsedMail> {
  let found: ParsedMail | null = null;
  await expect
    .poll(
      async () => {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.startsWith(orderId)) : [];
        for (const f of files) {
          const mail = await simpleParser(fs.readFileSync(path.join(outbox, f)));
          if (subject.test(mail.subject ?? '')) found = mail;
        }
        return found !== null;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** A stored layout, read as if it had every part; layout 1 does. */
type StoredLayout = Required<OrderLayout>;

export interface StoredOrder {
  id: string;
  reference: string;
  document: Omit<OrderBody, 'layouts'> & {
    layouts: Record<'1', StoredLayout> & Record<string, StoredLayout | undefined>;
  };
  attachments: {
    name: string;
    role: string;
    layout_number: number | null;
    view: string | null;
    media_type: string;
    size: number;
    sha256: string;
    storage_key: string;
  }[];
}

/** Reads an order straight from the server's SQLite file, as the shop's storage holds it. */
export function storedOrder(reference: string): StoredOrder | undefined {
  const db = new Database(path.join(dataDir, 'orders.sqlite'), { readonly: true });
  try {
    const order = db.prepare('select * from orders where reference = ?').get(reference) as
      { id: string; document: string } | undefined;
    if (!order) return undefined;
    const attachments = db
      .prepare('select * from attachments where order_id = ? order by position')
      .all(order.id) as StoredOrder['attachments'];
    return { id: order.id, reference, document: JSON.parse(order.document) as StoredOrder['document'], attachments };
  } finally {
    db.close();
  }
}

export function storedOrdersFor(email: string): number {
  const db = new Database(path.join(dataDir, 'orders.sqlite'), { readonly: true });
  try {
    return (db.prepare('select count(*) as n from orders where customer_email = ?').get(email) as { n: number }).n;
  } finally {
    db.close();
  }
}

export function filePath(storageKey: string): string {
  return path.join(dataDir, 'files', storageKey);
}

/** A valid 2×2 PNG of one colour: a real image the browser can preview. */
export function png(r: number, g: number, b: number): Buffer {
  const row = Buffer.from([0, r, g, b, r, g, b]);
  const raw = Buffer.concat([row, row]);
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function fillBilling(page: Page, email: string) {
  await page.getByLabel('First Name', { exact: true }).first().fill('Ada');
  await page.getByLabel('Last Name', { exact: true }).first().fill('Lovelace');
  await page.getByLabel('Company Name', { exact: true }).first().fill('Analytical Tees');
  await page.getByLabel('Address', { exact: true }).first().fill('1 Engine Rd');
  await page.getByLabel('City', { exact: true }).first().fill('Halifax');
  await page.getByLabel('Province', { exact: true }).first().selectOption('NS');
  await page.getByLabel('Postal Code', { exact: true }).first().fill('B3H 1A1');
  await page.getByLabel('Phone', { exact: true }).first().fill('902-555-0100');
  await page.getByLabel('Email', { exact: true }).fill(email);
}

export const successToast = (page: Page) =>
  page.getByRole('status').getByText('Thank you! Your order has been submitted successfully.', { exact: true });

export async function referenceFromToast(page: Page): Promise<string> {
  const text = await page
    .getByRole('status')
    .getByText(/Your order reference is/)
    .textContent();
  const reference = /([0-9A-Z]{4}-[0-9A-Z]{4})/.exec(text ?? '')?.[1];
  expect(reference).toBeTruthy();
  return reference!;
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** WCAG 2.2 AA as axe-core checks it: no violation in the page as it is now. */
export async function expectNoViolations(page: Page, state: string) {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  expect(summary, state).toEqual([]);
}

/** Sends an order as our client does (one multipart part per file) to the real server; returns its ids. */
export async function submitOrderByApi(
  baseURL: string,
  order: unknown,
  files: { name: string; type: string; data: Buffer }[],
): Promise<{ orderId: string; reference: string }> {
  const form = new FormData();
  form.append('order', JSON.stringify(order));
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  const res = await fetch(`${baseURL}/functions/v1/submit-order`, {
    method: 'POST',
    headers: { apikey: 'e2e-public-key' },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { orderId: string; reference: string };
}

/** The staff accounts tests/e2e/start-server.mjs creates share this password. */
export const STAFF_PASSWORD = 'e2e staff password 1';

/** Opens the inbox and signs in (in English) as a clerk; resolves once the order list shows. */
export async function signInToInbox(page: Page, email = 'clerk@shop.example') {
  await page.goto('/inbox');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
}

/**
 * A real server of the journey's own (the README's `npm start`, through start-server.mjs, with
 * the same staff accounts), on E2E_PORT + `offset` and a fresh data folder: for journeys that
 * change what every later journey would see, such as publishing a price list.
 */
export async function startOwnServer(offset: number, name: string, extraEnv: Record<string, string> = {}) {
  const { spawn } = await import('node:child_process');
  const { E2E_PORT } = await import('../../playwright.config.js');
  const port = E2E_PORT + offset;
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['tests/e2e/start-server.mjs'], {
    env: { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: path.resolve(`test-results/${name}`), ...extraEnv },
    stdio: 'ignore',
  });
  // Migrations and three password hashes take over a minute on a machine shared by many runs; a
  // server that never answers is stopped rather than left holding its port.
  await expect
    .poll(
      () =>
        fetch(`${base}/healthz`).then(
          (r) => r.status,
          () => 0,
        ),
      // A machine shared by many runs may take more than a minute to start it (seen: 100 s).
      { timeout: 150_000 },
    )
    .toBe(200)
    .catch((e: unknown) => {
      child.kill('SIGTERM');
      throw e;
    });
  return {
    base,
    // A server that has already gone is not waited for; one that has not gone 15 s after SIGTERM
    // is killed, so that a journey's end never hangs on it (the next journey needs the port).
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(force);
    },
  };
}

/** Signs in to the inbox of the server at `base`, in whatever language the account has. */
export async function signInAt(page: Page, base: string, email: string, heading: string) {
  await page.goto(`${base}/inbox`);
  await page.getByLabel(/^(Email|Courriel)$/).fill(email);
  await page.getByLabel(/^(Password|Mot de passe)$/).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: /^(Sign in|Se connecter)$/ }).click();
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
}

/** An order for Marie Curie in Montréal (taxes of Quebec), with one mockup named Layout_1_Mockup_1.png. */
export function quebecOrder(language: 'en' | 'fr', email: string) {
  return {
    language,
    layouts: {
      '1': {
        mockupOption: 'upload',
        garmentOption: 'pick',
        hasVectorFiles: 'yes',
        variations: [{ type: 'Gildan 5000', color: 'Black', sizes: 'S:10, M:20, L:20', supplyingGoods: 'no' }],
        files: [{ name: 'Layout_1_Mockup_1.png', type: 'image/png', role: 'mockup' }],
        mockupImages: ['Layout_1_Mockup_1.png'],
        viewData: {},
        billing: {
          firstName: 'Marie',
          lastName: 'Curie',
          companyName: 'Radium Apparel',
          address: '2 Rue Pierre',
          city: 'Montréal',
          province: 'QC',
          postalCode: 'H2X 1Y4',
          phone: '514-555-0101',
          email,
        },
        shipping: { sameAsBilling: true, localPickup: false },
        deadline: { hasCriticalDeadline: false, date: '' },
        jobNotes: '',
      },
    },
    isResalePartner: false,
    includePolyBags: false,
  };
}

/** A server of its own with the example price list published by the owner, as the Prices page would. */
export async function startServerWithExamplePrices(offset: number, name: string) {
  const { default: example } = await import('../../src/shared/prices/example-price-list.json', {
    with: { type: 'json' },
  });
  const server = await startOwnServer(offset, name);
  const signIn = await fetch(`${server.base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'clerk@shop.example', password: STAFF_PASSWORD }),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
  const published = await fetch(`${server.base}/api/prices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(example),
  });
  expect(published.status).toBe(201);
  return server;
}
