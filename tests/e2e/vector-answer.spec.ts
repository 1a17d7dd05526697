// The vector-files answer (docs/product.md, Design layouts), on the shared server, by keyboard, in
// English and French: "Yes" still asks where and how each decoration goes (location, size, method,
// ink colours) and says what the shop takes from the vector files; "No" reveals the per-view graphic
// editor; changing the answer either way loses nothing the customer entered.
import { expect, test } from '@playwright/test';
import { png } from './helpers.js';

const WORDS = {
  en: {
    mockupOptions: 'Mockup Options',
    vectorQuestion: 'Does your mockup include vector files?',
    yes: 'Yes',
    no: 'No',
    placements: 'Where and how each decoration goes',
    editor: 'Graphics for each view',
    note: /We take each graphic, its shapes and its colours from your vector files/,
    front: 'Front',
    location: 'Location',
    dimensions: 'Graphic Dimensions',
    decoration: 'Decoration Method',
    inkColours: 'Ink colours',
    uploadGraphic: 'Upload Graphic',
  },
  fr: {
    mockupOptions: 'Options de maquette',
    vectorQuestion: 'Votre maquette comprend-elle des fichiers vectoriels\u202f?',
    yes: 'Oui',
    no: 'Non',
    placements: 'Où et comment va chaque décoration',
    editor: 'Graphiques pour chaque vue',
    note: /Nous prenons chaque graphique, ses formes et ses couleurs dans vos fichiers vectoriels/,
    front: 'Devant',
    location: 'Emplacement',
    dimensions: 'Dimensions du graphique',
    decoration: 'Méthode de décoration',
    inkColours: 'Couleurs d’encre',
    uploadGraphic: 'Téléverser un graphique',
  },
} as const;

for (const lang of ['en', 'fr'] as const) {
  test(`answering yes to vector files still asks where and how, and answering back loses nothing (${lang})`, async ({
    page,
  }) => {
    const w = WORDS[lang];
    await page.goto('/');
    if (lang === 'fr') await page.getByRole('button', { name: 'Français' }).click();
    await page.getByLabel(w.mockupOptions).focus();
    await page.getByLabel(w.mockupOptions).selectOption('upload');

    // "No" (the default): the per-view editor, where the customer gives the front its graphic.
    const editor = page.getByRole('group', { name: w.editor });
    await expect(editor).toBeVisible();
    await editor
      .getByRole('group', { name: w.front, exact: true })
      .getByLabel(w.uploadGraphic)
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(30, 60, 200) });

    // "Yes", by keyboard: where and how each decoration goes, without a graphic of its own.
    const question = page.getByRole('group', { name: w.vectorQuestion });
    await question.getByRole('radio', { name: w.no }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(question.getByRole('radio', { name: w.yes })).toBeChecked();
    await expect(page.getByText(w.note)).toBeVisible();
    const placements = page.getByRole('group', { name: w.placements });
    await expect(editor).toHaveCount(0);
    const front = placements.getByRole('group', { name: w.front, exact: true });
    await expect(front.getByLabel(w.uploadGraphic)).toHaveCount(0);
    await front.getByLabel(w.location).selectOption('left-chest');
    await front.getByLabel(w.dimensions).fill('3.5" wide');
    await front.getByLabel(w.decoration).selectOption('screen-printing');
    await front.getByLabel(w.inkColours).selectOption('2');

    // Back to "no": the editor, with the graphic and everything entered under "yes".
    await question.getByRole('radio', { name: w.yes }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(question.getByRole('radio', { name: w.no })).toBeChecked();
    const again = editor.getByRole('group', { name: w.front, exact: true });
    await expect(again.getByText('logo.png').or(again.getByRole('img'))).toBeVisible();
    await expect(again.getByLabel(w.location)).toHaveValue('left-chest');
    await expect(again.getByLabel(w.dimensions)).toHaveValue('3.5" wide');
    await expect(again.getByLabel(w.decoration)).toHaveValue('screen-printing');
    await expect(again.getByLabel(w.inkColours)).toHaveValue('2');

    // And "yes" once more keeps them too.
    await question.getByRole('radio', { name: w.no }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(placements.getByRole('group', { name: w.front, exact: true }).getByLabel(w.dimensions)).toHaveValue(
      '3.5" wide',
    );
  });
}
