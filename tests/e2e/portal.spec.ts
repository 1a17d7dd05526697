// A customer who comes back (docs/portal.md), against the real server: two past orders, quoted
// and approved, each with its deposit due; the customer asks for a link at My orders, opens it
// from the email the server wrote, and sees both orders with the amount due and how to pay, the
// same the order's own page shows; writes to the shop on one and reads the clerk's answer (sent
// by the inbox's API; the inbox's screen is tests/e2e/messages.spec.ts), signed with the clerk's
// email since the account has no name; the link works once.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { hasPoppler, pdfText } from '../support/pdf.js';
import { emailed, expectNoViolations, png, quebecOrder, STAFF_PASSWORD, submitOrderByApi } from './helpers.js';

const MOCKUP = [{ name: 'Layout_1_Mockup_1.png', type: 'image/png', data: png(30, 90, 200) }];
const EMAIL = 'marie.revient@example.com';

/** The clerk quotes 50 shirts at $12.00 (Quebec: $689.85) and the customer approves, by the API. */
async function quotedAndApproved(base: string, cookie: string, orderId: string) {
  const sent = await fetch(`${base}/api/orders/${orderId}/quote/send`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      lines: [{ description: 'Gildan 5000, printed', quantity: 50, unitPriceCents: 1200, taxable: true }],
      confirmNoProofs: true,
    }),
  });
  expect(sent.status, await sent.clone().text()).toBe(201);
  const mail = await emailed(orderId, /^Your quote for order/);
  const token = /\/o\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')![1]!;
  const approved = await fetch(`${base}/api/o/${token}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ version: 1, fullName: 'Marie Curie', agree: true }),
  });
  expect(approved.status).toBe(200);
}

test('a customer signs in by the emailed link and sees both past orders with what is due', async ({ page }) => {
  const base = test.info().project.use.baseURL!;
  const first = await submitOrderByApi(base, quebecOrder('en', EMAIL), MOCKUP);
  const second = await submitOrderByApi(base, quebecOrder('en', EMAIL), MOCKUP);
  const session = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'clerk@shop.example', password: STAFF_PASSWORD }),
  });
  const cookie = String(session.headers.get('set-cookie')).split(';')[0]!;
  await quotedAndApproved(base, cookie, first.orderId);
  await quotedAndApproved(base, cookie, second.orderId);

  await page.goto('/my-orders');
  await expect(page.getByRole('heading', { name: 'My orders' })).toBeVisible();
  await expectNoViolations(page, 'My orders: sign-in');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(page.getByRole('status')).toContainText(`If ${EMAIL} is on orders with us, a link is on its way.`);

  // The link goes with the newest order's mail; its token is in the fragment.
  const mail = await emailed(second.orderId, /^Your link to see your orders/);
  const link = /https?:\/\/\S+\/my-orders#sign-in=[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')![0];
  await page.goto(link);
  await expect(page.getByText(`Signed in as ${EMAIL}`)).toBeVisible();
  // The token leaves the address bar at once.
  expect(new URL(page.url()).hash).toBe('');

  const cards = page.locator('section.portal-order');
  await expect(cards).toHaveCount(2);
  // Newest first, each with its quote, what is due now and how to pay it.
  await expect(cards.nth(0).getByRole('heading', { level: 2 })).toHaveText(`Order ${second.reference}`);
  await expect(cards.nth(1).getByRole('heading', { level: 2 })).toHaveText(`Order ${first.reference}`);
  for (const i of [0, 1]) {
    await expect(cards.nth(i).getByText('Quote v1: $689.85')).toBeVisible();
    await expect(cards.nth(i).getByText('Deposit due: $344.93', { exact: true })).toBeVisible();
    await expect(cards.nth(i).getByText('Send $344.93 by Interac e-Transfer to orders@example.com.')).toBeVisible();
    await expect(cards.nth(i).getByRole('link', { name: /^Invoice \d{4}-\d{4} \(PDF\)$/ })).toBeVisible();
  }
  await expectNoViolations(page, 'My orders: two orders');

  // Their statement, downloaded from My orders: both orders' invoices, nobody else's.
  const statement = page.getByRole('region', { name: 'Your statement' });
  await statement.getByLabel('From').fill('2020-01-01');
  await statement.getByLabel('To').fill('2099-12-31');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    statement.getByRole('link', { name: 'Download the statement (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('statement-2020-01-01-2099-12-31.pdf');
  if (hasPoppler) {
    const text = pdfText(fs.readFileSync(await download.path())).replace(/\s+/g, ' ');
    expect(text).toContain('Period: January 1, 2020 to December 31, 2099');
    expect(text).toContain(first.reference);
    expect(text).toContain(second.reference);
    expect(text).toMatch(/2099-12-31 Closing balance \$1,379\.70/);
  }

  // A message to the shop on the older order; the shop's answer shows in the thread.
  const older = cards.nth(1);
  await older.getByText('Messages with the shop').click();
  await expect(older.getByText('No messages yet.')).toBeVisible();
  await older.getByLabel('Your message').fill('Same as last year, but 10 more in L.');
  await older.getByRole('button', { name: 'Send the message' }).click();
  await expect(older.getByText('Same as last year, but 10 more in L.')).toBeVisible();
  const answer = await fetch(`${base}/api/orders/${first.orderId}/messages`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ body: 'Noted: 10 more in L.' }),
  });
  expect(answer.status).toBe(201);
  await emailed(first.orderId, /^A message from .+ about order /);
  await page.reload();
  await cards.nth(1).getByText('Messages with the shop').click();
  await expect(cards.nth(1).getByText(/^clerk@shop\.example, \S/)).toBeVisible();
  await expect(cards.nth(1).getByText('Noted: 10 more in L.')).toBeVisible();
  await expectNoViolations(page, 'My orders: a thread open');

  // The order's own page says the same.
  await page.getByRole('link', { name: `Open the page of order ${first.reference}` }).click();
  await expect(page.getByRole('heading', { name: `Order ${first.reference}` })).toBeVisible();
  await expect(page.getByText('Deposit due: $344.93', { exact: true })).toBeVisible();

  // The link worked once: opened again (signed out), it says so and offers a new one.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(
    'This sign-in link has expired or was already used. Ask for a new one below.',
  );
  await expect(page.getByLabel('Email')).toBeVisible();
});

test('in French on a phone at 390 px, by keyboard alone: the same answer for an email with no orders', async ({
  browser,
}) => {
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    locale: 'fr-CA',
  });
  const p = await phone.newPage();
  await p.goto('/my-orders');
  await expect(p.getByRole('heading', { name: 'Mes commandes' })).toBeVisible();
  // The heading shows while the page asks whether a session exists; the form comes with the
  // answer (slow on a loaded machine, as in CI): Tab only once it is there.
  await expect(p.getByLabel('Courriel')).toBeVisible();
  // Keyboard alone: Tab to the field, type, Enter.
  await p.keyboard.press('Tab');
  await p.keyboard.press('Tab');
  await expect(p.getByLabel('Courriel')).toBeFocused();
  await p.keyboard.type('personne@example.com');
  await p.keyboard.press('Enter');
  await expect(p.getByRole('status')).toHaveText(
    'Si personne@example.com figure sur des commandes chez nous, un lien est en route. Il fonctionne une seule fois, pendant 15\u00a0minutes. Vérifiez vos courriels indésirables s’il n’arrive pas.',
  );
  // Nothing wider than the phone.
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoViolations(p, 'Mes commandes at 390 px');
  await phone.close();
});
