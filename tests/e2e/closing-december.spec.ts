// An owner closes December (docs/accounts.md, "Closing a period", "Write-offs"), against the real
// server on a port of its own (offset 160), its clock set by libfaketime and the browser's by
// Playwright: an order invoiced on December 15, 2026; on January 5, 2027 December is closed from
// the Accounts page; a cheque dated December 31 is refused for the closed month and recorded on
// today's date with the cheque's date in its note; the $0.50 left is written off as a bad debt by
// keyboard; and January's GST/HST return shows the relief on line 107. axe-clean at each step.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  emailed,
  expectNoViolations,
  png,
  quebecOrder,
  signInAt,
  startOwnServer,
  STAFF_PASSWORD,
  submitOrderByApi,
} from './helpers.js';

const NAME = 'e2e-closing-december-data';
const FAKETIME_LIB = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
const clockFile = path.resolve(`test-results/${NAME}-clock`);
let server: Awaited<ReturnType<typeof startOwnServer>>;
let orderId = '';

test.skip(!fs.existsSync(FAKETIME_LIB), 'libfaketime sets the server’s clock (apt-get install faketime)');

/** The server's clock from `at` (a local time of the server's zone, UTC here), running on. */
const serverClockAt = (at: string) => fs.writeFileSync(clockFile, `@${at}\n`);

const linkIn = (text: string) => /https?:\/\/\S+\/o\/([A-Za-z0-9_-]{43})/.exec(text)![1]!;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  fs.mkdirSync(path.dirname(clockFile), { recursive: true });
  // Noon in Toronto on December 15, 2026: the order is placed, quoted and approved (its invoice).
  serverClockAt('2026-12-15 17:00:00');
  server = await startOwnServer(160, NAME, {
    LD_PRELOAD: FAKETIME_LIB,
    FAKETIME_TIMESTAMP_FILE: clockFile,
    FAKETIME_NO_CACHE: '1',
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  });
  const base = server.base;
  const session = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'clerk@shop.example', password: STAFF_PASSWORD }),
  });
  expect(session.status).toBe(200);
  const cookie = session.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  ({ orderId } = await submitOrderByApi(base, quebecOrder('en', 'late-cheque@example.com'), [
    { name: 'Layout_1_Mockup_1.png', type: 'image/png', data: png(10, 40, 40) },
  ]));
  // $100.00 in Quebec: GST $5.00 and QST $9.98, $114.98 in all.
  const sent = await fetch(`${base}/api/orders/${orderId}/quote/send`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      lines: [{ description: 'Gildan 5000, printed', quantity: 10, unitPriceCents: 1000, taxable: true }],
      confirmNoProofs: true,
    }),
  });
  expect(sent.status, await sent.clone().text()).toBe(201);
  const mail = await emailed(orderId, /quote/i, path.resolve(`test-results/${NAME}/outbox`));
  const approved = await fetch(`${base}/api/o/${linkIn(mail.text ?? '')}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'Journey/1.0' },
    body: JSON.stringify({ version: (await sent.json()).version, fullName: 'Marie Curie', agree: true }),
  });
  expect(approved.status, await approved.clone().text()).toBe(200);
  // Ten in the morning in Toronto on January 5, 2027.
  serverClockAt('2027-01-05 15:00:00');
});

test.afterAll(async () => {
  await server?.stop();
});

test('an owner closes December, records a late cheque on today’s date, writes off $0.50 and finds it on line 107', async ({
  page,
}) => {
  // Five axe checks on a loaded machine: each can take a while.
  test.setTimeout(300_000);
  await page.clock.setFixedTime(new Date('2027-01-05T15:00:00Z'));
  await signInAt(page, server.base, 'clerk@shop.example', 'Orders');

  // December closed from the Accounts page.
  await page.goto(`${server.base}/inbox/accounts`);
  const periods = page.getByRole('region', { name: 'Closing periods' });
  await periods.getByLabel('Month').first().fill('2026-12');
  await periods.getByRole('button', { name: 'Close the month' }).click();
  await expect(periods.getByText('The books are closed through December 31, 2026.')).toBeVisible();
  await expectNoViolations(page, 'December closed');

  // The cheque dated December 31: refused for the closed month, then recorded on today's date.
  await page.goto(`${server.base}/inbox/orders/${orderId}`);
  await page.getByLabel('Amount ($)').fill('114.48');
  await page.getByLabel('Method').selectOption({ label: 'Cheque' });
  await page.getByLabel('Received on').fill('2026-12-31');
  await page.getByLabel('Reference (e-Transfer reference or cheque number)').fill('000123');
  await page.getByRole('button', { name: 'Record payment' }).click();
  const late = page.getByRole('button', {
    name: 'Record it on today’s date, with “Cheque dated December 31, 2026” in the note',
  });
  await expect(late).toBeVisible();
  await expectNoViolations(page, 'a cheque of a closed month refused');
  await late.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Cheque dated December 31, 2026').first()).toBeVisible();
  await expect(page.getByLabel('Received on')).toHaveValue('2027-01-05');

  // The $0.50 left, written off by keyboard: the dialog says what it does.
  const writeOff = page.getByRole('button', { name: 'Write off the balance ($0.50)' });
  await writeOff.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Write off the balance as a bad debt?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('$0.50 will no longer be asked of the customer.');
  await expectNoViolations(page, 'the write-off dialog');
  await dialog.getByLabel('Why is it written off?').fill('Rounding left by the late cheque');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Written off' })).toHaveText(
    'Written off: $0.50, of which $0.06 tax relieved.',
  );

  // January's GST/HST return: the GST in the $0.50 ($0.50 × 5 / 114.975 = $0.02) on line 107.
  await page.goto(`${server.base}/inbox/accounts?from=2027-01-01&to=2027-01-31`);
  const gst = page.getByRole('table', { name: /GST\/HST/ });
  await expect(gst.getByRole('row', { name: /^107 / })).toContainText('$0.02');
  await expectNoViolations(page, 'January’s tax returns');
});
