import { test } from '@playwright/test';

test('screens @screens', async ({ page }) => {
  test.skip(!process.env.SCREENSHOTS, 'screenshots only on demand');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await page.getByLabel('Mockup Options').selectOption('upload');
    await page.getByLabel('Garment Options').selectOption('pick');
    await page.getByRole('radio', { name: 'No' }).last().check();
    await page.screenshot({ path: `test-results/screens/form-${width}.png`, fullPage: true });
  }
});
