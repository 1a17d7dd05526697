// The owner's Overview (docs/overview.md), against the real server: a shop seeded with a year of
// orders through its own routes (the server's clock moved month by month by libfaketime, the
// browser's left alone), an owner who has hidden the checklist lands on the Overview, sees each
// panel, follows a month's sales bar to that month's invoices and finds the same total; the same
// at 390 px and in French; axe-clean.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  emailed,
  expectNoViolations,
  png,
  quebecOrder,
  startOwnServer,
  STAFF_PASSWORD,
  submitOrderByApi,
} from './helpers.js';

const NAME = 'e2e-overview-data';
const FAKETIME_LIB = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
const clockFile = path.resolve(`test-results/${NAME}-clock`);
let server: Awaited<ReturnType<typeof startOwnServer>>;

test.skip(
  !fs.existsSync(FAKETIME_LIB),
  'libfaketime moves the server’s clock through the year (apt-get install faketime)',
);
test.describe.configure({ mode: 'serial' });

const linkIn = (text: string) => /https?:\/\/\S+\/o\/([A-Za-z0-9_-]{43})/.exec(text)![1]!;
const dayNumber = (d: Date) => Math.floor(d.getTime() / 86_400_000);

/** The server's clock `days` back from now (0: now). */
function serverDaysBack(days: number) {
  fs.writeFileSync(clockFile, days === 0 ? '+0\n' : `-${days}d\n`);
}

async function staffCookie(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: STAFF_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  fs.mkdirSync(path.dirname(clockFile), { recursive: true });
  serverDaysBack(0);
  server = await startOwnServer(150, NAME, {
    LD_PRELOAD: FAKETIME_LIB,
    FAKETIME_TIMESTAMP_FILE: clockFile,
    FAKETIME_NO_CACHE: '1',
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  });
  const base = server.base;
  const outbox = path.resolve(`test-results/${NAME}/outbox`);
  const now = new Date();
  // The 5th of each of the last twelve months (this one included when today is past it).
  for (let back = 11; back >= 0; back--) {
    const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 5, now.getUTCHours()));
    const days = Math.max(0, dayNumber(now) - dayNumber(target));
    serverDaysBack(days);
    const cookie = await staffCookie(base, 'clerk@shop.example');
    for (const [i, email] of [`new${back}@example.com`, 'marie@example.com'].entries()) {
      const { orderId } = await submitOrderByApi(base, quebecOrder('en', email), [
        { name: 'Layout_1_Mockup_1.png', type: 'image/png', data: png(10, 40, 40) },
      ]);
      const sent = await fetch(`${base}/api/orders/${orderId}/quote/send`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          lines: [
            { description: 'Gildan 5000, printed', quantity: 20 + back * 5 + i, unitPriceCents: 1250, taxable: true },
          ],
          confirmNoProofs: true,
        }),
      });
      expect(sent.status, await sent.clone().text()).toBe(201);
      const mail = await emailed(orderId, /quote/i, outbox);
      const approved = await fetch(`${base}/api/o/${linkIn(mail.text ?? '')}/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Journey/1.0' },
        body: JSON.stringify({ version: (await sent.json()).version, fullName: 'Marie Curie', agree: true }),
      });
      expect(approved.status, await approved.clone().text()).toBe(200);
    }
  }
  serverDaysBack(0);
  // The owner hid the checklist: from now on the Overview is where they land.
  const owner = await staffCookie(base, 'clerk@shop.example');
  const hidden = await fetch(`${base}/api/settings/checklist/dismiss`, { method: 'POST', headers: { cookie: owner } });
  expect(hidden.status).toBe(204);
});

test.afterAll(async () => {
  await server?.stop();
});

const WORDS = {
  en: {
    heading: 'Overview',
    panels: ['Sales', 'What is owed', 'Quotes', 'The floor', 'Margins where the costs are known'],
    bar: /: .* in sales\. Show the invoices of /,
    accounts: 'Accounts',
    total: 'Total',
    subtotal: 'Subtotal',
    owedTotalAt: 1,
    seeAged: 'Aged receivables on the Accounts page',
    allCustomers: 'All customers',
  },
  fr: {
    heading: 'Vue d’ensemble',
    panels: ['Ventes', 'Ce qui est dû', 'Soumissions', 'L’atelier', 'Marges là où les coûts sont connus'],
    bar: /\s: .* de ventes\. Afficher les factures de /,
    accounts: 'Comptabilité',
    total: 'Total',
    subtotal: 'Sous-total',
    owedTotalAt: 1,
    seeAged: 'Comptes clients par âge à la page Comptabilité',
    allCustomers: 'Tous les clients',
  },
};

async function journey(page: Page, language: 'en' | 'fr', shot: string) {
  const w = WORDS[language];
  await page.goto(`${server.base}/inbox`);
  await page.getByLabel('Email', { exact: true }).fill('clerk@shop.example');
  await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/inbox\/overview$/);
  if (language === 'fr') await page.getByRole('button', { name: 'Français' }).click();
  // The owner lands on the Overview, every panel there.
  await expect(page.getByRole('heading', { name: w.heading, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/inbox\/overview$/);
  for (const name of w.panels) await expect(page.getByRole('region', { name })).toBeVisible();
  const sales = page.getByRole('region', { name: w.panels[0] });
  const bars = sales.getByRole('link', { name: w.bar });
  await expect(bars).toHaveCount(12);
  // Nothing wider than the screen: wide tables scroll inside their panel.
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await page.screenshot({ path: `test-results/${shot}.png`, fullPage: true });
  await expectNoViolations(page, `overview ${shot}`);

  // The sales table's figure for the third month, then its bar, by keyboard.
  const row = sales.getByRole('row').nth(3);
  const amount = (await row.getByRole('cell').first().textContent())!.trim();
  const bar = bars.nth(2);
  // Spaces as a name or a cell reads them (French writes 1\u00a0234,56\u00a0$).
  const pattern = amount.replace(/[$.]/g, '\\$&').replace(/\s/g, '\\s');
  await expect(bar).toHaveAccessibleName(new RegExp(`: ${pattern} `));
  await bar.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: w.accounts, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/inbox\/accounts\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/);
  // The journal of that month: its Total row's subtotal is the bar's amount.
  const journal = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: w.subtotal }) });
  await expect(journal.getByRole('row').last().getByRole('rowheader')).toHaveText(w.total);
  await expect(journal.getByRole('row').last().getByRole('cell').first()).toHaveText(new RegExp(`^${pattern}$`));
  await page.goBack();
  await expect(page.getByRole('heading', { name: w.heading, level: 1 })).toBeVisible();

  // What is owed, followed to the aged receivables on the same day: its total is the panel's.
  const owed = page.getByRole('region', { name: w.panels[1] });
  const owedTotal = (await owed.getByRole('definition').nth(w.owedTotalAt).textContent())!.trim();
  await owed.getByRole('link', { name: w.seeAged }).click();
  await expect(page.getByRole('heading', { name: w.accounts, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/inbox\/accounts\?asOf=\d{4}-\d{2}-\d{2}$/);
  const aged = page.getByRole('table').filter({ has: page.getByRole('rowheader', { name: w.allCustomers }) });
  const owedPattern = owedTotal.replace(/[$.]/g, '\\$&').replace(/\s/g, '\\s');
  await expect(aged.getByRole('row').last().getByRole('cell').last()).toHaveText(new RegExp(`^${owedPattern}$`));
  await page.goBack();
  await expect(page.getByRole('heading', { name: w.heading, level: 1 })).toBeVisible();
}

/** The page loaded afresh: milliseconds from navigation to its panels drawn (reported, not asserted: a shared machine's clock). */
async function drawnIn(page: Page): Promise<number> {
  await page.reload();
  await expect(page.getByRole('region', { name: WORDS.en.panels[0] })).toBeVisible();
  return page.evaluate(() => performance.getEntriesByName('overview:drawn')[0]!.startTime);
}

test('an owner lands on the Overview, reads each panel and follows a month’s sales to its invoices', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await journey(page, 'en', 'overview-desktop');
  const ms = await drawnIn(page);
  test.info().annotations.push({ type: 'overview drawn (ms from navigation)', description: ms.toFixed(0) });
  console.log(`Overview drawn ${ms.toFixed(0)} ms after navigation`);
});

test('the same at 390 px', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await journey(page, 'en', 'overview-390');
  await context.close();
});

test('the same in French', async ({ page }) => {
  test.setTimeout(120_000);
  await journey(page, 'fr', 'overview-fr');
});
