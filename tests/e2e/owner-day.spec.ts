// The owner's first day, continued (docs/settings.md, docs/prices.md): from the checklist an
// owner uploads a logo and sees it on the form, imports SanMar Canada's price file with its own
// headers and a 40 % markup (previewed, then merged), publishes, and places a test order on the
// form: marked Test, no mail to its customer, no receipt or invoice number. On a server of its own.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoViolations, fillBilling, png, referenceFromToast, signInAt, startOwnServer } from './helpers.js';

const DATA = 'e2e-owner-day-data';
let server: Awaited<ReturnType<typeof startOwnServer>>;
test.beforeAll(async () => {
  server = await startOwnServer(75, DATA);
});
test.afterAll(async () => server.stop());

test('a new owner follows the checklist: logo, a supplier’s file at 40 %, and a test order that takes no number', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAt(page, server.base, 'clerk@shop.example', 'Orders');
  const checklist = page.getByRole('region', { name: 'Set up your shop' });
  const testStep = 'A test order: place one on the form (no mail to a customer, no invoice number)';
  await expect(checklist.getByRole('listitem').last()).toHaveText(`☐ ${testStep} (to do)`);

  // The logo, from the checklist's first step, then on the order form.
  await checklist.getByRole('link', { name: 'Shop details: name, address, tax numbers' }).click();
  await page.getByLabel('Logo (PNG or SVG, at most 1 MB)').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: png(29, 78, 216),
  });
  await expect(page.getByRole('status')).toHaveText('Logo saved on its own. The order form shows it now.');

  // SanMar Canada's file as published (STYLE#, PRODUCT_TITLE, COLOR_NAME, PIECE_PRICE…), at 40 %.
  await page.goto(`${server.base}/inbox`);
  await checklist.getByRole('link', { name: 'Price list: publish one' }).click();
  await page.getByRole('button', { name: 'Start from the example price list' }).click();
  await page.getByLabel('Markup (%)').fill('40');
  await page.getByLabel('Import garments from a CSV file').setInputFiles('tests/fixtures/suppliers/sanmar-canada.csv');
  const preview = page.getByRole('region', { name: 'What the import will change' });
  await expect(
    preview.getByText('SanMar Canada: 11 rows read. 2 to add, 0 to change, 0 to remove, 0 unchanged.'),
  ).toBeVisible();
  // Black's $4.18 (dearer than White's) × 1.40 = $5.85.
  await expect(preview.getByRole('row', { name: 'Added ATC1000 ATC Everyday Cotton Tee $5.85' })).toBeVisible();
  await expectNoViolations(page, 'a supplier import previewed');
  await preview.getByRole('button', { name: 'Apply to the price list' }).click();
  const garments = page.getByRole('table', { name: 'Garments in the price list' });
  // Merged: the example's G5000 stays beside SanMar's two styles, which keep supplier and SKU.
  await expect(garments.getByRole('row')).toHaveCount(4);
  await expect(garments.getByLabel('ATC1000: Unit price ($)')).toHaveValue('5.85');
  await expect(garments.getByLabel('ATC1000: Supplier', { exact: true })).toHaveValue('SanMar Canada');
  await expect(garments.getByLabel('ATCF2500: Supplier’s style (SKU)')).toHaveValue('ATCF2500');
  await page.getByRole('button', { name: 'Publish as the next version' }).click();
  await expect(page.getByText('Published: price list v1 is in effect from now on.')).toBeVisible();

  // The test order, on the form the checklist opens.
  await page.goto(`${server.base}/inbox`);
  await checklist.getByRole('link', { name: testStep }).click();
  await expect(page).toHaveURL(`${server.base}/?test=1`);
  await expect(page.getByRole('note')).toContainText('Test order: it is marked Test in the inbox');
  // The logo uploaded above heads the form (the 2 × 2 PNG, its text the shop's name).
  const logo = page.locator('.page-header').getByRole('img');
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  await page.getByLabel('Mockup Options').selectOption('upload');
  await page
    .getByLabel('Upload Mockup')
    .setInputFiles({ name: 'mock.png', mimeType: 'image/png', buffer: png(9, 9, 9) });
  await page.getByLabel('Garment Options').selectOption('po');
  await page.getByLabel('Upload PO').setInputFiles({
    name: 'po.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 test'),
  });
  await page.getByRole('radio', { name: 'No' }).last().check();
  await fillBilling(page, 'owner-testing@example.com');
  await page.getByRole('button', { name: 'Submit Order' }).click();
  const reference = await referenceFromToast(page);

  // Marked Test in the inbox; the checklist's last step is done.
  await page.goto(`${server.base}/inbox`);
  await expect(checklist.getByRole('listitem').last()).toHaveText(`☑ ${testStep} (done)`);
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row.getByText('Test', { exact: true })).toBeVisible();
  await row.getByRole('link', { name: reference }).click();
  await expect(page.getByText('Test order: its customer gets no mail')).toBeVisible();
  await expectNoViolations(page, 'a test order');
  const orderId = /\/inbox\/orders\/([0-9a-f-]{36})/.exec(page.url())![1]!;

  // No receipt number is taken (nor an invoice's), and the account stays empty.
  const paid = await page.request.post(`${server.base}/api/orders/${orderId}/payments`, {
    // Yesterday in UTC: never after the shop's today, whatever its time zone and the hour.
    data: {
      method: 'etransfer',
      amount: '10.00',
      receivedOn: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
    },
    headers: { origin: server.base },
  });
  expect(paid.status()).toBe(409);
  expect((await paid.json()).error.code).toBe('test_order');
  const account = await (await page.request.get(`${server.base}/api/orders/${orderId}/account`)).json();
  expect(account.invoices).toEqual([]);

  // The shop's notice goes out; nothing to the customer.
  const outbox = path.resolve(`test-results/${DATA}/outbox`);
  const mails = () =>
    fs.existsSync(outbox)
      ? fs
          .readdirSync(outbox)
          .filter((n) => n.startsWith(orderId))
          .map((n) => fs.readFileSync(path.join(outbox, n), 'utf8'))
      : [];
  await expect.poll(() => mails().length, { timeout: 20_000 }).toBeGreaterThan(0);
  expect(mails().filter((m) => /^To: .*owner-testing@example\.com/im.test(m))).toEqual([]);
});
