// The every-screen walk's checks (tests/e2e/support/screen-checks.ts) shown to fail on purpose
// (docs/accessibility.md): on real pages of a server of its own with the example price list, CSS
// injected into the page undoes what keeps each page right, and the same functions the walk
// calls must report it. Each page is first checked clean, so the report comes from the injection.
import { expect, test, type Page } from '@playwright/test';
import { STAFF_PASSWORD, startServerWithExamplePrices } from './helpers.js';
import {
  brokenWords,
  cutLinks,
  fillForEstimate,
  hiddenFocus,
  isoDatesInSentences,
  tooWide,
} from './support/screen-checks.js';

let server: Awaited<ReturnType<typeof startServerWithExamplePrices>>;

/** Adds CSS to the page as a constructed style sheet: the page's CSP refuses a <style> element. */
async function injectCss(page: Page, css: string) {
  await page.evaluate((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, css);
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startServerWithExamplePrices(155, 'e2e-screen-checks-data');
});
test.afterAll(async () => server?.stop());

test('a sticky estimate bar over the focused field is reported', async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'fr-CA',
    baseURL: server.base,
  });
  const page = await context.newPage();
  await page.goto('/');
  await fillForEstimate(page);
  expect(await hiddenFocus(page)).toEqual([]);
  // The page keeps its bottom scroll padding as tall as the bar (use-scroll-padding.ts): without
  // it, a field that Tab scrolls into view stops at the window's bottom edge, under the bar.
  await injectCss(page, 'html { scroll-padding-bottom: 0 !important; }');
  const hidden = await hiddenFocus(page);
  expect(hidden.length).toBeGreaterThan(0);
  expect(hidden.join('\n')).toMatch(/under [a-z]+[#.\w-]*estimate-summary/);
  await context.close();
});

// At 200% zoom on a laptop, and on a phone, whose emulation widens `innerWidth` to an overflowing
// page (the check measures against the root's client width so that it still sees it).
for (const [screen, options, width] of [
  ['at 200%', { viewport: { width: 683, height: 384 }, deviceScaleFactor: 2 }, 683],
  ['on a phone', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }, 390],
] as const) {
  test(`a table given a fixed width is reported once it no longer scrolls in its own box, ${screen}`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const signIn = await fetch(`${server.base}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'clerc@shop.example', password: STAFF_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const [name, ...value] = String(signIn.headers.get('set-cookie')).split(';')[0]!.split('=');
    const context = await browser.newContext({ ...options, locale: 'en-CA', baseURL: server.base });
    await context.addCookies([{ name: name!, value: value.join('='), url: server.base }]);
    const page = await context.newPage();
    await page.goto('/inbox/accounts');
    await expect(page.locator('table').first()).toBeVisible({ timeout: 30_000 });
    expect(await tooWide(page)).toBeNull();
    // Words are whole on the page as drawn; cut anywhere (break-all), the walk names them.
    expect(await brokenWords(page)).toEqual([]);
    await injectCss(page, 'p, li, h1, h2 { word-break: break-all; }');
    expect((await brokenWords(page)).length).toBeGreaterThan(0);
    await injectCss(page, 'p, li, h1, h2 { word-break: normal !important; }');
    // A table 1500 px wide inside its scroll box scrolls there: the page itself keeps its width.
    await injectCss(page, 'table { width: 1500px !important; }');
    expect(await tooWide(page)).toBeNull();
    // Without the box (a table outside .table-wrap), the whole page scrolls sideways: reported.
    await injectCss(page, '.table-wrap, .table-scroll { overflow: visible !important; }');
    expect(await tooWide(page)).toMatch(new RegExp(`^page 1[5-9]\\d\\d px wide in a ${width} px viewport \\(.*table`));
    // The pages' links are all in sight; made to scroll in one row (as they did on a phone), the
    // ones past the row's edge are named.
    expect(await cutLinks(page)).toEqual([]);
    await injectCss(
      page,
      '.inbox-header nav { flex-wrap: nowrap !important; overflow-x: auto !important; width: 200px !important; }',
    );
    expect(await cutLinks(page)).toContain('"Production"');
    // Dates in words: none in ISO form in a sentence; one written as React writes `{date}: {amount}`
    // (separate text nodes) is named, a date alone (a table's cell) is not.
    expect(await isoDatesInSentences(page)).toEqual([]);
    await page.evaluate(() => {
      const p = document.createElement('p');
      p.append('2026-11-29', ': ', '$10.00', ' · ', 'Interac e-Transfer');
      const cell = document.createElement('p');
      cell.append('2026-11-30');
      document.querySelector('main')!.append(p, cell);
    });
    expect(await isoDatesInSentences(page)).toEqual(['"2026-11-29: $10.00 · Interac e-Transfer" in p']);
    await context.close();
  });
}
