// Errors where the person looks: when the server refuses named fields, the form shows a
// focused summary of links at its top and each message beside its field, in the customer's
// language, keeps everything entered, and still shows the failure toast of docs/product.md.
import { expect, test, type Route } from '@playwright/test';
import { expectNoViolations, fillBilling, referenceFromToast, storedOrder, successToast } from './helpers.js';

const SUBMIT = '**/functions/v1/submit-order';

/** The answer the server gives an order it refuses field by field. */
const refuse =
  (fields: string[], code = 'invalid_order', message = 'The order is not valid: see the fields named.') =>
  (route: Route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code, message, fields } }),
    });

test('refused fields: a focused summary, each message beside its field, in English and French', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Mockup Options').selectOption('upload');
  const front = page.getByRole('group', { name: 'Front', exact: true });
  await front.getByLabel('Graphic Dimensions').fill('10" wide');
  await page
    .getByRole('group', { name: 'Are there additional graphic layouts for this job?' })
    .getByRole('radio', { name: 'No' })
    .check();
  await fillBilling(page, 'refused@example.com');

  await page.route(SUBMIT, refuse(['billing.email', 'layouts.1.viewData.Front.dimensions', 'layouts.1.somethingNew']));
  await page.getByRole('button', { name: 'Submit Order' }).click();

  // The product's toast (docs/product.md), unchanged, and the summary with the focus.
  await expect(
    page.getByRole('alert').getByText('Failed to submit order. Please try again.', { exact: true }),
  ).toBeVisible();
  const summary = page.getByRole('region', { name: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('listitem')).toHaveText([
    'Enter an email address, like name@example.com',
    'Design Layout 1: Enter the Front graphic dimensions in 200 characters or fewer',
    'The order is not valid: see the fields named.',
  ]);
  await expect(summary.getByRole('link')).toHaveCount(2);

  // Beside each field: the message is the control's description, and the control is invalid.
  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toHaveAccessibleDescription('Enter an email address, like name@example.com');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  const dimensions = front.getByLabel('Graphic Dimensions');
  await expect(dimensions).toHaveAccessibleDescription('Enter the Front graphic dimensions in 200 characters or fewer');
  await expect(page.getByLabel('First Name', { exact: true })).not.toHaveAttribute('aria-invalid');

  // Nothing was lost.
  await expect(page.getByLabel('Mockup Options')).toHaveValue('upload');
  await expect(dimensions).toHaveValue('10" wide');
  await expect(email).toHaveValue('refused@example.com');
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Ada');
  await expect(page.getByLabel('Province', { exact: true })).toHaveValue('NS');

  await expectNoViolations(page, 'the error summary and messages, in English');

  // The links move focus to their field, opening its layout first when it is closed.
  await summary.getByRole('link', { name: 'Enter an email address, like name@example.com' }).click();
  await expect(email).toBeFocused();
  await page.getByRole('button', { name: 'Design Layout 1' }).click();
  await expect(dimensions).toBeHidden();
  await summary.getByRole('link', { name: /Front graphic dimensions/ }).click();
  await expect(dimensions).toBeFocused();

  // In French: the same errors in the customer's language.
  await page.getByRole('button', { name: 'Français' }).click();
  const résumé = page.getByRole('region', { name: 'Il y a un problème' });
  await expect(résumé.getByRole('link')).toHaveText([
    'Entrez une adresse courriel, comme nom@exemple.com',
    'Design 1 : Entrez les dimensions du graphique (Devant) en 200 caractères ou moins',
  ]);
  const courriel = page.getByLabel('Courriel', { exact: true });
  await expect(courriel).toHaveAccessibleDescription('Entrez une adresse courriel, comme nom@exemple.com');
  await expect(courriel).toHaveValue('refused@example.com');
  await expectNoViolations(page, 'the error summary and messages, in French');

  // Editing a field clears its own error only.
  await courriel.fill('corrige@example.com');
  await expect(courriel).not.toHaveAttribute('aria-invalid');
  await expect(courriel).toHaveAccessibleDescription('');
  await expect(résumé.getByRole('link')).toHaveText([
    'Design 1 : Entrez les dimensions du graphique (Devant) en 200 caractères ou moins',
  ]);

  // The next submission that succeeds clears the rest.
  await page.unroute(SUBMIT);
  await page.getByRole('button', { name: 'Soumettre la commande' }).click();
  await expect(
    page.getByRole('status').getByText('Merci\u202f! Votre commande a été soumise avec succès.', { exact: true }),
  ).toBeVisible();
  await expect(résumé).toHaveCount(0);
  await page.getByRole('button', { name: 'English' }).click();
  await expect(successToast(page)).toBeVisible();
  const order = storedOrder(await referenceFromToast(page))!;
  expect(order.document.layouts['1'].billing.email).toBe('corrige@example.com');
  expect(order.document.layouts['1'].viewData.Front?.dimensions).toBe('10" wide');
});

test('missing billing fields, as the server names them today, point at the billing fields', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Mockup Options').selectOption('create');
  await page.getByRole('radio', { name: 'No' }).last().check();
  await fillBilling(page, 'missing@example.com');
  await page.route(
    SUBMIT,
    refuse(
      ['billing.firstName', 'billing.postalCode', 'billing.email'],
      'missing_fields',
      'Please fill in the required billing fields: First Name, Postal Code, Email.',
    ),
  );
  await page.getByRole('button', { name: 'Submit Order' }).click();
  const summary = page.getByRole('region', { name: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Enter a first name',
    'Enter a postal code, like B3H 1A1',
    'Enter an email address, like name@example.com',
  ]);
  await expect(page.getByLabel('Postal Code', { exact: true })).toHaveAccessibleDescription(
    'Enter a postal code, like B3H 1A1',
  );
  await summary.getByRole('link', { name: 'Enter a first name' }).click();
  await expect(page.getByLabel('First Name', { exact: true })).toBeFocused();
});
