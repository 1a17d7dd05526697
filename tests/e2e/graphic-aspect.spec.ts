// One number for stitches (docs/prices.md, "One number"): the form reads the view graphic's pixels
// and prices a square logo as square, where the location's usual proportions would say otherwise.
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import example from '../../src/shared/prices/example-price-list.json' with { type: 'json' };
import { STAFF_PASSWORD, startOwnServer } from './helpers.js';

let server: Awaited<ReturnType<typeof startOwnServer>>;
test.beforeAll(async () => {
  server = await startOwnServer(130, 'e2e-graphic-aspect-data');
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

test('a square logo 3.5" wide on the left chest is estimated at 3.5 × 3.5 in once its picture is read', async ({
  page,
}) => {
  const square = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#1e40af' } })
    .png()
    .toBuffer();
  await page.goto(server.base);
  await page.getByLabel('Mockup Options').selectOption('upload');
  const front = page.getByRole('group', { name: 'Front', exact: true });
  await front.getByLabel('Location').selectOption('left-chest');
  await front.getByLabel('Graphic Dimensions').fill('3.5" wide');
  await front.getByLabel('Decoration Method').selectOption('embroidery');
  await page.getByLabel('Garment Options').selectOption('pick');
  const garment = page.getByRole('group', { name: 'Garment Details' });
  await garment.getByLabel('Garment Type or SKU').fill('G5000');
  await garment.getByLabel('Color').fill('Black');
  await garment.getByRole('group', { name: 'Quantities by size' }).getByLabel('Quantity, size M').fill('24');
  const estimate = page.getByRole('region', { name: 'Price estimate' });
  // No picture yet: the left chest's usual 3.5 × 2 in.
  await expect(estimate.getByText(/7,000 stitches/).first()).toBeVisible();
  await front.getByLabel('Upload Graphic').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: square });
  await expect(estimate.getByText(/12,250 stitches/).first()).toBeVisible();
  await expect(estimate.getByText(/7,000 stitches/)).toHaveCount(0);
});
