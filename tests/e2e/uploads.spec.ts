// Files upload in the background as soon as they are chosen (tus), survive a cut connection
// and a reload, and the order that names them arrives whole.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type Page, type Request } from '@playwright/test';
import {
  expectNoViolations,
  fillBilling,
  filePath,
  png,
  referenceFromToast,
  storedOrder,
  successToast,
} from './helpers.js';

const UPLOAD = '/storage/v1/upload/resumable';
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const MiB = 1024 * 1024;

interface Seen {
  method: string;
  url: string;
  offset: number | null;
  at: number;
}

/** Every request to the upload endpoint, in order, with the offset a PATCH starts at. */
function watchUploads(page: Page): Seen[] {
  const seen: Seen[] = [];
  page.on('request', (r: Request) => {
    if (!new URL(r.url()).pathname.startsWith(UPLOAD)) return;
    const offset = r.headers()['upload-offset'];
    seen.push({
      method: r.method(),
      url: r.url(),
      offset: offset === undefined ? null : Number(offset),
      at: Date.now(),
    });
  });
  return seen;
}

/** Slows this page's uploads (bytes per second), or cuts its network, through Chromium's DevTools protocol. */
async function network(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const set = (offline: boolean, uploadBytesPerSecond: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: uploadBytesPerSecond,
    });
  return { set };
}

async function fillOrder(page: Page, email: string) {
  await page.getByLabel('Garment Options').selectOption('po');
  await page.getByRole('radio', { name: 'No' }).last().check();
  await fillBilling(page, email);
}

test('files upload while the customer types; the order names them and arrives whole', async ({ page }) => {
  const seen = watchUploads(page);
  const mockup = png(12, 34, 56);
  const po = randomBytes(3 * MiB);
  await page.goto('/');
  await page.getByLabel('Mockup Options').selectOption('upload');
  await page.getByLabel('Upload Mockup').setInputFiles({ name: 'mock.png', mimeType: 'image/png', buffer: mockup });
  await page.getByLabel('Garment Options').selectOption('po');
  await page.getByLabel('Upload PO').setInputFiles({ name: 'PO 77.pdf', mimeType: 'application/pdf', buffer: po });
  const items = page.getByRole('listitem');
  await expect(items.filter({ hasText: 'mock.png' }).getByText('Uploaded', { exact: true })).toBeVisible();
  await expect(items.filter({ hasText: 'PO 77.pdf' }).getByText('Uploaded', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'A file finished uploading.' })).toHaveCount(1);
  await expectNoViolations(page, 'files uploaded in the background');
  await page.getByRole('radio', { name: 'No' }).last().check();
  await fillBilling(page, 'uploads1@example.com');

  const clickedAt = Date.now();
  const orderRequest = page.waitForRequest('**/functions/v1/submit-order');
  await page.getByRole('button', { name: 'Submit Order' }).click();
  await expect(successToast(page)).toBeVisible();
  // Every byte went before the click, in two creations and two PATCHes; the order carried none.
  expect(seen.filter((s) => s.method === 'POST' && s.at < clickedAt)).toHaveLength(2);
  expect(seen.filter((s) => s.method === 'PATCH' && s.at < clickedAt)).toHaveLength(2);
  expect(seen.filter((s) => s.at >= clickedAt)).toEqual([]);
  const body = (await orderRequest).postDataBuffer()!;
  expect(body.length).toBeLessThan(10_000);
  expect(body.toString()).toContain(UPLOAD);

  const order = storedOrder(await referenceFromToast(page))!;
  expect(order.attachments.map((a) => [a.name, a.role, a.size, a.sha256])).toEqual([
    ['Layout_1_Mockup_1.png', 'mockup', mockup.length, sha(mockup)],
    ['PO 77.pdf', 'po', po.length, sha(po)],
  ]);
  expect(sha(fs.readFileSync(filePath(order.attachments[1]!.storage_key)))).toBe(sha(po));
  expect(order.document.layouts['1'].mockupImages).toEqual(['Layout_1_Mockup_1.png']);
});

test('a connection cut mid-file pauses, then resumes from the server offset; the stored SHA-256 matches', async ({
  page,
}) => {
  const seen = watchUploads(page);
  // 12 s of upload at 1 MiB/s: the cut comes while most of the file is still to go, so the
  // first PATCH cannot have finished (with 6 MiB it sometimes had, on a busy machine).
  const art = randomBytes(12 * MiB);
  const net = await network(page);
  await page.goto('/');
  await net.set(false, 1 * MiB);
  await page.getByLabel('Mockup Options').selectOption('upload');
  await page
    .getByLabel('Upload Mockup')
    .setInputFiles({ name: 'artwork.psd', mimeType: 'image/vnd.adobe.photoshop', buffer: art });
  const item = page.getByRole('listitem').filter({ hasText: 'artwork.psd' });
  await expect(item.getByText(/^Uploading ([1-4]\d)%$/)).toBeVisible({ timeout: 20_000 });

  await net.set(true, 1 * MiB);
  await expect(item.getByText('Paused until the connection is back', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Uploads paused until the connection is back.' }),
  ).toHaveCount(1);
  await fillOrder(page, 'uploads2@example.com');
  await net.set(false, -1);
  await expect(item.getByText('Uploaded', { exact: true })).toBeVisible({ timeout: 30_000 });

  // One upload only: the second PATCH started where the server said the first one stopped.
  const patches = seen.filter((s) => s.method === 'PATCH');
  expect(new Set(seen.map((s) => s.url.replace(/\/$/, '')).filter((u) => !u.endsWith(UPLOAD))).size).toBe(1);
  expect(seen.filter((s) => s.method === 'POST')).toHaveLength(1);
  expect(patches.length).toBeGreaterThanOrEqual(2);
  expect(patches[0]!.offset).toBe(0);
  expect(patches.at(-1)!.offset).toBeGreaterThan(art.length / 10);
  expect(seen.some((s) => s.method === 'HEAD')).toBe(true);

  await page.getByRole('button', { name: 'Submit Order' }).click();
  await expect(successToast(page)).toBeVisible();
  const order = storedOrder(await referenceFromToast(page))!;
  expect(order.attachments.map((a) => [a.name, a.size, a.sha256])).toEqual([
    ['Layout_1_Mockup_1.psd', art.length, sha(art)],
  ]);
  expect(sha(fs.readFileSync(filePath(order.attachments[0]!.storage_key)))).toBe(sha(art));
});

test('a reload mid-upload resumes the same upload from the draft; a submit waits for it', async ({ page }) => {
  const seen = watchUploads(page);
  const art = randomBytes(6 * MiB);
  const net = await network(page);
  await page.goto('/');
  await net.set(false, 1 * MiB);
  await page.getByLabel('Mockup Options').selectOption('upload');
  await page.getByLabel('Upload Mockup').setInputFiles({ name: 'big.tif', mimeType: 'image/tiff', buffer: art });
  await fillOrder(page, 'uploads3@example.com');
  const item = page.getByRole('listitem').filter({ hasText: 'big.tif' });
  await expect(item.getByText(/^Uploading ([2-9]\d)%$/)).toBeVisible({ timeout: 20_000 });
  const firstUrl = seen.find((s) => s.method === 'PATCH')!.url;
  await page.waitForTimeout(600); // the draft is written 300 ms after the last change

  // After the reload the resumed PATCH is held until the submit has been clicked, so the
  // button can be seen waiting for it.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${UPLOAD}/*`, async (route) => {
    if (route.request().method() === 'PATCH') await released;
    await route.continue();
  });
  await page.reload();
  await net.set(false, -1);
  await expect(page.getByText('We restored the order you had started on this device.')).toBeVisible();
  const header = page.getByRole('button', { name: 'Design Layout 1' });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await expect(page.getByText('big.tif', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Submit Order' }).click();
  await expect(page.getByRole('button', { name: 'Waiting for 1 upload…' })).toBeDisabled();
  release();
  await expect(successToast(page)).toBeVisible({ timeout: 30_000 });

  const after = seen.filter((s) => s.url === firstUrl && s.method === 'PATCH');
  expect(after.length).toBeGreaterThanOrEqual(2);
  expect(after.at(-1)!.offset).toBeGreaterThan(art.length / 10);
  expect(seen.filter((s) => s.method === 'POST')).toHaveLength(1);
  const order = storedOrder(await referenceFromToast(page))!;
  expect(order.attachments.map((a) => [a.name, a.size, a.sha256])).toEqual([
    ['Layout_1_Mockup_1.tif', art.length, sha(art)],
  ]);
  expect(sha(fs.readFileSync(filePath(order.attachments[0]!.storage_key)))).toBe(sha(art));
});

test('removing a file cancels its upload on the server', async ({ page }) => {
  const seen = watchUploads(page);
  await page.goto('/');
  await page.getByLabel('Mockup Options').selectOption('upload');
  await page
    .getByLabel('Upload Mockup')
    .setInputFiles({ name: 'gone.pdf', mimeType: 'application/pdf', buffer: randomBytes(100_000) });
  const item = page.getByRole('listitem').filter({ hasText: 'gone.pdf' });
  await expect(item.getByText('Uploaded', { exact: true })).toBeVisible();
  const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes(UPLOAD));
  await page.getByRole('button', { name: 'Remove gone.pdf' }).click();
  expect((await deleted).status()).toBe(204);
  expect(seen.map((s) => s.method)).toEqual(['POST', 'PATCH', 'DELETE']);
});

test('an upload the server no longer has when the order goes is sent again; the order arrives whole', async ({
  page,
  baseURL,
}) => {
  const seen = watchUploads(page);
  const po = randomBytes(300_000);
  await page.goto('/');
  await page.getByLabel('Garment Options').selectOption('po');
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(UPLOAD));
  await page.getByLabel('Upload PO').setInputFiles({ name: 'PO 9.pdf', mimeType: 'application/pdf', buffer: po });
  const answer = await created;
  const location = answer.headers().location!;
  // The page's secret for its upload (the server answers it at creation): only it may remove it.
  const secret = answer.headers()['upload-secret']!;
  const item = page.getByRole('listitem').filter({ hasText: 'PO 9.pdf' });
  await expect(item.getByText('Uploaded', { exact: true })).toBeVisible();
  // As if it had expired while the page stayed open: the server removes it.
  const removed = await fetch(new URL(new URL(location).pathname, baseURL), {
    method: 'DELETE',
    headers: { apikey: 'e2e-public-key', 'tus-resumable': '1.0.0', 'upload-secret': secret },
  });
  expect(removed.status).toBe(204);

  await page.getByRole('radio', { name: 'No' }).last().check();
  await fillBilling(page, 'expired-upload@example.com');
  await page.getByRole('button', { name: 'Submit Order' }).click();
  await expect(successToast(page)).toBeVisible();
  // Refused once (422, the upload unknown), sent again as a new upload, then the order.
  expect(seen.filter((s) => s.method === 'POST').map((s) => s.url)).toHaveLength(2);
  const order = storedOrder(await referenceFromToast(page))!;
  expect(order.attachments.map((a) => [a.name, a.size, a.sha256])).toEqual([['PO 9.pdf', po.length, sha(po)]]);
});
