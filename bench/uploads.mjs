// Background (tus) uploads against today's path (every byte sent after "Submit Order", in one
// multipart request), in the same run, through Debian's Chromium with its network emulation:
// (a) seconds from the click on Submit to the confirmation, for an order of one file uploaded
//     at UPLOAD_MBPS, the customer taking FILL_SECONDS to fill the form after choosing it;
// (b) bytes the server received in all when the connection is cut once at 50 % of the file
//     (a TCP relay in front of the server counts them and drops every connection), as a ratio
//     of the file's size.
// Usage: npm run build && node bench/uploads.mjs [file MB = 50] [upload Mbps = 20] [fill s = 25]
// The figures are 200 MB and 60 s; the defaults scale both down to keep a run short
// (the upload must still finish while the customer fills the form).
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startBuiltServer } from '../scripts/built-server.mjs';
import { fillBilling } from '../scripts/fill-billing.mjs';

const fileMb = Number(process.argv[2] ?? 50);
const mbps = Number(process.argv[3] ?? 20);
const fillSeconds = Number(process.argv[4] ?? 25);
const bytesPerSecond = (mbps * 1e6) / 8;
const file = randomBytes(fileMb * 1024 * 1024);
// Playwright passes a file of more than 50 MB to the page only by its path.
const fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-bench-uploads-'));
const filePath = path.join(fileDir, 'artwork.psd');
fs.writeFileSync(filePath, file);
process.on('exit', () => fs.rmSync(fileDir, { recursive: true, force: true }));

const executablePath = execSync('command -v chromium || command -v chromium-browser', { shell: '/bin/sh' })
  .toString()
  .trim()
  .split('\n')[0];

/** A relay that counts the bytes the browser sends to the server. */
async function relay(targetPort) {
  let received = 0;
  const open = new Set();
  const server = net.createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    const upstream = net.connect(targetPort, '127.0.0.1');
    client.on('data', (d) => (received += d.length));
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    received: () => received,
    reset: () => (received = 0),
    /** Drops every connection at once, as a train tunnel would. */
    cut: () => open.forEach((socket) => socket.destroy()),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function fillForm(page, email) {
  await page.getByLabel('Garment Options').selectOption('po');
  await page.getByRole('radio', { name: 'No' }).last().check();
  await fillBilling(page, email);
}

/** One customer: `background` false makes the upload endpoint unavailable, so today's path is used. */
async function customer(browser, baseUrl, { background, cutAt, counter }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (!background) await page.route('**/storage/v1/upload/resumable', (r) => r.fulfill({ status: 404, body: '' }));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const throttle = (offline) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: bytesPerSecond,
    });
  await page.goto(baseUrl);
  await throttle(false);
  counter.reset();
  await page.getByLabel('Mockup Options').selectOption('upload');
  await page.getByLabel('Upload Mockup').setInputFiles(filePath);
  const chosenAt = Date.now();
  await fillForm(page, `bench-${background ? 'tus' : 'today'}@example.com`);
  const cut = async () => {
    while (counter.received() < file.length * cutAt) await new Promise((r) => setTimeout(r, 20));
    counter.cut();
  };
  let clickedAt = Date.now();
  const toast = page.getByText('Thank you! Your order has been submitted successfully.');
  if (cutAt && background) {
    await cut();
  }
  const wait = chosenAt + fillSeconds * 1000 - Date.now();
  if (!cutAt && wait > 0) await new Promise((r) => setTimeout(r, wait));
  if (cutAt && !background) {
    await page.getByRole('button', { name: 'Submit Order' }).click();
    await cut();
    // Today: the order fails and the customer clicks again (every byte goes again), unless the
    // browser itself sends the request again on a fresh connection (the same bytes again).
    const failure = page.getByText('Failed to submit order. Please try again.');
    await failure.or(toast).waitFor({ timeout: 600_000 });
    if (await failure.isVisible()) {
      await page.getByRole('button', { name: 'Dismiss' }).first().click();
      await page.getByRole('button', { name: 'Submit Order' }).click();
    }
  } else {
    clickedAt = Date.now();
    await page.getByRole('button', { name: 'Submit Order' }).click();
  }
  await toast.waitFor({ timeout: 900_000 });
  const seconds = (Date.now() - clickedAt) / 1000;
  const ratio = counter.received() / file.length;
  await context.close();
  return { seconds, ratio };
}

const server = await startBuiltServer({
  PUBLIC_API_KEY: 'bench-public-key',
  MIN_FILL_SECONDS: '0',
  SUBMIT_RATE_LIMIT: '1000',
  ARTWORK_CHECKS: 'false',
});
const counter = await relay(server.port);
const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  console.log(
    `${fileMb} MB file, upload throttled to ${mbps} Mbps, ${fillSeconds} s of form filling after choosing it`,
  );
  const today = await customer(browser, counter.url, { background: false, counter });
  const tus = await customer(browser, counter.url, { background: true, counter });
  console.log(
    `(a) Submit click to confirmation: today's path ${today.seconds.toFixed(1)} s, background uploads ${tus.seconds.toFixed(1)} s`,
  );
  const todayCut = await customer(browser, counter.url, { background: false, cutAt: 0.5, counter });
  const tusCut = await customer(browser, counter.url, { background: true, cutAt: 0.5, counter });
  console.log(
    `(b) Bytes received after a cut at 50 %, as a ratio of the file: today's path ${todayCut.ratio.toFixed(2)}, background uploads ${tusCut.ratio.toFixed(2)}`,
  );
} finally {
  await browser.close();
  await counter.close();
  server.child.kill('SIGTERM');
}
