// Sizes from a team for an order already sent (docs/portal.md, Sizes from a team), against a real
// server of its own with the example price list published: the customer signs in to My orders by
// the mailed link on a 390 px phone and, by keyboard alone, starts a collection for one garment
// of an order not yet quoted; this browser forgets the members' link and makes a new one (the old
// one stops); three members enter their sizes on phones of their own; the organiser watches the
// entries, closes them, and reads that the order was updated, which the clerk's inbox shows with
// the names list. Then in French: the shop quotes before entries close, and the order stays.
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { Sqlite as Database } from '../../src/server/storage/sqlite-driver.js';
import {
  emailed,
  expectNoViolations,
  png,
  referenceFromToast,
  quebecOrder,
  signInAt,
  STAFF_PASSWORD,
  startServerWithExamplePrices,
  submitOrderByApi,
} from './helpers.js';

const DATA = 'e2e-team-sizes-portal-data';
const OUTBOX = path.resolve(`test-results/${DATA}/outbox`);
const MOCKUP = [{ name: 'Layout_1_Mockup_1.png', type: 'image/png', data: png(30, 90, 200) }];
const PHONE = { width: 390, height: 844 };

let server: Awaited<ReturnType<typeof startServerWithExamplePrices>>;
test.beforeAll(async () => {
  server = await startServerWithExamplePrices(105, DATA);
});
test.afterAll(async () => server.stop());

/** An order of two shop garments (the example list's G5000, in black and in white), sent by the API. */
function sentOrder(language: 'en' | 'fr', email: string) {
  const order = quebecOrder(language, email);
  order.layouts['1'].variations = [
    { type: 'G5000', color: 'Black', sizes: 'S:10', supplyingGoods: 'no' },
    { type: 'G5000', color: 'White', sizes: 'M:4', supplyingGoods: 'no' },
  ];
  return submitOrderByApi(server.base, order, MOCKUP);
}

/** Each variation's "Sizes and Quantities" of layout 1, as this server's SQLite file holds the order. */
function storedSizes(reference: string): string[] {
  const db = new Database(path.resolve(`test-results/${DATA}/orders.sqlite`), { readonly: true });
  try {
    const row = db.prepare('select document from orders where reference = ?').get(reference) as { document: string };
    const document = JSON.parse(row.document) as { layouts: Record<string, { variations: { sizes: string }[] }> };
    return document.layouts['1']!.variations.map((v) => v.sizes);
  } finally {
    db.close();
  }
}

/** A browser of its own on a 390 px phone (its own cookies and localStorage). */
async function phone(browser: Browser, locale = 'en-CA'): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale });
  return context.newPage();
}

const noSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

/** Asks My orders for a link and opens it from the mail the server wrote (the token only: the host is this server's). */
async function signIn(page: Page, email: string, orderId: string, fr = false) {
  await page.goto(`${server.base}/my-orders`);
  await page.getByLabel(fr ? 'Courriel' : 'Email').fill(email);
  await page.getByRole('button', { name: fr ? 'M’envoyer un lien' : 'Email me a link' }).click();
  await expect(page.getByRole('status')).toContainText(email);
  const mail = await emailed(orderId, /^(Your link to see your orders|Votre lien pour voir vos commandes)/, OUTBOX);
  const token = /#sign-in=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')![1]!;
  await page.goto(`${server.base}/my-orders#sign-in=${token}`);
  await expect(page.getByText(fr ? `Connecté avec ${email}` : `Signed in as ${email}`)).toBeVisible();
}

/** A member enters their size at /c/<link>. */
async function enter(member: Page, link: string, name: string, size: string, printName = '', printNumber = '') {
  await member.goto(link);
  await member.getByLabel('Your name').fill(name);
  await member.getByLabel('Size').selectOption(size);
  if (printName) await member.getByLabel('Name to print (optional)').fill(printName);
  if (printNumber) await member.getByLabel('Number to print (optional, up to 3 digits)').fill(printNumber);
  await member.getByRole('button', { name: 'Save my size' }).click();
  await expect(member.getByText('Your entry is saved. You can change it here until entries close.')).toBeVisible();
}

async function staffCookie(): Promise<string> {
  const session = await fetch(`${server.base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'clerk@shop.example', password: STAFF_PASSWORD }),
  });
  return String(session.headers.get('set-cookie')).split(';')[0]!;
}

test('from My orders, a customer collects a team’s sizes for a sent order; closing them updates the order the clerk reads', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const email = 'coach.lions@example.com';
  const sent = await sentOrder('en', email);
  const page = await phone(browser);
  await signIn(page, email, sent.orderId);

  const card = page.getByRole('region', { name: `Order ${sent.reference}` });
  const team = card.getByRole('region', { name: 'Sizes from a team' });
  // Keyboard alone: the button opens the form, focus goes to its first field.
  await team.getByRole('button', { name: 'Collect sizes from a team' }).focus();
  await page.keyboard.press('Enter');
  const garment = team.getByLabel('Garment');
  await expect(garment).toBeFocused();
  await expect(garment.getByRole('option')).toHaveText([
    'Layout 1: Gildan 5000 T-shirt, Black (now S:10)',
    'Layout 1: Gildan 5000 T-shirt, White (now M:4)',
  ]);
  await page.keyboard.press('ArrowDown');
  await expect(garment).toHaveValue('1:1');
  await page.keyboard.press('Tab');
  const title = team.getByLabel('Team or group name');
  await expect(title).toBeFocused();
  // No name: refused beside the field, which takes the focus.
  await page.keyboard.press('Enter');
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(title).toBeFocused();
  const titleError = await title.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${titleError}"]`)).not.toBeEmpty();
  await noSideScroll(page);
  await expectNoViolations(page, 'My orders: the form to start a collection, with its error');
  await page.keyboard.type('Lions U12');
  await page.keyboard.press('Enter');

  const collection = team.getByRole('region', { name: 'Lions U12: Gildan 5000 T-shirt' });
  await expect(collection.getByRole('heading', { name: 'Lions U12: Gildan 5000 T-shirt' })).toBeFocused();
  const linkBox = collection.getByLabel('Link for your team');
  await expect(linkBox).toHaveValue(new RegExp(`^${server.base}/c/[A-Za-z0-9_-]{43}$`));
  const firstLink = await linkBox.inputValue();
  await expect(collection.getByText('No entries yet.')).toBeVisible();
  await expect(collection.getByText(/^Entries are open until the end of /)).toBeVisible();

  // This browser forgets the link: it offers a new one, which stops the old.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(collection.getByText('This browser does not have the members’ link', { exact: false })).toBeVisible();
  await collection.getByRole('button', { name: 'Make a new link' }).focus();
  await page.keyboard.press('Enter');
  await expect(linkBox).toHaveValue(new RegExp(`^${server.base}/c/[A-Za-z0-9_-]{43}$`));
  const link = await linkBox.inputValue();
  expect(link).not.toBe(firstLink);
  await expectNoViolations(page, 'My orders: a collection open with its link');

  const ada = await phone(browser);
  const stale = await ada.goto(firstLink);
  expect(stale?.status()).toBe(404);
  await enter(ada, link, 'Ada Lovelace', 'M', 'LOVELACE', '10');
  await enter(await phone(browser), link, 'Émile Nelligan', 'L', '', '7');
  await enter(await phone(browser), link, 'Cy Young', 'L');

  // The organiser's list reads itself again while entries are open.
  const entries = collection.getByRole('table', { name: 'Lions U12 – 3 entries' });
  await expect(entries.getByRole('row')).toHaveCount(4, { timeout: 15_000 });
  await expect(entries.getByRole('row', { name: 'Ada Lovelace M LOVELACE 10' })).toBeVisible();
  await expect(entries.getByRole('row', { name: 'Émile Nelligan L 7' })).toBeVisible();
  await expect(entries.getByRole('row', { name: 'Cy Young L' })).toBeVisible();
  await expect(collection.getByText('By size: M:1, L:2')).toBeVisible();
  await noSideScroll(page);
  await page.screenshot({ path: 'test-results/team-sizes-portal-open.png', fullPage: true });
  await expectNoViolations(page, 'My orders: a collection with three entries');

  const estimate = card.getByText(/^Estimate on the form: /);
  const estimateBefore = (await estimate.textContent())!;
  await collection.getByRole('button', { name: 'Close entries now' }).focus();
  await page.keyboard.press('Enter');
  const outcome = collection.getByText('The order’s sizes were updated from 3 entries: M:1, L:2.');
  await expect(outcome).toBeVisible();
  await expect(outcome).toBeFocused();
  await expect(collection.getByText('Entries are closed.')).toBeVisible();
  await expect(collection.getByRole('button', { name: 'Close entries now' })).toHaveCount(0);
  await expect(collection.getByLabel('Link for your team')).toHaveCount(0);
  // The card reads the order again: the server priced it on the new sizes.
  await expect(estimate).not.toHaveText(estimateBefore);
  await expectNoViolations(page, 'My orders: the collection closed, the order updated');
  // It stays said after a reload; the members' page is closed.
  await page.reload();
  await expect(outcome).toBeVisible();
  await ada.reload();
  await expect(ada.getByText('Entries are closed: the organiser has the sizes.')).toBeVisible();

  // The order as stored: the white shirts' sizes and the names list; the black ones unchanged.
  expect(storedSizes(sent.reference)).toEqual(['S:10', 'M:1, L:2']);

  // The clerk reads the new sizes and the names with the layout.
  const clerk = await (await browser.newContext()).newPage();
  await signInAt(clerk, server.base, 'clerk@shop.example', 'Orders');
  await clerk.getByRole('link', { name: sent.reference }).click();
  const names = clerk.getByRole('table', { name: 'Names and numbers: 3 people' });
  await expect(names.getByRole('row', { name: 'Ada Lovelace M LOVELACE 10' })).toBeVisible();
  await expect(names.getByRole('row', { name: 'Émile Nelligan L 7' })).toBeVisible();
  await expect(names.getByRole('row', { name: 'Cy Young L' })).toBeVisible();
  await expect(clerk.getByRole('cell', { name: 'M:1, L:2' })).toBeVisible();
  await expect(clerk.getByRole('cell', { name: 'S:10' })).toBeVisible();
  await expect(
    clerk
      .getByRole('region', { name: 'History' })
      .getByText(
        'Team entries “Lions U12” closed: layout 1, garment 2 now has the sizes of 3 entries (M:1, L:2) and their names list',
      ),
  ).toBeVisible();
});

test('en français, à 390 px : la boutique envoie sa soumission avant la clôture, et la commande ne change pas', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = 'equipe.hiboux@example.com';
  const sent = await sentOrder('fr', email);
  const page = await phone(browser, 'fr-CA');
  await signIn(page, email, sent.orderId, true);

  const card = page.getByRole('region', { name: `Commande ${sent.reference}` });
  const team = card.getByRole('region', { name: 'Tailles d’une équipe' });
  await team.getByRole('button', { name: 'Recueillir les tailles d’une équipe' }).click();
  await team.getByLabel('Nom de l’équipe ou du groupe').fill('Hiboux');
  await team.getByRole('button', { name: 'Créer le lien' }).click();
  const collection = team.getByRole('region', { name: 'Hiboux\u00a0: Gildan 5000 T-shirt' });
  const link = await collection.getByLabel('Lien pour votre équipe').inputValue();
  await enter(await phone(browser), link, 'Louis Cyr', 'XL');
  await expect(collection.getByRole('table', { name: 'Hiboux – 1 inscription' })).toBeVisible({ timeout: 15_000 });
  await expectNoViolations(page, 'Mes commandes : une collecte ouverte');

  // The shop quotes while entries are open.
  const quoted = await fetch(`${server.base}/api/orders/${sent.orderId}/quote/send`, {
    method: 'POST',
    headers: { cookie: await staffCookie(), 'content-type': 'application/json' },
    body: JSON.stringify({
      lines: [{ description: 'Gildan 5000, imprimé', quantity: 14, unitPriceCents: 1200, taxable: true }],
      confirmNoProofs: true,
    }),
  });
  expect(quoted.status, await quoted.clone().text()).toBe(201);

  await collection.getByRole('button', { name: 'Fermer les inscriptions' }).click();
  await expect(
    collection.getByText(
      'La boutique a envoyé sa soumission avant la clôture des inscriptions, alors la commande n’a pas changé. Écrivez à la boutique ci-dessous si les tailles doivent changer.',
    ),
  ).toBeVisible();
  await expect(collection.getByText('Les inscriptions sont closes.')).toBeVisible();
  await expect(card.getByText('État\u00a0: Soumission envoyée')).toBeVisible();
  // No new collection once the order is quoted.
  await expect(team.getByRole('button', { name: 'Recueillir les tailles d’une équipe' })).toHaveCount(0);
  await noSideScroll(page);
  await page.screenshot({ path: 'test-results/team-sizes-portal-fr-quoted.png', fullPage: true });
  await expectNoViolations(page, 'Mes commandes : la soumission arrivée avant la clôture');
  expect(storedSizes(sent.reference)).toEqual(['S:10', 'M:4']);
});

test('an organiser sends the order from the form before entries close, then closes them in My orders', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.goto(server.base);
  await page.getByLabel('Mockup Options').selectOption('upload');
  const front = page.getByRole('group', { name: 'Front', exact: true });
  await front.getByLabel('Graphic Dimensions').fill('10" wide');
  await front.getByLabel('Decoration Method').selectOption('screen-printing');
  await front.getByLabel('Ink colours').selectOption('1');
  await page.getByLabel('Garment Options').selectOption('pick');
  const garment = page.getByRole('group', { name: 'Garment Details' });
  await garment.getByLabel('Garment Type or SKU').fill('G5000');
  await garment.getByLabel('Color').fill('Navy');
  await garment.getByRole('button', { name: 'Collect sizes from a team' }).click();
  const panel = page.getByRole('region', { name: 'Sizes from a team' });
  await panel.getByLabel('Team or group name').fill('Early birds');
  await panel.getByRole('button', { name: 'Create the link' }).click();
  const link = await panel.getByLabel('Link for your team').inputValue();
  await enter(await phone(browser), link, 'Ada Lovelace', 'M');
  await expect(panel.getByText('Sizes filled from 1 entry.')).toBeVisible({ timeout: 15_000 });

  // The organiser chooses to send now: the order does not wait for the entries to close.
  await panel.getByRole('checkbox', { name: 'Send the order before entries close' }).check();
  await page
    .getByRole('group', { name: 'Are there additional graphic layouts for this job?' })
    .getByRole('radio', { name: 'No' })
    .check();
  const email = 'early@example.com';
  await page.getByLabel('First Name', { exact: true }).first().fill('Jeanne');
  await page.getByLabel('Last Name', { exact: true }).first().fill('Mance');
  await page.getByLabel('Address', { exact: true }).first().fill('1 King St W');
  await page.getByLabel('City', { exact: true }).first().fill('Toronto');
  await page.getByLabel('Province', { exact: true }).first().selectOption('ON');
  await page.getByLabel('Postal Code', { exact: true }).first().fill('M5H 1A1');
  await page.getByLabel('Phone', { exact: true }).first().fill('416-555-0100');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Submit Order' }).click();
  await expect(page.getByText('Thank you! Your order has been submitted successfully.')).toBeVisible();
  const reference = await referenceFromToast(page);
  expect(storedSizes(reference)).toEqual(['M:1']);

  // A second member enters after the order went; the organiser closes the entries in My orders.
  await enter(await phone(browser), link, 'Bob Marley', 'L');
  const db = new Database(path.resolve(`test-results/${DATA}/orders.sqlite`), { readonly: true });
  const { id } = db.prepare('select id from orders where reference = ?').get(reference) as { id: string };
  db.close();
  await signIn(page, email, id);
  const card = page.getByRole('region', { name: `Order ${reference}` });
  await expect(card.getByRole('row', { name: 'Bob Marley L' })).toBeVisible({ timeout: 15_000 });
  await card.getByRole('button', { name: 'Close entries now' }).click();
  await expect(card.getByText('The order’s sizes were updated from 2 entries: M:1, L:1.')).toBeVisible();
  expect(storedSizes(reference)).toEqual(['M:1, L:1']);
  await expectNoViolations(page, 'My orders after the entries of an order sent early closed');
});
