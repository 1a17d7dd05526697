// The hockey parent's journey of docs/collections.md ("The organiser's own pieces"), in French on
// a 390 px phone, against a real server of its own with the example price list: she types 20
// (S 3, M 7, L 6, XL 4), makes the team's link, two members enter; her 20 stay a line of their
// own beside the entries, the size boxes say they are filled from both and cannot be typed in,
// closing the entries asks first, and the shop receives exactly the sizes and the estimate the
// form showed (the confirmation mail too). The panel is looked at as a phone screen. Then, before
// any approval, she changes the order from its page ("Modifier ma commande"): version 2, by the
// customer, flagged in the inbox's list.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { expectNoViolations, signInAt, startServerWithExamplePrices } from './helpers.js';

const DATA = 'e2e-team-phone-fr-data';
let server: Awaited<ReturnType<typeof startServerWithExamplePrices>>;
test.beforeAll(async () => {
  server = await startServerWithExamplePrices(145, DATA);
});
test.afterAll(async () => server.stop());

const PHONE = { width: 390, height: 844 };

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  return context.newPage();
}

const noSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

/** Every word of the element's text sits on one line: nothing is broken inside a word (a compound name may break after its hyphen). */
const wordsWhole = (cell: Locator) =>
  cell.evaluate((el) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/[^\s-]+-?/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });

async function member(browser: Browser, link: string, name: string, size: string) {
  const page = await phone(browser);
  await page.goto(link);
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { name: 'Tailles pour Les Aigles U11' })).toBeVisible();
  // The organiser did not ask for names and numbers: the member gives a name and a size only.
  await expect(page.getByLabel(/Nom à imprimer/)).toHaveCount(0);
  await expect(page.getByLabel(/Numéro à imprimer/)).toHaveCount(0);
  await page.getByLabel('Votre nom').fill(name);
  await page.getByLabel('Taille', { exact: true }).selectOption(size);
  await page.getByRole('button', { name: 'Enregistrer ma taille' }).click();
  await expect(
    page.getByText('Votre inscription est enregistrée. Vous pouvez la changer ici jusqu’à la clôture.'),
  ).toBeVisible();
  await noSideScroll(page);
}

/** The customer's confirmation of the order with this reference, from the server's outbox. */
async function confirmationOf(reference: string): Promise<string> {
  const outbox = path.resolve(`test-results/${DATA}/outbox`);
  let found = '';
  await expect
    .poll(
      async () => {
        for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
          const mail = await simpleParser(fs.readFileSync(path.join(outbox, file)));
          const to = JSON.stringify(mail.to ?? '');
          if (to.includes('aigles@example.com') && (mail.text ?? '').includes(reference)) found = mail.text ?? '';
        }
        return found !== '';
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found;
}

test('a parent on a phone in French: her 20 pieces stay beside two members’ entries, and the shop gets what the form showed', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(PHONE);
  // A browser with a share sheet: the panel offers it beside "Copier le lien".
  await page.addInitScript(() => {
    const shared: unknown[] = [];
    Object.assign(window, { sharedLinks: shared });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: (data: unknown) => {
        shared.push(data);
        return Promise.resolve();
      },
    });
  });
  await page.goto(server.base);
  await page.getByRole('button', { name: 'Français' }).click();
  await page.getByLabel('Options de maquette').selectOption('upload');
  const front = page.getByRole('group', { name: 'Devant', exact: true });
  await front.getByLabel('Dimensions du graphique').fill('10" wide');
  await front.getByLabel('Méthode de décoration').selectOption('screen-printing');
  await front.getByLabel('Couleurs d’encre').selectOption('1');
  await page.getByLabel('Options de vêtements').selectOption('pick');
  const garment = page.getByRole('group', { name: 'Détails du vêtement' });
  await garment.getByLabel('Type de vêtement ou code du produit').fill('G5000');
  await garment.getByLabel('Couleur').fill('Black');
  const boxes = garment.getByRole('group', { name: 'Quantités par taille' }).first();
  for (const [size, quantity] of [
    ['S', '3'],
    ['M', '7'],
    ['L', '6'],
    ['XL', '4'],
  ] as const) {
    await boxes.getByLabel(`Quantité, taille ${size}`).fill(quantity);
  }
  const sizesText = garment.getByLabel('Tailles et quantités');
  await expect(sizesText).toHaveValue('S:3, M:7, L:6, XL:4');

  await garment.getByRole('button', { name: 'Recueillir les tailles d’une équipe' }).click();
  const panel = page.getByRole('region', { name: 'Tailles d’une équipe' });
  await expect(
    panel.getByText('Les 20 pièces que vous avez entrées restent des pièces ajoutées par vous', { exact: false }),
  ).toBeVisible();
  const create = panel.getByRole('button', { name: 'Créer le lien' });
  // An enabled primary button, not drawn as a disabled one.
  await expect(create).toBeEnabled();
  const background = await create.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(['rgba(0, 0, 0, 0)', 'rgb(107, 114, 128)', 'rgb(255, 255, 255)']).not.toContain(background);
  await panel.getByLabel('Nom de l’équipe ou du groupe').fill('Les Aigles U11');
  await expect(panel.getByLabel('Demander à chaque membre un nom et un numéro à imprimer')).not.toBeChecked();
  await create.click();
  const linkBox = panel.getByLabel('Lien pour votre équipe');
  await expect(linkBox).toHaveValue(new RegExp(`^${server.base}/c/[A-Za-z0-9_-]{43}$`));
  const link = await linkBox.inputValue();

  // Share beside Copy: the phone's share sheet gets the link.
  await panel.getByRole('button', { name: 'Partager' }).click();
  await expect(panel.getByRole('button', { name: 'Copier le lien' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sharedLinks: { url: string }[] }).sharedLinks)).toEqual([
    expect.objectContaining({ url: link }),
  ]);

  // Her boxes now say they are filled from the entries and her pieces, and cannot be typed in.
  await expect(
    garment.getByText('ces tailles sont remplies à partir des inscriptions', { exact: false }),
  ).toBeVisible();
  await expect(boxes.getByLabel('Quantité, taille M')).toHaveAttribute('readonly', '');
  await expect(sizesText).toHaveAttribute('readonly', '');
  const extras = panel.getByRole('group', { name: 'Pièces ajoutées par l’organisateur' });
  await expect(extras.getByLabel('Quantité, taille M')).toHaveValue('7');

  await member(browser, link, 'Geneviève Beaulieu-Tremblay', 'M');
  await member(browser, link, 'Maxime Lavoie', 'L');
  await expect(panel.getByText('Tailles remplies à partir de 2 inscriptions.', { exact: false })).toBeVisible({
    timeout: 15_000,
  });
  await expect(sizesText).toHaveValue('S:3, M:8, L:7, XL:4');
  await expect(boxes.getByLabel('Quantité, taille M')).toHaveValue('8');
  await expect(
    panel.getByText('La commande envoie 22 pièces\u00a0: 2 des inscriptions et 20 ajoutées par vous.'),
  ).toBeVisible();
  const estimate = page.getByRole('region', { name: 'Estimation du prix' });
  await expect(estimate.getByText('S 3, M 8, L 7, XL 4', { exact: false })).toBeVisible();

  // The panel as a phone screen: nothing wider than the phone, the hint under its box at full
  // width, the entries table scrolling in its own box with Remove reachable, names whole.
  await noSideScroll(page);
  const hint = panel.getByText('La commande part avec les inscriptions reçues.', { exact: false });
  const panelBox = (await panel.boundingBox())!;
  expect((await hint.boundingBox())!.width).toBeGreaterThan(panelBox.width * 0.8);
  const table = panel.getByRole('table', { name: 'Les Aigles U11 – 2 inscriptions' });
  await expect(table.getByRole('columnheader', { name: 'Nom à imprimer' })).toHaveCount(0);
  const remove = table.getByRole('button', { name: 'Retirer l’inscription de Maxime Lavoie' });
  // Remove is inside the table's box as drawn, without scrolling it sideways.
  const [buttonRight, boxRight] = await remove.evaluate((button) => [
    button.getBoundingClientRect().right,
    button.closest('.team-entries')!.getBoundingClientRect().right,
  ]);
  expect(buttonRight).toBeLessThanOrEqual(boxRight);
  await remove.scrollIntoViewIfNeeded();
  await expect(remove).toBeInViewport();
  for (const name of ['Geneviève Beaulieu-Tremblay', 'Maxime Lavoie']) {
    expect(await wordsWhole(table.getByRole('cell', { name, exact: true }))).toEqual([]);
  }
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: 'test-results/team-sizes-panel-390-fr.png' });
  await expectNoViolations(page, 'the team panel in French at 390 px');

  await page
    .getByRole('group', { name: 'Y a-t-il d’autres designs pour cette commande\u202f?' })
    .getByRole('radio', { name: 'Non' })
    .check();
  await page.getByLabel('Prénom', { exact: true }).first().fill('Julie');
  await page.getByLabel('Nom', { exact: true }).first().fill('Gagnon');
  await page.getByLabel('Nom de l’entreprise', { exact: true }).first().fill('Les Aigles');
  await page.getByLabel('Adresse', { exact: true }).first().fill('1 rue Principale');
  await page.getByLabel('Ville', { exact: true }).first().fill('Québec');
  await page.getByLabel('Province', { exact: true }).first().selectOption('QC');
  await page.getByLabel('Code postal', { exact: true }).first().fill('G1R 4P5');
  await page.getByLabel('Téléphone', { exact: true }).first().fill('418-555-0100');
  await page.getByLabel('Courriel', { exact: true }).fill('aigles@example.com');

  // "Fermer les inscriptions" asks first: declined, the entries stay open; accepted, they close.
  const closeNow = panel.getByRole('button', { name: 'Fermer les inscriptions' });
  const question =
    'Fermer les inscriptions maintenant\u202f? Les membres ne pourront plus ajouter ni changer la leur, et les inscriptions ne pourront pas être rouvertes.';
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(question);
    void dialog.dismiss();
  });
  await closeNow.click();
  await expect(closeNow).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await closeNow.click();
  await expect(
    panel.getByText('Les inscriptions sont closes\u00a0: les tailles ci-dessous sont définitives.'),
  ).toBeVisible();

  // What the form shows, then sends.
  await expect(sizesText).toHaveValue('S:3, M:8, L:7, XL:4');
  const totalRow = estimate.getByRole('row', { name: /^Total estimé/ });
  const shownTotal = /([\d\u00a0\u202f ]+,\d\d\u00a0?\$)/.exec((await totalRow.textContent()) ?? '')?.[1];
  expect(shownTotal).toBeTruthy();
  await page.getByRole('button', { name: 'Soumettre la commande' }).click();
  await expect(page.getByText('Merci\u202f! Votre commande a été soumise avec succès.')).toBeVisible();
  const toast = await page
    .getByRole('status')
    .getByText(/numéro de référence/)
    .textContent();
  const reference = /([0-9A-Z]{4}-[0-9A-Z]{4})/.exec(toast ?? '')![1]!;

  // The confirmation mail gives the estimate the form showed.
  const mail = await confirmationOf(reference);
  expect(mail.replace(/[\u00a0\u202f]/g, ' ')).toContain(shownTotal!.replace(/[\u00a0\u202f]/g, ' '));

  // The shop receives exactly those sizes, with the two members' names.
  const clerk = await (await browser.newContext()).newPage();
  await signInAt(clerk, server.base, 'clerk@shop.example', 'Orders');
  await clerk.getByRole('link', { name: reference }).click();
  await expect(clerk.getByRole('cell', { name: 'S:3, M:8, L:7, XL:4' })).toBeVisible();
  const names = clerk.getByRole('table', { name: 'Names and numbers: 2 people' });
  await expect(names.getByRole('row', { name: /Geneviève Beaulieu-Tremblay M/ })).toBeVisible();
  await expect(names.getByRole('row', { name: /Maxime Lavoie L/ })).toBeVisible();

  // Before any quote is approved, the parent changes the order from its page, on her phone:
  // the change is version 2, by the customer, and the inbox flags it.
  const token = /\/o\/([A-Za-z0-9_-]{43})/.exec(mail)![1]!;
  await page.goto(`${server.base}/o/${token}`);
  const change = page.getByRole('region', { name: 'Modifier ma commande' });
  await change.getByRole('button', { name: 'Modifier ma commande' }).click();
  const first = change.getByRole('group', { name: 'Vêtement 1' });
  await expect(first.getByLabel('Tailles et quantités')).toHaveValue('S:3, M:8, L:7, XL:4');
  await first.getByLabel('Tailles et quantités').fill('S:3, M:8, L:7, XL:5');
  await change.getByRole('button', { name: 'Enregistrer ma modification' }).click();
  // No reason: refused beside the field, nothing saved.
  const reason = change.getByLabel('Ce qui change, et pourquoi');
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(reason).toBeFocused();
  await reason.fill('Un entraîneur de plus');
  await change.getByRole('button', { name: 'Enregistrer ma modification' }).click();
  await expect(
    change.getByText('Votre modification est enregistrée comme version 2 de votre commande.', { exact: false }),
  ).toBeVisible();
  await noSideScroll(page);
  await expectNoViolations(page, 'the order’s page after the customer’s change, in French at 390 px');
  await clerk.goto(`${server.base}/inbox`);
  const row = clerk.getByRole('row').filter({ hasText: reference });
  await expect(row.getByText('Changed by the customer')).toBeVisible();
  await row.getByRole('link', { name: reference }).click();
  await expect(clerk.getByRole('cell', { name: 'S:3, M:8, L:7, XL:5' })).toBeVisible();
});
