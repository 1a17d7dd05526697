// The customer changes their own order before approval (docs/product.md, "Changing an order"), on
// a server of its own (offset 175) with the example price list: an order of 2 tees with a
// two-colour print on the front, sent in French, quoted from the list; the customer opens the
// order's page from the link in the quote's mail, on a 390 px phone, and with the keyboard makes
// the front an embroidery on the left chest, adds a three-colour print on the upper back, makes
// the sizes 20 and gives the names list. A wrong ink count, a print size too long and a number of
// four digits are refused beside their fields and nothing typed is lost; a missing reason is
// asked for. Version 2 is saved and the page says the customer made it; the clerk's inbox flags
// the order, its history says who, when and why, the estimate is priced again for what changed,
// and the next quote starts from it, showing 2 → 20 and the added print.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  expectNoViolations,
  png,
  quebecOrder,
  signInAt,
  startServerWithExamplePrices,
  submitOrderByApi,
} from './helpers.js';

const DATA = 'e2e-customer-change-order-data';
let server: Awaited<ReturnType<typeof startServerWithExamplePrices>>;

// A loaded machine starts a server slowly: the journey has room for it.
test.describe.configure({ timeout: 240_000 });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startServerWithExamplePrices(175, DATA);
});
test.afterAll(async () => server?.stop());

const PHONE = { width: 390, height: 844 };

/** The customer's link from the order's email that carries one (the quote's). */
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
  return `/o/${token}`;
}

/** Tabs forward until the element has the focus (at most 40 stops): what a keyboard user does. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Types into a text field from the keyboard, replacing what it holds. */
async function retype(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
}

/** Moves a closed select's choice with the arrow keys, as a keyboard user does. */
async function arrow(page: Page, select: Locator, key: 'ArrowDown' | 'ArrowUp', times = 1) {
  await tabTo(page, select);
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

const noSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

test('the customer changes a decoration’s method, location, size and inks, the sizes and the names list, in French at 390 px; the inbox shows version 2 with who, when and why, priced again', async ({
  browser,
}) => {
  const base = server.base;
  const order = quebecOrder('fr', 'marie.change@example.com');
  Object.assign(order.layouts['1'], {
    variations: [{ type: 'G5000', color: 'Black', sizes: 'M:1, L:1', supplyingGoods: 'no' }],
    viewData: { Front: { image: '', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 } },
  });
  const { orderId, reference } = await submitOrderByApi(base, order, [
    { name: 'Layout_1_Mockup_1.png', type: 'image/png', data: png(30, 30, 200) },
  ]);

  // The clerk's view of the order as sent: the estimate of 2 printed tees; the quote, priced from
  // the list, sent (its mail carries the customer's link; an order sent without the form gets no
  // confirmation).
  const clerk = await (await browser.newContext()).newPage();
  await signInAt(clerk, base, 'clerk@shop.example', 'Orders');
  await clerk.goto(`${base}/inbox/orders/${orderId}`);
  const estimate = clerk.getByRole('region', { name: 'Estimate the customer saw' });
  await expect(estimate).toBeVisible();
  const estimateBefore = (await estimate.innerText()).trim();
  const state = await (await clerk.request.get(`${base}/api/orders/${orderId}/quote`)).json();
  const lines = (
    state.priced.lines as { description: string; quantity: number; unitPriceCents: number; needsPrice: boolean }[]
  )
    .filter((l) => !l.needsPrice)
    .map(({ description, quantity, unitPriceCents }) => ({ description, quantity, unitPriceCents, taxable: true }));
  const sent = await clerk.request.post(`${base}/api/orders/${orderId}/quote/send`, {
    headers: { origin: base },
    data: { lines, priceListVersion: state.priced.priceListVersion, confirmNoProofs: true },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const link = await linkOf(orderId);

  // The customer, on a phone, in French.
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'fr-CA' });
  const page = await context.newPage();
  await page.goto(`${base}${link}`);
  const change = page.getByRole('region', { name: 'Modifier ma commande' });
  const open = change.getByRole('button', { name: 'Modifier ma commande' });
  await tabTo(page, open);
  await page.keyboard.press('Enter');

  const front = change.getByRole('group', { name: 'Devant' });
  const back = change.getByRole('group', { name: 'Dos' });
  // The decorations' fields load with the form.
  await expect(front.getByLabel('Décoration')).toHaveValue('screen-printing');
  await expect(front.getByLabel('Couleurs d’encre')).toHaveValue('2');
  await expect(back.getByLabel('Décoration')).toHaveValue('');

  // The sizes: 20 pieces.
  const sizes = change.getByRole('group', { name: 'Vêtement 1' }).getByLabel('Tailles et quantités');
  await expect(sizes).toHaveValue('M:1, L:1');
  await retype(page, sizes, 'S:3, M:7, L:6, XL:4');

  // The front: screen printing becomes embroidery (the option above), on the left chest, 3.5" wide.
  await arrow(page, front.getByLabel('Décoration'), 'ArrowUp');
  await expect(front.getByLabel('Décoration')).toHaveValue('embroidery');
  // Embroidery has no ink colours.
  await expect(front.getByLabel('Couleurs d’encre')).toHaveCount(0);
  await arrow(page, front.getByLabel('Emplacement'), 'ArrowDown');
  await expect(front.getByLabel('Emplacement')).toHaveValue('left-chest');
  // A print size too long for the shop's record: the server names it.
  await retype(page, front.getByLabel('Taille d’impression'), `3.5" wide ${'x'.repeat(200)}`);

  // The back: a screen print added (two options down), on the upper back, 11" wide, typed "0" inks.
  await arrow(page, back.getByLabel('Décoration'), 'ArrowDown', 2);
  await expect(back.getByLabel('Décoration')).toHaveValue('screen-printing');
  await arrow(page, back.getByLabel('Emplacement'), 'ArrowDown');
  await expect(back.getByLabel('Emplacement')).toHaveValue('upper-back');
  await retype(page, back.getByLabel('Taille d’impression'), '11" wide');
  await retype(page, back.getByLabel('Couleurs d’encre'), '0');
  // The names list for the back: two people, the second's number too long (the server names it).
  const names = change.getByLabel('Liste des noms');
  await expect(names).toHaveValue('');
  await retype(page, names, 'Maxime Lavoie, L, LAVOIE, 12\nGeneviève Beaulieu-Tremblay, M, , 1234');

  const save = change.getByRole('button', { name: 'Enregistrer ma modification' });
  const everythingKept = async () => {
    await expect(sizes).toHaveValue('S:3, M:7, L:6, XL:4');
    await expect(front.getByLabel('Décoration')).toHaveValue('embroidery');
    await expect(front.getByLabel('Emplacement')).toHaveValue('left-chest');
    await expect(back.getByLabel('Décoration')).toHaveValue('screen-printing');
    await expect(back.getByLabel('Emplacement')).toHaveValue('upper-back');
    await expect(back.getByLabel('Taille d’impression')).toHaveValue('11" wide');
    await expect(names).toHaveValue(/^Maxime Lavoie, L, LAVOIE, 12\nGeneviève Beaulieu-Tremblay, M, , \d+$/);
  };

  // 0 inks: refused beside the field, which takes the focus; nothing typed is lost.
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  const inks = back.getByLabel('Couleurs d’encre');
  await expect(inks).toBeFocused();
  await expect(inks).toHaveAttribute('aria-invalid', 'true');
  await expect(inks).toHaveAccessibleDescription(/^Entrez un nombre entier de couleurs d’encre, de 1 à 100\./);
  await expect(inks).toHaveValue('0');
  await everythingKept();
  await retype(page, inks, '3');

  // No reason: asked for beside its field.
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  const reason = change.getByLabel('Ce qui change, et pourquoi');
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(reason).toHaveAccessibleDescription(/pourquoi la commande change/);
  await everythingKept();
  await page.keyboard.type('Toute l’équipe en veut un : écusson brodé, nom au dos');

  // The print size too long: the server refuses it, named beside the front's field in the page's words.
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  const frontSize = front.getByLabel('Taille d’impression');
  await expect(frontSize).toBeFocused();
  await expect(frontSize).toHaveAttribute('aria-invalid', 'true');
  await expect(frontSize).toHaveAccessibleDescription(
    /^Indiquez la taille d’impression en au plus 200 caractères, par exemple 3,5 po de large\./,
  );
  await everythingKept();
  await expect(inks).toHaveValue('3');
  await expect(reason).toHaveValue('Toute l’équipe en veut un : écusson brodé, nom au dos');
  await noSideScroll(page);
  await expectNoViolations(page, 'a refused change on the order’s page, in French at 390 px');
  // The names list's refused line, beside the list in words.
  await expect(names).toHaveAttribute('aria-invalid', 'true');
  await expect(names).toHaveAccessibleDescription(/^Ligne 2\u00a0: le numéro à imprimer a au plus 3 chiffres\./);
  await expect(names).toHaveValue('Maxime Lavoie, L, LAVOIE, 12\nGeneviève Beaulieu-Tremblay, M, , 1234');
  await retype(page, frontSize, '3.5" wide');
  await retype(page, names, 'Maxime Lavoie, L, LAVOIE, 12\nGeneviève Beaulieu-Tremblay, M, , 7');

  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(
    change.getByText('Votre modification est enregistrée comme version 2 de votre commande.', { exact: false }),
  ).toBeVisible();
  // The page says who changed the order, and that the quote sent before can no longer be approved
  // while the order can still be changed.
  await expect(
    page.getByText(
      'Vous avez modifié votre commande (version 2)\u00a0: ce que vous voyez ci-dessous est la commande telle qu’elle est maintenant. La boutique vous enverra une nouvelle soumission à approuver.',
    ),
  ).toBeVisible();
  await expect(
    page.getByText(
      'La commande a changé après cette soumission, qui ne peut plus être approuvée\u00a0: la boutique vous en enverra une nouvelle. Tant que vous n’avez pas approuvé de soumission, vous pouvez encore modifier votre commande ci-dessous.',
    ),
  ).toBeVisible();
  // The page shows the order as it now stands.
  const summary = page.getByRole('region', { name: 'Votre commande telle que nous l’avons reçue' });
  await expect(summary.getByText('Devant · Poitrine gauche\u00a0: 3.5" wide, Broderie')).toBeVisible();
  await expect(summary.getByText('Dos · Haut du dos\u00a0: 11" wide, Sérigraphie')).toBeVisible();
  await expect(summary.getByText('Vêtement\u00a0: G5000, Noir, S:3, M:7, L:6, XL:4')).toBeVisible();
  await noSideScroll(page);
  await expectNoViolations(page, 'the order’s page after the customer’s change, in French at 390 px');

  // The inbox: flagged, version 2 by the customer with when and why, and the estimate priced again.
  await clerk.goto(`${base}/inbox`);
  const listed = clerk.getByRole('row').filter({ hasText: reference });
  await expect(listed.getByText('Changed by the customer')).toBeVisible();
  await listed.getByRole('link', { name: reference }).click();
  await expect(clerk.getByRole('cell', { name: 'S:3, M:7, L:6, XL:4' })).toBeVisible();
  const team = clerk.getByRole('table', { name: 'Names and numbers: 2 people' });
  await expect(team.getByRole('row', { name: /Maxime Lavoie L LAVOIE 12/ })).toBeVisible();
  await expect(team.getByRole('row', { name: /Geneviève Beaulieu-Tremblay M/ })).toBeVisible();
  // Who, when and why; the quote sent before is withdrawn.
  const history = clerk.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem').filter({ hasText: 'Order changed: version 2.' })).toHaveText(
    /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [ap]\.m\.: Quoted → New by the customerOrder changed: version 2\. Why: Toute l’équipe en veut un : écusson brodé, nom au dos\. The quote sent before is withdrawn: send a new one$/,
  );
  // The estimate, priced again from the list for what the customer changed.
  const estimateAfter = (await estimate.innerText()).trim();
  expect(estimateAfter).not.toBe(estimateBefore);
  await expect(
    estimate
      .getByRole('listitem')
      .filter({ hasText: /^Layout 1 · Front · Left chest · Embroidery, about [\d,]+ stitches: \$/ }),
  ).toHaveCount(1);
  await expect(
    estimate
      .getByRole('listitem')
      .filter({ hasText: /^Layout 1 · Back · Upper back · Screen printing, 3 colours: \$/ }),
  ).toHaveCount(1);
  await expect(estimate.getByRole('listitem').filter({ hasText: /Front · Screen printing/ })).toHaveCount(0);
  await expectNoViolations(clerk, 'the inbox’s order after the customer’s change');

  // The new quote starts from the order as it now stands, priced again, and shows what changed.
  await clerk.getByRole('button', { name: 'Prepare a new version' }).click();
  const editor = clerk.getByRole('form', { name: 'Quote editor' });
  await expect(editor.getByText(/^The order as it now stands, priced again from price list v\d+/)).toBeVisible();
  const changes = editor.getByRole('table', { name: /^What changed from version 1/ });
  const row = (name: RegExp) => changes.getByRole('row', { name });
  await expect(row(/^Design 1 · Gildan 5000 T-shirt, Noir · S 3, M 7, L 6, XL 4 Changed 2 → 20 /)).toHaveCount(1);
  await expect(
    row(/^Design 1 · Devant · Poitrine gauche · Broderie, environ [\d\s\u202f]+ points Changed 2 → 20 /),
  ).toHaveCount(1);
  await expect(row(/^Design 1 · Dos · Haut du dos · Sérigraphie, 3 couleurs Added — → 20 /)).toHaveCount(1);
  await expect(row(/^Design 1 · Dos · Haut du dos · Écrans Added — → 3 /)).toHaveCount(1);
});
