// Blanks, on a server of its own (its price list names a supplier, which would change every other
// journey's estimates): an approved order whose garments the shop supplies shows on the To order
// list with the 2% overage; the clerk makes the purchase order, downloads its PDF and CSV, marks
// it sent, receives every line by keyboard-reachable fields, and the job's blanks are in.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import example from '../../src/shared/prices/example-price-list.json' with { type: 'json' };
import { pdfText } from '../support/pdf.js';
import {
  expectNoViolations,
  png,
  quebecOrder,
  signInAt,
  STAFF_PASSWORD,
  startOwnServer,
  submitOrderByApi,
} from './helpers.js';

let server: Awaited<ReturnType<typeof startOwnServer>>;
const DATA = 'e2e-purchasing-data';

test.beforeAll(async () => {
  server = await startOwnServer(45, DATA);
  // The owner (the first account) publishes the example list; the journey names its supplier.
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
});
test.afterAll(async () => server.stop());

/** The customer's link from the newest email of the order that carries one. */
async function tokenOf(orderId: string): Promise<string> {
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
  return token;
}

test('blanks to order become a purchase order, sent and received: the job’s blanks are in', async ({ page }) => {
  await signInAt(page, server.base, 'clerk@shop.example', 'Orders');
  // The owner names the Gildan's supplier and the supplier's style on the Prices page.
  await page.getByRole('link', { name: 'Prices' }).click();
  await page.getByLabel('G5000: Supplier', { exact: true }).fill('SanMar Canada');
  await page.getByLabel('G5000: Supplier’s style (SKU)').fill('G500-SM');
  await page.getByRole('button', { name: 'Publish as the next version' }).click();
  await expect(page.getByText('Published: price list v2 is in effect from now on.')).toBeVisible();

  const order = quebecOrder('en', 'blanks@example.com');
  order.layouts['1'].variations = [{ type: 'G5000', color: 'Black', sizes: 'S:10, M:20, L:20', supplyingGoods: 'no' }];
  const { orderId, reference } = await submitOrderByApi(server.base, order, [
    { name: 'Layout_1_Mockup_1.png', type: 'image/png', data: png(20, 20, 20) },
  ]);
  const headers = { origin: server.base };
  const sent = await page.request.post(`${server.base}/api/orders/${orderId}/quote/send`, {
    headers,
    data: {
      lines: [{ description: 'Tees', quantity: 50, unitPriceCents: 1200, taxable: true }],
      confirmNoProofs: true,
    },
  });
  expect(sent.status()).toBe(201);
  const approved = await fetch(`${server.base}/api/o/${await tokenOf(orderId)}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ version: 1, fullName: 'Marie Curie', agree: true }),
  });
  expect(approved.status).toBe(200);

  // The To order list: the Gildan by size, 2% of the style and colour's 50 (1 piece) on the largest size.
  await page.getByRole('link', { name: 'Blanks' }).click();
  await expect(page.getByRole('heading', { name: 'Blanks: to order and received' })).toBeVisible();
  const sanmar = page.getByRole('region', { name: 'SanMar Canada' });
  await expect(sanmar.getByRole('heading', { name: 'SanMar Canada: 51 pieces' })).toBeVisible();
  await expect(sanmar.getByRole('row', { name: /Gildan 5000 T-shirt G500-SM Black S 10 10/ })).toContainText(
    `${reference} (10)`,
  );
  await expect(sanmar.getByRole('row', { name: /Black M 20 20/ })).toBeVisible();
  await expect(sanmar.getByRole('row', { name: /Black L 20 21/ })).toBeVisible();
  // The shop's account number with SanMar, printed on its purchase orders from now on.
  await sanmar.getByLabel('Our account number with SanMar Canada').fill('88-41207');
  await sanmar.getByRole('button', { name: 'Save the account number' }).click();
  await expect(page.getByRole('status')).toHaveText('Account number with SanMar Canada saved.');
  await expectNoViolations(page, 'Blanks page with blanks to order');

  await sanmar.getByRole('button', { name: 'Make a purchase order to SanMar Canada' }).click();
  const year = new Date().getFullYear();
  const number = `PO-${year}-0001`;
  await expect(page.getByRole('status')).toHaveText(`Purchase order ${number} made.`);
  await expect(page.getByText('Nothing to order', { exact: false })).toBeVisible();
  const po = page.getByRole('article', { name: `${number} · SanMar Canada` });
  await expect(po.getByText(`For ${reference}`)).toBeVisible();
  await expect(po.getByText('Our account number: 88-41207')).toBeVisible();
  await expect(po.getByText(/^Needed by [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();

  // Its PDF and the supplier's CSV.
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    po.getByRole('link', { name: `${number} (PDF)` }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe(`${number}.pdf`);
  const text = pdfText(fs.readFileSync(await pdf.path()));
  expect(text).toContain('PURCHASE ORDER');
  expect(text).toMatch(/G500-SM\s+Gildan 5000 T-shirt\s+Black\s+L\s+21/);
  expect(text).toContain('Our account number: 88-41207');
  expect(text).toMatch(/Needed by: \d{4}-\d\d-\d\d/);
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    po.getByRole('link', { name: `${number} (CSV)` }).click(),
  ]);
  expect(fs.readFileSync(await csv.path(), 'utf8')).toBe(
    '"Style","Colour","Size","Quantity"\n"G500-SM","Black","S",10\n"G500-SM","Black","M",20\n"G500-SM","Black","L",21\n',
  );

  await po.getByRole('button', { name: 'Mark sent' }).click();
  await expect(page.getByRole('status')).toHaveText(`${number} marked sent.`);
  await expect(po.getByRole('button', { name: 'Mark sent' })).toHaveCount(0);

  // Receiving: the counts start empty ("Received now" is what the clerk counted); a damaged count
  // above what came is refused beside its box.
  await po.getByText('Receive a delivery').click();
  const small = po.getByRole('group', { name: 'G500-SM, Black, S' });
  await expect(small.getByLabel('Received now')).toHaveValue('');
  await small.getByLabel('Received now').fill('11');
  await small.getByLabel('Of which damaged').fill('12');
  await po.getByRole('button', { name: 'Record the delivery' }).click();
  await expect(small.getByText('More damaged than received.')).toBeVisible();
  await expect(small.getByLabel('Of which damaged')).toHaveAttribute('aria-invalid', 'true');
  await expectNoViolations(page, 'Blanks page with a receiving form refused');
  // More than the line can take (10 ordered and a margin of 12): the server's refusal, beside the box.
  await small.getByLabel('Of which damaged').fill('0');
  await small.getByLabel('Received now').fill('500');
  await po.getByRole('button', { name: 'Record the delivery' }).click();
  await expect(
    small.getByText('At most 22 good pieces can be received on this line in all (10 ordered, 0 received).'),
  ).toBeVisible();
  await expect(small.getByLabel('Received now')).toHaveAttribute('aria-invalid', 'true');
  await small.getByLabel('Received now').fill('11');
  // The first delivery: the medium and large whole, two small ones damaged, so the job is one small short.
  await po.getByRole('group', { name: 'G500-SM, Black, M' }).getByLabel('Received now').fill('20');
  await po.getByRole('group', { name: 'G500-SM, Black, L' }).getByLabel('Received now').fill('21');
  await small.getByLabel('Of which damaged').fill('2');
  await small.getByLabel('Short or damaged notes').fill('2 stained');
  await small.getByLabel('Short or damaged notes').press('Enter');
  await expect(page.getByRole('status')).toHaveText(`Delivery recorded on ${number}; the jobs’ blanks are updated.`);
  const waiting = page.getByRole('region', { name: 'Jobs still short' });
  await expect(waiting.getByRole('listitem')).toContainText('G5000, Black, S: 1 short');
  await expect(waiting.getByRole('link', { name: new RegExp(`^${reference}, due`) })).toBeVisible();
  const short = await page.request.get(`${server.base}/api/production/jobs/${orderId}`);
  expect(await short.json()).toMatchObject({
    readiness: { blanks: 'short' },
    blanksShort: [{ style: 'G5000', colour: 'Black', size: 'S', qty: 1 }],
  });
  await expect(po.getByRole('row', { name: /^G500-SM Black S 10 11 2 1 2 stained$/ })).toBeVisible();
  // The job's card on the scan page says what is still short.
  const scan = await page.context().newPage();
  await scan.goto(`${server.base}/inbox/jobs/${orderId}`);
  await expect(scan.getByText('Blanks: short, still short: 1 × G5000 Black S')).toBeVisible();
  await scan.close();

  // The second: two more small ones, counted.
  await po.getByText('Receive a delivery').click();
  await expect(small.getByLabel('Received now')).toHaveValue('');
  await small.getByLabel('Received now').fill('2');
  await po.getByRole('button', { name: 'Record the delivery' }).click();
  await expect(po.getByText('Everything received', { exact: false })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Jobs still short' })).toHaveCount(0);

  const job = await page.request.get(`${server.base}/api/production/jobs/${orderId}`);
  expect(((await job.json()) as { readiness: { blanks: string } }).readiness.blanks).toBe('in');
  await expectNoViolations(page, 'Blanks page with everything received');

  // Each step is in the order's history.
  await page.goto(`${server.base}/inbox/orders/${orderId}`);
  for (const line of [
    `Blanks on purchase order ${number} to SanMar Canada (50 pieces for this order)`,
    `Purchase order ${number} sent to SanMar Canada`,
    `Blanks received on ${number}: 52 pieces, 2 damaged; 1 still short for this order`,
    `Blanks received on ${number}: 2 pieces, 0 damaged; nothing short for this order`,
  ])
    await expect(page.getByText(line)).toBeVisible();
});

test('the Blanks page in French', async ({ page }) => {
  await signInAt(page, server.base, 'commis@shop.example', 'Commandes');
  await page.getByRole('link', { name: 'Vêtements' }).click();
  await expect(page.getByRole('heading', { name: 'Vêtements\u00a0: à commander et reçus' })).toBeVisible();
  const po = page.getByRole('article', { name: `PO-${new Date().getFullYear()}-0001 · SanMar Canada` });
  await expect(po.getByText('Tout est reçu', { exact: false })).toBeVisible();
  await expect(po.getByRole('columnheader', { name: 'Manquant' })).toBeVisible();
  await expectNoViolations(page, 'Blanks page in French');
});
