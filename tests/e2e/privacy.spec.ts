// A customer's access and deletion request, handled by a clerk in the inbox.
import { expect, test } from '@playwright/test';
import { zipEntries } from '../support/zip.js';
import { expectNoViolations, storedOrder, signInToInbox } from './helpers.js';

test("a clerk exports an order's data, then deletes the order after typing its reference", async ({ page }) => {
  const form = new FormData();
  form.append(
    'order',
    JSON.stringify({
      layouts: {
        '1': {
          mockupOption: 'upload',
          hasVectorFiles: 'yes',
          garmentOption: 'pick',
          variations: [{ type: 'Gildan 5000', color: 'Black', sizes: 'M: 3', supplyingGoods: 'no' }],
          files: [{ name: 'art.pdf', type: 'application/pdf', role: 'mockup' }],
          mockupImages: ['art.pdf'],
          viewData: {},
          billing: {
            firstName: 'Grace',
            lastName: 'Hopper',
            companyName: '',
            address: '3 Cobol Ave',
            city: 'Ottawa',
            province: 'ON',
            postalCode: 'K1A 0B1',
            phone: '613-555-0102',
            email: 'grace@example.com',
          },
          shipping: { sameAsBilling: true, localPickup: false },
          deadline: { hasCriticalDeadline: false, date: '' },
        },
      },
      isResalePartner: false,
      includePolyBags: false,
    }),
  );
  form.append('files', new Blob(['%PDF-1.4 art'], { type: 'application/pdf' }), 'art.pdf');
  const res = await fetch(`${test.info().project.use.baseURL}/functions/v1/submit-order`, {
    method: 'POST',
    headers: { apikey: 'e2e-public-key' },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { orderId, reference } = (await res.json()) as { orderId: string; reference: string };

  await signInToInbox(page);
  await page.goto(`/inbox/orders/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${reference}` })).toBeVisible();

  // Export: one ZIP with the order as JSON and its files.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: "Export this order's data" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${reference}-data.zip`);
  const zipPath = test.info().outputPath('data.zip');
  await download.saveAs(zipPath);
  const entries = await zipEntries(zipPath);
  expect([...entries.keys()]).toEqual(['order.json', 'art.pdf']);
  expect(JSON.parse(entries.get('order.json')!.toString()).order.customer_email).toBe('grace@example.com');

  // Delete, by keyboard: the dialog asks for the reference; Escape and Cancel change nothing.
  const deleteButton = page.getByRole('button', { name: 'Delete this order' });
  await deleteButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Delete order ${reference}?` });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByLabel(`Type ${reference} to confirm`);
  await expect(confirm).toBeFocused();
  await expectNoViolations(page, 'the delete dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await deleteButton.click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(storedOrder(reference)).toBeDefined();

  await deleteButton.click();
  await confirm.fill('ABCD-EFGH');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText(`Type ${reference} exactly to confirm.`);
  expect(storedOrder(reference)).toBeDefined();
  await confirm.fill(reference.toLowerCase());
  await page.keyboard.press('Enter');

  // Back on the list, with the outcome in focus; the order is gone.
  const notice = page.getByText(`Order ${reference} was deleted, with its files and emails.`);
  await expect(notice).toBeVisible();
  await expect(notice).toBeFocused();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('link', { name: reference })).toHaveCount(0);
  expect(storedOrder(reference)).toBeUndefined();
  expect((await page.request.get(`/api/orders/${orderId}`)).status()).toBe(404);
  await expectNoViolations(page, 'the list after a deletion');
});
