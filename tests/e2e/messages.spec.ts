// Messages on an order (docs/portal.md, "Messages on an order"), against a real server of the
// journey's own (the clerk's name set here would sign every later journey's answers): the
// customer writes from the order's page with a picture, a renamed text file refused beside its
// field; the clerk sees the unread count in the inbox list, opens the order, sets the name they
// sign with and answers; the customer reads the answer signed "Marie, <shop>" on the order's
// page, from the link in the mail that tells them (the link only, never the text). Then once in French on a phone at 390 px, by keyboard alone.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  emailed,
  expectNoViolations,
  png,
  quebecOrder,
  signInAt,
  STAFF_PASSWORD,
  startOwnServer,
  submitOrderByApi,
} from './helpers.js';

const DATA = 'e2e-messages-data';
const OUTBOX = path.resolve(`test-results/${DATA}/outbox`);
const MOCKUP = [{ name: 'Layout_1_Mockup_1.png', type: 'image/png', data: png(30, 90, 200) }];

let server: Awaited<ReturnType<typeof startOwnServer>>;

test.beforeAll(async () => {
  server = await startOwnServer(90, DATA);
});
test.afterAll(async () => server.stop());

/** The order's page, from the link in the quote the clerk sends it (by the API, as the quote room does). */
async function quotedOrderPage(orderId: string): Promise<string> {
  const session = await fetch(`${server.base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'clerc@shop.example', password: STAFF_PASSWORD }),
  });
  const cookie = String(session.headers.get('set-cookie')).split(';')[0]!;
  const sent = await fetch(`${server.base}/api/orders/${orderId}/quote/send`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      lines: [{ description: 'Gildan 5000, printed', quantity: 50, unitPriceCents: 1200, taxable: true }],
      confirmNoProofs: true,
    }),
  });
  expect(sent.status, await sent.clone().text()).toBe(201);
  const mail = await emailed(orderId, /(quote|soumission)/i, OUTBOX);
  return /https?:\/\/\S+\/o\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')![0];
}

const thread = (page: Page, heading: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: heading, level: 2 }) });

test('a customer sends a picture from the order’s page; the clerk sees it unread, answers in their name', async ({
  page,
  browser,
}) => {
  const order = await submitOrderByApi(server.base, quebecOrder('en', 'marie.messages@example.com'), MOCKUP);
  await page.goto(await quotedOrderPage(order.orderId));
  const customerThread = thread(page, 'Messages with the shop');
  await expect(customerThread.getByText('No messages yet.')).toBeVisible();

  // A text file named like a picture: the server reads its bytes and says why, beside the field.
  await customerThread.getByLabel('Your message').fill('Our new logo, for the front.');
  const attach = customerThread.getByLabel('Attach a picture or a PDF (optional)');
  await attach.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await customerThread.getByRole('button', { name: 'Send the message' }).click();
  await expect(
    customerThread.getByText('A file on a message must be a PNG, JPEG or WebP picture, or a PDF.'),
  ).toBeVisible();
  await expect(attach).toHaveAttribute('aria-invalid', 'true');
  await expectNoViolations(page, 'Order page: a file refused');

  // The real picture goes, and shows as the server's preview with its download.
  const logo = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#c0303a' } })
    .png()
    .toBuffer();
  await attach.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await customerThread.getByRole('button', { name: 'Send the message' }).click();
  const sent = customerThread.getByRole('listitem').filter({ hasText: 'Our new logo, for the front.' });
  await expect(sent.getByText('You', { exact: true })).toBeVisible();
  await expect(sent.getByRole('img', { name: 'Picture sent: logo.png' })).toBeVisible();
  expect(await sent.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(sent.getByRole('link', { name: /^Download logo\.png \([\d.]+ (bytes|KB)\)$/ })).toBeVisible();
  await expect(customerThread.getByLabel('Your message')).toHaveValue('');
  await expectNoViolations(page, 'Order page: a message with a picture');
  await customerThread.screenshot({ path: 'test-results/messages-order-page.png' });
  // The shop is told by a link to the inbox, never the text.
  const toShop = await emailed(order.orderId, /^New message from the customer/, OUTBOX);
  expect(toShop.text).toContain(`/inbox/orders/${order.orderId}`);
  expect(toShop.text).not.toContain('Our new logo');

  // The clerk: the list says the order has an unread message.
  const staffContext = await browser.newContext();
  const clerk = await staffContext.newPage();
  await signInAt(clerk, server.base, 'clerk@shop.example', 'Orders');
  const row = clerk.getByRole('row').filter({ hasText: order.reference });
  await expect(row.getByText('1 unread message', { exact: true })).toBeVisible();
  // "Needs attention" narrows the list to the orders with an unread message, kept in the address;
  // the list counts each order's pieces and its amount due.
  await clerk.getByLabel('Needs attention').selectOption({ label: 'Unread message' });
  await expect(clerk).toHaveURL(/[?&]flag=unread_message(&|$)/);
  await expect(row.getByText('1 unread message', { exact: true })).toBeVisible();
  await expect(clerk.getByRole('columnheader', { name: 'Pieces' })).toBeVisible();
  await expect(clerk.getByRole('columnheader', { name: 'Amount due' })).toBeVisible();
  await expectNoViolations(clerk, 'Inbox list with an unread message');
  await clerk.screenshot({ path: 'test-results/messages-inbox-list.png' });
  await row.getByRole('link', { name: order.reference }).click();
  const shopThread = thread(clerk, 'Messages with the customer');
  const received = shopThread.getByRole('listitem').filter({ hasText: 'Our new logo, for the front.' });
  await expect(received.getByText('The customer', { exact: true })).toBeVisible();
  await expect(received.getByRole('img', { name: 'Picture sent: logo.png' })).toBeVisible();

  // The name they sign with, then the answer.
  await shopThread.locator('summary', { hasText: 'Your name on messages' }).click();
  await shopThread.getByRole('textbox', { name: 'Your name on messages' }).fill('Marie');
  await shopThread.getByRole('button', { name: 'Save the name' }).click();
  await expect(shopThread.getByText('Name saved.')).toBeVisible();
  await shopThread.getByLabel('Your message').fill('Thank you, it prints well at 11 inches.');
  await shopThread.getByRole('button', { name: 'Send the message' }).click();
  // Signed for the other clerks too: with their name and the shop's.
  await expect(
    shopThread
      .getByRole('listitem')
      .filter({ hasText: 'Thank you, it prints well' })
      .getByText(/^Marie, \S/),
  ).toBeVisible();
  await expectNoViolations(clerk, 'Inbox order with its thread');
  await shopThread.screenshot({ path: 'test-results/messages-inbox-thread.png' });

  // Opening the order read the customer's message: the list has nothing unread any more.
  await clerk.getByRole('link', { name: '← All orders' }).click();
  await expect(clerk.getByRole('row').filter({ hasText: order.reference })).toBeVisible();
  await expect(
    clerk
      .getByRole('row')
      .filter({ hasText: order.reference })
      .getByText(/unread message/),
  ).toHaveCount(0);
  await staffContext.close();

  // The customer is mailed a link, and reads the answer signed with the clerk's name and the shop's.
  const toCustomer = await emailed(order.orderId, /^A message from .+ about order /, OUTBOX);
  expect(toCustomer.text).not.toContain('prints well');
  expect(toCustomer.text).toContain('Read the message and answer on the order’s page:');
  await page.goto(/https?:\/\/\S+\/o\/[A-Za-z0-9_-]{43}/.exec(toCustomer.text ?? '')![0]);
  const answer = thread(page, 'Messages with the shop')
    .getByRole('listitem')
    .filter({ hasText: 'Thank you, it prints well at 11 inches.' });
  await expect(answer.getByText(/^Marie, \S/)).toBeVisible();
});

test('in French on a phone at 390 px, by keyboard alone: a message from the order’s page', async ({ browser }) => {
  const order = await submitOrderByApi(server.base, quebecOrder('fr', 'marie.messages.fr@example.com'), MOCKUP);
  const link = await quotedOrderPage(order.orderId);
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    locale: 'fr-CA',
  });
  const p = await phone.newPage();
  await p.goto(link);
  const section = thread(p, 'Messages avec la boutique');
  await expect(section.getByText('Aucun message pour l’instant.')).toBeVisible();
  await expect(
    section.getByText(
      'La boutique est avisée par courriel et répond ici. Nous vous écrivons quand elle répond. Au plus 5\u00a0000\u00a0caractères.',
    ),
  ).toBeVisible();
  // Keyboard alone: into the box, type, on past the file field to the button, Enter.
  await section.getByLabel('Votre message').focus();
  await p.keyboard.type('Pouvez-vous livrer avant le 12\u00a0mai\u202f?');
  await p.keyboard.press('Tab');
  await expect(section.getByLabel('Joindre une image ou un PDF (facultatif)')).toBeFocused();
  await p.keyboard.press('Tab');
  await expect(section.getByRole('button', { name: 'Envoyer le message' })).toBeFocused();
  await p.keyboard.press('Enter');
  const sent = section.getByRole('listitem').filter({ hasText: 'Pouvez-vous livrer avant le 12\u00a0mai\u202f?' });
  await expect(sent.getByText('Vous', { exact: true })).toBeVisible();
  // Nothing wider than the phone.
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoViolations(p, 'Page de commande, messages à 390 px');
  await section.screenshot({ path: 'test-results/messages-fr-390.png' });
  await phone.close();
});
