// Every screen for every person (docs/accessibility.md), against a real server of its own with the
// example price list published and what each page needs seeded by the API: every route of the
// order form, the order's page, My orders, a team member's page and the inbox (every page an owner
// and a clerk can reach), on a 390 px phone and on a 1366 px laptop at 200% zoom (a 683 px CSS
// viewport, deviceScaleFactor 2), in English and in French. On each page: axe-core finds no
// violation of WCAG 2.2 AA; the page is never wider than its viewport (SC 1.4.10 Reflow); and,
// tabbing through it, no focused element is hidden under a sticky or fixed element (SC 2.4.11),
// its rectangle checked against theirs. Failures are gathered so one run names every page.
// SHOTS_DIR=<folder> also saves the screenshots people look at (docs/accessibility.md).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  emailed,
  expectNoViolations,
  png,
  quebecOrder,
  STAFF_PASSWORD,
  startServerWithExamplePrices,
  submitOrderByApi,
} from './helpers.js';
import {
  brokenWords,
  cutLinks,
  fillForEstimate,
  hiddenFocus,
  isoDatesInSentences,
  tooWide,
} from './support/screen-checks.js';

const DATA = 'e2e-every-screen-data';
const OUTBOX = path.resolve(`test-results/${DATA}/outbox`);
const MOCKUP = [{ name: 'Layout_1_Mockup_1.png', type: 'image/png', data: png(30, 90, 200) }];
const EMAIL = 'partout@example.com';
const SHOTS = process.env.SHOTS_DIR;

const SCREENS = {
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  zoom: { viewport: { width: 683, height: 384 }, deviceScaleFactor: 2 },
} as const;
type Screen = keyof typeof SCREENS;
type Language = 'en' | 'fr';

let server: Awaited<ReturnType<typeof startServerWithExamplePrices>>;
const seeded = {
  ownerCookie: '',
  clerkCookie: '',
  portalCookie: '',
  memberLink: '',
  /** Per language: an order waiting for approval (its page's token) and an approved one (its id). */
  waiting: {} as Record<Language, { orderId: string; token: string }>,
  approved: {} as Record<Language, { orderId: string; token: string }>,
};

async function staffCookie(base: string, email: string) {
  const res = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: STAFF_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return String(res.headers.get('set-cookie')).split(';')[0]!;
}

/** Submits an order and sends its quote; returns the order's id and its page's token. */
async function quotedOrder(base: string, cookie: string, language: Language) {
  const { orderId } = await submitOrderByApi(base, quebecOrder(language, EMAIL), MOCKUP);
  const sent = await fetch(`${base}/api/orders/${orderId}/quote/send`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      lines: [{ description: 'Gildan 5000, printed', quantity: 50, unitPriceCents: 1200, taxable: true }],
      confirmNoProofs: true,
    }),
  });
  expect(sent.status, await sent.clone().text()).toBe(201);
  const mail = await emailed(orderId, /^(Your quote for order|Votre soumission)/, OUTBOX);
  const token = /\/o\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')![1]!;
  return { orderId, token };
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServerWithExamplePrices(140, DATA);
  const base = server.base;
  // The first staff account start-server.mjs makes is an owner; commis@ is plain staff.
  seeded.ownerCookie = await staffCookie(base, 'clerc@shop.example');
  seeded.clerkCookie = await staffCookie(base, 'commis@shop.example');
  for (const language of ['en', 'fr'] as const) {
    seeded.waiting[language] = await quotedOrder(base, seeded.ownerCookie, language);
    const approved = await quotedOrder(base, seeded.ownerCookie, language);
    const res = await fetch(`${base}/api/o/${approved.token}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ version: 1, fullName: 'Marie Curie', agree: true }),
    });
    expect(res.status).toBe(200);
    seeded.approved[language] = approved;
  }
  // The customer's session, from the link the sign-in mail carries.
  const asked = await fetch(`${base}/api/portal/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, language: 'en' }),
  });
  expect(asked.status).toBe(202);
  const mail = await emailed(seeded.approved.fr.orderId, /^(Your link|Votre lien)/, OUTBOX);
  const signInToken = /#sign-in=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')![1]!;
  const session = await fetch(`${base}/api/portal/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: signInToken }),
  });
  expect(session.status).toBe(200);
  seeded.portalCookie = String(session.headers.get('set-cookie')).split(';')[0]!;
  // A team's size collection, for the member's page.
  const closesOn = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const created = await fetch(`${base}/api/collections`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Lions U12', garment: 'G5000', closesOn }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  seeded.memberLink = ((await created.json()) as { link: string }).link;
});
test.afterAll(async () => server?.stop());

interface Route {
  name: string;
  path: (language: Language) => string;
  /** Whose cookie the browser carries. */
  who: 'customer' | 'signed-in customer' | 'owner' | 'clerk';
  /** Shown once the page has drawn what it fetched. */
  ready: RegExp;
  /** Puts the page in the state to check (fills the form so its estimate shows). */
  prepare?: (page: Page) => Promise<void>;
}

const ROUTES: Route[] = [
  { name: 'form', path: () => '/', who: 'customer', ready: /./ },
  {
    name: 'form-with-estimate',
    path: () => '/',
    who: 'customer',
    ready: /./,
    prepare: fillForEstimate,
  },
  { name: 'not-found', path: () => '/no-such-page', who: 'customer', ready: /./ },
  {
    name: 'order-waiting',
    path: (l) => `/o/${seeded.waiting[l].token}`,
    who: 'customer',
    ready: /[0-9A-Z]{4}-[0-9A-Z]{4}/,
  },
  {
    name: 'order-approved',
    path: (l) => `/o/${seeded.approved[l].token}`,
    who: 'customer',
    ready: /[0-9A-Z]{4}-[0-9A-Z]{4}/,
  },
  { name: 'my-orders-sign-in', path: () => '/my-orders', who: 'customer', ready: /^(My orders|Mes commandes)$/ },
  { name: 'my-orders', path: () => '/my-orders', who: 'signed-in customer', ready: /[0-9A-Z]{4}-[0-9A-Z]{4}/ },
  { name: 'member', path: () => `/c/${seeded.memberLink}`, who: 'customer', ready: /Lions U12/ },
  { name: 'inbox-sign-in', path: () => '/inbox', who: 'customer', ready: /./ },
  { name: 'inbox', path: () => '/inbox', who: 'owner', ready: /^(Orders|Commandes)$/ },
  { name: 'inbox-clerk', path: () => '/inbox', who: 'clerk', ready: /^(Orders|Commandes)$/ },
  {
    name: 'inbox-order-waiting',
    path: (l) => `/inbox/orders/${seeded.waiting[l].orderId}`,
    who: 'owner',
    ready: /[0-9A-Z]{4}-[0-9A-Z]{4}/,
  },
  {
    name: 'inbox-order-approved',
    path: (l) => `/inbox/orders/${seeded.approved[l].orderId}`,
    who: 'clerk',
    ready: /[0-9A-Z]{4}-[0-9A-Z]{4}/,
  },
  { name: 'prices', path: () => '/inbox/prices', who: 'owner', ready: /./ },
  { name: 'accounts', path: () => '/inbox/accounts', who: 'owner', ready: /./ },
  { name: 'board', path: () => '/inbox/production', who: 'owner', ready: /./ },
  { name: 'calendar', path: () => '/inbox/production/calendar', who: 'owner', ready: /./ },
  { name: 'production-settings', path: () => '/inbox/production/settings', who: 'owner', ready: /./ },
  { name: 'scan', path: () => '/inbox/jobs', who: 'clerk', ready: /./ },
  { name: 'scan-job', path: (l) => `/inbox/jobs/${seeded.approved[l].orderId}`, who: 'clerk', ready: /./ },
  { name: 'blanks', path: () => '/inbox/blanks', who: 'owner', ready: /./ },
  { name: 'settings', path: () => '/inbox/settings', who: 'owner', ready: /./ },
];

async function contextFor(browser: Browser, screen: Screen, language: Language, route: Route) {
  const context = await browser.newContext({
    ...SCREENS[screen],
    baseURL: server.base,
    locale: language === 'fr' ? 'fr-CA' : 'en-CA',
  });
  const cookie =
    route.who === 'owner'
      ? seeded.ownerCookie
      : route.who === 'clerk'
        ? seeded.clerkCookie
        : route.who === 'signed-in customer'
          ? seeded.portalCookie
          : '';
  if (cookie) {
    const [name, ...value] = cookie.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: server.base }]);
  }
  return context;
}

for (const screen of ['phone', 'zoom'] as const) {
  for (const language of ['en', 'fr'] as const) {
    test(`every screen on a ${screen === 'phone' ? '390 px phone' : '1366 px laptop at 200%'} in ${language === 'fr' ? 'French' : 'English'}`, async ({
      browser,
    }) => {
      test.setTimeout(600_000);
      // The clerk's inbox speaks the account's language: this run's.
      const chosen = await fetch(`${server.base}/api/account/language`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie: seeded.clerkCookie },
        body: JSON.stringify({ language }),
      });
      expect(chosen.status).toBeLessThan(300);
      const problems: string[] = [];
      // ONLY=<route name>,… narrows a run to those pages, for looking at one screen.
      const only = process.env.ONLY?.split(',');
      for (const route of ROUTES.filter((r) => !only || only.includes(r.name))) {
        const context: BrowserContext = await contextFor(browser, screen, language, route);
        const page = await context.newPage();
        const where = `${route.name} (${screen}, ${language})`;
        try {
          await page.goto(route.path(language));
          await expect(page.getByRole('heading', { name: route.ready }).first()).toBeVisible();
          await expect(page.getByText(/^(Loading…|Chargement…|…)$/)).toHaveCount(0);
          await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language}`));
          if (route.prepare) await route.prepare(page);
          if (SHOTS) {
            fs.mkdirSync(SHOTS, { recursive: true });
            await page.screenshot({
              path: path.join(SHOTS, `${route.name}-${screen}-${language}.png`),
              fullPage: true,
            });
          }
          try {
            await expectNoViolations(page, where);
          } catch (e) {
            problems.push(
              `${where}: axe: ${String((e as Error).message)
                .split('\n')
                .slice(0, 12)
                .join(' ')}`,
            );
          }
          const wide = await tooWide(page);
          if (wide) problems.push(`${where}: ${wide}`);
          for (const h of await hiddenFocus(page)) problems.push(`${where}: focus hidden: ${h}`);
          for (const w of await brokenWords(page)) problems.push(`${where}: word broken across lines: ${w}`);
          for (const l of await cutLinks(page)) problems.push(`${where}: navigation link cut at an edge: ${l}`);
          for (const d of await isoDatesInSentences(page)) problems.push(`${where}: ISO date in a sentence: ${d}`);
        } catch (e) {
          problems.push(`${where}: did not load: ${String((e as Error).message).split('\n')[0]}`);
        } finally {
          await context.close();
        }
      }
      expect(problems).toEqual([]);
    });
  }
}
