// "Change my order"'s decorations: a method adds a view's decoration and "No decoration" removes
// it (keeping an uploaded artwork's file), the typed ink colours go into the document only for a
// screen print and only as a whole number from 1 to 100, and a refused field reads in the page's
// words, in English and in French.
import { describe, expect, it } from 'vitest';
import type { CustomerOrderView } from '../../../shared/quote-api.js';
import { applyInks, decorationFieldError, inksOf, setMethod } from './decoration-edit.js';
import { ORDER_STATUS_MESSAGES } from './messages.js';

type Doc = CustomerOrderView['document'];

const docWith = (viewData: Doc['layouts'][string]['viewData']): Doc =>
  ({ layouts: { '1': { variations: [], viewData } } }) as unknown as Doc;

describe('a customer’s change of decorations', () => {
  it('adds a decoration with a method and removes it with No decoration, keeping an uploaded file', () => {
    const doc = docWith({
      Front: { image: '', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 },
      Back: { image: 'back-logo.png', dimensions: '11" wide', decoration: 'dtf', colours: undefined },
    });
    setMethod(doc, '1', 'Left Sleeve', 'embroidery');
    setMethod(doc, '1', 'Front', 'embroidery');
    setMethod(doc, '1', 'Back', '');
    setMethod(doc, '1', 'Right Sleeve', '');
    expect(doc.layouts['1']!.viewData).toEqual({
      Front: { image: '', dimensions: '10" wide', decoration: 'embroidery', colours: 2 },
      Back: { image: 'back-logo.png', dimensions: '11" wide', decoration: '', colours: undefined },
      'Left Sleeve': { image: '', dimensions: '', decoration: 'embroidery', colours: undefined },
    });
    setMethod(doc, '1', 'Left Sleeve', '');
    expect(Object.keys(doc.layouts['1']!.viewData)).toEqual(['Front', 'Back']);
  });

  it('sends a screen print’s ink colours as a whole number, names any other text, and sends none for other methods', () => {
    const doc = docWith({
      Front: { image: '', dimensions: '', decoration: 'screen-printing', colours: 2 },
      Back: { image: '', dimensions: '', decoration: 'embroidery', colours: 3 },
      'Left Sleeve': { image: '', dimensions: '', decoration: 'screen-printing', colours: 1 },
    });
    const typed = inksOf(doc);
    expect(typed).toEqual({ '1.Front': '2', '1.Back': '3', '1.Left Sleeve': '1' });

    const good = structuredClone(doc);
    expect(applyInks(good, { ...typed, '1.Front': ' 4 ', '1.Left Sleeve': '' })).toEqual([]);
    expect(good.layouts['1']!.viewData.Front!.colours).toBe(4);
    expect(good.layouts['1']!.viewData.Back!.colours).toBeUndefined();
    expect(good.layouts['1']!.viewData['Left Sleeve']!.colours).toBeUndefined();

    for (const wrong of ['0', '101', '2.5', 'two', '-1']) {
      expect(applyInks(structuredClone(doc), { ...typed, '1.Front': wrong }), wrong).toEqual([
        'layouts.1.viewData.Front.colours',
      ]);
    }
  });

  it('names a refused decoration field in the page’s words, in both languages', () => {
    const { en, fr } = ORDER_STATUS_MESSAGES;
    expect(decorationFieldError('layouts.2.viewData.Left Sleeve.location', en.change.fieldErrors)).toBe(
      'Choose a location on this side of the garment.',
    );
    expect(decorationFieldError('layouts.1.viewData.Back.colours', fr.change.fieldErrors)).toBe(
      'Entrez un nombre entier de couleurs d’encre, de 1 à 100.',
    );
    expect(decorationFieldError('layouts.1.variations.0.sizes', en.change.fieldErrors)).toBeNull();
  });

  it('names a refused line of the names list in the page’s words, in English and in French', () => {
    expect(ORDER_STATUS_MESSAGES.en.change.namesLine(2, 'printNumber')).toBe(
      'Line 2: the number to print has at most 3 digits.',
    );
    expect(ORDER_STATUS_MESSAGES.fr.change.namesLine(1, 'name')).toBe(
      'Ligne 1\u00a0: indiquez le nom de la personne, en au plus 80 caractères.',
    );
  });
});
