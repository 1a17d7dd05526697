// Paying the deposit online by card, on a server of its own pointed at the local Stripe stand-in
// (tests/support/stripe-stand-in.ts, reached by the official SDK through STRIPE_API_URL): the
// owner turns card payments on for deposits and balances on the Accounts page; a customer on a
// 390 px phone presses Pay on the order's page, lands on the stand-in's checkout page, pays,
// comes back to "Processing" and sees "Payment received" within 10 s of the signed webhook; the
// inbox and the account agree. A clerk then refunds part of it from the payments panel: an amount
// no credit note can match is refused with the ones that can, Stripe's refusal is shown beside the
// form, and the refund is recorded with its credit note. Axe-clean at each step.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  startStripeStandIn,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
  type StripeStandIn,
} from '../support/stripe-stand-in.js';
import { expectNoViolations, png, quebecOrder, signInAt, startOwnServer, submitOrderByApi } from './helpers.js';

const DATA = 'e2e-pay-online-data';
const WEBHOOK_DELAY_MS = 1500;
let server: Awaited<ReturnType<typeof startOwnServer>>;
let stripe: StripeStandIn;

test.beforeAll(async () => {
  stripe = await startStripeStandIn({ webhookDelayMs: WEBHOOK_DELAY_MS });
  // The server's child process takes the environment of this one.
  process.env.STRIPE_SECRET_KEY = TEST_SECRET_KEY;
  process.env.STRIPE_WEBHOOK_SECRET = TEST_WEBHOOK_SECRET;
  process.env.STRIPE_API_URL = stripe.url;
  try {
    server = await startOwnServer(85, DATA);
  } finally {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    delete process.env.STRIPE_API_URL;
  }
  stripe.webhookUrl = `${server.base}/api/payments/stripe/webhook`;
});
test.afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

/** The order's link from its newest email that carries one. */
async function linkOf(orderId: string): Promise<string> {
  const outbox = path.resolve(`test-results/${DATA}/outbox`);
  let token = '';
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.startsWith(orderId)) : [];
        token =
          files
            .map((f) => /\/o\/([A-Za-z0-9_-]{43})/.exec(fs.readFileSync(path.join(outbox, f), 'utf8'))?.[1])
            .find(Boolean) ?? '';
        return token;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return `${server.base}/o/${token}`;
}

test('a customer on a phone pays the deposit by card and sees it received; the inbox agrees', async ({
  page,
  browser,
}) => {
  await signInAt(page, server.base, 'clerk@shop.example', 'Orders');
  await page.getByRole('link', { name: 'Accounts' }).click();
  await page.getByLabel('Pay online by card (Stripe)').selectOption({ label: 'Deposits and balances' });
  await page.getByRole('button', { name: 'Save terms' }).click();
  await expect(page.getByRole('status')).toHaveText('Terms saved. They apply to invoices issued from now on.');
  await expectNoViolations(page, 'Accounts page with card payments');

  const { orderId } = await submitOrderByApi(server.base, quebecOrder('en', 'card@example.com'), [
    { name: 'Layout_1_Mockup_1.png', type: 'image/png', data: png(20, 20, 20) },
  ]);
  const sent = await page.request.post(`${server.base}/api/orders/${orderId}/quote/send`, {
    headers: { origin: server.base },
    data: {
      lines: [{ description: 'Tees', quantity: 50, unitPriceCents: 1200, taxable: true }],
      confirmNoProofs: true,
    },
  });
  expect(sent.status()).toBe(201);

  const customer = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const c = await customer.newPage();
  await c.goto(await linkOf(orderId));
  await c.getByLabel('Full name').fill('Marie Curie');
  await c.getByLabel('I approve this quote').check();
  await c.getByRole('button', { name: 'Approve' }).click();
  await expect(c.getByText('Deposit due: $344.93')).toBeVisible();
  const pay = c.getByRole('button', { name: 'Pay $344.93 by card' });
  await expect(pay).toBeVisible();
  await expectNoViolations(c, 'order page with its Pay button');

  await pay.click();
  await expect(c).toHaveURL(new RegExp(`^${stripe.url}/pay/cs_test_`));
  await expect(c.getByRole('heading', { name: 'Stand-in checkout' })).toBeVisible();
  await c.getByRole('button', { name: 'Pay $344.93' }).click();

  // Back on the order's page before the webhook: Processing, then Payment received once it is in.
  await expect(c).toHaveURL(/\/o\/[A-Za-z0-9_-]{43}\?checkout=cs_test_/);
  const sentBack = Date.now();
  await expect(c.getByRole('status').filter({ hasText: 'Processing your payment' })).toBeVisible();
  await expect(c.getByRole('status').filter({ hasText: 'Payment received.' })).toBeVisible({
    timeout: WEBHOOK_DELAY_MS + 10_000,
  });
  expect(Date.now() - sentBack).toBeLessThan(WEBHOOK_DELAY_MS + 10_000);
  await expect(c.getByText(/Deposit paid/).first()).toBeVisible();
  await expect(c.getByRole('button', { name: /^Pay .* by card$/ })).toHaveCount(0);
  await expectNoViolations(c, 'order page once the payment is received');

  // The inbox shows the card payment; the account the server keeps says the same.
  await page.goto(`${server.base}/inbox/orders/${orderId}`);
  await expect(page.getByText(/\$344\.93 · Card \(Stripe\)/)).toBeVisible();
  const account = await (await page.request.get(`${server.base}/api/orders/${orderId}/account`)).json();
  expect(account.account.paidCents).toBe(34493);
  expect(account.account.state).toBe('deposit_paid');
  expect(account.payments).toHaveLength(1);
  expect(account.payments[0].reference).toMatch(/^pi_test_/);
  await customer.close();

  // A clerk who may refund gives $20.00 back through Stripe from the payments panel.
  const receipt = account.payments[0].receiptNumber as string;
  await expect(page.getByText(/Stripe fee \$10\.30, net \$334\.63/)).toBeVisible();
  await page.getByText(`Refund ${receipt} by card`).click();
  const amount = page.getByLabel('Amount to refund ($)');
  await expect(amount).toHaveValue('344.93');
  await amount.fill('20.00');
  await page.getByLabel('Reason (printed on the receipt and the credit note)').fill('Two shirts short');
  // GST and QST rounded to the cent: no credit note comes to $20.00; the form says which amounts do.
  await page.getByRole('button', { name: 'Refund through Stripe' }).click();
  await expect(amount).toHaveAccessibleDescription(/refund \$19\.99 or \$20\.01\.$/);
  await amount.fill('19.99');
  stripe.refuseNextRefund('This charge is disputed and cannot be refunded.');
  await page.getByRole('button', { name: 'Refund through Stripe' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Stripe refused the refund: This charge is disputed and cannot be refunded.',
  );
  await page.getByRole('group', { name: /^Refund through Stripe/ }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/refund-form.png', fullPage: true });
  await expectNoViolations(page, 'refund form with Stripe’s refusal');
  await page.getByRole('button', { name: 'Refund through Stripe' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Refunded:' })).toBeVisible();
  await expect(page.getByText(/-\$19\.99 · Card \(Stripe\) re_test_/)).toBeVisible();
  const after = await (await page.request.get(`${server.base}/api/orders/${orderId}/account`)).json();
  expect(after.account.paidCents).toBe(34493 - 1999);
  expect(after.invoices.filter((i: { kind: string }) => i.kind === 'credit_note')).toHaveLength(1);
  expect(after.account.balanceCents).toBe(account.account.balanceCents);
});
