// The shop's price list, against a real server of its own (a published list changes how every
// later quote starts, so the other journeys keep a server without one): the owner starts from the
// example, imports a supplier's CSV of garments (a bad file is refused by line), edits a cell,
// publishes v1; a clerk whose inbox is in French prepares a quote that comes out priced.
import { expect, test } from '@playwright/test';
import { expectNoViolations, signInAt, startOwnServer, submitOrderByApi } from './helpers.js';

let server: Awaited<ReturnType<typeof startOwnServer>>;
let BASE = '';
test.beforeAll(async () => {
  server = await startOwnServer(10, 'e2e-prices-data');
  BASE = server.base;
});
test.afterAll(async () => server.stop());

const signIn = (page: Parameters<typeof signInAt>[0], email: string, heading: string) =>
  signInAt(page, BASE, email, heading);

const csv = (rows: string[]) => ({
  name: 'supplier-prices.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(['Style,Name,Colour,Size,Price', ...rows].join('\n')),
});

/** The worked example of docs/prices.md, in French: 55 G5000, a 2-colour front 10" wide, a 4" DTF back, to Ontario. */
const workedOrder = {
  language: 'fr',
  layouts: {
    '1': {
      mockupOption: 'upload',
      garmentOption: 'pick',
      hasVectorFiles: 'no',
      variations: [{ type: 'G5000', color: 'Black', sizes: 'S:10, M:20, L:20, 2XL:5', supplyingGoods: 'no' }],
      files: [],
      mockupImages: [],
      viewData: {
        Front: { image: '', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 },
        Back: { image: '', dimensions: '4"', decoration: 'dtf' },
      },
      billing: {
        firstName: 'Jeanne',
        lastName: 'Mance',
        companyName: 'Hôtel-Dieu Tees',
        address: '1 King St W',
        city: 'Toronto',
        province: 'ON',
        postalCode: 'M5H 1A1',
        phone: '416-555-0100',
        email: 'jeanne@example.com',
      },
      shipping: { sameAsBilling: true, localPickup: false },
      deadline: { hasCriticalDeadline: false, date: '' },
      jobNotes: '',
    },
  },
  isResalePartner: false,
  includePolyBags: false,
};

test('an owner imports garments, edits a cell and publishes; a clerk’s quote in French comes out priced', async ({
  page,
  browser,
}) => {
  // The first account made (clerk@) is the owner.
  await signIn(page, 'clerk@shop.example', 'Orders');
  await page.getByRole('link', { name: 'Prices' }).click();
  await expect(page.getByRole('heading', { name: 'Prices', level: 1 })).toBeVisible();
  await expect(page.getByText('No price list is published')).toBeVisible();
  await page.getByRole('button', { name: 'Start from the example price list' }).click();

  // A supplier file with a bad row is refused by its line, and nothing of it is used.
  const importCsv = page.getByLabel('Import garments from a CSV file');
  await importCsv.setInputFiles(
    csv(['G5000,Gildan 5000 T-shirt,Black,S,4.50', 'G5000,Gildan 5000 T-shirt,Black,M,four']),
  );
  await expect(page.getByRole('alert').filter({ hasText: 'Line 3: "four" is not a price in dollars' })).toBeVisible();
  await importCsv.setInputFiles(
    csv([
      'G5000,Gildan 5000 T-shirt,Black,S,4.50',
      'G5000,Gildan 5000 T-shirt,Black,M,4.50',
      'G5000,Gildan 5000 T-shirt,White,L,4.50',
      'G5000,Gildan 5000 T-shirt,Black,2XL,6.50',
      'PC61,Port & Company Essential Tee,Navy,M,5.25',
    ]),
  );
  // Merged, not replaced: a preview first, nothing changed until Apply.
  const preview = page.getByRole('region', { name: 'What the import will change' });
  await expect(
    preview.getByText('A price file: 5 rows read. 1 to add, 1 to change, 0 to remove, 0 unchanged.'),
  ).toBeVisible();
  await expect(preview.getByRole('row', { name: 'Added PC61 Port & Company Essential Tee $5.25' })).toBeVisible();
  await preview.getByRole('button', { name: 'Apply to the price list' }).click();
  await expect(page.getByText('Applied: 1 added, 1 changed, 0 removed. Publish to put them in effect.')).toBeVisible();
  const garments = page.getByRole('table', { name: 'Garments in the price list' });
  await expect(
    garments.getByRole('row', { name: /G5000 Gildan 5000 T-shirt Black, White S, M, L, 2XL/ }),
  ).toBeVisible();
  await expect(garments.getByText('2XL +$2.00')).toBeVisible();

  // The screen-printing cell for 48+ pieces and 2 colours: a typo is caught beside it, then fixed.
  const cell = page.getByLabel('Screen printing, from 48 pieces, 2 ink colours: price per piece ($)');
  await expect(cell).toHaveValue('2.20');
  await cell.fill('2.1O');
  await expect(page.getByText('Enter an amount such as 4.50.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish as the next version' }).click();
  await expect(page.getByText('Some boxes cannot be read')).toBeVisible();
  await cell.fill('2.10');
  // The sample order priced with the list as it stands: $568.00 + HST $73.84.
  const sample = page.getByRole('region', { name: 'Preview: a sample order' });
  await expect(sample.getByRole('row', { name: /Total \$641\.84/ })).toBeVisible();
  await expectNoViolations(page, 'the Prices page');

  await page.getByRole('button', { name: 'Publish as the next version' }).click();
  await expect(page.getByText('Published: price list v1 is in effect from now on.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'v1' })).toBeVisible();
  await expect(page.getByText(/In effect: price list v1, since .*, published by clerk@shop\.example\./)).toBeVisible();

  // A clerk (staff, inbox in French) opens the order and prepares its quote.
  const { orderId } = await submitOrderByApi(BASE, workedOrder, []);
  const clerk = await (await browser.newContext()).newPage();
  await signIn(clerk, 'commis@shop.example', 'Commandes');
  await clerk.getByRole('link', { name: 'Prix' }).click();
  await expect(clerk.getByText('Seul un propriétaire peut publier des prix.')).toBeVisible();
  await expect(clerk.getByRole('button', { name: 'Publier comme version suivante' })).toHaveCount(0);

  await clerk.goto(`${BASE}/inbox/orders/${orderId}`);
  await clerk.getByRole('button', { name: 'Préparer la soumission' }).click();
  await expect(clerk.getByText('Prix tirés de la liste de prix v1 : vérifiez chaque ligne.')).toBeVisible();
  const line = (n: number) => clerk.getByRole('group', { name: `Ligne ${n}` });
  await expect(line(1).getByLabel('Description')).toHaveValue(
    'Design 1 · Gildan 5000 T-shirt, Noir · S 10, M 20, L 20',
  );
  await expect(line(1).getByLabel('Prix unitaire ($)')).toHaveValue('4,50');
  await expect(line(2).getByLabel('Prix unitaire ($)')).toHaveValue('6,50');
  await expect(line(3).getByLabel('Description')).toHaveValue('Design 1 · Devant · Sérigraphie, 2 couleurs');
  await expect(line(3).getByLabel('Prix unitaire ($)')).toHaveValue('2,10');
  await expect(line(3).getByText('55 pièces, 2 couleurs, prix à partir de 48 pièces : 2,10 $ × 55')).toBeVisible();
  await expect(clerk.getByRole('row', { name: /Total 641,84 \$/ })).toBeVisible();
  await expectNoViolations(clerk, 'a quote priced from the list, in French');

  await clerk.getByRole('button', { name: 'Envoyer la soumission' }).click();
  await clerk
    .getByRole('dialog', { name: /^Envoyer sans épreuves/ })
    .getByRole('button', { name: 'Envoyer sans épreuves' })
    .click();
  await expect(clerk.getByText('(prix de la liste v1)')).toBeVisible();
  // Deleting the order takes an owner: the clerk is told so instead of a button.
  await expect(clerk.getByText('Seul un propriétaire peut supprimer une commande.')).toBeVisible();
});
