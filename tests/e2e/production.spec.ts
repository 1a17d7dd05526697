// The production floor, against the real server: an approved order with a screen-printed front and
// an embroidered back is a job on the board with its three flags; a clerk moves an imprint with the
// keyboard, then by dragging its card; a move someone else made first is answered politely with the
// card where it is; the job ticket's QR code, read from its PDF, opens the scan page on a phone
// (390 px) after sign-in; the big buttons take each imprint to Pack; the deposit is paid and the
// blanks ordered and received, and the packed job offers Ready without the gate's question. A
// packed job whose deposit is due goes to Ready only through the gate. Owners set the stages and
// capacity; other staff read them, in French.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { hasPoppler, pdfPagePng } from '../support/pdf.js';
import { readQrCode } from '../support/qr.js';
import example from '../../src/shared/prices/example-price-list.json' with { type: 'json' };
import { E2E_PORT } from '../../playwright.config.js';
import {
  emailed,
  expectNoViolations,
  png,
  quebecOrder,
  signInToInbox,
  STAFF_PASSWORD,
  startOwnServer,
  submitOrderByApi,
} from './helpers.js';

const MOCKUP = [{ name: 'Layout_1_Mockup_1.png', type: 'image/png', data: png(30, 30, 200) }];
const sharedOutbox = path.join(process.env.E2E_DATA_DIR ?? path.resolve('test-results/e2e-data'), 'outbox');
// The whole journey runs on a server of its own: its price list names the T-shirt's supplier, so
// the blanks can be ordered, which would change every other journey's estimates.
const OWN = { offset: 55, data: 'e2e-production-data' };
const ownBase = `http://127.0.0.1:${E2E_PORT + OWN.offset}`;

/** Marie's order, its one layout printed on the front (2 colours) and embroidered on the back. */
function decoratedOrder(email: string) {
  const order = quebecOrder('en', email);
  Object.assign(order.layouts['1'], {
    viewData: {
      Front: { image: '', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 },
      Back: { image: '', dimensions: '3.5 x 2 in', decoration: 'embroidery' },
    },
  });
  return order;
}

/** That order, its T-shirt the price list's G5000, quoted and approved on the server at `base`. */
async function approvedJobAt(page: Page, base: string, outbox: string) {
  const order = decoratedOrder('marie.production@example.com');
  order.layouts['1'].variations = [{ type: 'G5000', color: 'Black', sizes: 'S:10, M:20, L:20', supplyingGoods: 'no' }];
  const { orderId, reference } = await submitOrderByApi(base, order, MOCKUP);
  await signInToInbox(page);
  const sent = await page.request.post(`/api/orders/${orderId}/quote/send`, {
    headers: { origin: base },
    data: {
      lines: [{ description: 'Tees printed and embroidered', quantity: 50, unitPriceCents: 1200, taxable: true }],
      confirmNoProofs: true,
    },
  });
  expect(sent.status()).toBe(201);
  const mail = await emailed(orderId, /^Your quote for order/, outbox);
  const token = /\/o\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')![1]!;
  const approved = await page.request.post(`/api/o/${token}/approve`, {
    headers: { origin: base },
    data: { version: 1, fullName: 'Marie Curie', agree: true },
  });
  expect(approved.status()).toBe(200);
  return { orderId, reference, token };
}

test.describe('on a server whose price list names the supplier', () => {
  test.use({ baseURL: ownBase });
  let server: Awaited<ReturnType<typeof startOwnServer>>;
  test.beforeAll(async () => {
    server = await startOwnServer(OWN.offset, OWN.data);
    // The owner (the first account) publishes the example list, its T-shirt from SanMar Canada.
    const signIn = await fetch(`${server.base}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'clerk@shop.example', password: STAFF_PASSWORD }),
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    const list = {
      ...example,
      garments: example.garments.map((g) => ({ ...g, supplier: 'SanMar Canada', supplierSku: 'G500-SM' })),
    };
    const published = await fetch(`${server.base}/api/prices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(list),
    });
    expect(published.status).toBe(201);
  });
  test.afterAll(async () => server.stop());

  test('a job from approval to Ready: the board, a keyboard move, a stale move, the ticket’s QR code, the scan page at 390 px, the deposit paid and the blanks received', async ({
    page,
    browser,
  }) => {
    const { orderId, reference, token } = await approvedJobAt(
      page,
      ownBase,
      path.resolve(`test-results/${OWN.data}/outbox`),
    );

    // The board: the job in each method's lane, at its first stage, with its flags in words.
    await page.getByRole('link', { name: 'Production', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Production board', level: 1 })).toBeVisible();
    const screen = page.getByRole('region', { name: 'Screen printing' });
    const embroidery = page.getByRole('region', { name: 'Embroidery' });
    const cardIn = (lane: typeof screen, stage: RegExp) =>
      lane
        .getByRole('region', { name: stage })
        .getByRole('article')
        .filter({ has: page.getByRole('link', { name: reference }) });
    const art = cardIn(screen, / Art \(\d+\)$/);
    await expect(art).toBeVisible();
    await expect(cardIn(embroidery, / Digitize \(\d+\)$/)).toBeVisible();
    await expect(art.getByText('Marie Curie (Radium Apparel)')).toBeVisible();
    await expect(art.getByText(/^Due \w{3}/)).toBeVisible();
    await expect(art.getByText('50 pieces')).toBeVisible();
    const flags = art.getByRole('list', { name: 'Readiness' });
    await expect(flags.getByRole('listitem')).toHaveText([
      '✗ Proof: none approved',
      '✗ Deposit: due',
      '✗ Blanks: to order',
    ]);
    await expect(art.getByRole('list', { name: `Imprints of ${reference}` }).getByRole('listitem')).toHaveText([
      'Front, Screen printing: Art',
      'Back, Embroidery: Digitize',
    ]);
    await expectNoViolations(page, 'production board');

    // Filters live in the address bar.
    await page.getByLabel('Method').selectOption('embroidery');
    await page.getByLabel('Not ready to start').check();
    await expect(page).toHaveURL(/\/inbox\/production\?method=embroidery&notReady=1$/);
    await expect(cardIn(embroidery, / Digitize/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Screen printing' })).toHaveCount(0);
    await page.goto('/inbox/production');

    // A move by keyboard alone: the Move button, then the stage.
    await art.getByRole('button', { name: 'Move Front (Screen printing)' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Move to Screens' }).first()).toBeFocused();
    await page.keyboard.press('Enter');
    // The first move starts the order (docs/production.md, "The status follows the floor"): with the
    // deposit due, the order page's own gate asks why first, and nothing moves until it is given.
    const start = page.getByRole('dialog', { name: 'Move the order to In production?' });
    await start.getByLabel('Why does the order go on without it?').fill('Deposit promised by phone');
    await start.getByRole('button', { name: 'Move to In production' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: `${reference}: Front moved to Screens.` })).toBeFocused();
    await expect(cardIn(screen, / Screens \(\d+\)$/)).toBeVisible();
    // The customer's page: In production, each decoration's stage in words.
    const customer = await browser.newPage({ baseURL: ownBase });
    await customer.goto(`/o/${token}`);
    await expect(customer.locator('[aria-current="step"]')).toContainText('In production');
    await expect(customer.getByRole('list', { name: 'On the floor' }).getByRole('listitem')).toHaveText([
      'Front: printing',
      'Back: waiting for embroidery',
    ]);
    await customer.close();

    // Another clerk moves the embroidery meanwhile; this board still shows it at Digitize.
    const job = (await (await page.request.get(`/api/production/jobs/${orderId}`)).json()) as {
      imprints: { id: string; method: string }[];
    };
    const back = job.imprints.find((i) => i.method === 'embroidery')!;
    expect(
      (await page.request.post(`/api/production/imprints/${back.id}/move`, { data: { from: 0, to: 1 } })).status(),
    ).toBe(200);
    const digitize = cardIn(embroidery, / Digitize \(\d+\)$/);
    await digitize.getByRole('button', { name: 'Move Back (Embroidery)' }).click();
    await digitize.getByRole('button', { name: 'Move to Trim and QC' }).click();
    await expect(page.getByRole('status')).toHaveText(
      `Someone moved Back of ${reference} meanwhile; it is now at Sew. Nothing was lost: the board shows it where it is.`,
    );
    await expect(cardIn(embroidery, / Sew \(\d+\)$/)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    // Dragged to the next column, a card moves too.
    await cardIn(screen, / Screens \(\d+\)$/).dragTo(screen.getByRole('region', { name: / Print \(\d+\)$/ }));
    await expect(page.getByRole('status')).toHaveText(`${reference}: Front moved to Print.`);
    await expect(cardIn(screen, / Print \(\d+\)$/)).toBeVisible();
    await page.screenshot({ path: 'test-results/production-board.png', fullPage: true });

    // The calendar counts the job's pieces on its due date.
    await page.getByRole('link', { name: 'Calendar', exact: true }).click();
    await expect(page.getByRole('heading', { name: /^Jobs due from/ })).toBeVisible();
    await expect(page.getByRole('link', { name: reference })).toBeVisible();
    await expectNoViolations(page, 'production calendar');
    await page.screenshot({ path: 'test-results/production-calendar.png', fullPage: true });

    // The job ticket, as the order page links it; its QR code read from the drawn page.
    await page.goto(`/inbox/orders/${orderId}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Print the job ticket (PDF)' }).click(),
    ]);
    const pdf = fs.readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    let scanPath = `/inbox/jobs/${orderId}`;
    if (hasPoppler) {
      const url = await readQrCode(pdfPagePng(pdf, 1));
      expect(url).toMatch(new RegExp(`/inbox/jobs/${orderId}$`));
      scanPath = new URL(url!).pathname;
    } else console.log('production.spec: poppler-utils not installed; the QR code is not read');

    // A phone opens the code's address: sign-in first, then the job it named.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const p = await phone.newPage();
    await p.goto(scanPath);
    await p.getByLabel('Email').fill('clerk@shop.example');
    await p.getByLabel('Password').fill(STAFF_PASSWORD);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await expect(p.getByRole('heading', { name: `Job ${reference}` })).toBeVisible();
    await expect(p).toHaveURL(new RegExp(`${scanPath}$`));
    await expectNoViolations(p, 'scan page at 390 px');
    await p.screenshot({ path: 'test-results/production-scan-390.png', fullPage: true });
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    for (const label of [
      'Print done: start Cure and QC',
      'Cure and QC done: start Pack',
      'Sew done: start Trim and QC',
      'Trim and QC done: start Pack',
    ]) {
      await p.getByRole('button', { name: label }).click();
      await expect(p.getByRole('button', { name: label })).toHaveCount(0);
    }
    await expect(p.getByText('Front (Screen printing): packed')).toBeVisible();
    await expect(p.getByText('Back (Embroidery): packed')).toBeVisible();

    // Packed, with the deposit still due and the blanks to order: Ready would need the gate's reason.
    await p.getByRole('button', { name: 'Move the order to Ready' }).click();
    const gated = p.getByRole('dialog', { name: 'Move the order to Ready?' });
    await expect(gated.getByLabel('Why does the order go on without it?')).toBeVisible();
    await gated.getByRole('button', { name: 'Cancel' }).click();

    // The clerk records the deposit the customer sent.
    await page.goto(`/inbox/orders/${orderId}`);
    const panel = page.getByRole('region', { name: 'Invoices and payments' });
    const due = /^Deposit due: \$([\d,]+\.\d\d)$/.exec(
      (await panel.getByText(/^Deposit due: \$/).textContent()) ?? '',
    )![1]!;
    await panel.getByLabel('Amount ($)').fill(due.replace(',', ''));
    await panel.getByLabel('Reference (e-Transfer reference or cheque number)').fill('CA7xQ2');
    await panel.getByRole('button', { name: 'Record payment' }).click();
    await expect(panel.getByRole('status')).toContainText(/Recorded: receipt R-\d{4}-\d{4} was emailed/);

    // The blanks: ordered from SanMar Canada, sent, received whole.
    await page.getByRole('link', { name: 'Blanks' }).click();
    const sanmar = page.getByRole('region', { name: 'SanMar Canada' });
    await expect(sanmar.getByRole('row', { name: /Gildan 5000 T-shirt G500-SM Black S 10 10/ })).toContainText(
      `${reference} (10)`,
    );
    await sanmar.getByRole('button', { name: 'Make a purchase order to SanMar Canada' }).click();
    const number = `PO-${new Date().getFullYear()}-0001`;
    const po = page.getByRole('article', { name: `${number} · SanMar Canada` });
    await po.getByRole('button', { name: 'Mark sent' }).click();
    await expect(po.getByRole('button', { name: 'Mark sent' })).toHaveCount(0);
    await po.getByText('Receive a delivery').click();
    // "Received now" is what the clerk counted: each line as it came.
    for (const [size, count] of [
      ['S', '10'],
      ['M', '20'],
      ['L', '21'],
    ] as const)
      await po
        .getByRole('group', { name: `G500-SM, Black, ${size}` })
        .getByLabel('Received now')
        .fill(count);
    await po.getByRole('button', { name: 'Record the delivery' }).click();
    await expect(po.getByText('Everything received', { exact: false })).toBeVisible();

    // The board's card: the deposit paid and the blanks in (no proof went with this quote).
    await page.getByRole('link', { name: 'Production', exact: true }).click();
    await expect(
      cardIn(page.getByRole('region', { name: 'Screen printing' }), / Pack \(\d+\)$/)
        .getByRole('list', { name: 'Readiness' })
        .getByRole('listitem'),
    ).toHaveText(['✗ Proof: none approved', '✓ Deposit: paid', '✓ Blanks: in']);

    // Now Ready asks only to confirm what the customer will be told.
    await p.reload();
    await p.getByRole('button', { name: 'Move the order to Ready' }).click();
    const ask = p.getByRole('dialog', { name: 'Move the order to Ready?' });
    await expect(ask.getByLabel('Why does the order go on without it?')).toHaveCount(0);
    await ask.getByRole('button', { name: 'Move to Ready' }).click();
    await expect(p.getByRole('status')).toHaveText(`Order ${reference} is Ready.`);
    await expect(p.getByRole('button', { name: 'Move the order to Ready' })).toHaveCount(0);

    // A reference typed from the ticket opens its job too; an unknown one is said beside the field.
    await p.getByRole('link', { name: 'Back to the board' }).click();
    await p.getByRole('link', { name: 'Open a job' }).click();
    await p.getByLabel('Job reference').fill('ZZZZ-ZZZZ');
    await p.getByRole('button', { name: 'Open the job' }).click();
    await expect(p.getByText('No job has the reference ZZZZ-ZZZZ: check it on the ticket.')).toBeVisible();
    await p.getByLabel('Job reference').fill(reference.toLowerCase());
    await p.getByRole('button', { name: 'Open the job' }).click();
    await expect(p.getByRole('heading', { name: `Job ${reference}` })).toBeVisible();
    await phone.close();
  });
});

test('owners set the stages in both languages and the capacity; other staff read them, in French too', async ({
  page,
  browser,
}) => {
  // A job on the board for the French clerk to read.
  await approvedJobAt(page, test.info().project.use.baseURL!, sharedOutbox);
  await page.goto('/inbox/production/settings');
  const sewing = page.getByRole('group', { name: 'Sewing: stages' });
  await sewing.getByRole('button', { name: 'Add a stage to Sewing' }).click();
  // The new stage goes before Pack, and needs its names.
  const third = sewing.getByRole('group', { name: 'Stage 3', exact: true });
  await page.getByRole('button', { name: 'Save the production settings' }).click();
  const summary = page.getByRole('region', { name: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Name the stage in English (40 characters at most).',
    'Name the stage in French (40 characters at most).',
  ]);
  await expect(third.getByText('Name the stage in English (40 characters at most).')).toBeVisible();
  await expectNoViolations(page, 'production settings with errors');
  await third.getByLabel('Name in English').fill('Press');
  await third.getByLabel('Name in French').fill('Repassage');
  await page.getByLabel('Embroidery: pieces a day (0: not counted)').fill('120');
  await page.getByRole('button', { name: 'Save the production settings' }).click();
  await expect(page.getByRole('status')).toHaveText('The production settings are saved.');
  await page.reload();
  await expect(
    page
      .getByRole('group', { name: 'Sewing: stages' })
      .getByRole('group', { name: 'Stage 3', exact: true })
      .getByLabel('Name in French'),
  ).toHaveValue('Repassage');
  await expect(page.getByLabel('Embroidery: pieces a day (0: not counted)')).toHaveValue('120');
  await page.screenshot({ path: 'test-results/production-settings.png', fullPage: true });

  // A clerk who is not an owner, in French: the board's words, and the settings to read only.
  const context = await browser.newContext();
  const commis = await context.newPage();
  await commis.goto('/inbox/production/settings');
  await commis.getByLabel(/^(Email|Courriel)$/).fill('commis@shop.example');
  await commis.getByLabel(/^(Password|Mot de passe)$/).fill(STAFF_PASSWORD);
  await commis.getByRole('button', { name: /^(Sign in|Se connecter)$/ }).click();
  // French whatever an earlier journey left the account in: the inbox's own language button.
  const french = commis.getByRole('button', { name: 'Français' });
  await expect(commis.getByRole('heading', { level: 1 })).toBeVisible();
  if (await french.isVisible()) await french.click();
  await expect(commis.getByRole('heading', { name: 'Réglages de production' })).toBeVisible();
  await expect(
    commis.getByText('Seul un propriétaire peut modifier les réglages de production.', { exact: false }),
  ).toBeVisible();
  await expect(commis.getByRole('button', { name: 'Enregistrer les réglages de production' })).toBeDisabled();
  await commis.getByRole('link', { name: 'Tableau', exact: true }).click();
  await expect(commis.getByRole('heading', { name: 'Tableau de production' })).toBeVisible();
  await expect(commis.getByRole('list', { name: 'Prête à commencer\u202f?' }).first()).toContainText(
    'Épreuve\u00a0: aucune approuvée',
  );
  await expectNoViolations(commis, 'production board in French');
  await context.close();
});
