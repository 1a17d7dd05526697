// From quote to approval, against the real server: a clerk quotes an order shipped to Quebec
// with a proof and sends it; the customer opens the emailed link in a fresh browser, sees the
// proof and the total, approves with their name; the clerk sees Approved and the approval.
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoViolations, png, quebecOrder, submitOrderByApi, signInToInbox } from './helpers.js';

const outbox = path.join(process.env.E2E_DATA_DIR ?? path.resolve('test-results/e2e-data'), 'outbox');

/** The link in the customer's quote email, read from the outbox as the mail worker wrote it. */
async function emailedLink(orderId: string, subject: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.startsWith(orderId)) : [];
        for (const f of files) {
          const mail = await simpleParser(fs.readFileSync(path.join(outbox, f)));
          if (mail.subject === subject) link = /https?:\/\/\S+\/o\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0] ?? '';
        }
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}

async function clerkQuotes(page: Page, orderId: string, email: string, description: string) {
  await signInToInbox(page);
  await page.goto(`/inbox/orders/${orderId}`);

  await page.getByRole('button', { name: 'Prepare quote' }).click();
  await expect(page.getByText('Place of supply: QC (taxes of that province)')).toBeVisible();
  // An order without a decorated view gives the floor nothing to count (docs/production.md, Capacity).
  await expect(
    page.getByText('The floor cannot count this order’s pieces yet: no decorated view with readable quantities.'),
  ).toBeVisible();
  const line = page.getByRole('group', { name: 'Line 1' });
  await expect(line.getByLabel('Description')).toHaveValue(description);
  await expect(line.getByLabel('Quantity')).toHaveValue('50');
  await line.getByLabel('Unit price ($)').fill('12.00');
  const totals = page.getByRole('region', { name: 'Taxes and total, as the server computes them' });
  await expect(totals.getByRole('row', { name: 'Subtotal' })).toHaveText('Subtotal$600.00');
  await expect(totals.getByRole('row', { name: 'GST (5%)' })).toHaveText('GST (5%)$30.00');
  await expect(totals.getByRole('row', { name: 'QST (9.975%)' })).toHaveText('QST (9.975%)$59.85');
  await expect(totals.getByRole('row', { name: /^Total/ })).toHaveText('Total$689.85');

  await page.getByLabel('Upload a proof for Design Layout 1').setInputFiles({
    name: 'proof-front.png',
    mimeType: 'image/png',
    buffer: png(10, 160, 60),
  });
  await expect(page.getByText('proof-front.png uploaded.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'proof-front.png' })).toBeVisible();
  // A proof chosen by mistake is taken back before the quote goes.
  await page.getByLabel('Upload a proof for Design Layout 1').setInputFiles({
    name: 'wrong-proof.png',
    mimeType: 'image/png',
    buffer: png(200, 0, 0),
  });
  await expect(page.getByText('wrong-proof.png uploaded.')).toBeVisible();
  await page.getByRole('button', { name: 'Remove wrong-proof.png' }).click();
  await expect(page.getByText('wrong-proof.png removed.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'wrong-proof.png' })).toHaveCount(0);
  await expectNoViolations(page, 'quote editor');

  await page.getByRole('button', { name: 'Send quote' }).click();
  await expect(page.getByRole('status').getByText(`Quote v1 sent to ${email}.`)).toBeVisible();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('quoted');
  await expect(page.getByRole('cell', { name: 'Waiting for the customer' })).toBeVisible();
}

async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('a clerk quotes an order shipped to Quebec; the customer approves it from the emailed link', async ({
  page,
  browser,
}) => {
  const email = 'marie.quote@example.com';
  const { orderId, reference } = await submitOrderByApi(test.info().project.use.baseURL!, quebecOrder('en', email), [
    { name: 'Layout_1_Mockup_1.png', type: 'image/png', data: png(200, 30, 30) },
  ]);
  await clerkQuotes(page, orderId, email, 'Layout 1 · Gildan 5000, Black');
  const link = await emailedLink(orderId, `Your quote for order ${reference}`);

  // The customer, in a browser that has never seen the shop.
  const customer = await freshPage(browser);
  const c = customer.page;
  const response = await c.goto(link);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(c.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(c.getByRole('heading', { level: 1, name: `Order ${reference}` })).toBeVisible();
  await expect(c.getByRole('heading', { name: 'Quote v1' })).toBeVisible();
  await expect(c.getByRole('row', { name: /^GST \(5%\)/ })).toHaveText('GST (5%)$30.00');
  await expect(c.getByRole('row', { name: /^QST \(9\.975%\)/ })).toHaveText('QST (9.975%)$59.85');
  await expect(c.getByRole('row', { name: /^Total/ })).toHaveText('Total$689.85');
  await expect(c.getByText('GST/HST registration number: 123456782 RT0001')).toBeVisible();
  await expect(c.getByText('QST registration number: 1234567890 TQ0001')).toBeVisible();
  const proof = c.getByRole('img', { name: 'Proof: proof-front.png' });
  await expect(proof).toBeVisible();
  expect(await proof.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  await expect(c.getByRole('listitem').filter({ hasText: 'Quoted' })).toHaveAttribute('aria-current', 'step');
  await expectNoViolations(c, 'customer order page');

  // Approving needs the name and the box.
  await c.getByRole('button', { name: 'Approve' }).click();
  await expect(c.getByText('Type your full name to approve.')).toBeVisible();
  await expect(c.getByText('Check the box to approve these proofs and this quote.')).toBeVisible();
  await expect(c.getByLabel('Full name')).toBeFocused();
  await c.getByLabel('Full name').fill('Marie Curie');
  await c.getByLabel('I approve these proofs and this quote').check();
  await c.getByRole('button', { name: 'Approve' }).click();
  await expect(c.getByRole('status')).toHaveText('Thank you. Your approval is recorded and the shop has been told.');
  await expect(c.getByText(/^Approved by Marie Curie on .+ \(quote v1\)\.$/)).toBeVisible();
  await expect(c.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(c.getByRole('listitem').filter({ hasText: 'Approved' })).toHaveAttribute('aria-current', 'step');
  await expectNoViolations(c, 'customer order page after approval');
  await customer.context.close();

  // The clerk sees it.
  await page.reload();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('approved');
  await expect(page.getByText(/Quoted → Approved by the customer/)).toBeVisible();
  await expect(page.getByText(/^Quote v1 approved online by “Marie Curie”/)).toBeVisible();
  await expect(page.getByText(/^Approved by “Marie Curie” on /)).toBeVisible();
});

test('the same in French: the customer page shows 689,85 $ and approves in French', async ({ page, browser }) => {
  const email = 'marie.soumission@example.com';
  const { orderId, reference } = await submitOrderByApi(test.info().project.use.baseURL!, quebecOrder('fr', email), [
    { name: 'Layout_1_Mockup_1.png', type: 'image/png', data: png(30, 30, 200) },
  ]);
  // The suggested lines speak the customer's language: they are what the customer reads.
  await clerkQuotes(page, orderId, email, 'Design 1 · Gildan 5000, Noir');
  const link = await emailedLink(orderId, `Votre soumission pour la commande ${reference}`);

  const customer = await freshPage(browser);
  const c = customer.page;
  await c.goto(link);
  await expect(c.getByRole('heading', { level: 1, name: `Commande ${reference}` })).toBeVisible();
  await expect(c.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(c.getByRole('heading', { name: 'Soumission v1' })).toBeVisible();
  await expect(c.getByRole('row', { name: /^TPS/ })).toHaveText('TPS (5\u00a0%)30,00\u00a0$');
  await expect(c.getByRole('row', { name: /^TVQ/ })).toHaveText('TVQ (9,975\u00a0%)59,85\u00a0$');
  await expect(c.getByRole('row', { name: /^Total/ })).toHaveText('Total689,85\u00a0$');
  await expect(c.getByRole('img', { name: 'Épreuve\u00a0: proof-front.png' })).toBeVisible();
  await expectNoViolations(c, 'customer order page in French');
  // On the narrowest phone, in the longer language, the quote's four columns fit: the amounts
  // are not hidden behind a sideways scroll, and the page does not scroll sideways.
  for (const [width, language] of [
    [320, 'English'],
    [320, 'Français'],
    [390, 'Français'],
  ] as const) {
    await c.setViewportSize({ width, height: 800 });
    const switchTo = c.getByRole('button', { name: language });
    if (await switchTo.count()) await switchTo.click();
    const overflow = await c.evaluate(() => {
      const table = document.querySelector('.table-scroll')!;
      return [document.documentElement.scrollWidth - window.innerWidth, table.scrollWidth - table.clientWidth];
    });
    expect(overflow, `${width} px, ${language}`).toEqual([0, 0]);
  }
  await c.setViewportSize({ width: 1280, height: 800 });

  await c.getByLabel('Nom complet').fill('Marie Curie');
  await c.getByLabel('J’approuve ces épreuves et cette soumission').check();
  await c.getByRole('button', { name: 'Approuver' }).click();
  await expect(c.getByRole('status')).toHaveText(
    'Merci. Votre approbation est enregistrée et la boutique en a été avisée.',
  );
  // The switch shows the same page in English.
  await c.getByRole('button', { name: 'English' }).click();
  await expect(c.getByRole('row', { name: /^Total/ })).toHaveText('Total$689.85');
  await customer.context.close();

  await page.reload();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('approved');
  await expect(page.getByText(/^Quote v1 approved online by “Marie Curie”/)).toBeVisible();
});

test('a wrong link gets the not-found page, with nothing about any order', async ({ page }) => {
  const response = await page.goto(`/o/${'x'.repeat(43)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
});

test('a customer approving a quote the shop has just replaced is told so and shown the new one', async ({
  page,
  browser,
}) => {
  const email = 'marie.revised@example.com';
  const { orderId, reference } = await submitOrderByApi(test.info().project.use.baseURL!, quebecOrder('en', email), [
    { name: 'Layout_1_Mockup_1.png', type: 'image/png', data: png(90, 90, 90) },
  ]);
  await clerkQuotes(page, orderId, email, 'Layout 1 · Gildan 5000, Black');
  const link = await emailedLink(orderId, `Your quote for order ${reference}`);
  const customer = await freshPage(browser);
  const c = customer.page;
  await c.goto(link);
  await expect(c.getByRole('heading', { name: 'Quote v1' })).toBeVisible();

  // Meanwhile the clerk sends v2 at $11.00 a piece. The proof that went with v1 stays with it.
  await page.getByRole('button', { name: 'Prepare a new version' }).click();
  await expect(page.getByText('Sent with v1; kept.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove proof-front.png' })).toHaveCount(0);
  await page.getByRole('group', { name: 'Line 1' }).getByLabel('Unit price ($)').fill('11.00');
  await expect(page.getByRole('row', { name: /^Total/ }).first()).toHaveText('Total$632.36');
  await page.getByRole('button', { name: 'Send quote' }).click();
  await expect(page.getByRole('status').getByText(`Quote v2 sent to ${email}.`)).toBeVisible();

  await c.getByLabel('Full name').fill('Marie Curie');
  await c.getByLabel('I approve these proofs and this quote').check();
  await c.getByRole('button', { name: 'Approve' }).click();
  await expect(c.getByRole('alert')).toHaveText(
    'This quote was replaced by a newer one while you were reading it. Here is the current quote.',
  );
  await expect(c.getByRole('heading', { name: 'Quote v2' })).toBeVisible();
  await expect(c.getByRole('row', { name: /^Total/ })).toHaveText('Total$632.36');
  // Nothing was approved: the form is there for v2.
  await c.getByLabel('I approve these proofs and this quote').check();
  await c.getByRole('button', { name: 'Approve' }).click();
  await expect(c.getByRole('status')).toHaveText('Thank you. Your approval is recorded and the shop has been told.');
  await customer.context.close();
  await page.reload();
  await expect(page.getByText(/^Quote v2 approved online by “Marie Curie”/)).toBeVisible();
});

test('a BC order taxed line by line, bought for resale, sent without proofs: the customer approves the quote alone', async ({
  page,
  browser,
}) => {
  const email = 'bc.resale@example.com';
  const order = quebecOrder('en', email);
  order.layouts['1'].billing = {
    ...order.layouts['1'].billing,
    city: 'Vancouver',
    province: 'BC',
    postalCode: 'V6B 1A1',
  };
  const { orderId, reference } = await submitOrderByApi(test.info().project.use.baseURL!, order, [
    { name: 'Layout_1_Mockup_1.png', type: 'image/png', data: png(40, 160, 40) },
  ]);
  await signInToInbox(page);
  await page.goto(`/inbox/orders/${orderId}`);
  await page.getByRole('button', { name: 'Prepare quote' }).click();
  await expect(page.getByText('Place of supply: BC (taxes of that province)')).toBeVisible();

  // Each line has the taxes of BC to be exempt from (no QST here), and its own total.
  const line = (n: number) => page.getByRole('group', { name: `Line ${n}`, exact: true });
  const taxes = (n: number) => page.getByRole('group', { name: `Taxes on line ${n}` });
  await expect(taxes(1).getByRole('checkbox')).toHaveCount(4);
  await expect(taxes(1).getByLabel('Exempt from GST/HST')).not.toBeChecked();
  await expect(taxes(1).getByLabel('Exempt from PST')).not.toBeChecked();
  await expect(taxes(1).getByLabel('Exempt from QST')).toHaveCount(0);
  await line(1).getByLabel('Unit price ($)').fill('12.00');
  await expect(line(1).getByText('Line total: $600.00 (taxes: GST, PST)')).toBeVisible();

  // Youth tees: children's clothing pays no BC PST.
  await page.getByRole('button', { name: 'Add a line' }).click();
  await line(2).getByLabel('Description').fill('Youth tees, printed on the front with the school crest');
  await line(2).getByLabel('Quantity').fill('10');
  await line(2).getByLabel('Unit price ($)').fill('8.00');
  await taxes(2).getByLabel('Children’s clothing').check();
  await expect(line(2).getByText('Line total: $80.00 (taxes: GST)')).toBeVisible();
  // A design fee exempt from the GST/HST (and so from every tax charged in BC here).
  await page.getByRole('button', { name: 'Add a line' }).click();
  await line(3).getByLabel('Description').fill('Design fee');
  await line(3).getByLabel('Unit price ($)').fill('50');
  await taxes(3).getByLabel('Exempt from GST/HST').check();
  await taxes(3).getByLabel('Exempt from PST').check();
  await expect(line(3).getByText('Line total: $50.00 (no tax)')).toBeVisible();

  const totals = page.getByRole('region', { name: 'Taxes and total, as the server computes them' });
  await expect(totals.getByRole('row', { name: 'Subtotal' })).toHaveText('Subtotal$730.00');
  await expect(totals.getByRole('row', { name: 'GST (5%)' })).toHaveText('GST (5%)$34.00');
  await expect(totals.getByRole('row', { name: 'PST (7%)' })).toHaveText('PST (7%)$42.00');
  await expect(totals.getByRole('row', { name: /^Total/ })).toHaveText('Total$806.00');

  // A purchase for resale: the customer's PST number, refused beside the field until it is one.
  const pst = page.getByLabel('Purchase for resale: PST number');
  await pst.fill('#!');
  await expect(page.getByText('Enter the customer’s PST number as it appears on their registration')).toBeVisible();
  await expect(pst).toHaveAttribute('aria-invalid', 'true');
  await pst.fill('PST-1234-5678');
  await expect(pst).not.toHaveAttribute('aria-invalid');
  await expect(totals.getByRole('row', { name: 'PST (7%)' })).toHaveCount(0);
  await expect(
    totals.getByRole('row', { name: /^PST exempt: purchase for resale, PST number PST-1234-5678/ }),
  ).toBeVisible();
  await expect(totals.getByRole('row', { name: /^Total/ })).toHaveText('Total$764.00');
  await expect(line(1).getByText('Line total: $600.00 (taxes: GST)')).toBeVisible();
  await expectNoViolations(page, 'quote editor with line taxes and a resale number');

  // No proof uploaded: sending asks first. Escape goes back with nothing sent.
  await page.getByRole('button', { name: 'Send quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send without proofs?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('The customer will approve the quote only.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send without proofs' })).toBeFocused();
  await expectNoViolations(page, 'the send-without-proofs dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('new');
  await page.getByRole('button', { name: 'Send quote' }).click();
  await dialog.getByRole('button', { name: 'Send without proofs' }).click();
  await expect(page.getByRole('status').getByText(`Quote v1 sent to ${email}.`)).toBeVisible();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('quoted');

  // The customer reads which taxes each line pays, and the exemption; they approve the quote alone.
  const link = await emailedLink(orderId, `Your quote for order ${reference}`);
  const customer = await freshPage(browser);
  const c = customer.page;
  await c.goto(link);
  await expect(c.getByRole('heading', { name: 'Quote v1' })).toBeVisible();
  await expect(c.getByRole('row', { name: /^Layout 1 · Gildan 5000/ })).toContainText('Taxes: GST');
  await expect(c.getByRole('row', { name: /^Youth tees/ })).toContainText('Taxes: GST');
  await expect(c.getByRole('row', { name: /^Design fee/ })).toContainText('No tax');
  await expect(c.getByText('PST exempt: purchase for resale, PST number PST-1234-5678.')).toBeVisible();
  await expect(c.getByRole('row', { name: /^Total/ })).toHaveText('Total$764.00');
  await expect(c.getByText('No proofs came with this quote.')).toBeVisible();
  await expect(c.getByLabel('I approve these proofs and this quote')).toHaveCount(0);
  await c.getByLabel('Full name').fill('Marie Curie');
  await c.getByRole('button', { name: 'Approve' }).click();
  await expect(c.getByText('Check the box to approve this quote.')).toBeVisible();
  await expect(c.getByLabel('I approve this quote')).toBeFocused();
  await expectNoViolations(c, 'customer order page, quote without proofs');
  await c.getByLabel('I approve this quote').check();
  await c.getByRole('button', { name: 'Approve' }).click();
  await expect(c.getByRole('status')).toHaveText('Thank you. Your approval is recorded and the shop has been told.');
  await customer.context.close();
});
