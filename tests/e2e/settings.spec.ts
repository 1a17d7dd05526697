// The owner's first day (docs/settings.md): an owner signs in and meets the checklist, opens Shop
// settings from it, has a mistyped GST/HST number refused beside its field, saves the shop's
// details and finds "Shop details" done. On a server of its own: saving the profile changes what
// every later journey's documents would print.
import { expect, test } from '@playwright/test';
import { expectNoViolations, png, signInAt, startOwnServer } from './helpers.js';

let server: Awaited<ReturnType<typeof startOwnServer>>;
test.beforeAll(async () => {
  server = await startOwnServer(50, 'e2e-settings-data');
});
test.afterAll(async () => server.stop());

test('an owner follows the checklist to the shop’s settings, fixes a refused GST/HST number and saves', async ({
  page,
}) => {
  // clerk@shop.example was made first: an owner. Three accounts exist, so "Staff" is done.
  await signInAt(page, server.base, 'clerk@shop.example', 'Orders');
  const checklist = page.getByRole('region', { name: 'Set up your shop' });
  await expect(checklist).toBeVisible();
  const items = checklist.getByRole('listitem');
  await expect(items).toHaveText([
    '☐ Shop details: name, address, tax numbers (to do)',
    '☐ Price list: publish one (to do)',
    '☐ Payment terms: deposit and how to pay (to do)',
    '☑ Staff: add an account for each person (npm run staff -- add) (done)',
    '☐ A test order: place one on the form (no mail to a customer, no invoice number) (to do)',
  ]);
  await expectNoViolations(page, 'inbox with the checklist');

  await checklist.getByRole('link', { name: 'Shop details: name, address, tax numbers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shop settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shop settings' })).toHaveAttribute('aria-current', 'page');
  // The environment's values are in force and fill the form.
  await expect(page.getByText('In force: the server’s environment variables.')).toBeVisible();
  await expect(page.getByLabel('Legal name (optional)')).toHaveValue('Maple Print Works Inc.');
  await expect(page.getByLabel('GST/HST number (optional)')).toHaveValue('123456782 RT0001');
  await expectNoViolations(page, 'shop settings');

  // Keyboard only: a mistyped number (check digit wrong), saved with Enter.
  const name = page.getByLabel('Shop name');
  await name.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Maple Print Works');
  const gst = page.getByLabel('GST/HST number (optional)');
  await gst.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('123456789 RT0001');
  await page.keyboard.press('Enter');

  const summary = page.getByRole('region', { name: 'The settings were not saved' });
  await expect(summary).toBeFocused();
  const why =
    'Enter 9 digits of a business number (the last one its check digit), RT and 4 digits, like 123456782 RT0001.';
  await expect(gst).toHaveAttribute('aria-invalid', 'true');
  await expect(gst).toHaveAccessibleDescription(`Like 123456782 RT0001. Empty: the shop charges no GST/HST. ${why}`);
  await expect(summary.getByRole('link')).toHaveText([`GST/HST number (optional): ${why}`]);
  await expectNoViolations(page, 'shop settings refused');
  // The summary's link takes the keyboard to the field.
  await page.keyboard.press('Tab');
  await expect(summary.getByRole('link')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(gst).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('123456782 RT0001');

  const phone = page.getByLabel('Phone (optional)');
  await phone.fill('416-555-0100');
  await page.getByRole('button', { name: 'Save the shop’s settings' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved as version 1. New documents and emails use it now.');
  await expect(summary).toHaveCount(0);
  await expect(gst).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText(/^In force: version 1, saved .* by clerk@shop\.example\.$/)).toBeVisible();

  // Back on the inbox: "Shop details" is done.
  await page.getByRole('link', { name: 'Order inbox' }).click();
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await expect(items.first()).toHaveText('☑ Shop details: name, address, tax numbers (done)');

  // Saved in the database: read back after a reload.
  await page.goto(`${server.base}/inbox/settings`);
  await expect(page.getByLabel('Shop name')).toHaveValue('Maple Print Works');
  await expect(page.getByLabel('Phone (optional)')).toHaveValue('416-555-0100');

  // A logo: a PNG saved at once on its own (no version 2 of a name typed and not saved), then on
  // the order form's header.
  await expect(page.getByText('No logo: the order form shows the shop’s name alone.')).toBeVisible();
  // A logo 4096 × 1 (it stopped every document once): refused beside the field, nothing saved.
  const logoField = page.getByLabel('Logo (PNG or SVG, at most 1 MB)');
  await logoField.setInputFiles({
    name: 'line.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="4096" height="1"><rect width="4096" height="1"/></svg>',
    ),
  });
  await expect(logoField).toHaveAttribute('aria-invalid', 'true');
  await expect(logoField).toHaveAccessibleDescription(/A logo is at most 16 times as wide as it is high/);
  await expect(page.getByText('No logo: the order form shows the shop’s name alone.')).toBeVisible();
  await expectNoViolations(page, 'shop settings with a refused logo');
  await name.fill('A name not saved');
  await page.getByLabel('Logo (PNG or SVG, at most 1 MB)').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: png(29, 78, 216),
  });
  await expect(page.getByRole('status')).toHaveText('Logo saved on its own. The order form shows it now.');
  await expect(page.getByRole('img', { name: 'The shop’s logo' })).toBeVisible();
  await expect(page.getByText(/^In force: version 1, saved .* by clerk@shop\.example\.$/)).toBeVisible();
  await expect(name).toHaveValue('A name not saved');
  await name.fill('Maple Print Works');
  await expectNoViolations(page, 'shop settings with a logo');
  await page.goto(`${server.base}/`);
  const logo = page.getByRole('main').getByRole('img', { name: 'Maple Print Works' });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  await expectNoViolations(page, 'order form with the logo');
});
