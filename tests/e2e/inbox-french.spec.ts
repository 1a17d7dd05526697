// The inbox in Canadian French: chosen by each staff member, remembered on the server, so it
// follows them to another browser. Before sign-in, the page follows the browser's language.
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations, png, STAFF_PASSWORD, submitOrderByApi } from './helpers.js';

// fr-CA as Chromium writes a medium date and a short time: "22 nov. 2026, 14 h 05".
const FRENCH_DATE = /^\d{1,2} [a-zéû]+\.? \d{4}(,| à) \d{1,2} h \d{2}$/;

async function signIn(page: Page, email: string, labels = { email: 'Email', password: 'Password', submit: 'Sign in' }) {
  await page.getByLabel(labels.email, { exact: true }).fill(email);
  await page.getByLabel(labels.password, { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: labels.submit }).click();
}

/** Pictures for people to look at, on demand (SCREENSHOTS=1, as screens.spec.ts). */
async function screenshot(page: Page, name: string) {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

const FRENCH_LABELS = { email: 'Courriel', password: 'Mot de passe', submit: 'Se connecter' };

test('a clerk switches the inbox to French, works in it, and finds it in French in another browser', async ({
  browser,
  baseURL,
}) => {
  const { reference } = await submitOrderByApi(
    baseURL!,
    {
      layouts: {
        '1': {
          mockupOption: 'upload',
          garmentOption: 'pick',
          hasVectorFiles: 'yes',
          variations: [{ type: 'Gildan 5000', color: 'Noir', sizes: 'S:10, M:20, L:5', supplyingGoods: 'no' }],
          files: [],
          mockupImages: [],
          viewData: { Front: { image: 'Layout_1_Front.png', dimensions: '10" wide', decoration: 'embroidery' } },
          billing: {
            firstName: 'Gabrielle',
            lastName: 'Roy',
            companyName: 'Chandails Roy',
            address: '12 rue Saint-Paul',
            city: 'Québec',
            province: 'QC',
            postalCode: 'G1K 3V7',
            phone: '418-555-0102',
            email: 'gabrielle@example.com',
          },
          shipping: { sameAsBilling: false, localPickup: true },
          deadline: { hasCriticalDeadline: false, date: '' },
          jobNotes: '',
        },
      },
      isResalePartner: true,
      includePolyBags: false,
    },
    [{ name: 'Layout_1_Front.png', type: 'image/png', data: png(10, 120, 60) }],
  );

  // An English browser: the sign-in page is in English, the default.
  const first = await browser.newContext({ locale: 'en-CA', timezoneId: 'America/Toronto' });
  const page = await first.newPage();
  await page.goto('/inbox');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
  await signIn(page, 'clerc@shop.example');
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();

  // The switch, in the header, named in the language it switches to; by keyboard.
  const switchToFrench = page.getByRole('banner').getByRole('button', { name: 'Français' });
  await expect(switchToFrench).toHaveAttribute('lang', 'fr');
  await switchToFrench.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Commandes' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page).toHaveTitle('Boîte de réception des commandes');
  await expect(page.getByRole('banner').getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();

  // The list in French: labels, headers, the status and the turnaround from the shared presentation.
  await page.getByLabel('Rechercher par référence, nom, courriel ou entreprise').fill(reference);
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('1 commande');
  await expect(page.getByLabel('Filtrer par statut')).toContainText('Tous les statuts');
  for (const header of ['Référence', 'Reçue', 'Client', 'Échéance', 'Statut', 'Fichiers', 'Courriel']) {
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  const row = page.getByRole('row', { name: new RegExp(reference) });
  await expect(row.getByRole('cell', { name: 'Nouvelle', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Délai standard de 10 jours' })).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText(FRENCH_DATE);
  await expectNoViolations(page, 'French order list');
  await screenshot(page, 'inbox-list-fr');

  // The empty state and the count, in French.
  await page.getByLabel('Rechercher par référence, nom, courriel ou entreprise').fill('ZZZZ-ZZZZ');
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('0 commande');
  await expect(page.getByText('Aucune commande ne correspond à cette recherche ou à ce filtre.')).toBeVisible();
  await page.getByLabel('Rechercher par référence, nom, courriel ou entreprise').fill(reference);
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('1 commande');

  // The order in French.
  await row.getByRole('link', { name: reference }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Commande ${reference}` })).toBeVisible();
  await expect(page.getByText(/^Reçue le /)).toHaveText(new RegExp(`^Reçue le ${FRENCH_DATE.source.slice(1)}`));
  await expect(page.getByRole('heading', { name: 'Design 1' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Facturation' })).toBeVisible();
  await expect(page.getByText('Cueillette sur place')).toBeVisible();
  await expect(page.getByText('Partenaire revendeur : Oui')).toBeVisible();
  await expect(
    page.getByText('Maquettes : Maquettes et illustrations téléversées · Fichiers vectoriels : Oui'),
  ).toBeVisible();
  await expect(page.getByText('Devant', { exact: true })).toBeVisible();
  await expect(page.getByText('10" wide · Broderie')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Type de vêtement ou code SKU' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Détails du vêtement' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Non', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fichiers (1)' })).toBeVisible();
  await expect(page.getByText(/^\d+ octets · image\/png · Design 1$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Télécharger tous les fichiers (ZIP)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Supprimer cette commande' })).toBeVisible();
  await expectNoViolations(page, 'French order view');
  await screenshot(page, 'inbox-order-fr');

  // A status change, in French, and its line in the history.
  const status = page.getByLabel('Statut', { exact: true });
  await expect(status.locator('option:checked')).toHaveText('Nouvelle');
  await status.selectOption('quoted');
  await expect(page.getByText(/\u00a0: Nouvelle → Soumission envoyée par clerc@shop\.example$/)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: '\u00a0: reçue (Nouvelle)' })).toHaveText(
    new RegExp(`^${FRENCH_DATE.source.slice(1, -1)}\u00a0: reçue \\(Nouvelle\\)$`),
  );

  // The deletion dialog speaks French too; cancelled.
  await page.getByRole('button', { name: 'Supprimer cette commande' }).click();
  const dialog = page.getByRole('dialog', { name: `Supprimer la commande ${reference}\u202f?` });
  await dialog.getByLabel(`Tapez ${reference} pour confirmer`).fill('nope');
  await dialog.getByRole('button', { name: 'Supprimer pour de bon' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(`Tapez exactement ${reference} pour confirmer.`);
  await expectNoViolations(page, 'French deletion dialog');
  await dialog.getByRole('button', { name: 'Annuler' }).click();

  // The API's refusal, worded from its code: an order that does not exist.
  await page.goto('/inbox/orders/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert')).toHaveText('Cette commande n’existe pas.');

  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await first.close();

  // Another browser, in English: the sign-in page follows it; once signed in, the clerk's French.
  const second = await browser.newContext({ locale: 'en-US' });
  const again = await second.newPage();
  await again.goto('/inbox');
  await expect(again.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await signIn(again, 'clerc@shop.example');
  await expect(again.getByRole('heading', { name: 'Commandes' })).toBeVisible();
  await expect(again.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await again.getByRole('link', { name: reference }).click();
  await expect(again.getByLabel('Statut', { exact: true }).locator('option:checked')).toHaveText('Soumission envoyée');
  await second.close();
});

test('an account made with --lang fr opens in French from an English browser', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-CA' });
  const page = await context.newPage();
  await page.goto('/inbox');
  await signIn(page, 'commis@shop.example');
  await expect(page.getByRole('heading', { name: 'Commandes' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await context.close();
});

test('before sign-in the page follows a French browser, with the same switch', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-CA' });
  const page = await context.newPage();
  await page.goto('/inbox');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page.getByRole('heading', { level: 1, name: 'Boîte de réception des commandes' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Connexion' })).toBeVisible();

  // A refusal from the server, worded in French from its code.
  await page.getByLabel('Courriel', { exact: true }).fill('commis@shop.example');
  await page.getByLabel('Mot de passe', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toHaveText('Ce courriel et ce mot de passe ne correspondent à aucun compte.');
  await expectNoViolations(page, 'French sign-in with an error');
  await screenshot(page, 'inbox-sign-in-fr');

  // Switching on the sign-in page is a choice too: this account was in French; it is now English.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
  await expect(page.getByRole('alert')).toHaveText('That email and password do not match an account.');
  await signIn(page, 'commis@shop.example');
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await context.close();

  const later = await browser.newContext({ locale: 'fr-CA' });
  const elsewhere = await later.newPage();
  await elsewhere.goto('/inbox');
  await signIn(elsewhere, 'commis@shop.example', FRENCH_LABELS);
  await expect(elsewhere.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await expect(elsewhere.locator('html')).toHaveAttribute('lang', 'en-CA');
  await later.close();
});
