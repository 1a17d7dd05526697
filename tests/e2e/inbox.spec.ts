// The shop clerk's journey, against the real server.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { zipEntries } from '../support/zip.js';
import { png, submitOrderByApi, signInToInbox } from './helpers.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

test('a clerk signs in, finds the new order, downloads its files, moves it on and signs out', async ({ page }) => {
  const front = png(220, 20, 60);
  const mockup = png(20, 120, 220);
  const po = Buffer.from('%PDF-1.4 PO for layout 2');
  const billing = {
    firstName: 'Marie',
    lastName: 'Curie',
    companyName: 'Radium Apparel',
    address: '2 Rue Pierre',
    city: 'Montréal',
    province: 'QC',
    postalCode: 'H2X 1Y4',
    phone: '514-555-0101',
    email: 'marie@example.com',
  };
  const order = {
    layouts: {
      '1': {
        mockupOption: 'upload',
        garmentOption: 'pick',
        hasVectorFiles: 'no',
        variations: [
          { type: 'Gildan 18500 Hoodie', color: 'Navy', sizes: 'M: 12, L: 8', supplyingGoods: 'no' },
          { type: 'Bella 3001', color: 'White', sizes: 'S: 4', supplyingGoods: 'yes', itemPO: 'CUST-9' },
        ],
        files: [{ name: 'Layout_1_Mockup_1.png', type: 'image/png', role: 'mockup' }],
        mockupImages: ['Layout_1_Mockup_1.png'],
        viewData: { Front: { image: 'Layout_1_Front.png', dimensions: '11" wide', decoration: 'screen-printing' } },
        billing,
        shipping: { sameAsBilling: false, localPickup: true },
        deadline: { hasCriticalDeadline: true, date: '2026-12-05' },
        jobNotes: 'Two-colour print, see mockup.',
      },
      '2': {
        mockupOption: 'create',
        garmentOption: 'po',
        variations: [{}],
        files: [{ name: 'PO-2.pdf', type: 'application/pdf', role: 'po' }],
        mockupImages: [],
        viewData: {},
      },
    },
    isResalePartner: true,
    includePolyBags: false,
  };
  // The order as our client sends it: one multipart part per file.
  const { reference } = await submitOrderByApi(test.info().project.use.baseURL!, order, [
    { name: 'Layout_1_Mockup_1.png', type: 'image/png', data: mockup },
    { name: 'Layout_1_Front.png', type: 'image/png', data: front },
    { name: 'PO-2.pdf', type: 'application/pdf', data: po },
  ]);

  // Sign in.
  await signInToInbox(page);

  // Find it by its reference.
  await page.getByLabel('Search by reference, name, email or company').fill(reference);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status')).toHaveText('1 order');
  const row = page.getByRole('row', { name: new RegExp(reference) });
  await expect(row.getByText('Rush December 5, 2026')).toBeVisible();
  await row.getByRole('link', { name: reference }).click();

  // Everything the customer entered.
  await expect(page.getByRole('heading', { level: 1, name: `Order ${reference}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Design Layout 1' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Design Layout 2' })).toBeVisible();
  await expect(page.getByText('Marie Curie, Radium Apparel')).toBeVisible();
  await expect(page.getByText('Local pickup')).toBeVisible();
  await expect(page.getByText('Rush: December 5, 2026')).toBeVisible();
  await expect(page.getByText('Resale partner: Yes')).toBeVisible();
  await expect(page.getByText('Two-colour print, see mockup.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Gildan 18500 Hoodie' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Yes (PO CUST-9)' })).toBeVisible();
  const frontThumb = page.getByRole('img', { name: 'Layout_1_Front.png', exact: true });
  await expect(frontThumb).toBeVisible();
  // Visible is not yet decoded: on a busy machine the picture arrives a moment later.
  await expect.poll(() => frontThumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  await expect(page.getByText('11" wide · Screen printing')).toBeVisible();
  await expect(page.getByRole('link', { name: 'PO-2.pdf' }).first()).toBeVisible();

  // All files as one ZIP.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download all files (ZIP)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${reference}.zip`);
  const zipPath = test.info().outputPath('order.zip');
  await download.saveAs(zipPath);
  const entries = await zipEntries(zipPath);
  expect([...entries.keys()]).toEqual(['Layout_1_Mockup_1.png', 'Layout_1_Front.png', 'PO-2.pdf']);
  expect(sha(entries.get('Layout_1_Front.png')!)).toBe(sha(front));
  expect(entries.get('PO-2.pdf')!.equals(po)).toBe(true);
  fs.rmSync(zipPath);

  // Move it on, and see the history.
  await page.getByLabel('Status', { exact: true }).selectOption('quoted');
  await expect(page.getByText(/New → Quoted by clerk@shop\.example/)).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('approved');
  await expect(page.getByText(/Quoted → Approved by clerk@shop\.example/)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('approved');

  // Approved, the order is a job: its ticket is a link away, named for the order.
  const ticketLink = page.getByRole('link', { name: 'Print the job ticket (PDF)' });
  const [ticket] = await Promise.all([page.waitForEvent('download'), ticketLink.click()]);
  expect(ticket.suggestedFilename()).toBe(`ticket-${reference}.pdf`);
  const payments = page.getByRole('heading', { name: 'Invoices and payments' });
  await expect(payments).toBeVisible();

  // The print stylesheet makes a one-page work order for the shop floor: the production copy,
  // without the invoices and payments.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print work order' })).toBeHidden();
  await expect(page.getByText('Status: Approved')).toBeVisible();
  await expect(payments).toBeHidden();
  await expect(ticketLink).toBeHidden();
  const pdf = await page.pdf({ format: 'Letter' });
  if (process.env.SCREENSHOTS) fs.writeFileSync('/tmp/work-order.pdf', pdf);
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
  await page.emulateMedia({ media: 'screen' });

  // Sign out: the inbox is closed again.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect((await page.request.get('/api/orders')).status()).toBe(401);
});
