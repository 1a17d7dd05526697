// One order, one truth (docs/product.md, "Changing an order"), on a server
// of its own (offset 165: its price list names a supplier, which would change every other
// journey's estimates). An order of 2 tees is quoted from the list and approved; the shop buys its
// blanks (a purchase order); the clerk makes it 20 in "Edit order"; "Prepare a new version" starts
// from the order priced again and shows 2 → 20; the customer approves on their page; then the
// board, the job ticket, the Blanks page and the amended purchase order ("rev 2") all say 20.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import example from '../../src/shared/prices/example-price-list.json' with { type: 'json' };
import { hasPoppler, pdfText } from '../support/pdf.js';
import { png, quebecOrder, signInAt, STAFF_PASSWORD, startOwnServer, submitOrderByApi } from './helpers.js';

let server: Awaited<ReturnType<typeof startOwnServer>>;
const DATA = 'e2e-one-order-twenty-data';

// A loaded machine starts a server and draws a PDF slowly: the journey has room for it.
test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer(165, DATA);
  const signIn = await fetch(`${server.base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'clerk@shop.example', password: STAFF_PASSWORD }),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
  // The example list, its Gildan bought from SanMar Canada.
  const list = {
    ...example,
    garments: example.garments.map((g, i) => (i === 0 ? { ...g, supplier: 'SanMar Canada' } : g)),
  };
  const published = await fetch(`${server.base}/api/prices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(list),
  });
  expect(published.status).toBe(201);
});
test.afterAll(async () => server.stop());

/** The customer's link from the order's newest email that carries one. */
async function linkOf(orderId: string): Promise<string> {
  const outbox = path.resolve(`test-results/${DATA}/outbox`);
  let token = '';
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.startsWith(orderId)) : [];
        token =
          files
            .map((f) => /\/o\/([A-Za-z0-9_-]{43})/.exec(fs.readFileSync(path.join(outbox, f), 'utf8'))?.[1])
            .find(Boolean) ?? '';
        return token;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return `/o/${token}`;
}

test('a clerk changes an approved order from 2 to 20; the customer approves again; board, ticket, blanks and an amended PO say 20', async ({
  page,
  browser,
}) => {
  const base = server.base;
  await signInAt(page, base, 'clerk@shop.example', 'Orders');
  const order = quebecOrder('en', 'marie.twenty@example.com');
  Object.assign(order.layouts['1'], {
    variations: [{ type: 'G5000', color: 'Black', sizes: 'M:1, L:1', supplyingGoods: 'no' }],
    viewData: { Front: { image: '', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 } },
  });
  const { orderId, reference } = await submitOrderByApi(base, order, [
    { name: 'Layout_1_Mockup_1.png', type: 'image/png', data: png(30, 30, 200) },
  ]);
  const headers = { origin: base };

  // Quote v1: the order priced from the list, sent and approved.
  const state = await (await page.request.get(`${base}/api/orders/${orderId}/quote`)).json();
  const lines = (
    state.priced.lines as { description: string; quantity: number; unitPriceCents: number; needsPrice: boolean }[]
  )
    .filter((l) => !l.needsPrice)
    .map(({ description, quantity, unitPriceCents }) => ({ description, quantity, unitPriceCents, taxable: true }));
  const sent = await page.request.post(`${base}/api/orders/${orderId}/quote/send`, {
    headers,
    data: { lines, priceListVersion: state.priced.priceListVersion, confirmNoProofs: true },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const link = await linkOf(orderId);
  const approved = await page.request.post(`${base}/api${link}/approve`, {
    headers,
    data: { version: 1, fullName: 'Marie Curie', agree: true },
  });
  expect(approved.status()).toBe(200);

  // The shop buys the 2 blanks.
  await page.goto(`${base}/inbox/blanks`);
  const sanmar = page.getByRole('region', { name: 'SanMar Canada' });
  await sanmar.getByRole('button', { name: 'Make a purchase order to SanMar Canada' }).click();
  const number = `PO-${new Date().getFullYear()}-0001`;
  await expect(page.getByRole('status')).toHaveText(`Purchase order ${number} made.`);

  // The clerk makes it 20 in "Edit order".
  await page.goto(`${base}/inbox/orders/${orderId}`);
  await page.getByRole('button', { name: 'Edit order' }).click();
  const form = page.getByRole('region', { name: 'Edit order' });
  await form.getByLabel('Sizes and Quantities').fill('S:3, M:7, L:6, XL:4');
  await form.getByLabel('Why the order changes').fill('Marie called: the whole team wants one, 20 in all');
  await form.getByRole('button', { name: 'Save the new version' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The order was saved as version 2.' })).toBeVisible();

  // "Prepare a new version": the order priced again, and what changed from the approved version.
  await page.getByRole('button', { name: 'Prepare a new version' }).click();
  const editor = page.getByRole('form', { name: 'Quote editor' });
  await expect(editor.getByText(/^The order as it now stands, priced again from price list v\d+/)).toBeVisible();
  const changes = editor.getByRole('table', { name: /^What changed from version 1/ });
  const garment = changes.getByRole('row', { name: /Black/ }).first();
  await expect(garment.getByRole('cell').nth(1)).toHaveText('2 → 20');
  await editor.getByRole('button', { name: 'Send quote' }).click();
  await page.getByRole('button', { name: 'Send without proofs' }).click();
  await expect(page.getByText('Quote v2 sent to marie.twenty@example.com.')).toBeVisible();

  // The customer approves version 2 on their page.
  const customer = await browser.newContext();
  const c = await customer.newPage();
  await c.goto(`${base}${link}`);
  await expect(c.getByRole('heading', { name: 'Quote v2' })).toBeVisible({ timeout: 30_000 });
  await c.getByLabel('Full name').fill('Marie Curie');
  await c.getByLabel(/^I approve this quote/).check();
  await c.getByRole('button', { name: 'Approve' }).click();
  await expect(c.getByText(/^Approved by Marie Curie on .+ \(quote v2\)\.$/)).toBeVisible();
  await customer.close();

  // The board's card says 20.
  await page.goto(`${base}/inbox/production`);
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: reference }) })
    .first();
  await expect(card.getByText('20 pieces')).toBeVisible();

  // The ticket says 20.
  await page.goto(`${base}/inbox/orders/${orderId}`);
  const [ticket] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Print the job ticket (PDF)' }).click(),
  ]);
  const ticketPdf = fs.readFileSync(await ticket.path());
  if (hasPoppler) expect(pdfText(ticketPdf)).toContain('Pieces: 20');

  // The Blanks page: what the PO is short of for the 20 (the order's own need, per size); the
  // amended PO orders them with the overage.
  await page.goto(`${base}/inbox/blanks`);
  const changed = page.getByRole('region', { name: number });
  for (const [size, needed] of [
    ['S', 3],
    ['M', 7],
    ['L', 6],
    ['XL', 4],
  ] as const) {
    await expect(
      changed.getByText(new RegExp(`${reference}: .*Black, ${size}: ordered \\d+, needed now ${needed}`)),
    ).toBeVisible();
  }
  await changed.getByRole('button', { name: `Make an amended purchase order to ${number}` }).click();
  await expect(page.getByRole('status')).toHaveText(`Amended purchase order ${number} rev 2 made.`);
  const amended = page.getByRole('article', { name: `${number} rev 2 · SanMar Canada` });
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    amended.getByRole('link', { name: `${number} rev 2 (CSV)` }).click(),
  ]);
  const rows = fs
    .readFileSync(await csv.path(), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((r) => r.split(','));
  expect(rows.map((r) => [r[2], Number(r[3])])).toEqual([
    ['"S"', 3],
    ['"M"', 7],
    ['"L"', 6],
    ['"XL"', 5],
  ]);
  // 20 pieces and the 2% overage of the style and colour's 20 (1 piece, on the largest size).
  expect(rows.reduce((n, r) => n + Number(r[3]), 0)).toBe(21);
});
