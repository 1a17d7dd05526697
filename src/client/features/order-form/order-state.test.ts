import { describe, expect, it } from 'vitest';
import {
  aspectOf,
  formatPostalCode,
  initialOrderState,
  isPristine,
  orderReducer,
  previewUrls,
  showsShippingAddress,
  showsViewEditor,
  vectorAnswerShown,
  type FileEntry,
  type OrderAction,
  type OrderState,
} from './order-state.js';

let seq = 0;
const id = () => `id-${++seq}`;
const entry = (name: string, type = 'image/png', previewUrl: string | null = `blob:${name}`): FileEntry => ({
  id: id(),
  file: new File(['x'], name, { type }),
  previewUrl,
});
const run = (state: OrderState, ...actions: OrderAction[]) => actions.reduce(orderReducer, state);
const start = () => initialOrderState('v1');
const addLayout = (s: OrderState) =>
  orderReducer(s, { type: 'additionalLayoutsAnswered', answer: 'yes', variationId: id() });
const layout = (s: OrderState, n: number) => s.layouts.find((l) => l.number === n)!;

describe('the initial state', () => {
  it('is layout 1 alone, open, next number 2, details hidden, both flags false', () => {
    const s = start();
    expect(s.layouts.map((l) => l.number)).toEqual([1]);
    expect(s.openLayout).toBe(1);
    expect(s.nextLayoutNumber).toBe(2);
    expect(s.detailsRevealed).toBe(false);
    expect(s.isResalePartner).toBe(false);
    expect(s.includePolyBags).toBe(false);
  });

  it('starts a layout with empty options, one variation, no files and the four views', () => {
    const l = layout(start(), 1);
    expect([l.mockupOption, l.garmentOption, l.hasVectorFiles]).toEqual(['', '', '']);
    expect(l.variations).toHaveLength(1);
    expect(l.mockupFiles).toEqual([]);
    expect(Object.keys(l.views)).toEqual(['Front', 'Back', 'Left Sleeve', 'Right Sleeve']);
  });

  it('defaults shipping to same as billing, no local pickup, no critical deadline', () => {
    const { shipping, deadline } = start().details;
    expect(shipping.sameAsBilling).toBe(true);
    expect(shipping.localPickup).toBe(false);
    expect(deadline.hasCriticalDeadline).toBe(false);
  });
});

describe('layouts', () => {
  it('answering yes adds the next-numbered empty layout, opens it and increases the counter', () => {
    const s = addLayout(start());
    expect(s.layouts.map((l) => l.number)).toEqual([1, 2]);
    expect(s.openLayout).toBe(2);
    expect(s.nextLayoutNumber).toBe(3);
    expect(s.detailsRevealed).toBe(false);
  });

  it('answering no reveals the details, which stay revealed when more layouts are added', () => {
    let s = orderReducer(start(), { type: 'additionalLayoutsAnswered', answer: 'no', variationId: id() });
    expect(s.detailsRevealed).toBe(true);
    expect(s.layouts).toHaveLength(1);
    s = addLayout(s);
    expect(s.detailsRevealed).toBe(true);
  });

  it('toggling opens one layout at a time and collapses the open one', () => {
    let s = addLayout(start());
    s = orderReducer(s, { type: 'layoutToggled', layout: 1 });
    expect(s.openLayout).toBe(1);
    s = orderReducer(s, { type: 'layoutToggled', layout: 1 });
    expect(s.openLayout).toBeNull();
  });

  it('removing is refused when only one layout remains', () => {
    const s = start();
    expect(orderReducer(s, { type: 'layoutRemoved', layout: 1 })).toBe(s);
  });

  it('removing the open layout deletes its data and opens the first remaining one', () => {
    let s = addLayout(addLayout(start()));
    s = run(s, { type: 'layoutToggled', layout: 2 }, { type: 'mockupOptionChanged', layout: 2, option: 'create' });
    s = orderReducer(s, { type: 'layoutRemoved', layout: 2 });
    expect(s.layouts.map((l) => l.number)).toEqual([1, 3]);
    expect(s.openLayout).toBe(1);
    expect(s.nextLayoutNumber).toBe(4);
  });

  it('removing a closed layout keeps the open one open', () => {
    let s = addLayout(addLayout(start()));
    s = orderReducer(s, { type: 'layoutRemoved', layout: 1 });
    expect(s.layouts.map((l) => l.number)).toEqual([2, 3]);
    expect(s.openLayout).toBe(3);
  });
});

describe('section A', () => {
  it('sets the mockup option', () => {
    const s = orderReducer(start(), { type: 'mockupOptionChanged', layout: 1, option: 'upload' });
    expect(layout(s, 1).mockupOption).toBe('upload');
  });

  it('shows "no" for the vector question until answered, and the view editor while it is no', () => {
    let s = orderReducer(start(), { type: 'mockupOptionChanged', layout: 1, option: 'upload' });
    expect(layout(s, 1).hasVectorFiles).toBe('');
    expect(vectorAnswerShown(layout(s, 1))).toBe('no');
    expect(showsViewEditor(layout(s, 1))).toBe(true);
    s = orderReducer(s, { type: 'vectorFilesAnswered', layout: 1, answer: 'yes' });
    expect(layout(s, 1).hasVectorFiles).toBe('yes');
    expect(showsViewEditor(layout(s, 1))).toBe(false);
    s = orderReducer(s, { type: 'vectorFilesAnswered', layout: 1, answer: 'no' });
    expect(showsViewEditor(layout(s, 1))).toBe(true);
  });

  it('never shows the view editor for "Build my own"', () => {
    const s = orderReducer(start(), { type: 'mockupOptionChanged', layout: 1, option: 'create' });
    expect(showsViewEditor(layout(s, 1))).toBe(false);
  });

  it('adds mockup files and removes one, dropping its preview', () => {
    const a = entry('a.png');
    const b = entry('b.pdf', 'application/pdf', null);
    let s = orderReducer(start(), { type: 'mockupFilesAdded', layout: 1, files: [a, b] });
    expect(layout(s, 1).mockupFiles).toEqual([a, b]);
    expect(previewUrls(s)).toEqual(new Set(['blob:a.png']));
    s = orderReducer(s, { type: 'mockupFileRemoved', layout: 1, fileId: a.id });
    expect(layout(s, 1).mockupFiles).toEqual([b]);
    expect(previewUrls(s).size).toBe(0);
  });

  it('sets and clears a view graphic, its dimensions and its decoration method', () => {
    const g = entry('front.png');
    let s = run(
      start(),
      { type: 'viewGraphicChosen', layout: 1, view: 'Front', file: g },
      { type: 'viewDimensionsChanged', layout: 1, view: 'Front', value: '10" wide' },
      { type: 'viewDecorationChanged', layout: 1, view: 'Front', value: 'dtf' },
    );
    expect(layout(s, 1).views.Front).toEqual({ file: g, dimensions: '10" wide', decoration: 'dtf' });
    expect(layout(s, 1).views.Back.file).toBeNull();
    s = orderReducer(s, { type: 'viewGraphicChosen', layout: 1, view: 'Front', file: null });
    expect(layout(s, 1).views.Front.file).toBeNull();
    expect(previewUrls(s).size).toBe(0);
  });
});

describe('section B', () => {
  it('sets the garment option and keeps PO files', () => {
    const po = entry('po.pdf', 'application/pdf', null);
    let s = run(
      start(),
      { type: 'garmentOptionChanged', layout: 1, option: 'po' },
      { type: 'poFilesAdded', layout: 1, files: [po] },
    );
    expect(layout(s, 1).garmentOption).toBe('po');
    expect(layout(s, 1).poFiles).toEqual([po]);
    s = orderReducer(s, { type: 'poFileRemoved', layout: 1, fileId: po.id });
    expect(layout(s, 1).poFiles).toEqual([]);
  });

  it('adds a blank variation, and removes one only while more than one exists', () => {
    let s = orderReducer(start(), { type: 'variationAdded', layout: 1, variationId: 'v2' });
    expect(layout(s, 1).variations.map((v) => v.id)).toEqual(['v1', 'v2']);
    expect(layout(s, 1).variations[1]).toMatchObject({ type: '', color: '', sizes: '', itemPO: '' });
    s = orderReducer(s, { type: 'variationRemoved', layout: 1, variationId: 'v1' });
    expect(layout(s, 1).variations.map((v) => v.id)).toEqual(['v2']);
    const last = s;
    expect(orderReducer(s, { type: 'variationRemoved', layout: 1, variationId: 'v2' })).toEqual(last);
  });

  it('changes a variation field; item PO is cleared when the goods are not supplied', () => {
    let s = run(
      start(),
      { type: 'variationChanged', layout: 1, variationId: 'v1', field: 'type', value: 'Gildan 5000' },
      { type: 'variationChanged', layout: 1, variationId: 'v1', field: 'supplyingGoods', value: 'yes' },
      { type: 'variationChanged', layout: 1, variationId: 'v1', field: 'itemPO', value: 'PO-77' },
    );
    expect(layout(s, 1).variations[0]).toMatchObject({ type: 'Gildan 5000', supplyingGoods: 'yes', itemPO: 'PO-77' });
    s = orderReducer(s, {
      type: 'variationChanged',
      layout: 1,
      variationId: 'v1',
      field: 'supplyingGoods',
      value: 'no',
    });
    expect(layout(s, 1).variations[0]).toMatchObject({ supplyingGoods: 'no', itemPO: '' });
  });
});

describe('section C and options', () => {
  it('changes billing and shipping fields', () => {
    const s = run(
      start(),
      { type: 'billingChanged', field: 'email', value: 'a@b.ca' },
      { type: 'shippingChanged', field: 'city', value: 'Halifax' },
    );
    expect(s.details.billing.email).toBe('a@b.ca');
    expect(s.details.shipping.city).toBe('Halifax');
  });

  it('shows the separate shipping address only when both boxes are unchecked', () => {
    let s = start();
    expect(showsShippingAddress(s.details.shipping)).toBe(false);
    s = orderReducer(s, { type: 'sameAsBillingToggled', checked: false });
    expect(showsShippingAddress(s.details.shipping)).toBe(true);
    s = orderReducer(s, { type: 'localPickupToggled', checked: true });
    expect(showsShippingAddress(s.details.shipping)).toBe(false);
  });

  it('makes the deadline critical only for "yes", and keeps the date', () => {
    let s = run(
      start(),
      { type: 'deadlineChoiceChanged', choice: 'yes' },
      { type: 'deadlineDateChanged', date: '2026-12-24' },
    );
    expect(s.details.deadline).toEqual({ hasCriticalDeadline: true, date: '2026-12-24' });
    s = orderReducer(s, { type: 'deadlineChoiceChanged', choice: 'standard' });
    expect(s.details.deadline.hasCriticalDeadline).toBe(false);
  });

  it('changes job notes and both flags', () => {
    const s = run(
      start(),
      { type: 'jobNotesChanged', value: 'Rush please' },
      { type: 'resalePartnerToggled', checked: true },
      { type: 'polyBagsToggled', checked: true },
    );
    expect(s.details.jobNotes).toBe('Rush please');
    expect([s.isResalePartner, s.includePolyBags]).toEqual([true, true]);
  });
});

describe('after a successful submission', () => {
  it('resets to one empty layout 1, next number 2, details hidden, both flags false', () => {
    let s = addLayout(addLayout(start()));
    s = run(
      s,
      { type: 'additionalLayoutsAnswered', answer: 'no', variationId: id() },
      { type: 'resalePartnerToggled', checked: true },
      { type: 'polyBagsToggled', checked: true },
      { type: 'billingChanged', field: 'firstName', value: 'Ada' },
      { type: 'mockupFilesAdded', layout: 1, files: [entry('m.png')] },
    );
    s = orderReducer(s, { type: 'orderSubmitted', variationId: 'fresh' });
    expect(s).toEqual(initialOrderState('fresh'));
    expect(previewUrls(s).size).toBe(0);
  });
});

describe('drafts and reset', () => {
  it('restores a saved state as it was', () => {
    const saved = run(
      start(),
      { type: 'billingChanged', field: 'city', value: 'Iqaluit' },
      { type: 'polyBagsToggled', checked: true },
    );
    expect(orderReducer(start(), { type: 'draftRestored', state: saved })).toBe(saved);
  });

  it('starts over from the initial state', () => {
    const s = run(addLayout(start()), { type: 'billingChanged', field: 'city', value: 'Iqaluit' });
    expect(orderReducer(s, { type: 'formReset', variationId: 'n' })).toEqual(initialOrderState('n'));
  });

  it('knows when nothing has been entered', () => {
    expect(isPristine(initialOrderState('a'))).toBe(true);
    expect(isPristine(orderReducer(start(), { type: 'jobNotesChanged', value: 'x' }))).toBe(false);
    expect(isPristine(orderReducer(start(), { type: 'layoutToggled', layout: 1 }))).toBe(false);
    expect(isPristine(addLayout(start()))).toBe(false);
  });
});

describe('formatPostalCode', () => {
  it.each([
    ['b3h1a1', 'B3H 1A1'],
    [' K1A-0B1 ', 'K1A 0B1'],
    ['h2x 1y4', 'H2X 1Y4'],
    ['90210', '90210'],
    ['B3H 1A', 'B3H 1A'],
    ['', ''],
  ])('formats %j as %j', (input, output) => {
    expect(formatPostalCode(input)).toBe(output);
  });
});

describe('a view graphic’s proportions', () => {
  it('keeps the width ÷ height read from the picture chosen, never from one replaced since', () => {
    const wide = entry('wide.png');
    const other = entry('other.png');
    let s = run(start(), { type: 'viewGraphicChosen', layout: 1, view: 'Front', file: wide });
    s = orderReducer(s, { type: 'viewGraphicMeasured', layout: 1, view: 'Front', fileId: wide.id, aspect: 1.5 });
    expect(layout(s, 1).views.Front.aspect).toBe(1.5);
    // Another picture: the first one's proportions go, and a late reading of it changes nothing.
    s = orderReducer(s, { type: 'viewGraphicChosen', layout: 1, view: 'Front', file: other });
    expect(layout(s, 1).views.Front.aspect).toBeUndefined();
    const late = orderReducer(s, {
      type: 'viewGraphicMeasured',
      layout: 1,
      view: 'Front',
      fileId: wide.id,
      aspect: 1.5,
    });
    expect(late).toBe(s);
    s = orderReducer(s, { type: 'viewGraphicMeasured', layout: 1, view: 'Front', fileId: other.id, aspect: null });
    expect(layout(s, 1).views.Front.aspect).toBeUndefined();
  });

  it('rounds the proportions to three decimals and refuses ones the order would not take', () => {
    expect(aspectOf({ width: 1000, height: 300 })).toBe(3.333);
    expect(aspectOf({ width: 600, height: 600 })).toBe(1);
    expect(aspectOf({ width: 1, height: 3000 })).toBeNull();
    expect(aspectOf({ width: 2000, height: 1 })).toBeNull();
  });
});
