// Artwork checked as it is chosen: the form reads each view graphic's pixel size and, with the
// print size the customer typed, says whether it prints sharp, in English and in French.
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoViolations, submitOrderByApi, signInToInbox } from './helpers.js';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1e40af' } })
    .png()
    .toBuffer();

async function chooseGraphic(page: Page, view: string, name: string, buffer: Buffer, dimensions: string) {
  const panel = page.getByRole('group', { name: view, exact: true });
  await panel
    .getByLabel(/Upload Graphic|Téléverser un graphique/)
    .setInputFiles({ name, mimeType: 'image/png', buffer });
  await panel.getByLabel(/Graphic Dimensions|Dimensions du graphique/).fill(dimensions);
  return panel;
}

test('a small image at 10" wide is flagged with what to do, a large one prints sharp, in English and French', async ({
  page,
}) => {
  const [small, large] = await Promise.all([picture(640, 480), picture(3000, 3000)]);
  await page.goto('/');
  await page.getByLabel('Mockup Options').selectOption('upload');

  const front = await chooseGraphic(page, 'Front', 'logo-small.png', small, '10" wide');
  await expect(
    front.getByText(
      'At 10 in wide this image is 64 ppi: it may print blurry. Send a larger image (3000 px wide) or a vector file.',
      { exact: true },
    ),
  ).toBeVisible();

  const back = await chooseGraphic(page, 'Back', 'logo-large.png', large, '10" wide');
  await expect(back.getByText('3000×3000 px · 300 ppi at 10 in wide: prints sharp.', { exact: true })).toBeVisible();
  await expect(back.getByText(/may print blurry/)).toHaveCount(0);

  // Before a size is given, it says what it measured and how wide it prints sharp.
  await front.getByLabel('Graphic Dimensions').fill('');
  await expect(
    front.getByText(
      'This image is 640×480 px: it prints sharp up to 2.13 in wide. Write the print size in Graphic Dimensions (e.g. 10" wide) to check it.',
      { exact: true },
    ),
  ).toBeVisible();
  await front.getByLabel('Graphic Dimensions').fill('25,4 cm');
  await expect(front.getByText(/this image is 64 ppi: it may print blurry/)).toBeVisible();
  await expectNoViolations(page, 'artwork warning shown');

  await page.getByRole('button', { name: 'Français' }).click();
  const devant = page.getByRole('group', { name: 'Devant', exact: true });
  await devant.getByLabel('Dimensions du graphique').fill('10 po de large');
  await expect(
    devant.getByText(
      'À 10 po de large, cette image fait 64 ppp\u00a0: elle risque d’être floue à l’impression. Envoyez une image plus grande (3000 px de large) ou un fichier vectoriel.',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(
    page
      .getByRole('group', { name: 'Dos', exact: true })
      .getByText('3000 × 3000 px · 300 ppp à 10 po de large\u00a0: impression nette.', { exact: true }),
  ).toBeVisible();
});

test('vector files are marked as such, and embroidery says the shop digitises the artwork', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Mockup Options').selectOption('upload');
  const front = page.getByRole('group', { name: 'Front', exact: true });
  await front.getByLabel('Upload Graphic').setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await expect(front.getByText('Vector file: prints sharp at any size.', { exact: true })).toBeVisible();
  await front.getByLabel('Decoration Method').selectOption('embroidery');
  await expect(front.getByText('For embroidery, the shop digitises your artwork.', { exact: true })).toBeVisible();
});

test('the inbox shows thumbnails of a PDF mockup, a PDF and a TIFF, in the layout and the Files list, and the resolution of each view', async ({
  page,
}) => {
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.addPage([720, 720]).drawText('Maple Leaf Logo', { x: 60, y: 400, size: 48 });
  const pdf = Buffer.from(await doc.save());
  const tiff = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#b91c1c' } })
    .tiff()
    .toBuffer();
  const small = await picture(640, 480);
  const order = {
    layouts: {
      '1': {
        mockupOption: 'upload',
        garmentOption: 'pick',
        hasVectorFiles: 'no',
        variations: [{ type: 'Gildan 5000', color: 'Black', sizes: 'M: 10', supplyingGoods: 'no' }],
        // A mockup that is a PDF (the most common artwork file): a file, not one of mockupImages.
        files: [{ name: 'Layout_1_Mockup_1.pdf', type: 'application/pdf', role: 'mockup' }],
        mockupImages: [],
        viewData: {
          Front: { image: 'Layout_1_Front.pdf', dimensions: '10" wide', decoration: 'screen-printing' },
          Back: { image: 'Layout_1_Back.tif', dimensions: '3 in', decoration: 'dtf' },
          'Left Sleeve': { image: 'Layout_1_Left_Sleeve.png', dimensions: '10" wide', decoration: 'dtf' },
        },
        billing: {
          firstName: 'Ada',
          lastName: 'Artwork',
          companyName: '',
          address: '1 Engine Rd',
          city: 'Halifax',
          province: 'NS',
          postalCode: 'B3H 1A1',
          phone: '902-555-0100',
          email: 'artwork@example.com',
        },
        shipping: { sameAsBilling: true, localPickup: false },
        deadline: { hasCriticalDeadline: false, date: '' },
      },
    },
    isResalePartner: false,
    includePolyBags: false,
  };
  const { orderId } = await submitOrderByApi(test.info().project.use.baseURL!, order, [
    { name: 'Layout_1_Mockup_1.pdf', type: 'application/pdf', data: pdf },
    { name: 'Layout_1_Front.pdf', type: 'application/pdf', data: pdf },
    { name: 'Layout_1_Back.tif', type: 'image/tiff', data: tiff },
    { name: 'Layout_1_Left_Sleeve.png', type: 'image/png', data: small },
  ]);

  await signInToInbox(page);
  // The check runs after the commit, in the background: reload until it is done.
  await expect(async () => {
    await page.goto(`/inbox/orders/${orderId}`);
    await expect(page.getByText('900×900 px · 300 ppi at 3 in wide · sharp', { exact: true })).toBeVisible({
      timeout: 1000,
    });
    await expect(page.getByText('PDF · vector', { exact: true })).toBeVisible({ timeout: 1000 });
    await expect(page.getByText('640×480 px · 64 ppi at 10 in wide · low', { exact: true })).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 60_000 });
  // In the layout: the mockup and each view's graphic; in the Files list: every file with a thumbnail.
  const names = ['Layout_1_Mockup_1.pdf', 'Layout_1_Front.pdf', 'Layout_1_Back.tif'];
  for (const name of [...names, ...names.map((n) => `Preview of ${n}`)]) {
    const thumb = page.getByRole('img', { name, exact: true });
    await expect(thumb).toHaveAttribute('src', /\/thumbnail$/);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  await expectNoViolations(page, 'inbox order with measured artwork');
});
