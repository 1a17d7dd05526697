// Sizes from a team (docs/collections.md), against a real server of its own with the example
// price list published: an organiser makes a collection link from the order form; three members
// enter their sizes on a 390 px phone, each in a browser of their own (one in French), and one
// changes their entry; nobody sees anyone else's; the organiser's roll-up fills the size boxes
// and the estimate; entries close; the order goes with its names list, which the clerk reads.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoViolations, referenceFromToast, signInAt, startServerWithExamplePrices } from './helpers.js';

let server: Awaited<ReturnType<typeof startServerWithExamplePrices>>;
test.beforeAll(async () => {
  server = await startServerWithExamplePrices(95, 'e2e-team-sizes-data');
});
test.afterAll(async () => server.stop());

const PHONE = { width: 390, height: 844 };

/** A member's own phone: a browser context of its own (its own localStorage, so its own key). */
async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  return context.newPage();
}

const noSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

test('an organiser collects three members’ sizes by a link; the roll-up fills the size boxes, the estimate and the order', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.goto(server.base);
  await page.getByLabel('Mockup Options').selectOption('upload');
  const front = page.getByRole('group', { name: 'Front', exact: true });
  await front.getByLabel('Graphic Dimensions').fill('10" wide');
  await front.getByLabel('Decoration Method').selectOption('screen-printing');
  await front.getByLabel('Ink colours').selectOption('1');
  await page.getByLabel('Garment Options').selectOption('pick');
  const garment = page.getByRole('group', { name: 'Garment Details' });
  await garment.getByLabel('Garment Type or SKU').fill('G5000');
  await garment.getByLabel('Color').fill('Black');

  // The panel is a chunk of its own, loaded by the button.
  await garment.getByRole('button', { name: 'Collect sizes from a team' }).click();
  const panel = page.getByRole('region', { name: 'Sizes from a team' });
  await panel.getByLabel('Team or group name').fill('Lions U12');
  // This layout prints names and numbers: the organiser asks the members for them.
  await panel.getByLabel('Ask each member for a name and number to print').check();
  await panel.getByRole('button', { name: 'Create the link' }).click();
  const linkBox = panel.getByLabel('Link for your team');
  await expect(linkBox).toHaveValue(new RegExp(`^${server.base}/c/[A-Za-z0-9_-]{43}$`));
  const link = await linkBox.inputValue();
  await expect(panel.getByText('No entries yet. This list refreshes by itself.')).toBeVisible();
  await expectNoViolations(page, 'the organiser’s panel with its link');

  // Member 1, in English, on a phone.
  const ada = await phone(browser);
  await ada.goto(link);
  await expect(ada.getByRole('heading', { name: 'Sizes for Lions U12' })).toBeVisible();
  await ada.getByLabel('Your name').fill('Ada Lovelace');
  await ada.getByLabel('Size').selectOption('M');
  await ada.getByLabel('Name to print (optional)').fill('LOVELACE');
  await ada.getByLabel('Number to print (optional, up to 3 digits)').fill('10');
  await ada.getByRole('button', { name: 'Save my size' }).click();
  await expect(ada.getByText('Your entry is saved. You can change it here until entries close.')).toBeVisible();
  await expect(ada.getByRole('region', { name: 'Your entry' }).getByText('Ada Lovelace, size M')).toBeVisible();
  await noSideScroll(ada);
  await ada.screenshot({ path: 'test-results/team-sizes-member-en.png', fullPage: true });
  await expectNoViolations(ada, 'a member’s page after saving, at 390 px');

  // Member 2, in French: a number that is not up to 3 digits is refused beside its field.
  const emile = await phone(browser);
  await emile.goto(link);
  await emile.getByRole('button', { name: 'Français' }).click();
  await expect(emile.getByRole('heading', { name: 'Tailles pour Lions U12' })).toBeVisible();
  await emile.getByLabel('Votre nom').fill('Émile Nelligan');
  await emile.getByLabel('Taille', { exact: true }).selectOption('L');
  await emile.getByLabel('Numéro à imprimer (facultatif, au plus 3 chiffres)').fill('1234');
  await emile.getByRole('button', { name: 'Enregistrer ma taille' }).click();
  const number = emile.getByLabel('Numéro à imprimer (facultatif, au plus 3 chiffres)');
  await expect(emile.getByText('Le numéro à imprimer compte au plus 3 chiffres.')).toBeVisible();
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(number).toBeFocused();
  await emile.screenshot({ path: 'test-results/team-sizes-member-fr-error.png', fullPage: true });
  await number.fill('7');
  await emile.getByRole('button', { name: 'Enregistrer ma taille' }).click();
  await expect(
    emile.getByText('Votre inscription est enregistrée. Vous pouvez la changer ici jusqu’à la clôture.'),
  ).toBeVisible();
  await expect(emile.getByText('Les inscriptions sont ouvertes jusqu’à la fin du', { exact: false })).toBeVisible();
  await noSideScroll(emile);
  await expectNoViolations(emile, 'a member’s page in French, at 390 px');

  // Member 3, by keyboard alone; then changes their own entry from the same phone.
  const cy = await phone(browser);
  await cy.goto(link);
  await cy.getByLabel('Your name').focus();
  await cy.keyboard.type('Cy Young');
  await cy.keyboard.press('Tab');
  await cy.keyboard.press('ArrowDown'); // S
  await cy.keyboard.press('ArrowDown'); // M
  await expect(cy.getByLabel('Size')).toHaveValue('M');
  // Enter in a text field sends the form, as in any form.
  await cy.keyboard.press('Tab');
  await expect(cy.getByLabel('Name to print (optional)')).toBeFocused();
  await cy.keyboard.press('Enter');
  await expect(cy.getByText('Your entry is saved. You can change it here until entries close.')).toBeVisible();
  await cy.reload();
  await expect(cy.getByLabel('Your name')).toHaveValue('Cy Young');
  await cy.getByLabel('Size').selectOption('XL');
  await cy.getByRole('button', { name: 'Save my changes' }).click();
  await expect(cy.getByRole('region', { name: 'Your entry' }).getByText('Cy Young, size XL')).toBeVisible();
  // Nobody sees anyone else's entry.
  for (const member of [ada, emile, cy]) await member.reload();
  await expect(cy.getByRole('region', { name: 'Your entry' })).toBeVisible();
  await expect(cy.getByText('Ada Lovelace')).toHaveCount(0);
  await expect(cy.getByText('Émile Nelligan')).toHaveCount(0);
  await expect(ada.getByText('Cy Young')).toHaveCount(0);

  // Cy on another phone (the first one's key not there) makes a second entry; the organiser
  // removes it by keyboard, after the browser's own confirmation.
  const cyAgain = await phone(browser);
  await cyAgain.goto(link);
  await cyAgain.getByLabel('Your name').fill('Cy Young');
  await cyAgain.getByLabel('Size').selectOption('S');
  await cyAgain.getByRole('button', { name: 'Save my size' }).click();
  await expect(panel.getByText('Sizes filled from 4 entries.')).toBeVisible({ timeout: 15_000 });
  const duplicate = panel.getByRole('row', { name: 'Cy Young S' });
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Remove the entry of Cy Young? They can enter again from the link.');
    void dialog.accept();
  });
  await duplicate.getByRole('button', { name: 'Remove the entry of Cy Young' }).focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByText('The entry of Cy Young was removed.')).toBeVisible();
  await cyAgain.reload();
  await expect(cyAgain.getByLabel('Your name')).toHaveValue('');

  // The organiser's roll-up, live: it fills the size boxes, the text and the estimate.
  await expect(panel.getByText('Sizes filled from 3 entries.')).toBeVisible({ timeout: 15_000 });
  const entries = panel.getByRole('table', { name: 'Lions U12 – 3 entries' });
  await expect(entries.getByRole('row')).toHaveCount(4);
  await expect(entries.getByRole('row', { name: 'Ada Lovelace M LOVELACE 10' })).toBeVisible();
  await expect(entries.getByRole('row', { name: 'Émile Nelligan L 7' })).toBeVisible();
  await expect(entries.getByRole('row', { name: 'Cy Young XL' })).toBeVisible();
  await expect(garment.getByLabel('Sizes and Quantities')).toHaveValue('M:1, L:1, XL:1');
  const boxes = garment.getByRole('group', { name: 'Quantities by size' });
  await expect(boxes.getByLabel('Quantity, size M')).toHaveValue('1');
  await expect(boxes.getByLabel('Quantity, size XL')).toHaveValue('1');
  const estimate = page.getByRole('region', { name: 'Price estimate' });
  await expect(estimate.getByText('Layout 1 · Gildan 5000 T-shirt, Black · M 1, L 1, XL 1')).toBeVisible();
  await garment.screenshot({ path: 'test-results/team-sizes-organiser.png' });
  await expectNoViolations(page, 'the organiser’s roll-up filling the size boxes');

  await page
    .getByRole('group', { name: 'Are there additional graphic layouts for this job?' })
    .getByRole('radio', { name: 'No' })
    .check();
  await page.getByLabel('First Name', { exact: true }).first().fill('Jeanne');
  await page.getByLabel('Last Name', { exact: true }).first().fill('Mance');
  await page.getByLabel('Company Name', { exact: true }).first().fill('Lions U12');
  await page.getByLabel('Address', { exact: true }).first().fill('1 King St W');
  await page.getByLabel('City', { exact: true }).first().fill('Toronto');
  await page.getByLabel('Province', { exact: true }).first().selectOption('ON');
  await page.getByLabel('Postal Code', { exact: true }).first().fill('M5H 1A1');
  await page.getByLabel('Phone', { exact: true }).first().fill('416-555-0100');
  await page.getByLabel('Email', { exact: true }).fill('lions@example.com');
  // While entries are open the order waits: the summary says so and leads to the panel's button.
  await page.getByRole('button', { name: 'Submit Order' }).click();
  const waiting = 'Close the team’s size entries before you send the order';
  await expect(panel.getByText(waiting)).toBeVisible();
  await page.getByRole('link', { name: `Design Layout 1: ${waiting}` }).click();
  await expect(panel.getByRole('button', { name: 'Close entries now' })).toBeFocused();

  // The organiser closes the entries, after the browser's own confirmation: members can no
  // longer change theirs.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.keyboard.press('Enter');
  await expect(panel.getByText('Entries are closed: the sizes below are final.')).toBeVisible();
  await expect(page.getByText(waiting)).toHaveCount(0);
  await ada.reload();
  await expect(ada.getByText('Entries are closed: the organiser has the sizes.')).toBeVisible();
  await expect(ada.getByRole('button', { name: 'Save my changes' })).toHaveCount(0);
  await expect(ada.getByText('Ada Lovelace, size M')).toBeVisible();

  await page.getByRole('button', { name: 'Submit Order' }).click();
  await expect(page.getByText('Thank you! Your order has been submitted successfully.')).toBeVisible();
  const reference = await referenceFromToast(page);

  // The clerk reads the names and numbers with the layout.
  const clerk = await (await browser.newContext()).newPage();
  await signInAt(clerk, server.base, 'clerk@shop.example', 'Orders');
  await clerk.getByRole('link', { name: reference }).click();
  const names = clerk.getByRole('table', { name: 'Names and numbers: 3 people' });
  await expect(names.getByRole('row', { name: 'Ada Lovelace M LOVELACE 10' })).toBeVisible();
  await expect(names.getByRole('row', { name: 'Émile Nelligan L 7' })).toBeVisible();
  await expect(names.getByRole('row', { name: 'Cy Young XL' })).toBeVisible();
  await expect(clerk.getByRole('cell', { name: 'M:1, L:1, XL:1' })).toBeVisible();
  await names.screenshot({ path: 'test-results/team-sizes-inbox.png' });

  // Another collection's link, or one made up, opens nothing.
  const stranger = await phone(browser);
  const unknown = await stranger.goto(`${server.base}/c/${'x'.repeat(43)}`);
  expect(unknown?.status()).toBe(404);
  await expect(stranger.getByRole('heading', { name: 'Size collection not found' })).toBeVisible();
  await expect(stranger.getByText('This link does not open a size collection.', { exact: false })).toBeVisible();
  await expect(stranger.getByText('Sizes for')).toHaveCount(0);
});
