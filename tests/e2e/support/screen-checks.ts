// The checks the every-screen walk makes on each page (docs/accessibility.md), kept apart so that
// tests/e2e/screen-checks.spec.ts can show they report a sticky bar over a focused field and a
// table wider than the window: a check that cannot fail would prove nothing.
import { expect, type Page } from '@playwright/test';

/**
 * Focuses, one after the other and in the order Tab reaches them (the HTML standard's sequential
 * focus navigation order: positive tabindex first, then tree order; one radio per group, the
 * checked one), every element the keyboard can reach; for each, the sticky or fixed elements
 * painted over any part of it (found by their rectangles, confirmed by what the browser hit-tests
 * at the overlap's centre). `focus()` scrolls an element into view as Tab does (the same "scroll
 * into view if needed", honouring scroll-padding), and the whole walk is one call into the page:
 * pressing Tab and asking the page once per element took over ten seconds a page on a loaded CI
 * machine, which made the walk the slowest test in the suite.
 */
export async function hiddenFocus(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const describe = (e: Element) =>
      `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.className && typeof e.className === 'string' ? `.${e.className.split(' ')[0]}` : ''}${e.getAttribute('aria-label') ? `[${e.getAttribute('aria-label')}]` : ''}${e.textContent ? ` "${e.textContent.trim().slice(0, 30)}"` : ''}`;
    (document.activeElement as HTMLElement | null)?.blur?.();
    window.scrollTo(0, 0);
    const overlays = [...document.querySelectorAll<HTMLElement>('body *')].filter((e) => {
      const position = getComputedStyle(e).position;
      return position === 'sticky' || position === 'fixed';
    });
    const reachable = [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], area[href], button, input, select, textarea, iframe, summary, [tabindex], [contenteditable]',
      ),
    ].filter(
      (e) =>
        e.tabIndex >= 0 &&
        !(e as HTMLInputElement).disabled &&
        !(e instanceof HTMLInputElement && e.type === 'hidden') &&
        !e.closest('[inert]') &&
        e.checkVisibility({ visibilityProperty: true }),
    );
    // Tab stops once in a group of radios: on the checked one, else on the first.
    const radios = new Map<string, HTMLInputElement>();
    for (const e of reachable) {
      if (!(e instanceof HTMLInputElement) || e.type !== 'radio' || !e.name) continue;
      const key = `${e.form ? [...document.forms].indexOf(e.form) : -1}/${e.name}`;
      const kept = radios.get(key);
      if (!kept || (!kept.checked && e.checked)) radios.set(key, e);
    }
    const stops = reachable.filter(
      (e) => !(e instanceof HTMLInputElement && e.type === 'radio' && e.name) || [...radios.values()].includes(e),
    );
    const ordered = [
      ...stops.filter((e) => e.tabIndex > 0).sort((a, b) => a.tabIndex - b.tabIndex),
      ...stops.filter((e) => e.tabIndex === 0),
    ];
    const found = new Set<string>();
    for (const el of ordered) {
      el.focus();
      if (document.activeElement !== el) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      for (const other of overlays) {
        if (other.contains(el) || el.contains(other)) continue;
        const style = getComputedStyle(other);
        if (style.visibility === 'hidden' || style.display === 'none') continue;
        const o = other.getBoundingClientRect();
        const left = Math.max(r.left, o.left);
        const right = Math.min(r.right, o.right);
        const top = Math.max(r.top, o.top);
        const bottom = Math.min(r.bottom, o.bottom);
        if (right - left < 1 || bottom - top < 1) continue;
        const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
        if (hit && other.contains(hit) && !el.contains(hit)) {
          found.add(`${describe(el)} under ${describe(other)} (${Math.round(bottom - top)} px)`);
        }
      }
    }
    return [...found];
  });
}

/**
 * SC 1.4.10 Reflow: null when the page is no wider than its viewport, else what is wrong, naming
 * the outermost elements that reach past the viewport's right edge (content clipped by a box that
 * scrolls or hides its overflow does not count: a table scrolling in its own box is fine). The
 * viewport is the root's client width: in a phone's emulation Chrome widens `innerWidth` to the
 * content when a page overflows (a 527 px inbox order at 390 px read `innerWidth` 527), so a check
 * against `innerWidth` could never fail there.
 */
export async function tooWide(page: Page): Promise<string | null> {
  const widths = await page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const clipped = (e: HTMLElement) => {
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      }
      return false;
    };
    const past = [...document.querySelectorAll<HTMLElement>('body *')].filter(
      (e) =>
        e.getBoundingClientRect().right > viewport + 1 &&
        !clipped(e) &&
        !(e.parentElement && e.parentElement.getBoundingClientRect().right > viewport + 1),
    );
    return {
      scroll: document.documentElement.scrollWidth,
      viewport,
      past: past
        .slice(0, 3)
        .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).split(' ')[0]}`)
        .join(', '),
    };
  });
  return widths.scroll > widths.viewport
    ? `page ${widths.scroll} px wide in a ${widths.viewport} px viewport (${widths.past})`
    : null;
}

/** Fills what the form needs for its estimate (the example price list's G5000), by label. */
export async function fillForEstimate(page: Page) {
  await page.getByLabel(/^(Mockup Options|Options de maquette)$/).selectOption('upload');
  const front = page.getByRole('group', { name: /^(Front|Devant)$/ });
  await front.getByLabel(/^(Graphic Dimensions|Dimensions du graphique)$/).fill('10" wide');
  await front.getByLabel(/^(Decoration Method|Méthode de décoration)$/).selectOption('screen-printing');
  await front.getByLabel(/^(Ink colours|Couleurs d’encre)$/).selectOption('2');
  await page.getByLabel(/^(Garment Options|Options de vêtements)$/).selectOption('pick');
  const garment = page.getByRole('group', { name: /^(Garment Details|Détails du vêtement)$/ });
  await garment.getByLabel(/^(Garment Type or SKU|Type de vêtement)/).fill('G5000');
  await garment.getByLabel(/^(Color|Couleur)$/).fill('Black');
  const boxes = garment.getByRole('group', { name: /^(Quantities by size|Quantités par taille)$/ });
  await boxes.getByLabel(/(size|taille) (M)$/).fill('20');
  await boxes.getByLabel(/(size|taille) (L|G)$/).fill('20');
  // The billing details, and with them the sticky "Estimated total" bar, come with the last layout.
  await page
    .getByRole('group', { name: /^(Are there additional graphic layouts|Y a-t-il d’autres)/ })
    .getByRole('radio', { name: /^(No|Non)$/ })
    .check();
  await expect(page.getByRole('complementary', { name: /^(Estimate summary|Résumé de l’estimation)$/ })).toBeVisible();
}

/**
 * Words broken across two lines inside the word (a name cut "Beaulieu-Trem / blay" is fine after
 * its hyphen; "Tremb / lay" is not), on the whole page or within `root`. A link, an address, a
 * file's name under its 64 px thumbnail or any run of letters longer than a phone's line must wrap
 * somewhere, and does (the page never scrolls sideways): those (with "/", "@" or "_", ending in a
 * file's extension, or over 24 characters) are not counted.
 */
export async function brokenWords(page: Page, root = 'body'): Promise<string[]> {
  return page.evaluate((selector) => {
    const broken = new Set<string>();
    for (const top of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(top, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        if (!text.trim()) continue;
        for (const match of text.matchAll(/[^\s-]+-?/g)) {
          if (match[0].length > 24 || /[/@_]|\.[A-Za-z0-9]{2,4}$/.test(match[0])) continue;
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) broken.add(`"${match[0]}" in ${node.parentElement?.tagName.toLowerCase() ?? '?'}`);
        }
      }
    }
    return [...broken];
  }, root);
}

/**
 * Links of a page's navigation that cannot be seen whole without scrolling sideways: a `nav`
 * link whose box runs past the viewport, or past an ancestor that scrolls or hides what
 * overflows. A row of pages that scrolled in its own box on a phone showed the inbox's fourth
 * link as "P…" and hid the rest; the page was no wider than the phone, so `tooWide` was silent.
 */
export async function cutLinks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const cut: string[] = [];
    for (const link of document.querySelectorAll<HTMLElement>('nav a, nav button')) {
      const box = link.getBoundingClientRect();
      if (box.width === 0) continue;
      let right = viewport;
      let left = 0;
      for (let a = link.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX === 'visible') continue;
        const r = a.getBoundingClientRect();
        right = Math.min(right, r.right);
        left = Math.max(left, r.left);
      }
      if (box.right > right + 1 || box.left < left - 1) cut.push(`"${link.textContent?.trim() ?? ''}"`);
    }
    return cut;
  });
}

/**
 * Dates in words (docs/accessibility.md): an ISO date (2026-11-29) in a sentence, i.e. in the
 * text an element holds itself (its own text nodes, joined: React writes `{date}: {amount}` as
 * separate nodes) beside a word of two letters or more. A date alone in a table's cell, or a date
 * field's value, is not a sentence and is not counted; a file's name is not either.
 */
export async function isoDatesInSentences(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Set<string>();
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (['SCRIPT', 'STYLE', 'INPUT', 'TEXTAREA', 'OPTION'].includes(el.tagName)) continue;
      const own = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('');
      if (!/\b\d{4}-\d{2}-\d{2}\b/.test(own)) continue;
      const words = own.replace(/\b\d{4}-\d{2}-\d{2}\b/g, ' ').replace(/\S+\.[A-Za-z0-9]{2,4}\b/g, ' ');
      if (/\p{L}{2,}/u.test(words)) found.add(`"${own.trim().slice(0, 80)}" in ${el.tagName.toLowerCase()}`);
    }
    return [...found];
  });
}
