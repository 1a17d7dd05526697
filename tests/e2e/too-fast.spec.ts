// The bots' check on a real server (docs/operations.md, Security: bot checks): an order sent sooner after
// the page opened than MIN_FILL_SECONDS is refused. A person who fills the form that fast
// (autofill, a saved draft) reads the product's failure toast and, under it, the server's own
// reason in their language; the form keeps everything, and the same order goes once they wait.
import { expect, test } from '@playwright/test';
import { fillBilling, png, startOwnServer, successToast } from './helpers.js';

const MIN_FILL_SECONDS = 6;
let server: Awaited<ReturnType<typeof startOwnServer>>;
test.beforeAll(async () => {
  server = await startOwnServer(170, 'e2e-too-fast-data', { MIN_FILL_SECONDS: String(MIN_FILL_SECONDS) });
});
test.afterAll(async () => server.stop());

test('an order sent too soon after the page opened says why, in both languages, and goes once the customer waits', async ({
  page,
}) => {
  await page.goto(server.base);
  const opened = Date.now();
  await page.getByLabel('Mockup Options').selectOption('upload');
  await page
    .getByLabel('Upload Mockup')
    .setInputFiles({ name: 'mock.png', mimeType: 'image/png', buffer: png(9, 90, 200) });
  await page.getByLabel('Garment Options').selectOption('po');
  await page
    .getByLabel('Upload PO')
    .setInputFiles({ name: 'po.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 too fast') });
  await page.getByRole('radio', { name: 'No' }).last().check();
  await fillBilling(page, 'too-fast@example.com');
  const submit = page.getByRole('button', { name: 'Submit Order' });
  await submit.click();

  const alert = page.getByRole('alert');
  await expect(alert.getByText('Failed to submit order. Please try again.', { exact: true })).toBeVisible();
  // The test only means something if the server refused it for its speed, not for anything else.
  expect(Date.now() - opened).toBeLessThan(MIN_FILL_SECONDS * 1000);
  await expect(
    alert.getByText('This order was sent too quickly after the page opened. Please wait a moment and submit again.', {
      exact: true,
    }),
  ).toBeVisible();

  // The same reason in French, from the same answer, once the customer switches.
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(
    alert.getByText(
      'Cette commande a été envoyée trop vite après l’ouverture de la page. Veuillez patienter un moment et envoyer de nouveau.',
      { exact: true },
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'English' }).click();

  // Nothing was lost: the entries are still there, and after the wait the same order goes.
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('too-fast@example.com');
  await page.waitForTimeout(Math.max(0, MIN_FILL_SECONDS * 1000 - (Date.now() - opened)) + 500);
  await submit.click();
  await expect(successToast(page)).toBeVisible();
});
