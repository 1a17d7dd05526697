import { describe, expect, it } from 'vitest';
import { en } from './messages.js';
import { fr } from './french-messages.js';
import { currentFieldErrors, describeField, errorsByPath, valueAt, type Refusal } from './field-errors.js';
import { initialOrderState, orderReducer, type OrderAction, type OrderState } from './order-state.js';

const apply = (state: OrderState, ...actions: OrderAction[]) => actions.reduce(orderReducer, state);

/** Two layouts, the second with the view editor, and billing partly filled. */
function twoLayouts(): OrderState {
  return apply(
    initialOrderState('v1'),
    { type: 'additionalLayoutsAnswered', answer: 'yes', variationId: 'v2' },
    { type: 'mockupOptionChanged', layout: 2, option: 'upload' },
    { type: 'viewDimensionsChanged', layout: 2, view: 'Front', value: '10" wide' },
    { type: 'billingChanged', field: 'email', value: 'not-an-email' },
  );
}

describe('describeField', () => {
  it('names the order details without a layout, in English and French', () => {
    expect(describeField(en, 'billing.email')).toEqual({
      message: 'Enter an email address, like name@example.com',
      summary: 'Enter an email address, like name@example.com',
    });
    expect(describeField(fr, 'billing.email')?.message).toBe('Entrez une adresse courriel, comme nom@exemple.com');
    expect(describeField(en, 'billing.firstName')?.message).toBe('Enter a first name');
    expect(describeField(en, 'deadline.date')?.message).toBe(
      'Enter the requested completion date: day, month and year',
    );
    expect(describeField(en, 'jobNotes')?.message).toBe('Enter job notes of 20,000 characters or fewer');
  });

  it('says in the summary which section a repeated label belongs to', () => {
    expect(describeField(en, 'shipping.postalCode')).toEqual({
      message: 'Enter a postal code, like B3H 1A1',
      summary: 'Shipping address: Enter a postal code, like B3H 1A1',
    });
    expect(describeField(en, 'layouts.2.viewData.Front.dimensions')).toEqual({
      message: 'Enter the Front graphic dimensions in 200 characters or fewer',
      summary: 'Design Layout 2: Enter the Front graphic dimensions in 200 characters or fewer',
    });
    expect(describeField(fr, 'layouts.1.variations.0.sizes')).toEqual({
      message: 'Entrez les tailles et les quantités, comme S\u00a0: 5, M\u00a0: 10',
      summary: 'Design 1\u00a0: Entrez les tailles et les quantités, comme S\u00a0: 5, M\u00a0: 10',
    });
    expect(describeField(fr, 'layouts.3.viewData.Left Sleeve.decoration')?.message).toBe(
      'Choisissez une méthode de décoration pour le graphique (Manche gauche)',
    );
  });

  it('knows no path the form has no field for', () => {
    for (const path of [
      'billing',
      'billing.toString',
      'shipping.email',
      'layouts.0.mockupOption',
      'layouts.1.viewData.Collar.dimensions',
      'layouts.1.variations.0.id',
      'layouts.1.variations.0.dimensions',
      'layouts.1.files',
      'language',
    ]) {
      expect(describeField(en, path), path).toBeUndefined();
    }
  });
});

describe('currentFieldErrors', () => {
  const refusal = (state: OrderState, fields: string[]): Refusal => ({
    fields,
    message: 'The server’s own words.',
    state,
  });

  it('shows each known path once, and the server’s message once for the unknown ones', () => {
    const state = twoLayouts();
    const errors = currentFieldErrors(
      en,
      refusal(state, ['billing.email', 'billing.email', 'layouts.2.viewData.Front.dimensions', 'files.3', 'misc']),
      state,
    );
    expect(errors).toEqual([
      {
        path: 'billing.email',
        message: 'Enter an email address, like name@example.com',
        summary: 'Enter an email address, like name@example.com',
      },
      {
        path: 'layouts.2.viewData.Front.dimensions',
        message: 'Enter the Front graphic dimensions in 200 characters or fewer',
        summary: 'Design Layout 2: Enter the Front graphic dimensions in 200 characters or fewer',
      },
      { message: 'The server’s own words.', summary: 'The server’s own words.' },
    ]);
    expect([...errorsByPath(errors)]).toEqual([
      ['billing.email', 'Enter an email address, like name@example.com'],
      ['layouts.2.viewData.Front.dimensions', 'Enter the Front graphic dimensions in 200 characters or fewer'],
    ]);
  });

  it('drops a field’s error once the customer changes that field, and only that one', () => {
    const sent = twoLayouts();
    const refused = refusal(sent, ['billing.email', 'layouts.2.viewData.Front.dimensions']);
    const edited = apply(sent, { type: 'billingChanged', field: 'email', value: 'ada@example.com' });
    expect(currentFieldErrors(en, refused, edited).map((e) => e.path)).toEqual(['layouts.2.viewData.Front.dimensions']);
    const both = apply(edited, { type: 'viewDimensionsChanged', layout: 2, view: 'Front', value: '9" wide' });
    expect(currentFieldErrors(en, refused, both)).toEqual([]);
    expect(currentFieldErrors(en, null, both)).toEqual([]);
  });

  it('reads the form’s value at a server path', () => {
    const state = twoLayouts();
    expect(valueAt(state, 'billing.email')).toBe('not-an-email');
    expect(valueAt(state, 'layouts.2.viewData.Front.dimensions')).toBe('10" wide');
    expect(valueAt(state, 'layouts.1.variations.0.sizes')).toBe('');
    expect(valueAt(state, 'layouts.2.mockupOption')).toBe('upload');
    expect(valueAt(state, 'layouts.9.mockupOption')).toBeUndefined();
  });
});

describe('a team’s open size entries (docs/collections.md)', () => {
  it('are an error of their layout until the collection is read as closed', () => {
    const state = apply(
      initialOrderState('v1'),
      {
        type: 'collectionCreated',
        layout: 1,
        collection: { link: 'l', organiserKey: 'k', title: 'Lions', closesOn: '2026-12-01', variationId: 'v1' },
      },
      { type: 'collectionChecked', layout: 1, open: true },
    );
    const refusal: Refusal = { fields: ['layouts.1.collection.open'], message: '', state };
    expect(currentFieldErrors(en, refusal, state)).toEqual([
      {
        path: 'layouts.1.collection.open',
        message: 'Close the team’s size entries before you send the order',
        summary: 'Design Layout 1: Close the team’s size entries before you send the order',
      },
    ]);
    const closed = apply(state, { type: 'collectionChecked', layout: 1, open: false });
    expect(closed.layouts[0]!.collection?.open).toBe(false);
    expect(currentFieldErrors(en, refusal, closed)).toEqual([]);
  });
});
