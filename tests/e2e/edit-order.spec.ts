// One order, one truth (docs/product.md, "Changing an order"), against the real server: an order of 2 tees is quoted and
// approved and becomes a job of 2 pieces; the clerk opens "Edit order" in the inbox, makes it 20
// (S 3, M 7, L 6, XL 4) with a reason, and saves version 2; the approval is withdrawn (the order is
// New again, the history says why); a quote of version 2 is sent and the customer approves it on
// their page; then the board's card and the job ticket say 20 pieces.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { hasPoppler, pdfText } from '../support/pdf.js';
import { emailed, expectNoViolations, png, quebecOrder, signInToInbox, submitOrderByApi } from './helpers.js';

const MOCKUP = [{ name: 'Layout_1_Mockup_1.png', type: 'image/png', data: png(30, 30, 200) }];

test('a clerk changes an approved order from 2 to 20 pieces; the customer approves again; the board and ticket say 20', async ({
  page,
  browser,
  baseURL,
}) => {
  const order = quebecOrder('en', 'marie.versions@example.com');
  Object.assign(order.layouts['1'], {
    variations: [{ type: 'Gildan 5000', color: 'Black', sizes: 'M:1, L:1', supplyingGoods: 'no' }],
    viewData: { Front: { image: '', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 } },
  });
  const { orderId, reference } = await submitOrderByApi(baseURL!, order, MOCKUP);
  await signInToInbox(page);
  const send = async (quantity: number) => {
    const sent = await page.request.post(`/api/orders/${orderId}/quote/send`, {
      headers: { origin: baseURL! },
      data: {
        lines: [{ description: 'Tees printed', quantity, unitPriceCents: 1200, taxable: true }],
        confirmNoProofs: true,
      },
    });
    expect(sent.status()).toBe(201);
  };
  await send(2);
  const mail = await emailed(orderId, /^Your quote for order/);
  const link = /(\/o\/[A-Za-z0-9_-]{43})/.exec(mail.text ?? '')![1]!;
  const approved = await page.request.post(`/api${link}/approve`, {
    headers: { origin: baseURL! },
    data: { version: 1, fullName: 'Marie Curie', agree: true },
  });
  expect(approved.status()).toBe(200);

  // The job: 2 pieces on the board.
  const card = () =>
    page
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name: reference }) })
      .first();
  await page.goto('/inbox/production');
  await expect(card().getByText('2 pieces')).toBeVisible();

  // The clerk edits the order: 20 pieces, with a reason.
  await page.goto(`/inbox/orders/${orderId}`);
  await page.getByRole('button', { name: 'Edit order' }).click();
  const form = page.getByRole('region', { name: 'Edit order' });
  await expect(form.getByRole('group', { name: 'Layout 1' })).toBeVisible();
  await form.getByLabel('Sizes and Quantities').fill('S:3, M:7, L:6, XL:4');
  // No reason: refused beside the field, nothing saved.
  await form.getByRole('button', { name: 'Save the new version' }).click();
  await expect(form.getByRole('alert')).toContainText('Say why the order changes');
  await expect(form.getByLabel('Why the order changes')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Why the order changes').fill('Marie called: the whole team wants one, 20 in all');
  await expectNoViolations(page, 'edit order');
  await form.getByRole('button', { name: 'Save the new version' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The order was saved as version 2.' })).toBeVisible();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('new');
  await expect(
    page.getByText(
      'Order changed: version 2. Why: Marie called: the whole team wants one, 20 in all. The customer’s approval is withdrawn: send a new quote to approve',
    ),
  ).toBeVisible();
  // Until the customer approves again, the floor still makes the 2 approved.
  await page.goto('/inbox/production');
  await expect(card().getByText('2 pieces')).toBeVisible();

  // The customer's page shows the order as it now stands and says a new quote follows.
  const customer = await browser.newContext();
  const c = await customer.newPage();
  await c.goto(link);
  await expect(
    c.getByText(
      'The shop changed your order (version 2): what you see below is the order as it now stands. A new quote follows for you to approve.',
    ),
  ).toBeVisible();
  await expect(c.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // A quote of version 2; the customer approves it on their page.
  await send(20);
  await c.reload();
  await expect(c.getByRole('heading', { name: 'Quote v2' })).toBeVisible();
  await c.getByLabel('Full name').fill('Marie Curie');
  await c.getByLabel(/^I approve this quote/).check();
  await c.getByRole('button', { name: 'Approve' }).click();
  await expect(c.getByText(/^Approved by Marie Curie on .+ \(quote v2\)\.$/)).toBeVisible();
  await customer.close();

  // The board and the ticket say 20.
  await page.goto('/inbox/production');
  await expect(card().getByText('20 pieces')).toBeVisible();
  await page.goto(`/inbox/orders/${orderId}`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Print the job ticket (PDF)' }).click(),
  ]);
  const pdf = fs.readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  if (hasPoppler) {
    const text = pdfText(pdf);
    expect(text).toContain('Pieces: 20');
    expect(text).toMatch(/Pieces\s+20/);
    expect(text).not.toMatch(/Pieces\s+2\b/);
  } else console.log('edit-order.spec: poppler-utils not installed; the ticket’s text is not read');
});
