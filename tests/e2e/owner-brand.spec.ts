// The shop's own look and words (docs/settings.md), against a real server of its own (a brand
// colour, a logo and a greeting change what every later journey would see): an owner has a
// colour too light for white text refused beside its field, saves one that passes and finds the
// order form's, the order page's and My orders' buttons in it; the logo heads the order's page;
// the French greeting, edited with its preview, opens the French quote mail the server writes.
// Then a clerk's price list, saved for an owner to review, is opened and published by one.
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  emailed,
  expectNoViolations,
  png,
  quebecOrder,
  signInAt,
  STAFF_PASSWORD,
  startOwnServer,
  submitOrderByApi,
} from './helpers.js';

const DATA = 'e2e-owner-brand-data';
let server: Awaited<ReturnType<typeof startOwnServer>>;
test.beforeAll(async () => {
  server = await startOwnServer(100, DATA);
});
test.afterAll(async () => server.stop());

/** #7c2d12, as the browser computes it. */
const BRAND = 'rgb(124, 45, 18)';
const background = (target: Locator) => target.evaluate((el) => getComputedStyle(el).backgroundColor);

/** Tabs forward until the target has the keyboard's focus; then how its focus outline looks. */
async function outlineByKeyboard(page: Page, target: Locator) {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
  return target.evaluate((el) => {
    const s = getComputedStyle(el);
    return { style: s.outlineStyle, width: s.outlineWidth, colour: s.outlineColor };
  });
}

test('an owner sets the brand colour, the logo and the French greeting; customers see them', async ({
  page,
  browser,
}) => {
  await signInAt(page, server.base, 'clerk@shop.example', 'Orders');
  await page.getByRole('link', { name: 'Shop settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shop settings' })).toBeVisible();
  const shopName = await page.getByLabel('Shop name').inputValue();

  // White on #777777 is 4.48:1: refused, the reason beside the field.
  const colour = page.getByLabel('Brand colour');
  await colour.fill('#777777');
  await expect(page.getByText('White text on this colour: 4.48:1.')).toBeVisible();
  const save = page.getByRole('button', { name: 'Save the shop’s settings' });
  await save.click();
  const why = 'This colour is too light: white text on it falls under a contrast of 4.5:1. Choose a darker one.';
  await expect(colour).toHaveAttribute('aria-invalid', 'true');
  await expect(colour).toHaveAccessibleDescription(`White text on it must reach a contrast of 4.5:1 (WCAG AA). ${why}`);
  await expect(page.getByRole('region', { name: 'The settings were not saved' })).toBeFocused();
  await expectNoViolations(page, 'a brand colour refused');

  await colour.fill('#7c2d12');
  await save.click();
  await expect(page.getByRole('status')).toHaveText('Saved as version 1. New documents and emails use it now.');
  await expect(colour).not.toHaveAttribute('aria-invalid');
  // The inbox's own primary button takes it at once (the pointer moved off it: hover darkens it).
  await page.mouse.move(0, 0);
  await expect.poll(() => background(save)).toBe(BRAND);

  await page.getByLabel('Logo (PNG or SVG, at most 1 MB)').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: png(124, 45, 18),
  });
  await expect(page.getByRole('status')).toHaveText('Logo saved on its own. The order form shows it now.');

  // The French greeting, with its preview beside it; the English one left as it is.
  const mail = page.getByRole('group', { name: 'Mail the shop writes' });
  await expect(mail.getByLabel('Greeting, French')).toHaveValue('Bonjour {name}.');
  const frPreview = mail.getByRole('figure', { name: 'Preview: a quote mail in French' });
  // The sample order is named by a reference of the shop's shape, as a real quote mail names it.
  await expect(frPreview).toContainText(
    `Bonjour Ada. ${shopName} a préparé la soumission v1 de votre commande 7KQ4-M2XD\u00a0: total 120,00\u00a0$, taxes comprises.`,
  );
  await mail.getByLabel('Greeting, French').fill('Allô {name}, merci de faire affaire avec nous.');
  await mail.getByLabel('Signature, French (optional)').fill('L’équipe de l’atelier\nÀ bientôt');
  await expect(frPreview).toContainText(`Allô Ada, merci de faire affaire avec nous. ${shopName} a préparé`);
  await expect(frPreview).toContainText('L’équipe de l’atelierÀ bientôt');
  await expect(frPreview).toContainText('Ce lien est personnel');
  await expect(mail.getByRole('figure', { name: 'Preview: a quote mail in English' })).toContainText(
    `Hello Ada. ${shopName} has prepared quote v1 for your order 7KQ4-M2XD: $120.00 in total, taxes included.`,
  );
  // A link in the signature is refused beside it.
  await mail.getByLabel('Signature, English (optional)').fill('Prizes at https://elsewhere.example.com');
  await save.click();
  const signature = mail.getByLabel('Signature, English (optional)');
  await expect(signature).toHaveAttribute('aria-invalid', 'true');
  await expect(signature).toHaveAccessibleDescription(/no link or web address but your email’s own domain\.$/);
  await signature.fill('');
  await save.click();
  await expect(page.getByRole('status')).toHaveText('Saved as version 2. New documents and emails use it now.');
  await expectNoViolations(page, 'shop settings with the mail’s wording');

  // The order form: its primary button in the brand colour, the focus outline still there.
  const customer = await (await browser.newContext()).newPage();
  await customer.goto(`${server.base}/`);
  const noMore = customer.getByRole('group', { name: 'Are there additional graphic layouts for this job?' });
  await noMore.getByRole('radio', { name: 'No' }).check();
  const submit = customer.getByRole('button', { name: 'Submit Order' });
  await expect(submit).toBeVisible();
  expect(await background(submit)).toBe(BRAND);
  // Reached by the keyboard: the focus outline (amber, 3 px) is still drawn around it.
  const outline = await outlineByKeyboard(customer, submit);
  expect(outline).toEqual({ style: 'solid', width: '3px', colour: 'rgb(245, 158, 11)' });
  await expect(customer.getByRole('main').getByRole('img', { name: shopName })).toBeVisible();

  // A French order; the owner sends its quote; the customer's mail opens with the new greeting.
  const { orderId, reference } = await submitOrderByApi(server.base, quebecOrder('fr', 'marie.brand@example.com'), [
    { name: 'Layout_1_Mockup_1.png', type: 'image/png', data: png(30, 90, 200) },
  ]);
  const session = await fetch(`${server.base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'clerk@shop.example', password: STAFF_PASSWORD }),
  });
  const cookie = String(session.headers.get('set-cookie')).split(';')[0]!;
  const sent = await fetch(`${server.base}/api/orders/${orderId}/quote/send`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      lines: [{ description: 'Gildan 5000, imprimé', quantity: 50, unitPriceCents: 1200, taxable: true }],
      confirmNoProofs: true,
    }),
  });
  expect(sent.status, await sent.clone().text()).toBe(201);
  const quoteMail = await emailed(
    orderId,
    new RegExp(`^Votre soumission pour la commande ${reference}$`),
    path.resolve(`test-results/${DATA}/outbox`),
  );
  expect(quoteMail.text).toContain(
    `Allô Marie, merci de faire affaire avec nous. ${shopName} a préparé la soumission v1`,
  );
  expect(quoteMail.text).toContain('L’équipe de l’atelier\nÀ bientôt');
  expect(quoteMail.html).toMatch(/<img src="http[^"]+\/api\/shop\/logo\?v=[0-9a-f]{12}"/);

  // The order's page from the mail: the logo at its head, the Approve button in the brand colour.
  const link = /https?:\/\/\S+\/o\/[A-Za-z0-9_-]{43}/.exec(quoteMail.text ?? '')![0];
  await customer.goto(link.replace(/^https?:\/\/[^/]+/, server.base));
  await expect(customer.getByRole('heading', { level: 1, name: new RegExp(reference) })).toBeVisible();
  const logo = customer.getByRole('main').getByRole('img', { name: shopName });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  expect(await background(customer.getByRole('button', { name: 'Approuver' }))).toBe(BRAND);
  await expectNoViolations(customer, 'the order’s page with the logo and brand colour');

  // My orders: the logo, and its button in the brand colour.
  await customer.goto(`${server.base}/my-orders`);
  await expect(customer.getByRole('main').getByRole('img', { name: shopName })).toBeVisible();
  expect(await background(customer.getByRole('button', { name: /^(Email me a link|M’envoyer un lien)$/ }))).toBe(BRAND);
  await expectNoViolations(customer, 'My orders with the logo and brand colour');
});

test('a clerk saves a price list for an owner to review; the owner opens it and publishes it', async ({
  page,
  browser,
}) => {
  // commis@ is plain staff, their inbox in French: they cannot publish, only save for review.
  await signInAt(page, server.base, 'commis@shop.example', 'Commandes');
  await page.getByRole('link', { name: 'Prix' }).click();
  await expect(page.getByText('Seul un propriétaire peut publier des prix.')).toBeVisible();
  await page.getByRole('button', { name: 'Partir de la liste de prix d’exemple' }).click();
  const cell = page.getByLabel(/^Sérigraphie, à partir de 48\spièces, 2 couleurs d’encre\s: prix par pièce \(\$\)$/);
  await expect(cell).toHaveValue('2,20');
  await cell.fill('2,15');
  await page.getByRole('button', { name: 'Enregistrer pour révision par un propriétaire' }).click();
  await expect(
    page.getByText(
      'Enregistré\u00a0: un propriétaire trouvera votre brouillon sur cette page, pour le réviser et le publier.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publier comme version suivante' })).toHaveCount(0);
  await expectNoViolations(page, 'a price draft saved for review, in French');

  // The owner finds it waiting, opens it, sees the clerk's change and publishes it.
  const owner = await (await browser.newContext()).newPage();
  await signInAt(owner, server.base, 'clerk@shop.example', 'Orders');
  await owner.getByRole('link', { name: 'Prices' }).click();
  const drafts = owner.getByRole('region', { name: 'Drafts waiting for an owner' });
  await expect(drafts).toBeVisible();
  await drafts.getByRole('button', { name: /^Open the draft of commis@shop\.example \(/ }).click();
  await expect(
    owner.getByText(
      'The draft of commis@shop.example is open below: check it, change what you like, then publish it as the next version.',
    ),
  ).toBeVisible();
  await expect(owner.getByLabel('Screen printing, from 48 pieces, 2 ink colours: price per piece ($)')).toHaveValue(
    '2.15',
  );
  await expectNoViolations(owner, 'an owner reviewing a clerk’s draft');
  await owner.getByRole('button', { name: 'Publish as the next version' }).click();
  await expect(owner.getByText('Published: price list v1 is in effect from now on.')).toBeVisible();
  await expect(owner.getByText(/In effect: price list v1, since .*, published by clerk@shop\.example\./)).toBeVisible();
});
