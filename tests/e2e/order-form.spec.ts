// The customer's journeys, against the real server and its real storage.
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  fillBilling,
  filePath,
  png,
  referenceFromToast,
  storedOrder,
  storedOrdersFor,
  successToast,
} from './helpers.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

test('one layout, every section filled, submitted once: success, reset, and the order in storage', async ({ page }) => {
  const mockup1 = png(200, 30, 30);
  const mockup2 = png(30, 200, 30);
  const artwork = Buffer.from('%PDF-1.4 vector artwork');
  const views = {
    Front: png(1, 2, 3),
    Back: png(4, 5, 6),
    'Left Sleeve': png(7, 8, 9),
    'Right Sleeve': png(10, 11, 12),
  };
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Place your order, your way!' })).toBeVisible();
  await expect(page.getByText('Complete the form below to submit your custom order', { exact: true })).toBeVisible();

  // Section A: upload path, mockups and four view graphics.
  await page.getByLabel('Mockup Options').selectOption('upload');
  const vector = page.getByRole('group', { name: 'Does your mockup include vector files?' });
  await expect(vector.getByRole('radio', { name: 'No' })).toBeChecked();
  await page.getByLabel('Upload Mockup').setInputFiles([
    { name: 'front-mockup.png', mimeType: 'image/png', buffer: mockup1 },
    { name: 'art.pdf', mimeType: 'application/pdf', buffer: artwork },
    { name: 'back-mockup.png', mimeType: 'image/png', buffer: mockup2 },
  ]);
  await expect(page.getByRole('img', { name: 'First mockup of Design Layout 1' })).toBeVisible();
  for (const [view, data] of Object.entries(views)) {
    const panel = page.getByRole('group', { name: view, exact: true });
    await expect(panel.getByText('No graphic uploaded')).toBeVisible();
    await panel
      .getByLabel('Upload Graphic')
      .setInputFiles({ name: `${view}.png`, mimeType: 'image/png', buffer: data });
    await expect(panel.getByRole('img', { name: `${view} graphic` })).toBeVisible();
    await panel.getByLabel('Graphic Dimensions').fill(`${view.length}" wide`);
    await panel.getByLabel('Decoration Method').selectOption(view === 'Front' ? 'embroidery' : 'dtf');
  }
  await expect(page.getByLabel('Graphic Dimensions').first()).toHaveAttribute('placeholder', /10" wide/);

  // Section B: pick path with two variations.
  await page.getByLabel('Garment Options').selectOption('pick');
  await expect(page.getByRole('button', { name: 'Remove Garment Variation' })).toHaveCount(0);
  const first = page.getByRole('group', { name: 'Garment Details' });
  await first.getByLabel('Garment Type or SKU').fill('Gildan 5000');
  await first.getByLabel('Color').fill('Black');
  await first.getByLabel('Sizes and Quantities').fill('S: 5, M: 10');
  await page.getByRole('button', { name: 'Add Another Garment Variation' }).click();
  const second = page.getByRole('group', { name: 'Variation #2' });
  await second.getByLabel('Garment Type or SKU').fill('Bella 3001');
  await second.getByRole('radio', { name: 'Yes' }).check();
  await second.getByLabel('Item PO').fill('PO-2026-17');
  await expect(page.getByRole('button', { name: 'Remove Garment Variation' })).toHaveCount(2);

  // No more layouts: the details, options and submit appear.
  await expect(page.getByRole('button', { name: 'Submit Order' })).toHaveCount(0);
  await page
    .getByRole('group', { name: 'Are there additional graphic layouts for this job?' })
    .getByRole('radio', { name: 'No' })
    .check();
  await fillBilling(page, 'journey1@example.com');
  await expect(page.getByLabel('Phone', { exact: true }).first()).toHaveAttribute('type', 'tel');
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Same as billing address')).toBeChecked();
  await page.getByLabel('Same as billing address').uncheck();
  const shipping = page.getByRole('group', { name: 'Shipping Address' });
  await shipping.getByLabel('First Name', { exact: true }).fill('Grace');
  await shipping.getByLabel('Last Name', { exact: true }).fill('Hopper');
  await shipping.getByLabel('Address', { exact: true }).fill('9 Harbour St');
  await shipping.getByLabel('City', { exact: true }).fill('Moncton');
  await shipping.getByLabel('Province', { exact: true }).selectOption('NB');
  await shipping.getByLabel('Postal Code', { exact: true }).fill('E1C 4B5');
  await page.getByLabel('Do you have a critical deadline?').selectOption('yes');
  await expect(
    page.getByText('Not all rush requests can be accommodated, but all dates past the 10-day turnaround will be met.'),
  ).toBeVisible();
  await page.getByLabel('Requested Completion Date').fill('2026-12-18');
  await expect(page.getByLabel('Job Notes and Additional Details')).toHaveAttribute(
    'placeholder',
    'Any additional information we should know about your order...',
  );
  await page.getByLabel('Job Notes and Additional Details').fill('Please match Pantone 186 C.');
  await page.getByLabel('Are you a resale partner of ours?').check();
  await page.getByLabel('Include biodegradable poly bags at $0.35 a piece').check();

  // A double click submits once.
  await page.getByRole('button', { name: 'Submit Order' }).dblclick();
  await expect(successToast(page)).toBeVisible();
  const reference = await referenceFromToast(page);

  // The form is back to its start.
  await expect(page.getByRole('heading', { name: /Design Layout/ })).toHaveCount(1);
  await expect(page.getByLabel('Mockup Options')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Submit Order' })).toHaveCount(0);
  await expect(page.getByLabel('Email', { exact: true })).toHaveCount(0);

  // The order, complete, in the server's storage.
  expect(storedOrdersFor('journey1@example.com')).toBe(1);
  const order = storedOrder(reference)!;
  expect(order.attachments.map((a) => [a.name, a.role, a.view])).toEqual([
    ['Layout_1_Mockup_1.png', 'mockup', null],
    ['art.pdf', 'mockup', null],
    ['Layout_1_Mockup_2.png', 'mockup', null],
    ['Layout_1_Front.png', 'view', 'Front'],
    ['Layout_1_Back.png', 'view', 'Back'],
    ['Layout_1_Left_Sleeve.png', 'view', 'Left Sleeve'],
    ['Layout_1_Right_Sleeve.png', 'view', 'Right Sleeve'],
  ]);
  const expected = [mockup1, artwork, mockup2, views.Front, views.Back, views['Left Sleeve'], views['Right Sleeve']];
  order.attachments.forEach((a, i) => {
    expect(a.sha256).toBe(sha(expected[i]!));
    expect(sha(fs.readFileSync(filePath(a.storage_key)))).toBe(sha(expected[i]!));
  });
  const layout = order.document.layouts['1'];
  // The form read the square picture, so it sends its proportions (docs/prices.md, "One number").
  expect(layout.viewData.Front).toEqual({
    image: 'Layout_1_Front.png',
    dimensions: '5" wide',
    decoration: 'embroidery',
    aspect: 1,
  });
  expect(layout.variations).toEqual([
    { type: 'Gildan 5000', color: 'Black', sizes: 'S: 5, M: 10', supplyingGoods: 'no', itemPO: '' },
    { type: 'Bella 3001', color: '', sizes: '', supplyingGoods: 'yes', itemPO: 'PO-2026-17' },
  ]);
  expect(layout.shipping).toMatchObject({
    sameAsBilling: false,
    localPickup: false,
    firstName: 'Grace',
    city: 'Moncton',
    province: 'NB',
  });
  expect(layout.deadline).toEqual({ hasCriticalDeadline: true, date: '2026-12-18' });
  expect(layout.jobNotes).toBe('Please match Pantone 186 C.');
  expect(order.document.isResalePartner).toBe(true);
  expect(order.document.includePolyBags).toBe(true);
});

test('three layouts, the open middle one removed: numbering, focus and data follow docs/product.md', async ({
  page,
}) => {
  await page.goto('/');
  const question = page.getByRole('group', { name: 'Are there additional graphic layouts for this job?' });
  await page.getByLabel('Mockup Options').selectOption('upload');

  await question.getByRole('radio', { name: 'Yes' }).click();
  await expect(page.getByRole('button', { name: 'Design Layout 2' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Design Layout 2' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'Design Layout 1' })).toHaveAttribute('aria-expanded', 'false');
  await page.getByLabel('Garment Options').selectOption('po');

  await question.getByRole('radio', { name: 'Yes' }).click();
  await expect(page.getByRole('button', { name: 'Design Layout 3' })).toBeFocused();
  await page.getByLabel('Mockup Options').selectOption('create');
  await expect(page.getByRole('heading', { name: 'Create a mockup using our Design Studio!' })).toBeVisible();
  const banner = page.getByRole('link', { name: 'Open our Design Studio (opens in a new tab)' });
  await expect(banner).toHaveAttribute('href', 'https://studio.example.com/');
  await expect(banner).toHaveAttribute('target', '_blank');
  await expect(banner).toHaveAttribute('rel', /noopener/);
  // The question is only on the last layout.
  await expect(question).toHaveCount(1);
  // Every layout has its Remove button.
  await expect(page.getByRole('button', { name: /^Remove Layout \d$/ })).toHaveCount(3);

  // Open the middle layout and remove it, saying yes when asked.
  await page.getByRole('button', { name: 'Design Layout 2' }).click();
  await expect(page.getByLabel('Garment Options')).toHaveValue('po');
  await page.getByRole('button', { name: 'Remove Layout 2', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Remove Design Layout 2?' })
    .getByRole('button', { name: 'Yes, remove it' })
    .click();

  await expect(page.getByRole('heading', { name: /Design Layout/ })).toHaveText([
    '1Design Layout 1',
    '2Design Layout 2',
  ]);
  const one = page.getByRole('button', { name: 'Design Layout 1' });
  await expect(one).toHaveAttribute('aria-expanded', 'true');
  await expect(one).toBeFocused();
  await expect(page.getByLabel('Mockup Options')).toHaveValue('upload');
  await expect(page.getByLabel('Garment Options')).toHaveValue('');
  // The former third layout kept its data under its new title.
  await page.getByRole('button', { name: 'Design Layout 2' }).click();
  await expect(page.getByLabel('Mockup Options')).toHaveValue('create');
  await expect(page.getByLabel('Garment Options')).toHaveValue('');
  // A new layout takes the next number of the counter, shown by position.
  await question.getByRole('radio', { name: 'Yes' }).click();
  await expect(page.getByRole('button', { name: 'Design Layout 3' })).toBeFocused();
  await expect(page.getByRole('button', { name: /^Remove Layout \d$/ })).toHaveCount(3);
  // Collapsing the open layout leaves none open.
  await page.getByRole('button', { name: 'Design Layout 3' }).click();
  await expect(page.getByRole('region')).toHaveCount(0);
});

test('the server failing: failure toast, the form kept as it was, then the same order goes through', async ({
  page,
}) => {
  const mockup = png(90, 90, 200);
  const po = Buffer.from('%PDF-1.4 purchase order');
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/');
  await page.getByLabel('Mockup Options').selectOption('upload');
  await page.getByLabel('Upload Mockup').setInputFiles({ name: 'mock.png', mimeType: 'image/png', buffer: mockup });
  await page.getByLabel('Garment Options').selectOption('po');
  await page.getByLabel('Upload PO').setInputFiles({ name: 'po.pdf', mimeType: 'application/pdf', buffer: po });
  await page.getByRole('radio', { name: 'No' }).last().check();
  await fillBilling(page, 'journey3@example.com');
  await page.getByLabel('Include biodegradable poly bags at $0.35 a piece').check();

  const failure = page.getByRole('alert').getByText('Failed to submit order. Please try again.', { exact: true });
  for (const fail of [
    (r: import('@playwright/test').Route) =>
      r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"x"}}' }),
    (r: import('@playwright/test').Route) =>
      r.fulfill({
        status: 422,
        contentType: 'application/json',
        body: '{"error":{"code":"invalid_order","message":"x"}}',
      }),
    (r: import('@playwright/test').Route) => r.abort('connectionreset'),
  ]) {
    await page.route('**/functions/v1/submit-order', fail);
    await page.getByRole('button', { name: 'Submit Order' }).click();
    await expect(failure).toBeVisible();
    await page.unroute('**/functions/v1/submit-order');
    // Everything is as it was, files included.
    await expect(page.getByLabel('Mockup Options')).toHaveValue('upload');
    await expect(page.getByText('mock.png')).toBeVisible();
    await expect(page.getByText('po.pdf')).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('journey3@example.com');
    await expect(page.getByLabel('Include biodegradable poly bags at $0.35 a piece')).toBeChecked();
    await page.getByRole('alert').getByRole('button', { name: 'Dismiss' }).click();
  }
  expect(errors.filter((e) => e.includes('Order submission failed'))).toHaveLength(3);
  expect(storedOrdersFor('journey3@example.com')).toBe(0);

  await page.getByRole('button', { name: 'Submit Order' }).click();
  await expect(successToast(page)).toBeVisible();
  const order = storedOrder(await referenceFromToast(page))!;
  expect(order.attachments.map((a) => [a.name, a.role, a.sha256])).toEqual([
    ['Layout_1_Mockup_1.png', 'mockup', sha(mockup)],
    ['po.pdf', 'po', sha(po)],
  ]);
});

test('an unknown path: the not-found page with status 404, the path logged', async ({ page }) => {
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found', { exact: true })).toBeVisible();
  await expect.poll(() => logs.some((l) => l.includes('/no/such/page'))).toBe(true);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Place your order, your way!' })).toBeVisible();
});

test('two orders from one page, without a reload: each goes with its own single-use form token', async ({ page }) => {
  const tokens: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/functions/v1/submit-order')) tokens.push(r.headers()['x-form-token'] ?? '');
  });
  await page.goto('/');
  const references: string[] = [];
  for (const round of [1, 2]) {
    await page.getByLabel('Mockup Options').selectOption('upload');
    await page
      .getByLabel('Upload Mockup')
      .setInputFiles({ name: `mock-${round}.png`, mimeType: 'image/png', buffer: png(round, 90, 200) });
    await page.getByLabel('Garment Options').selectOption('po');
    await page.getByLabel('Upload PO').setInputFiles({
      name: `po-${round}.pdf`,
      mimeType: 'application/pdf',
      buffer: Buffer.from(`%PDF-1.4 ${round}`),
    });
    await page.getByRole('radio', { name: 'No' }).last().check();
    await fillBilling(page, 'two-orders@example.com');
    await page.getByRole('button', { name: 'Submit Order' }).click();
    await expect(successToast(page)).toBeVisible();
    references.push(await referenceFromToast(page));
    await page.getByRole('status').getByRole('button', { name: 'Dismiss' }).click();
  }
  expect(new Set(references).size).toBe(2);
  expect(storedOrdersFor('two-orders@example.com')).toBe(2);
  expect(tokens).toHaveLength(2);
  expect(tokens.every(Boolean)).toBe(true);
  expect(tokens[0]).not.toBe(tokens[1]);
});

test('a form token the server no longer accepts: the failure says to reload, and the draft survives the reload', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByLabel('Mockup Options').selectOption('upload');
  await page
    .getByLabel('Upload Mockup')
    .setInputFiles({ name: 'mock.png', mimeType: 'image/png', buffer: png(9, 90, 200) });
  await page.getByLabel('Garment Options').selectOption('po');
  await page
    .getByLabel('Upload PO')
    .setInputFiles({ name: 'po.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 expired') });
  await page.getByRole('radio', { name: 'No' }).last().check();
  await fillBilling(page, 'expired-token@example.com');
  await page.waitForTimeout(600); // the draft is written 300 ms after the last change
  await page.route('**/functions/v1/submit-order', (r) =>
    r.fulfill({
      status: 400,
      contentType: 'application/json',
      body: '{"error":{"code":"form_token_expired","message":"This page was opened too long ago."}}',
    }),
  );
  await page.getByRole('button', { name: 'Submit Order' }).click();
  const alert = page.getByRole('alert');
  await expect(alert.getByText('Failed to submit order. Please try again.', { exact: true })).toBeVisible();
  await expect(alert.getByText(/This page has expired\. Please reload the page/)).toBeVisible();
  await page.unroute('**/functions/v1/submit-order');
  await page.reload();
  await expect(page.getByText('We restored the order you had started on this device.')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('expired-token@example.com');
  await page.getByRole('button', { name: 'Submit Order' }).click();
  await expect(successToast(page)).toBeVisible();
  expect(storedOrdersFor('expired-token@example.com')).toBe(1);
});
