// The live estimate, against a real server of its own with the example price list published:
// a customer picks the shop's garment, fills the size boxes, the ink colours and the views, and
// watches the estimate and its taxes follow the shipping province; the clerk sees the estimate
// the customer saw, and "Prepare quote" comes out at the same total. In English and in French.
import { expect, test, type Page } from '@playwright/test';
import example from '../../src/shared/prices/example-price-list.json' with { type: 'json' };
import { expectNoViolations, referenceFromToast, signInAt, STAFF_PASSWORD, startOwnServer } from './helpers.js';

let server: Awaited<ReturnType<typeof startOwnServer>>;
test.beforeAll(async () => {
  server = await startOwnServer(20, 'e2e-estimate-data');
  // The owner (the first account) publishes the example list, as the Prices page would.
  const signIn = await fetch(`${server.base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'clerk@shop.example', password: STAFF_PASSWORD }),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
  const published = await fetch(`${server.base}/api/prices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(example),
  });
  expect(published.status).toBe(201);
});
test.afterAll(async () => server.stop());

const WORDS = {
  en: {
    mockupOptions: 'Mockup Options',
    front: 'Front',
    back: 'Back',
    dimensions: 'Graphic Dimensions',
    decoration: 'Decoration Method',
    inkColours: 'Ink colours',
    garmentOptions: 'Garment Options',
    garmentDetails: 'Garment Details',
    type: 'Garment Type or SKU',
    colour: 'Color',
    sizeBoxes: 'Quantities by size',
    sizeBox: (size: string) => `Quantity, size ${size}`,
    sizes: 'Sizes and Quantities',
    additional: 'Are there additional graphic layouts for this job?',
    no: 'No',
    estimate: 'Price estimate',
    first: 'First Name',
    last: 'Last Name',
    company: 'Company Name',
    address: 'Address',
    city: 'City',
    province: 'Province',
    postal: 'Postal Code',
    phone: 'Phone',
    email: 'Email',
    same: 'Same as billing address',
    submit: 'Submit Order',
    total: /Estimated total/,
  },
  fr: {
    mockupOptions: 'Options de maquette',
    front: 'Devant',
    back: 'Dos',
    dimensions: 'Dimensions du graphique',
    decoration: 'Méthode de décoration',
    inkColours: 'Couleurs d’encre',
    garmentOptions: 'Options de vêtements',
    garmentDetails: 'Détails du vêtement',
    type: 'Type de vêtement ou code du produit',
    colour: 'Couleur',
    sizeBoxes: 'Quantités par taille',
    sizeBox: (size: string) => `Quantité, taille ${size}`,
    sizes: 'Tailles et quantités',
    additional: 'Y a-t-il d’autres designs pour cette commande\u202f?',
    no: 'Non',
    estimate: 'Estimation du prix',
    first: 'Prénom',
    last: 'Nom',
    company: 'Nom de l’entreprise',
    address: 'Adresse',
    city: 'Ville',
    province: 'Province',
    postal: 'Code postal',
    phone: 'Téléphone',
    email: 'Courriel',
    same: 'Identique à l’adresse de facturation',
    submit: 'Soumettre la commande',
    total: /Total estimé/,
  },
};

/** The worked example of docs/prices.md, typed as a customer would; billing in Ontario. */
async function fillWorkedExample(page: Page, lang: 'en' | 'fr', email: string) {
  const w = WORDS[lang];
  await page.getByLabel(w.mockupOptions).selectOption('upload');
  const front = page.getByRole('group', { name: w.front, exact: true });
  await front.getByLabel(w.dimensions).fill('10" wide');
  await front.getByLabel(w.decoration).selectOption('screen-printing');
  // Up to the list's last column (6 colours), then "more".
  await expect(front.getByLabel(w.inkColours).locator('option')).toHaveCount(8);
  await front.getByLabel(w.inkColours).selectOption('2');
  const back = page.getByRole('group', { name: w.back, exact: true });
  await back.getByLabel(w.dimensions).fill('4"');
  await back.getByLabel(w.decoration).selectOption('dtf');

  await page.getByLabel(w.garmentOptions).selectOption('pick');
  const garment = page.getByRole('group', { name: w.garmentDetails });
  // The shop's garments are suggested as the type is typed.
  await expect(page.locator('datalist#shop-garments-1 option[value="G5000"]')).toHaveCount(1);
  await garment.getByLabel(w.type).fill('G5000');
  await expect(page.locator('datalist[id^="colours-1-"] option[value="Black"]')).toHaveCount(1);
  await garment.getByLabel(w.colour).fill('Black');
  const boxes = garment.getByRole('group', { name: w.sizeBoxes });
  for (const [size, quantity] of [
    ['S', '10'],
    ['M', '20'],
    ['L', '20'],
    ['2XL', '5'],
  ] as const) {
    await boxes.getByLabel(w.sizeBox(size)).fill(quantity);
  }
  await expect(garment.getByLabel(w.sizes)).toHaveValue('S:10, M:20, L:20, 2XL:5');
  // A box takes whole numbers only, and says so.
  await boxes.getByLabel(w.sizeBox('XL')).fill('-1');
  await expect(
    boxes.getByText(lang === 'en' ? 'A whole number from 0 to 100,000.' : 'Un nombre entier de 0 à 100 000.'),
  ).toBeVisible();
  await boxes.getByLabel(w.sizeBox('XL')).fill('');
  await expect(garment.getByLabel(w.sizes)).toHaveValue('S:10, M:20, L:20, 2XL:5');

  await page.getByRole('group', { name: w.additional }).getByRole('radio', { name: w.no }).check();
  await page.getByLabel(w.first, { exact: true }).first().fill('Jeanne');
  await page.getByLabel(w.last, { exact: true }).first().fill('Mance');
  await page.getByLabel(w.company, { exact: true }).first().fill('Hôtel-Dieu Tees');
  await page.getByLabel(w.address, { exact: true }).first().fill('1 King St W');
  await page.getByLabel(w.city, { exact: true }).first().fill('Toronto');
  await page.getByLabel(w.province, { exact: true }).first().selectOption('ON');
  await page.getByLabel(w.postal, { exact: true }).first().fill('M5H 1A1');
  await page.getByLabel(w.phone, { exact: true }).first().fill('416-555-0100');
  await page.getByLabel(w.email, { exact: true }).fill(email);
}

test('a customer sees the worked example priced as they type, in English; the clerk’s quote comes out the same', async ({
  page,
  browser,
}) => {
  await page.goto(server.base);
  await fillWorkedExample(page, 'en', 'estimate-en@example.com');
  const estimate = page.getByRole('region', { name: 'Price estimate' });
  await expect(estimate.getByText('Layout 1 · Gildan 5000 T-shirt, Black · S 10, M 20, L 20')).toBeVisible();
  await expect(estimate.getByText('55 pieces, 2 colours, price from 48 pieces: $2.20 × 55')).toBeVisible();
  await expect(estimate.getByText('Layout 1 · Back · DTF, 4" longest side')).toBeVisible();
  await expect(estimate.getByRole('row', { name: 'HST (13%) $74.56' })).toBeVisible();
  await expect(estimate.getByRole('row', { name: 'Estimated total $648.06' })).toBeVisible();
  await expect(estimate.getByText('Your quote confirms the price.', { exact: false })).toBeVisible();
  await expectNoViolations(page, 'the form with size boxes and the estimate');

  // Shipped to Quebec instead: GST and QST, on screen at once.
  await page.getByLabel('Same as billing address').uncheck();
  const shipping = page.getByRole('group', { name: 'Shipping Address' });
  await shipping.getByLabel('Address', { exact: true }).fill('2 Rue Pierre');
  await shipping.getByLabel('City', { exact: true }).fill('Montréal');
  await shipping.getByLabel('Province', { exact: true }).selectOption('QC');
  await shipping.getByLabel('Postal Code', { exact: true }).fill('H2X 1Y4');
  await expect(estimate.getByRole('row', { name: /^GST \(5%\) \$28\.68$/ })).toBeVisible();
  await expect(estimate.getByRole('row', { name: /^QST \(9\.975%\) \$57\.21$/ })).toBeVisible();
  await expect(estimate.getByRole('row', { name: 'Estimated total $659.39' })).toBeVisible();

  // No horizontal scroll on a 320 px phone.
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Submit Order' }).click();
  await expect(page.getByText('Thank you! Your order has been submitted successfully.')).toBeVisible();
  const reference = await referenceFromToast(page);

  const clerk = await (await browser.newContext()).newPage();
  await signInAt(clerk, server.base, 'clerk@shop.example', 'Orders');
  await clerk.getByRole('link', { name: reference }).click();
  await expect(clerk.getByText('The customer saw an estimate of $659.39 with taxes (prices v1).')).toBeVisible();
  await clerk.getByRole('button', { name: 'Prepare quote' }).click();
  await expect(clerk.getByRole('row', { name: 'Total $659.39' })).toBeVisible();
  // The floor's first day with room for its pieces, by method: a business day (docs/production.md).
  await expect(
    clerk.getByText(
      /^First day with room on the floor for this order \(Screen printing, 55 pieces; DTF, 55 pieces\): (Monday|Tuesday|Wednesday|Thursday|Friday), \w+ \d+, \d{4}\.$/,
    ),
  ).toBeVisible();
  await expect(
    clerk.getByText('The customer saw an estimate of $659.39 (prices v1). This quote comes to the same total.'),
  ).toBeVisible();
});

test('the estimate in French, with what is left for the quote and why', async ({ page }) => {
  await page.goto(server.base);
  await page.getByRole('button', { name: 'Français' }).click();
  await fillWorkedExample(page, 'fr', 'estimate-fr@example.com');
  const estimate = page.getByRole('region', { name: 'Estimation du prix' });
  await expect(estimate.getByText('Design 1 · Devant · Sérigraphie, 2 couleurs')).toBeVisible();
  await expect(estimate.getByRole('row', { name: 'TVH (13 %) 74,56 $' })).toBeVisible();
  await expect(estimate.getByRole('row', { name: 'Total estimé 648,06 $' })).toBeVisible();
  // More colours than the list prices: left for the quote, and the estimate says why.
  await page.getByRole('group', { name: 'Devant', exact: true }).getByLabel('Couleurs d’encre').selectOption('7');
  await expect(estimate.getByText(/prix dans votre soumission/).first()).toBeVisible();
  await expectNoViolations(page, 'the French form with the estimate');
});
