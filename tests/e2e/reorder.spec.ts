// "Order again" (docs/portal.md), against a real server of its own with a price list that waives
// setup on a reorder within 12 months: a customer signs in by the link in the email, presses
// Order again on a past order, sees the form filled with its files already stored and the setup
// waived, submits without uploading anything, and the new order's files have the old files'
// SHA-256 (read through the staff API); the inbox says "Reorder of" the old number. Then once in
// French on a phone at 390 px, the sizes emptied. Axe-clean at each step.
import path from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import example from '../../src/shared/prices/example-price-list.json' with { type: 'json' };
import {
  emailed,
  expectNoViolations,
  png,
  referenceFromToast,
  signInAt,
  STAFF_PASSWORD,
  startOwnServer,
  submitOrderByApi,
} from './helpers.js';

const NAME = 'e2e-reorder';
const OUTBOX = path.resolve(`test-results/${NAME}/outbox`);
const EMAIL = 'lucie.revient@example.com';
const MOCKUP = png(30, 90, 200);
const FRONT = png(200, 40, 40);

/** A past order: 30 shirts, a mockup, and a 2-colour screen print on the front with its graphic. */
function pastOrder() {
  return {
    language: 'en',
    layouts: {
      '1': {
        mockupOption: 'upload',
        garmentOption: 'pick',
        hasVectorFiles: 'no',
        variations: [{ type: 'G5000', color: 'Black', sizes: 'S:10, M:20', supplyingGoods: 'no' }],
        files: [{ name: 'Layout_1_Mockup_1.png', type: 'image/png', role: 'mockup' }],
        mockupImages: ['Layout_1_Mockup_1.png'],
        viewData: {
          Front: { image: 'Layout_1_Front.png', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 },
        },
        billing: {
          firstName: 'Lucie',
          lastName: 'Tremblay',
          companyName: 'Hockey Mineur Nord',
          address: '12 Rue des Érables',
          city: 'Ottawa',
          province: 'ON',
          postalCode: 'K1P 1J1',
          phone: '613-555-0101',
          email: EMAIL,
        },
        shipping: { sameAsBilling: true, localPickup: false },
        deadline: { hasCriticalDeadline: false, date: '' },
        jobNotes: 'Same as every autumn.',
      },
    },
    isResalePartner: false,
    includePolyBags: false,
  };
}

interface Attachment {
  name: string;
  sha256: string;
  has_thumbnail: boolean;
}

test('a customer orders a past order again without uploading: same files, setup waived, "Reorder of" in the inbox', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const server = await startOwnServer(110, NAME);
  try {
    const { base } = server;
    const signIn = await fetch(`${base}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'clerk@shop.example', password: STAFF_PASSWORD }),
    });
    const staff = String(signIn.headers.get('set-cookie')).split(';')[0]!;
    const published = await fetch(`${base}/api/prices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: staff },
      body: JSON.stringify({ ...example, reorderSetupWaiverMonths: 12 }),
    });
    expect(published.status).toBe(201);
    const past = await submitOrderByApi(base, pastOrder(), [
      { name: 'Layout_1_Mockup_1.png', type: 'image/png', data: MOCKUP },
      { name: 'Layout_1_Front.png', type: 'image/png', data: FRONT },
    ]);
    const detailOf = async (orderId: string) => {
      const res = await fetch(`${base}/api/orders/${orderId}`, { headers: { cookie: staff } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { attachments: Attachment[] }).attachments;
    };
    const attachmentsOf = async (orderId: string) => (await detailOf(orderId)).map((a) => [a.name, a.sha256]);
    // The server makes its thumbnails of the files after the order is saved.
    await expect
      .poll(async () => (await detailOf(past.orderId)).every((a) => a.has_thumbnail), { timeout: 30_000 })
      .toBe(true);

    // Signed in by the link in the email.
    await page.goto(`${base}/my-orders`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await expect(page.getByRole('status')).toContainText('a link is on its way');
    const mail = await emailed(past.orderId, /^Your link to see your orders/, OUTBOX);
    const link = /https?:\/\/\S+\/my-orders#sign-in=[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')![0];
    await page.goto(link);
    await expect(page.getByText(`Signed in as ${EMAIL}`)).toBeVisible();

    const card = page.getByRole('region', { name: `Order ${past.reference}` });
    // My orders may draw the card again while its data settles, which undoes a click made meanwhile.
    const keep = card.getByLabel('Keep the sizes and quantities as before');
    await expect(async () => {
      await keep.check();
      await expect(keep).toBeChecked({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await expectNoViolations(page, 'My orders with Order again');
    await card.screenshot({ path: test.info().outputPath('my-orders-card.png') });
    await card.getByRole('button', { name: `Order again: ${past.reference}` }).click();

    // The form, filled from the past order, its files already stored, the setup waived.
    await expect(
      page.getByRole('status').filter({ hasText: `This form repeats order ${past.reference}.` }),
    ).toBeVisible();
    await expect(page.getByText('The sizes and quantities are as before.')).toBeVisible();
    await expect(page.getByLabel('Sizes and Quantities').first()).toHaveValue('S:10, M:20');
    await expect(page.getByText('Already stored, no upload needed')).toHaveCount(2);
    await expect(page.getByText('Layout_1_Mockup_1.png')).toBeVisible();
    // Each reused image shows the server's thumbnail of it, drawn (not a broken image).
    const drawn = (img: Locator) =>
      img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);
    const front = page.getByRole('img', { name: 'Front graphic' });
    await expect(front).toHaveAttribute('src', new RegExp(`/api/portal/orders/${past.orderId}/files/.+/thumbnail$`));
    await expect.poll(() => drawn(front)).toBe(true);
    await expect.poll(() => drawn(page.locator('.file-item .file-preview'))).toBe(true);
    await expect(
      page.getByText(`Setup waived ($30.00): reorder of ${past.reference} within 12 months`, { exact: true }),
    ).toBeVisible();
    const notes = page.getByLabel('Job Notes and Additional Details');
    await expect(notes).toHaveValue('Same as every autumn.');
    // The notes are last time's: the form says so beside them, as the field's description.
    const copied = `These notes were copied from order ${past.reference}. Check that they still hold for this order.`;
    await expect(page.getByText(copied)).toBeVisible();
    await expect(notes).toHaveAccessibleDescription(copied);
    await notes.locator('..').screenshot({ path: test.info().outputPath('copied-notes.png') });
    await expect(
      page.getByText(
        `2 screens, one per colour: $15.00 × 2, waived: reorder of ${past.reference}, placed ${new Date().toISOString().slice(0, 10)}, within 12 months (same artwork, method and place)`,
      ),
    ).toBeVisible();
    // $135.00 of shirts and $84.00 of printing, the screens at $0.00, HST 13%.
    await expect(page.locator('.estimate-summary-slot')).toContainText('$247.47');
    // The address bar no longer asks for the reorder: a reload keeps the customer's changes (the draft).
    expect(new URL(page.url()).search).toBe('');
    // Reloaded, the draft fills the form again, and the reused images get their previews again.
    await page.waitForTimeout(600); // the draft is written 300 ms after the last change
    await page.reload();
    await expect(page.getByText('Already stored, no upload needed')).toHaveCount(2);
    await expect.poll(() => drawn(page.getByRole('img', { name: 'Front graphic' }))).toBe(true);
    await expect.poll(() => drawn(page.locator('.file-item .file-preview'))).toBe(true);
    await expect(page.getByText(copied)).toBeVisible();
    await expectNoViolations(page, 'The form filled for Order again');
    await page.screenshot({ path: test.info().outputPath('form-reorder.png'), fullPage: true });

    // One press clears the copied notes, by keyboard; nothing else copied changes.
    await page.getByRole('button', { name: 'Clear the copied notes' }).press('Enter');
    await expect(notes).toHaveValue('');
    await expect(page.getByText(copied)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Clear the copied notes' })).toHaveCount(0);
    await expect(page.getByLabel('Sizes and Quantities').first()).toHaveValue('S:10, M:20');
    await expect(page.getByText('Already stored, no upload needed')).toHaveCount(2);
    await expect(page.locator('.estimate-summary-slot')).toContainText('$247.47');

    // Submitted without choosing any file: nothing is uploaded.
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/upload/resumable')) uploads.push(r.url());
    });
    const submitted = page.waitForRequest((r) => r.url().includes('/functions/v1/submit-order'));
    await page.getByRole('button', { name: 'Submit Order' }).click();
    const reference = await referenceFromToast(page);
    expect(uploads).toEqual([]);
    // The order's body names the stored files; it carries no file part.
    const sent = (await submitted).postDataBuffer()?.toString('latin1');
    expect(sent).not.toContain('filename=');
    // The cleared notes are not sent; the billing copied from the past order is.
    expect(sent).not.toContain('Same as every autumn.');
    expect(sent).toContain('Hockey Mineur Nord');
    const listed = await fetch(`${base}/api/orders?q=${reference}`, { headers: { cookie: staff } });
    const newId = ((await listed.json()) as { orders: { id: string }[] }).orders[0]!.id;
    // The same files, by their SHA-256, as the past order's.
    expect(await attachmentsOf(newId)).toEqual(await attachmentsOf(past.orderId));

    // The inbox says which order it repeats, in the list and on the order.
    await signInAt(page, base, 'clerk@shop.example', 'Orders');
    const row = page.getByRole('row').filter({ hasText: reference });
    await expect(row.getByText(`Reorder of ${past.reference}`)).toBeVisible();
    await row.getByRole('link', { name: reference }).click();
    await expect(page.getByRole('heading', { name: new RegExp(reference) })).toBeVisible();
    await expect(page.getByText(`Reorder of ${past.reference}`)).toBeVisible();
    // The server's own estimate agrees with the form's: the screens waived.
    await expect(page.getByText('The customer saw an estimate of $247.47 with taxes (prices v1).')).toBeVisible();
    await expect(page.getByText('Layout 1 · Front · Screens: $0.00')).toBeVisible();
    await expectNoViolations(page, 'The inbox order of a reorder');
    await page.screenshot({ path: test.info().outputPath('inbox-order.png') });
    // The owner sets the waiver on the Prices page, where the published 12 months show.
    await page.getByRole('link', { name: 'Prices' }).click();
    await expect(page.getByLabel('No setup on a reorder within this many months (optional)')).toHaveValue('12');

    // In French on a phone at 390 px, the same session, the sizes emptied.
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      locale: 'fr-CA',
    });
    const p = await phone.newPage();
    // Not signed in on this phone yet: the form says where to sign in, and fills nothing.
    await p.goto(`${base}/?reorder=${past.orderId}`);
    await expect(
      p.getByRole('alert').filter({ hasText: 'Connectez-vous à Mes commandes pour commander de nouveau.' }),
    ).toBeVisible();
    await expect(p.getByRole('link', { name: 'Aller à Mes commandes' })).toBeVisible();
    await phone.addCookies((await page.context().cookies()).filter((c) => c.name === 'portal_session'));
    await p.goto(`${base}/my-orders`);
    const carte = p.getByRole('region', { name: `Commande ${past.reference}` });
    await expect(carte.getByLabel('Garder les tailles et quantités de la dernière fois')).not.toBeChecked();
    await carte.getByRole('button', { name: `Commander de nouveau\u00a0: ${past.reference}` }).click();
    await expect(p.getByText(`Ce formulaire reprend la commande ${past.reference}.`, { exact: false })).toBeVisible();
    await expect(p.getByText('Entrez les tailles et quantités de cette commande.')).toBeVisible();
    await expect(p.getByText('Déjà enregistré, aucun téléversement')).toHaveCount(2);
    await expect(
      p.getByText(
        `Ces notes ont été copiées de la commande ${past.reference}. Vérifiez qu’elles valent encore pour cette commande.`,
      ),
    ).toBeVisible();
    await expect(p.getByRole('button', { name: 'Effacer les notes copiées' })).toBeVisible();
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoViolations(p, 'Commander de nouveau at 390 px');
    await p.screenshot({ path: test.info().outputPath('form-reorder-fr-390.png') });
    await phone.close();
  } finally {
    await server.stop();
  }
});
