// Named locations and the estimate no one misreads (docs/product.md, Locations; docs/prices.md),
// against a real server of its own with the example price list published: a full-front print and
// a left-chest embroidered logo on one set of shirts are one layout, the garments priced once and
// the logo in the estimate; the compact summary stays in view from billing to Submit; the rush
// shows beside the deadline once the date triggers it. On a phone in English, on a desktop in French.
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { expect, test } from '@playwright/test';
import {
  expectNoViolations,
  fillBilling,
  referenceFromToast,
  startOwnServer,
  startServerWithExamplePrices,
  successToast,
} from './helpers.js';

let server: Awaited<ReturnType<typeof startOwnServer>>;
test.beforeAll(async () => {
  server = await startServerWithExamplePrices(60, 'e2e-locations-data');
});
test.afterAll(async () => server.stop());

const WORDS = {
  en: {
    mockupOptions: 'Mockup Options',
    front: 'Front',
    location: 'Location',
    addOnFront: 'Add another decoration on the Front',
    leftChest: 'Front: Left chest',
    usualLeftChest: 'Usually 3.5–4" wide',
    dimensions: 'Graphic Dimensions',
    decoration: 'Decoration Method',
    inkColours: 'Ink colours',
    garmentOptions: 'Garment Options',
    garmentDetails: 'Garment Details',
    type: 'Garment Type or SKU',
    colour: 'Color',
    sizeBoxes: 'Quantities by size',
    sizeBox: (size: string) => `Quantity, size ${size}`,
    additional: 'Are there additional graphic layouts for this job?',
    no: 'No',
    estimate: 'Price estimate',
    summary: 'Estimate summary',
    garmentLine: /^Layout 1 · Gildan 5000 T-shirt/,
    logoLine: 'Layout 1 · Front · Left chest · Embroidery, about 7,000 stitches',
    each: '$4.50 each',
    first: 'First Name',
    phone: 'Phone',
    deadlineQuestion: 'Do you have a critical deadline?',
    date: 'Requested Completion Date',
    rush: /^This date adds a rush fee: \$[\d,]+\.\d\d \(estimate\)\.$/,
    total: 'Estimated total',
    submit: 'Submit Order',
  },
  fr: {
    mockupOptions: 'Options de maquette',
    front: 'Devant',
    location: 'Emplacement',
    addOnFront: 'Ajouter une autre décoration – Devant',
    leftChest: 'Devant\u00a0: Poitrine gauche',
    usualLeftChest: 'Habituellement 3,5 à 4\u00a0po de large',
    dimensions: 'Dimensions du graphique',
    decoration: 'Méthode de décoration',
    inkColours: 'Couleurs d’encre',
    garmentOptions: 'Options de vêtements',
    garmentDetails: 'Détails du vêtement',
    type: 'Type de vêtement ou code du produit',
    colour: 'Couleur',
    sizeBoxes: 'Quantités par taille',
    sizeBox: (size: string) => `Quantité, taille ${size}`,
    additional: 'Y a-t-il d’autres designs pour cette commande\u202f?',
    no: 'Non',
    estimate: 'Estimation du prix',
    summary: 'Résumé de l’estimation',
    garmentLine: /^Design 1 · Gildan 5000 T-shirt/,
    logoLine: 'Design 1 · Devant · Poitrine gauche · Broderie, environ 7\u202f000 points',
    each: '4,50\u00a0$ l’unité',
    first: 'Prénom',
    phone: 'Téléphone',
    deadlineQuestion: 'Avez-vous une échéance critique\u202f?',
    date: 'Date d’achèvement souhaitée',
    rush: /^Cette date ajoute des frais d’urgence\u00a0: [\d\u00a0\u202f]+,\d\d\u00a0\$ \(estimation\)\.$/,
    total: 'Total estimé',
    submit: 'Soumettre la commande',
  },
};

/** A day three days from now: fewer than 10 business days away, so the rush applies. */
const soon = () => new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);

for (const [lang, width] of [
  ['en', 390],
  ['fr', 1280],
] as const) {
  test(`a full-front print and a left-chest logo are one layout, the summary stays in view, the rush shows by the date (${lang}, ${width} px)`, async ({
    page,
  }) => {
    const w = WORDS[lang];
    await page.setViewportSize({ width, height: 844 });
    await page.goto(server.base);
    if (lang === 'fr') await page.getByRole('button', { name: 'Français' }).click();

    await page.getByLabel(w.mockupOptions).selectOption('upload');
    const front = page.getByRole('group', { name: w.front, exact: true });
    await front.getByLabel(w.dimensions).first().fill('10" wide');
    await front.getByLabel(w.decoration).first().selectOption('screen-printing');
    await front.getByLabel(w.inkColours).first().selectOption('2');
    await front.getByRole('button', { name: w.addOnFront }).click();
    const logo = page.getByRole('group', { name: w.leftChest });
    await expect(logo.getByLabel(w.location)).toHaveValue('left-chest');
    await expect(logo.getByText(w.usualLeftChest)).toBeVisible();
    await logo.getByLabel(w.dimensions).fill('3.5" wide');
    await logo.getByLabel(w.decoration).selectOption('embroidery');

    await page.getByLabel(w.garmentOptions).selectOption('pick');
    const garment = page.getByRole('group', { name: w.garmentDetails });
    await garment.getByLabel(w.type).fill('G5000');
    await garment.getByLabel(w.colour).fill('Black');
    const boxes = garment.getByRole('group', { name: w.sizeBoxes });
    await boxes.getByLabel(w.sizeBox('M')).fill('24');
    await boxes.getByLabel(w.sizeBox('L')).fill('24');

    // One layout: the garments once, each at its price per piece; the logo priced, nothing left to the quote.
    const estimate = page.getByRole('region', { name: w.estimate });
    await expect(estimate.getByText(w.garmentLine)).toHaveCount(1);
    await expect(estimate.getByText(w.each)).toHaveCount(1);
    await expect(estimate.getByText(w.logoLine)).toBeVisible();
    await expect(estimate.getByText(/priced on your quote|prix dans votre soumission/)).toHaveCount(0);
    await expect(estimate.getByText(/Prices v1|Prix v1|\d\+ row|rangée \d/)).toHaveCount(0);

    await page.getByRole('group', { name: w.additional }).getByRole('radio', { name: w.no }).check();
    const summary = page.getByRole('complementary', { name: w.summary });
    // From the first billing field to Submit, the summary is on screen.
    await page.getByLabel(w.first, { exact: true }).first().fill('Jeanne');
    await expect(summary).toBeInViewport();
    await expect(summary.getByText(w.total, { exact: true })).toBeVisible();
    await page.getByLabel(w.phone, { exact: true }).first().fill('416-555-0100');
    await expect(summary).toBeInViewport();

    await page.getByLabel(w.deadlineQuestion).selectOption('yes');
    await page.getByLabel(w.date).fill(soon());
    await expect(page.getByText(w.rush)).toBeVisible();
    await expect(summary).toBeInViewport();
    await page.getByRole('button', { name: w.submit }).scrollIntoViewIfNeeded();
    await expect(summary).toBeInViewport();
    await expect(page.getByRole('button', { name: w.submit })).toBeInViewport();
    if (width <= 400) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/locations-${lang}-${width}-submit.png` });
    }
    // The summary's link leads to the whole estimate.
    await summary.getByRole('link').click();
    await expect(page.getByRole('heading', { name: w.estimate })).toBeInViewport();
    await expectNoViolations(page, `locations and the summary (${lang})`);
    if (lang !== 'en') return;

    // Submitted from the phone: the confirmation carries the record (the left chest named, the
    // estimate marked as one) and the link to the order's page, which shows the same record.
    const email = 'left-chest@example.com';
    await fillBilling(page, email);
    await page.getByRole('button', { name: w.submit }).click();
    await expect(successToast(page)).toBeVisible({ timeout: 30_000 });
    const reference = await referenceFromToast(page);
    const outbox = path.resolve('test-results/e2e-locations-data/outbox');
    let confirmation: ParsedMail | undefined;
    await expect
      .poll(
        async () => {
          // Sent mails only: one still being written is a hidden .tmp file, renamed once whole.
          for (const f of fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((n) => n.endsWith('.eml')) : []) {
            const mail = await simpleParser(fs.readFileSync(path.join(outbox, f)));
            if (JSON.stringify(mail.to).includes(email) && mail.subject?.includes(reference)) confirmation = mail;
          }
          return confirmation?.subject;
        },
        { timeout: 15_000 },
      )
      .toBe(`We received your order ${reference}`);
    const text = confirmation!.text ?? '';
    expect(text).toContain('Front · Left chest: Embroidery, 3.5" wide');
    expect(text).toContain('Estimate (not a quote)');
    expect(text).toMatch(/Layout 1 · Front · Left chest · Embroidery, about 7,000 stitches: \$[\d,]+\.\d\d/);
    const link = /\/o\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
    expect(link).toBeTruthy();
    await page.goto(`${server.base}${link}`);
    await expect(page.getByText('Front · Left chest: Embroidery, 3.5" wide')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Estimate (not a quote)' })).toBeVisible();
  });
}
