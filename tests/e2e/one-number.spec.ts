// One number for stitches and prices (docs/prices.md, "One number"), on a
// server of its own with a price list of 1,200 stitches a square inch: decorations entered in the
// real form (a square logo on the left chest, a wide one across the back, a transfer on a sleeve)
// read the same stitches, transfer size and cents on the form's estimate, in the inbox's "Prepare
// quote", and the same stitches and transfer size on the job ticket (which has no prices).
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import example from '../../src/shared/prices/example-price-list.json' with { type: 'json' };
import type { StaffQuoteState } from '../../src/shared/quote-api.js';
import { hasPoppler, pdfText } from '../support/pdf.js';
import { emailed, fillBilling, referenceFromToast, signInAt, STAFF_PASSWORD, startOwnServer } from './helpers.js';

const DATA = 'e2e-one-number-data';
const list = structuredClone(example);
list.methods.embroidery.stitchesPerSquareInch = 1200;

let server: Awaited<ReturnType<typeof startOwnServer>>;
let cookie = '';
test.beforeAll(async () => {
  server = await startOwnServer(35, DATA);
  const signIn = await fetch(`${server.base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'clerk@shop.example', password: STAFF_PASSWORD }),
  });
  cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
  const published = await fetch(`${server.base}/api/prices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(list),
  });
  expect(published.status).toBe(201);
});
test.afterAll(async () => server?.stop());

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1e40af' } })
    .png()
    .toBuffer();

/** What the journey enters, and the numbers worked out by hand (size × 1,200, rounded up). */
const DECORATIONS = [
  // 3.5 × 3.5 in
  {
    view: 'Front',
    location: 'left-chest',
    size: '3.5" wide',
    method: 'embroidery',
    pixels: [600, 600],
    shows: 'about 14,700 stitches',
    ticket: /Estimated stitches\s+14,700/,
  },
  // 6 × 2 in
  {
    view: 'Back',
    location: 'full-back',
    size: '6" wide',
    method: 'embroidery',
    pixels: [900, 300],
    shows: 'about 14,400 stitches',
    ticket: /Estimated stitches\s+14,400/,
  },
  {
    view: 'Right Sleeve',
    location: 'sleeve',
    size: '3 x 2 in',
    method: 'dtf',
    pixels: null,
    shows: '3" longest side',
    ticket: /Transfer size\s+3 in/,
  },
] as const;

test('the stitches and cents the form shows are the inbox quote’s, and the ticket’s stitches', async ({
  page,
  browser,
}) => {
  await page.goto(server.base);
  await page.getByLabel('Mockup Options').selectOption('upload');
  for (const d of DECORATIONS) {
    const panel = page.getByRole('group', { name: d.view, exact: true });
    await panel.getByLabel('Location').first().selectOption(d.location);
    if (d.pixels)
      await panel
        .getByLabel('Upload Graphic')
        .first()
        .setInputFiles({
          name: `${d.location}.png`,
          mimeType: 'image/png',
          buffer: await picture(d.pixels[0], d.pixels[1]),
        });
    await panel.getByLabel('Graphic Dimensions').first().fill(d.size);
    await panel.getByLabel('Decoration Method').first().selectOption(d.method);
  }
  await page.getByLabel('Garment Options').selectOption('pick');
  const garment = page.getByRole('group', { name: 'Garment Details' });
  await garment.getByLabel('Garment Type or SKU').fill('G5000');
  await garment.getByLabel('Color').fill('Black');
  await garment.getByRole('group', { name: 'Quantities by size' }).getByLabel('Quantity, size M').fill('24');

  // The form: each decoration's line, its numbers and its cents.
  const estimate = page.getByRole('region', { name: 'Price estimate' });
  const formCents: string[] = [];
  for (const d of DECORATIONS) {
    const line = estimate.getByRole('listitem').filter({ hasText: d.shows });
    await expect(line).toHaveCount(1);
    formCents.push((await line.locator('.num').textContent())!.trim());
  }
  const formTotal = (await estimate.getByRole('row', { name: /^Estimated total/ }).textContent())!.replace(
    'Estimated total',
    '',
  );

  await page
    .getByRole('group', { name: 'Are there additional graphic layouts for this job?' })
    .getByRole('radio', { name: 'No' })
    .check();
  await fillBilling(page, 'one-number@example.com');
  await page.getByRole('button', { name: 'Submit Order' }).click();
  const reference = await referenceFromToast(page);

  // The inbox's "Prepare quote": the same lines, numbers and cents.
  const clerk = await (await browser.newContext()).newPage();
  await signInAt(clerk, server.base, 'clerk@shop.example', 'Orders');
  await clerk.getByRole('link', { name: reference }).click();
  await clerk.getByRole('button', { name: 'Prepare quote' }).click();
  // The editor draws its lines, then each line's total once priced: read them once all are drawn.
  await expect(clerk.getByRole('row', { name: `Total ${formTotal.trim()}` })).toBeVisible();
  const readLines = () =>
    clerk.locator('fieldset.quote-line').evaluateAll((sets) =>
      sets.map((s) => ({
        description: s.querySelector('textarea')!.value,
        total: s.querySelector('.quote-line-total strong')?.textContent ?? '',
      })),
    );
  await expect.poll(async () => (await readLines()).every((l) => l.total !== '')).toBe(true);
  const lines = await readLines();
  DECORATIONS.forEach((d, i) => {
    const line = lines.filter((l) => l.description.includes(d.shows));
    expect(line, d.shows).toHaveLength(1);
    expect(line[0]!.total).toBe(formCents[i]);
  });

  // Sent as suggested and approved by the customer: the job ticket says the same numbers.
  const orderId = /\/inbox\/(?:orders\/)?([0-9a-f-]{36})/.exec(clerk.url())?.[1];
  expect(orderId, clerk.url()).toBeTruthy();
  const staff = { 'content-type': 'application/json', cookie };
  const state = (await (
    await fetch(`${server.base}/api/orders/${orderId}/quote`, { headers: staff })
  ).json()) as StaffQuoteState;
  const sent = await fetch(`${server.base}/api/orders/${orderId}/quote/send`, {
    method: 'POST',
    headers: staff,
    body: JSON.stringify({
      lines: state.priced!.lines.map((l) => ({
        description: l.description,
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents,
        taxable: l.taxable,
      })),
      confirmNoProofs: true,
    }),
  });
  expect(sent.status, await sent.clone().text()).toBe(201);
  const mail = await emailed(orderId!, /quote/i, path.resolve(`test-results/${DATA}/outbox`));
  const token = /\/o\/([A-Za-z0-9_-]{43})/.exec(String(mail.text))![1]!;
  const approved = await fetch(`${server.base}/api/o/${token}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ version: 1, fullName: 'Ada Lovelace', agree: true }),
  });
  expect(approved.status, await approved.clone().text()).toBe(200);
  const ticket = await clerk.request.get(`${server.base}/api/production/jobs/${orderId}/ticket.pdf`);
  expect(ticket.status()).toBe(200);
  test.skip(!hasPoppler, 'poppler-utils not installed: the ticket is not read');
  const text = pdfText(await ticket.body());
  for (const d of DECORATIONS) expect(text).toMatch(d.ticket);
});
