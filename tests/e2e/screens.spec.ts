// Screenshots for people to look at (SCREENSHOTS=1 npx playwright test screens); skipped otherwise.
import { test } from '@playwright/test';
import { fillBilling, png, successToast, signInToInbox } from './helpers.js';

test('screens', async ({ page }) => {
  test.skip(!process.env.SCREENSHOTS, 'screenshots only on demand');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await page.getByLabel('Mockup Options').selectOption('upload');
    await page.getByLabel('Upload Mockup').setInputFiles([
      { name: 'shirt.png', mimeType: 'image/png', buffer: png(30, 90, 200) },
      { name: 'logo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') },
    ]);
    await page
      .getByRole('group', { name: 'Front', exact: true })
      .getByLabel('Upload Graphic')
      .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: png(200, 40, 40) });
    await page.getByLabel('Garment Options').selectOption('pick');
    await page.screenshot({ path: `test-results/screens/form-top-${width}.png` });
    await page.getByRole('radio', { name: 'No' }).last().check();
    await page.screenshot({ path: `test-results/screens/form-${width}.png`, fullPage: true });
  }
  await fillBilling(page, 'screens@example.com');
  await page.getByRole('button', { name: 'Submit Order' }).click();
  await successToast(page).waitFor();
  await page.screenshot({ path: 'test-results/screens/submitted-1280.png' });
  await signInToInbox(page);
  await page.screenshot({ path: 'test-results/screens/inbox-list.png', fullPage: true });
  await page
    .getByRole('link', { name: /^[0-9A-Z]{4}-[0-9A-Z]{4}$/ })
    .first()
    .click();
  await page.getByRole('heading', { name: /^Order / }).waitFor();
  await page.screenshot({ path: 'test-results/screens/inbox-order.png', fullPage: true });
});
