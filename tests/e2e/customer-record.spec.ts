// The customer's side of the order form on a phone: Remove asks first on every layout (by keyboard
// too), the views keep their size beside a neighbour's graphic, and the French form's
// typography (no-break spaces, provinces in French order).
import { expect, test, type Page } from '@playwright/test';
import { frenchTypographyFaults } from '../../src/shared/french.js';
import { png } from './helpers.js';

test.use({ viewport: { width: 390, height: 844 } });

const addLayout = async (page: Page, question: string, yes: string) =>
  page.getByRole('group', { name: question }).last().getByRole('radio', { name: yes }).click();

test('French: Remove asks first, Escape keeps the layout, and the form’s punctuation has its spaces', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Français' }).click();
  await page.getByLabel('Options de maquette').selectOption('upload');
  const question = 'Y a-t-il d’autres designs pour cette commande\u202f?';
  await addLayout(page, question, 'Oui');
  await expect(page.getByRole('button', { name: /^Design 2/ })).toBeFocused();
  await page.getByLabel('Options de maquette').selectOption('create');
  // Every layout has its button, the closed one too.
  await expect(page.getByRole('button', { name: /^Retirer le design \d$/ })).toHaveCount(2);

  await page.getByRole('button', { name: 'Retirer le design 2', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Retirer le design 2\u202f?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'La garder' })).toBeFocused();
  await page.screenshot({ path: 'test-results/customer-record-fr-dialog.png' });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /^Design 2/ })).toBeVisible();
  await expect(page.getByLabel('Options de maquette')).toHaveValue('create');

  await page.getByRole('button', { name: 'Retirer le design 1', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Retirer le design 1\u202f?' })
    .getByRole('button', { name: 'Oui, la retirer' })
    .click();
  await expect(page.getByRole('heading', { name: /Design \d+$/ })).toHaveText(['1Design 1']);
  await expect(page.getByRole('button', { name: /^Design 1/ })).toBeFocused();
  // The former second layout, still open, kept its data.
  await expect(page.getByLabel('Options de maquette')).toHaveValue('create');
  await expect(page.getByRole('button', { name: /^Retirer le design/ })).toHaveCount(0);

  await addLayout(page, question, 'Non');
  await expect(page.getByRole('heading', { name: 'Section C - Facturation et livraison' })).toBeVisible();
  const provinces = await page.getByLabel('Province').first().locator('option').allTextContents();
  expect(provinces.slice(1, 4)).toEqual(['Alberta', 'Colombie-Britannique', 'Île-du-Prince-Édouard']);
  const lines = (await page.locator('main').innerText()).split('\n');
  expect(lines.flatMap((l) => frenchTypographyFaults(l).map((f) => `${f}: ${l}`))).toEqual([]);
  await page.screenshot({ path: 'test-results/customer-record-fr-form.png', fullPage: true });
});

test('English: Remove by keyboard alone, and a view keeps its size beside a neighbour’s graphic', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Mockup Options').selectOption('upload');
  await addLayout(page, 'Are there additional graphic layouts for this job?', 'Yes');
  const remove = page.getByRole('button', { name: 'Remove Layout 2', exact: true });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Remove Design Layout 2?' });
  await expect(dialog).toContainText('This cannot be undone.');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Yes, remove it' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /Design Layout/ })).toHaveText(['1Design Layout 1']);
  await expect(page.getByRole('button', { name: 'Design Layout 1' })).toBeFocused();

  // On a desktop the views sit two by two: a graphic in Front must not stretch Back's box.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole('group', { name: 'Back', exact: true })).toBeVisible();
  const back = page.getByRole('group', { name: 'Back', exact: true });
  const before = (await back.boundingBox())!.height;
  const front = page.getByRole('group', { name: 'Front', exact: true });
  await front
    .getByLabel('Upload Graphic')
    .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: png(9, 9, 9) });
  await expect(front.getByRole('img', { name: 'Front graphic' })).toBeVisible();
  await front.getByLabel('Decoration Method').selectOption('screen-printing');
  const frontBox = (await front.boundingBox())!;
  const backBox = (await back.boundingBox())!;
  expect(Math.abs(frontBox.y - backBox.y)).toBeLessThan(2); // side by side
  expect(frontBox.height).toBeGreaterThan(backBox.height);
  expect(backBox.height).toBe(before);
  await front.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/customer-record-en-views.png' });
});
