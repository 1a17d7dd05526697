// WCAG 2.2 AA: axe-core finds no violation in any state of the form, in both
// languages, nor in the inbox; and a whole order can be placed with the keyboard alone.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoViolations, png, referenceFromToast, storedOrder, successToast, STAFF_PASSWORD } from './helpers.js';

const question = (page: Page) =>
  page.getByRole('group', { name: /Are there additional graphic layouts|Y a-t-il d’autres designs/ });

test('no axe violation in any state of the form, in English and French', async ({ page }) => {
  // About twenty axe scans of the whole page: 40-50 s on a busy 2-core machine, near the 60 s default.
  test.slow();
  await page.goto('/');
  await expectNoViolations(page, 'initial');
  await page.getByLabel('Mockup Options').selectOption('upload');
  await page.getByLabel('Upload Mockup').setInputFiles([
    { name: 'm.png', mimeType: 'image/png', buffer: png(9, 9, 9) },
    { name: 'art.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') },
  ]);
  await page
    .getByRole('group', { name: 'Back', exact: true })
    .getByLabel('Upload Graphic')
    .setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: png(1, 2, 3) });
  await expectNoViolations(page, 'upload with the view editor and files');
  await page
    .getByLabel('Upload Mockup')
    .setInputFiles({ name: 'huge.tif', mimeType: 'image/tiff', buffer: Buffer.alloc(21 * 1024 * 1024) });
  await expectNoViolations(page, 'a file refused for its size');
  await page.getByLabel('Garment Options').selectOption('pick');
  await page.getByRole('button', { name: 'Add Another Garment Variation' }).click();
  await page.getByRole('group', { name: 'Variation #2' }).getByRole('radio', { name: 'Yes' }).check();
  await expectNoViolations(page, 'two variations, goods supplied');
  await question(page).getByRole('radio', { name: 'Yes' }).click();
  await page.getByLabel('Mockup Options').selectOption('create');
  await page.getByLabel('Garment Options').selectOption('po');
  await question(page).getByRole('radio', { name: 'Yes' }).click();
  await expectNoViolations(page, 'three layouts, design studio and PO');
  await question(page).getByRole('radio', { name: 'No' }).check();
  await page.getByLabel('Same as billing address').uncheck();
  await page.getByLabel('Do you have a critical deadline?').selectOption('yes');
  await expectNoViolations(page, 'details revealed, separate shipping, rush');
  await page.getByRole('button', { name: 'Design Layout 3' }).click();
  await expectNoViolations(page, 'all layouts collapsed');

  await page.getByRole('button', { name: 'Français' }).click();
  await expectNoViolations(page, 'French, details revealed');
  await page.getByRole('button', { name: /^Design 1/ }).click();
  await expectNoViolations(page, 'French, layout 1 open');
  await page.getByRole('button', { name: 'English' }).click();

  await page.route('**/functions/v1/submit-order', (r) => r.fulfill({ status: 503, body: '{}' }));
  await page.evaluate(() => document.querySelector('form')?.setAttribute('novalidate', ''));
  await page.getByRole('button', { name: 'Submit Order' }).click();
  await expect(page.getByRole('alert').getByText('Failed to submit order. Please try again.')).toBeVisible();
  await expectNoViolations(page, 'failure toast');
  await page.route('**/functions/v1/submit-order', (r) =>
    r.fulfill({ status: 201, contentType: 'application/json', body: '{"orderId":"x","reference":"ABCD-EFGH"}' }),
  );
  await page.getByRole('button', { name: 'Submit Order' }).click();
  await expect(successToast(page)).toBeVisible();
  await expectNoViolations(page, 'success toast');

  await page.goto('/nowhere');
  // The not-found page is a chunk of its own: checked once it is drawn.
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await expectNoViolations(page, 'not found');
});

test('no axe violation in the inbox: sign-in, list, order', async ({ page }) => {
  await page.goto('/inbox');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectNoViolations(page, 'sign-in');
  await page.getByLabel('Email').fill('clerk@shop.example');
  await page.getByLabel('Password').fill('wrong password here');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('do not match');
  await expectNoViolations(page, 'sign-in error');
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await expectNoViolations(page, 'list');
  const first = page.getByRole('link', { name: /^[0-9A-Z]{4}-[0-9A-Z]{4}$/ }).first();
  if (await first.count()) {
    await first.click();
    await expect(page.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible();
    await expectNoViolations(page, 'order');
  }
});

/** Presses Tab until `target` has the focus: proof it is reachable by keyboard. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`could not reach ${target.toString()} with Tab`);
}

test('a whole order placed with the keyboard alone', async ({ page }) => {
  const mockup = png(0, 128, 255);
  await page.goto('/');
  await page.locator('body').focus();

  await tabTo(page, page.getByLabel('Mockup Options'));
  await page.keyboard.press('ArrowDown'); // "Upload Mockups and artwork"
  await expect(page.getByLabel('Mockup Options')).toHaveValue('upload');
  await tabTo(page, page.getByLabel('Upload Mockup'));
  // The focus ring is visible on the button-like label of the file input.
  expect(await page.locator('.file-input:focus-visible + label').count()).toBe(1);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Space')]);
  await chooser.setFiles({ name: 'kb.png', mimeType: 'image/png', buffer: mockup });
  await expect(page.getByText('kb.png')).toBeVisible();

  const front = page.getByRole('group', { name: 'Front', exact: true });
  await tabTo(page, front.getByLabel('Graphic Dimensions'));
  await page.keyboard.type('8" wide');
  await page.keyboard.press('Tab');
  await expect(front.getByLabel('Decoration Method')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(front.getByLabel('Decoration Method')).toHaveValue('embroidery');

  await tabTo(page, page.getByLabel('Garment Options'));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown'); // "Pick my selection here"
  await expect(page.getByLabel('Garment Options')).toHaveValue('pick');
  await tabTo(page, page.getByLabel('Garment Type or SKU'));
  await page.keyboard.type('Gildan 5000');

  // "No" to more layouts: arrow keys move within the radio group.
  await tabTo(page, question(page).getByRole('radio', { name: 'Yes' }));
  await page.keyboard.press('ArrowRight');
  await expect(question(page).getByRole('radio', { name: 'No' })).toBeChecked();

  const typeInto = async (label: string, text: string) => {
    await tabTo(page, page.getByLabel(label, { exact: true }).first());
    await page.keyboard.type(text);
  };
  await typeInto('First Name', 'Key');
  await typeInto('Last Name', 'Board');
  await typeInto('Address', '3 Tab St');
  await typeInto('City', 'Whitehorse');
  await tabTo(page, page.getByLabel('Province', { exact: true }));
  await page.keyboard.type('Yukon');
  await expect(page.getByLabel('Province', { exact: true })).toHaveValue('YT');
  await typeInto('Postal Code', 'y1a2c6');
  await typeInto('Phone', '867-555-0123');
  await typeInto('Email', 'keyboard@example.com');
  await expect(page.getByLabel('Postal Code', { exact: true })).toHaveValue('Y1A 2C6');
  await tabTo(page, page.getByLabel('Include biodegradable poly bags at $0.35 a piece'));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Submit Order' }));
  await page.keyboard.press('Enter');

  await expect(successToast(page)).toBeVisible();
  const order = storedOrder(await referenceFromToast(page))!;
  expect(order.document.layouts['1'].billing).toMatchObject({
    firstName: 'Key',
    province: 'YT',
    postalCode: 'Y1A 2C6',
    email: 'keyboard@example.com',
  });
  expect(order.document.layouts['1'].viewData.Front).toMatchObject({ dimensions: '8" wide', decoration: 'embroidery' });
  expect(order.document.includePolyBags).toBe(true);
  expect(order.attachments.map((a) => a.name)).toEqual(['Layout_1_Mockup_1.png']);
});
