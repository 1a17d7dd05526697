import { describe, expect, it } from 'vitest';
import example from '../../../shared/prices/example-price-list.json' with { type: 'json' };
import { readPriceList } from '../../../shared/prices/price-list.js';
import { REGISTERED_FOR_EVERY_TAX } from '../../../shared/taxes.js';
import { priceOrder } from '../../../shared/prices/price-order.js';
import { buildSubmission, toFormData } from './build-submission.js';
import { initialOrderState, orderReducer, type FileEntry, type OrderAction, type OrderState } from './order-state.js';

let seq = 0;
const entry = (name: string, type: string, body = name): FileEntry => ({
  id: `f${++seq}`,
  file: new File([body], name, { type }),
  previewUrl: null,
});
const run = (state: OrderState, ...actions: OrderAction[]) => actions.reduce(orderReducer, state);

function fullOrder() {
  const mockPng = entry('shirt front.png', 'image/png');
  const mockPdf = entry('logo.pdf', 'application/pdf');
  const mockJpg = entry('back.JPEG', 'image/jpeg');
  const front = entry('front-art.jpg', 'image/jpeg');
  const sleeve = entry('sleeve', 'image/png');
  const po = entry('PO 4411.pdf', 'application/pdf');
  const state = run(
    initialOrderState('v1'),
    { type: 'mockupOptionChanged', layout: 1, option: 'upload' },
    { type: 'mockupFilesAdded', layout: 1, files: [mockPng, mockPdf, mockJpg] },
    { type: 'viewGraphicChosen', layout: 1, view: 'Front', file: front },
    { type: 'viewDimensionsChanged', layout: 1, view: 'Front', value: '10" wide' },
    { type: 'viewDecorationChanged', layout: 1, view: 'Front', value: 'screen-printing' },
    { type: 'viewGraphicChosen', layout: 1, view: 'Left Sleeve', file: sleeve },
    { type: 'garmentOptionChanged', layout: 1, option: 'pick' },
    { type: 'variationChanged', layout: 1, variationId: 'v1', field: 'type', value: 'Tee' },
    { type: 'variationChanged', layout: 1, variationId: 'v1', field: 'supplyingGoods', value: 'yes' },
    { type: 'variationChanged', layout: 1, variationId: 'v1', field: 'itemPO', value: 'PO-1' },
    { type: 'additionalLayoutsAnswered', answer: 'yes', variationId: 'v2' },
    { type: 'garmentOptionChanged', layout: 2, option: 'po' },
    { type: 'poFilesAdded', layout: 2, files: [po] },
    { type: 'additionalLayoutsAnswered', answer: 'no', variationId: 'x' },
    { type: 'billingChanged', field: 'firstName', value: 'Ada' },
    { type: 'deadlineChoiceChanged', choice: 'yes' },
    { type: 'deadlineDateChanged', date: '2026-12-24' },
    { type: 'jobNotesChanged', value: 'Thanks' },
    { type: 'polyBagsToggled', checked: true },
  );
  return { state, files: { mockPng, mockPdf, mockJpg, front, sleeve, po } };
}

describe('buildSubmission', () => {
  it('names mockup images Layout_n_Mockup_k and view graphics Layout_n_View, with their real extensions', () => {
    const { state } = fullOrder();
    const { attachments } = buildSubmission(state);
    expect(attachments.map((a) => [a.name, a.type])).toEqual([
      ['Layout_1_Mockup_1.png', 'image/png'],
      ['logo.pdf', 'application/pdf'],
      ['Layout_1_Mockup_2.jpeg', 'image/jpeg'],
      ['Layout_1_Front.jpg', 'image/jpeg'],
      ['Layout_1_Left_Sleeve.png', 'image/png'],
      ['PO 4411.pdf', 'application/pdf'],
    ]);
  });

  it('sends each file once, as the very Blob the customer chose', () => {
    const { state, files } = fullOrder();
    const sent = buildSubmission(state).attachments.map((a) => a.file);
    expect(sent).toEqual([
      files.mockPng.file,
      files.mockPdf.file,
      files.mockJpg.file,
      files.front.file,
      files.sleeve.file,
      files.po.file,
    ]);
    expect(new Set(sent).size).toBe(sent.length);
  });

  it('builds the layouts map of the order with references, never bytes', () => {
    const { state } = fullOrder();
    const { order } = buildSubmission(state);
    expect(Object.keys(order.layouts)).toEqual(['1', '2']);
    const one = order.layouts['1']!;
    expect(one.mockupOption).toBe('upload');
    expect(one.hasVectorFiles).toBe('no');
    expect(one.mockupImages).toEqual(['Layout_1_Mockup_1.png', 'Layout_1_Mockup_2.jpeg']);
    expect(one.files.map((f) => [f.name, f.role])).toEqual([
      ['Layout_1_Mockup_1.png', 'mockup'],
      ['logo.pdf', 'mockup'],
      ['Layout_1_Mockup_2.jpeg', 'mockup'],
    ]);
    expect(one.viewData).toEqual({
      Front: { image: 'Layout_1_Front.jpg', dimensions: '10" wide', decoration: 'screen-printing' },
      Back: { image: '', dimensions: '', decoration: '' },
      'Left Sleeve': { image: 'Layout_1_Left_Sleeve.png', dimensions: '', decoration: '' },
      'Right Sleeve': { image: '', dimensions: '', decoration: '' },
    });
    expect(one.variations).toEqual([{ type: 'Tee', color: '', sizes: '', supplyingGoods: 'yes', itemPO: 'PO-1' }]);
    expect(one.billing?.firstName).toBe('Ada');
    expect(one.shipping).toMatchObject({ sameAsBilling: true, localPickup: false });
    expect(one.deadline).toEqual({ hasCriticalDeadline: true, date: '2026-12-24' });
    expect(one.jobNotes).toBe('Thanks');
    const two = order.layouts['2']!;
    expect(two.files).toEqual([{ name: 'PO 4411.pdf', type: 'application/pdf', size: 11, role: 'po' }]);
    expect(two.variations).toEqual([{ type: '', color: '', sizes: '', supplyingGoods: 'no' }]);
    expect(two.billing).toBeUndefined();
    expect(order.isResalePartner).toBe(false);
    expect(order.includePolyBags).toBe(true);
    expect(JSON.stringify(order)).not.toMatch(/data:|base64/);
  });

  it('numbers layouts by position after a removal, so layout 1 always carries the details', () => {
    let { state } = fullOrder();
    state = orderReducer(state, { type: 'layoutRemoved', layout: 1 });
    const { order, attachments } = buildSubmission(state);
    expect(Object.keys(order.layouts)).toEqual(['1']);
    expect(order.layouts['1']!.garmentOption).toBe('po');
    expect(order.layouts['1']!.billing?.firstName).toBe('Ada');
    expect(attachments.map((a) => a.name)).toEqual(['PO 4411.pdf']);
  });

  it('leaves out files of options the customer moved away from', () => {
    let { state } = fullOrder();
    state = run(
      state,
      { type: 'mockupOptionChanged', layout: 1, option: 'create' },
      { type: 'garmentOptionChanged', layout: 2, option: 'pick' },
    );
    expect(buildSubmission(state).attachments).toEqual([]);
    state = run(
      state,
      { type: 'mockupOptionChanged', layout: 1, option: 'upload' },
      { type: 'vectorFilesAnswered', layout: 1, answer: 'yes' },
    );
    expect(buildSubmission(state).attachments.map((a) => a.name)).toEqual([
      'Layout_1_Mockup_1.png',
      'logo.pdf',
      'Layout_1_Mockup_2.jpeg',
    ]);
  });

  it('makes file names unique within the order', () => {
    const a = entry('art.pdf', 'application/pdf');
    const b = entry('art.pdf', 'application/pdf');
    const state = run(
      initialOrderState('v1'),
      { type: 'mockupOptionChanged', layout: 1, option: 'upload' },
      { type: 'mockupFilesAdded', layout: 1, files: [a, b] },
    );
    expect(buildSubmission(state).attachments.map((x) => x.name)).toEqual(['art.pdf', 'art (2).pdf']);
  });

  it('sends the separate shipping address only when it is shown', () => {
    let state = run(initialOrderState('v1'), { type: 'shippingChanged', field: 'city', value: 'Regina' });
    expect(buildSubmission(state).order.layouts['1']!.shipping!.city).toBe('');
    state = orderReducer(state, { type: 'sameAsBillingToggled', checked: false });
    expect(buildSubmission(state).order.layouts['1']!.shipping!.city).toBe('Regina');
  });
});

describe('the view graphic’s proportions (docs/prices.md, "One number")', () => {
  /** A square logo 3.5" wide embroidered on the left chest, its picture read as `aspect` or not. */
  const squareLogo = (aspect: number | null) => {
    const logo = entry('logo.png', 'image/png');
    return run(
      initialOrderState('v1'),
      { type: 'mockupOptionChanged', layout: 1, option: 'upload' },
      { type: 'viewGraphicChosen', layout: 1, view: 'Front', file: logo },
      { type: 'viewGraphicMeasured', layout: 1, view: 'Front', fileId: logo.id, aspect },
      { type: 'viewDimensionsChanged', layout: 1, view: 'Front', value: '3.5" wide' },
      { type: 'viewDecorationChanged', layout: 1, view: 'Front', value: 'embroidery' },
      { type: 'viewLocationChanged', layout: 1, view: 'Front', value: 'left-chest' },
      { type: 'garmentOptionChanged', layout: 1, option: 'pick' },
      { type: 'variationChanged', layout: 1, variationId: 'v1', field: 'type', value: 'Gildan 5000 T-shirt' },
      { type: 'variationChanged', layout: 1, variationId: 'v1', field: 'color', value: 'Black' },
      { type: 'variationChanged', layout: 1, variationId: 'v1', field: 'sizes', value: 'M:24' },
    );
  };
  const stitchesPriced = (aspect: number | null) => {
    const { order } = buildSubmission(squareLogo(aspect));
    const list = readPriceList(example);
    if (!list.ok) throw new Error('the example list is valid');
    const priced = priceOrder(list.priceList, order, {
      date: '2026-11-28',
      shopProvince: 'ON',
      registrations: REGISTERED_FOR_EVERY_TAX,
    });
    return JSON.stringify(priced.lines).match(/about ([\d,]+) stitches/)?.[1];
  };

  it('sends the width ÷ height the browser read as the view’s aspect, and nothing before it is read', () => {
    expect(buildSubmission(squareLogo(1)).order.layouts['1']!.viewData.Front).toMatchObject({ aspect: 1 });
    expect(buildSubmission(squareLogo(null)).order.layouts['1']!.viewData.Front).not.toHaveProperty('aspect');
  });

  it('prices the live estimate with it: a square logo is 3.5 × 3.5 in, not the left chest’s usual 3.5 × 2', () => {
    expect([stitchesPriced(1), stitchesPriced(null)]).toEqual(['12,250', '7,000']);
  });
});

describe('toFormData', () => {
  it('puts the order part first, then one "files" part per attachment with its name and type', async () => {
    const { state } = fullOrder();
    const submission = buildSubmission(state);
    const form = toFormData(submission);
    const entries = [...form.entries()];
    expect(entries[0]![0]).toBe('order');
    expect(JSON.parse(entries[0]![1] as string)).toEqual(submission.order);
    const parts = entries.slice(1).map(([field, value]) => [field, (value as File).name, (value as File).type]);
    expect(parts).toEqual(submission.attachments.map((a) => ['files', a.name, a.type]));
    expect(await (entries[1]![1] as File).text()).toBe('shirt front.png');
  });
});

describe('extra decorations (docs/product.md, Locations)', () => {
  it('sends a left-chest logo beside the full front, its graphic named by its location; none, no field', () => {
    const logo = entry('logo.png', 'image/png');
    const base = run(
      initialOrderState('v1'),
      { type: 'mockupOptionChanged', layout: 1, option: 'upload' },
      { type: 'viewDimensionsChanged', layout: 1, view: 'Front', value: '10" wide' },
      { type: 'viewDecorationChanged', layout: 1, view: 'Front', value: 'screen-printing' },
    );
    expect('extraDecorations' in buildSubmission(base).order.layouts['1']!).toBe(false);
    expect(buildSubmission(base).order.layouts['1']!.viewData.Front).toEqual({
      image: '',
      dimensions: '10" wide',
      decoration: 'screen-printing',
    });
    const withLogo = run(
      base,
      { type: 'extraAdded', layout: 1, view: 'Front', location: 'left-chest', id: 'e1' },
      { type: 'extraGraphicChosen', layout: 1, id: 'e1', file: logo },
      { type: 'extraChanged', layout: 1, id: 'e1', field: 'dimensions', value: '3.5" wide' },
      { type: 'extraChanged', layout: 1, id: 'e1', field: 'decoration', value: 'embroidery' },
    );
    const sent = buildSubmission(withLogo);
    expect(sent.order.layouts['1']!.extraDecorations).toEqual([
      {
        view: 'Front',
        location: 'left-chest',
        image: 'Layout_1_Front_left-chest.png',
        dimensions: '3.5" wide',
        decoration: 'embroidery',
      },
    ]);
    expect(sent.attachments.map((a) => a.name)).toEqual(['Layout_1_Front_left-chest.png']);
    expect(
      'extraDecorations' in
        buildSubmission(run(withLogo, { type: 'extraRemoved', layout: 1, id: 'e1' })).order.layouts['1']!,
    ).toBe(false);
  });

  it('sends the team’s names and numbers with the layout once collected, and the sizes they add up to', () => {
    const base = run(
      initialOrderState('v1'),
      { type: 'garmentOptionChanged', layout: 1, option: 'pick' },
      { type: 'variationChanged', layout: 1, variationId: 'v1', field: 'type', value: 'G5000' },
      {
        type: 'collectionCreated',
        layout: 1,
        collection: {
          link: 'l'.repeat(43),
          organiserKey: 'k'.repeat(43),
          title: 'Lions',
          closesOn: '2026-12-01',
          variationId: 'v1',
        },
      },
    );
    // A link made but no entries yet: the order is what a spec client sends.
    expect('teamNames' in buildSubmission(base).order.layouts['1']!).toBe(false);
    const names = [
      { name: 'Ada', size: 'M', printName: 'ADA', printNumber: '10' },
      { name: 'Bob', size: 'L', printName: '', printNumber: '' },
    ];
    const filled = run(base, {
      type: 'teamSizesFilled',
      layout: 1,
      counts: [
        { size: 'S', quantity: 0 },
        { size: 'M', quantity: 1 },
        { size: 'L', quantity: 1 },
      ],
      teamNames: names,
    });
    const layout = buildSubmission(filled).order.layouts['1']!;
    expect(layout.teamNames).toEqual(names);
    expect(layout.variations[0]!.sizes).toBe('M:1, L:1');
    // The organiser's key names the collection, so the server takes the final entries from it
    // (and strips it before storing); the members' link stays in this browser.
    expect(layout.teamCollection).toEqual({ organiserKey: 'k'.repeat(43), variation: 0, extraSizes: '' });
    expect(buildSubmission(base).order.layouts['1']!.teamCollection).toEqual({
      organiserKey: 'k'.repeat(43),
      variation: 0,
      extraSizes: '',
    });
    expect(JSON.stringify(buildSubmission(filled).order)).not.toContain('l'.repeat(43));
    // Sent before entries close, by the organiser's choice: the server is told, to settle it later.
    const early = run(filled, {
      type: 'collectionCreated',
      layout: 1,
      collection: { ...filled.layouts[0]!.collection!, open: true, sendWhileOpen: true },
    });
    expect(buildSubmission(early).order.layouts['1']!.teamCollection).toEqual({
      organiserKey: 'k'.repeat(43),
      variation: 0,
      whileOpen: true,
      extraSizes: '',
    });
    const closedLater = run(early, { type: 'collectionChecked', layout: 1, open: false });
    expect(buildSubmission(closedLater).order.layouts['1']!.teamCollection).not.toHaveProperty('whileOpen');
    // Garments from a PO instead: no list travels, no collection is named.
    const po = run(filled, { type: 'garmentOptionChanged', layout: 1, option: 'po' });
    expect('teamNames' in buildSubmission(po).order.layouts['1']!).toBe(false);
    expect('teamCollection' in buildSubmission(po).order.layouts['1']!).toBe(false);
  });

  it('keeps the organiser’s own counts beside the team’s entries: the boxes show, and the order sends, their sum', () => {
    const counts = (m: number, l: number) => [
      { size: 'S', quantity: 0 },
      { size: 'M', quantity: m },
      { size: 'L', quantity: l },
      { size: 'XL', quantity: 0 },
    ];
    const typed = run(
      initialOrderState('v1'),
      { type: 'garmentOptionChanged', layout: 1, option: 'pick' },
      { type: 'variationChanged', layout: 1, variationId: 'v1', field: 'type', value: 'G5000' },
      { type: 'variationChanged', layout: 1, variationId: 'v1', field: 'sizes', value: 'S:3, M:7, L:6, XL:4' },
      {
        type: 'collectionCreated',
        layout: 1,
        collection: {
          link: 'l'.repeat(43),
          organiserKey: 'k'.repeat(43),
          title: 'Lions',
          closesOn: '2026-12-01',
          variationId: 'v1',
        },
      },
    );
    // Making the link moves her 20 into her extra pieces; nothing is lost.
    expect(typed.layouts[0]!.collection!.extras).toBe('S:3, M:7, L:6, XL:4');
    expect(typed.layouts[0]!.variations[0]!.sizes).toBe('S:3, M:7, L:6, XL:4');
    // Two members enter: the sizes become entries plus her pieces, never the entries alone.
    const entered = run(typed, { type: 'teamSizesFilled', layout: 1, counts: counts(1, 1), teamNames: [] });
    expect(entered.layouts[0]!.variations[0]!.sizes).toBe('S:3, M:8, L:7, XL:4');
    const sent = buildSubmission(entered).order.layouts['1']!;
    expect(sent.variations[0]!.sizes).toBe('S:3, M:8, L:7, XL:4');
    expect(sent.teamCollection).toMatchObject({ extraSizes: 'S:3, M:7, L:6, XL:4' });
    // She edits her own line: the sum follows.
    const edited = run(entered, { type: 'teamExtrasChanged', layout: 1, change: { extras: 'XL:2' } });
    expect(edited.layouts[0]!.variations[0]!.sizes).toBe('M:1, L:1, XL:2');
    // She chooses the entries alone: they replace her counts, which stay kept for an untick.
    const replaced = run(edited, { type: 'teamExtrasChanged', layout: 1, change: { replaceOwn: true } });
    expect(replaced.layouts[0]!.variations[0]!.sizes).toBe('M:1, L:1');
    expect(buildSubmission(replaced).order.layouts['1']!.teamCollection).toMatchObject({ extraSizes: '' });
    const back = run(replaced, { type: 'teamExtrasChanged', layout: 1, change: { replaceOwn: false } });
    expect(back.layouts[0]!.variations[0]!.sizes).toBe('M:1, L:1, XL:2');
  });
});

describe('the vector-files answer (docs/product.md, Design layouts)', () => {
  const placed = (answer: 'yes' | 'no' | null) => {
    const logo = entry('logo.png', 'image/png');
    const actions: OrderAction[] = [
      { type: 'mockupOptionChanged', layout: 1, option: 'upload' },
      { type: 'viewGraphicChosen', layout: 1, view: 'Front', file: logo },
      { type: 'viewLocationChanged', layout: 1, view: 'Front', value: 'left-chest' },
      { type: 'viewDimensionsChanged', layout: 1, view: 'Front', value: '3.5" wide' },
      { type: 'viewDecorationChanged', layout: 1, view: 'Front', value: 'screen-printing' },
      { type: 'viewColoursChanged', layout: 1, view: 'Front', value: '2' },
      { type: 'vectorFilesAnswered', layout: 1, answer: 'yes' },
    ];
    if (answer === 'no') actions.push({ type: 'vectorFilesAnswered', layout: 1, answer: 'no' });
    return buildSubmission(run(initialOrderState('v1'), ...actions));
  };

  it('with vector files, still sends where and how the front goes, without a graphic of its own', () => {
    const { order, attachments } = placed('yes');
    expect(order.layouts['1']).toMatchObject({ hasVectorFiles: 'yes' });
    expect(order.layouts['1']!.viewData.Front).toEqual({
      image: '',
      location: 'left-chest',
      dimensions: '3.5" wide',
      decoration: 'screen-printing',
      colours: 2,
    });
    expect(attachments).toEqual([]);
  });

  it('answered back to no, sends the graphic and the placement the customer entered before', () => {
    const { order, attachments } = placed('no');
    expect(order.layouts['1']!.viewData.Front).toMatchObject({
      image: 'Layout_1_Front.png',
      location: 'left-chest',
      dimensions: '3.5" wide',
      decoration: 'screen-printing',
      colours: 2,
    });
    expect(attachments.map((a) => a.name)).toEqual(['Layout_1_Front.png']);
  });
});
