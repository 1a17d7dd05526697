// "Order again" in the form (docs/portal.md): a past order as stored becomes the form's state
// (sizes kept or emptied), its files entries that name the stored attachments, and the
// submission sends them by id, never as bytes; the draft keeps them as such.
import { describe, expect, it } from 'vitest';
import type { ReorderSource } from '../../../shared/portal-api.js';
import { orderBodySchema } from '../../../shared/order-schema.js';
import { buildSubmission } from './build-submission.js';
import { fromStoredState, toStoredState } from './draft-store.js';
import { copiedNotesOf, withoutCopiedNotes } from './copied-notes.js';
import { filesOf, orderReducer } from './order-state.js';
import { reorderState, withStoredPreviews } from './reorder-prefill.js';

const billing = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  companyName: 'Analytical Tees',
  address: '1 Engine Rd',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5V 2T6',
  phone: '416-555-0100',
  email: 'ada@example.com',
};

const source: ReorderSource = {
  orderId: '11111111-1111-4111-8111-111111111111',
  reference: '3SJ5-DHPY',
  placedOn: '2026-03-02',
  document: orderBodySchema.parse({
    layouts: {
      '1': {
        mockupOption: 'upload',
        garmentOption: 'pick',
        hasVectorFiles: 'no',
        variations: [{ type: 'Gildan 5000', color: 'Black', sizes: 'S: 5, M: 10', supplyingGoods: 'no' }],
        files: [{ name: 'Layout_1_Mockup_1.png', type: 'image/png', role: 'mockup' }],
        mockupImages: ['Layout_1_Mockup_1.png'],
        viewData: {
          Front: { image: 'Layout_1_Front.png', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 },
        },
        extraDecorations: [
          {
            view: 'Front',
            location: 'left-chest',
            image: 'Layout_1_Front_left-chest.png',
            dimensions: '3"',
            decoration: 'embroidery',
          },
        ],
        billing,
        shipping: { sameAsBilling: true, localPickup: false },
        deadline: { hasCriticalDeadline: true, date: '2026-03-20' },
        jobNotes: 'Same as last year.',
      },
      '2': {
        mockupOption: 'upload',
        garmentOption: 'po',
        hasVectorFiles: 'yes',
        variations: [{ type: '', color: '', sizes: '', supplyingGoods: 'no' }],
        files: [{ name: 'PO-77.pdf', type: 'application/pdf', role: 'po' }],
        mockupImages: [],
        viewData: {},
      },
    },
    isResalePartner: false,
    includePolyBags: true,
  }),
  files: [
    {
      id: 'a1',
      name: 'Layout_1_Mockup_1.png',
      mediaType: 'image/png',
      size: 1000,
      sha256: 'x'.repeat(64),
      preview: true,
    },
    { id: 'a2', name: 'Layout_1_Front.png', mediaType: 'image/png', size: 2000, sha256: 'y'.repeat(64), preview: true },
    {
      id: 'a3',
      name: 'Layout_1_Front_left-chest.png',
      mediaType: 'image/png',
      size: 300,
      sha256: 'z'.repeat(64),
      preview: false,
    },
    { id: 'a4', name: 'PO-77.pdf', mediaType: 'application/pdf', size: 400, sha256: 'w'.repeat(64), preview: false },
  ],
};

let n = 0;
const makeId = () => `id-${++n}`;

describe('reorderState', () => {
  it('fills the form from the past order, each stored file an entry naming its attachment', () => {
    const state = reorderState(source, true, makeId);
    expect(state.reorderOf).toEqual({
      orderId: source.orderId,
      reference: '3SJ5-DHPY',
      placedOn: '2026-03-02',
      // The repeated decorations, each with its artwork's SHA-256, for the setup waiver.
      decorations: [
        { view: 'Front', location: 'full-front', method: 'screen-printing', artwork: 'y'.repeat(64), colours: 2 },
        { view: 'Front', location: 'left-chest', method: 'embroidery', artwork: 'z'.repeat(64) },
      ],
      stored: { a1: 'x'.repeat(64), a2: 'y'.repeat(64), a3: 'z'.repeat(64), a4: 'w'.repeat(64) },
      previews: ['a1', 'a2'],
      copiedNotes: 'Same as last year.',
    });
    expect(state.layouts.map((l) => [l.number, l.mockupOption, l.garmentOption])).toEqual([
      [1, 'upload', 'pick'],
      [2, 'upload', 'po'],
    ]);
    const [one, two] = state.layouts;
    expect(one!.variations[0]).toMatchObject({ type: 'Gildan 5000', color: 'Black', sizes: 'S: 5, M: 10' });
    expect(one!.views.Front).toMatchObject({ dimensions: '10" wide', decoration: 'screen-printing', colours: '2' });
    // Its preview is the server's thumbnail, through the portal session; none where none was made.
    expect(one!.views.Front.file).toMatchObject({
      stored: { attachmentId: 'a2', size: 2000 },
      previewUrl: `/api/portal/orders/${source.orderId}/files/a2/thumbnail`,
    });
    expect(one!.extras?.[0]?.file?.previewUrl).toBeNull();
    expect(one!.mockupFiles[0]?.previewUrl).toBe(`/api/portal/orders/${source.orderId}/files/a1/thumbnail`);
    expect(one!.views.Front.file!.file.name).toBe('Layout_1_Front.png');
    expect(one!.views.Front.file!.file.size).toBe(0);
    expect(one!.extras?.map((e) => [e.location, e.decoration, e.file?.stored?.attachmentId])).toEqual([
      ['left-chest', 'embroidery', 'a3'],
    ]);
    expect(one!.mockupFiles.map((f) => f.stored?.attachmentId)).toEqual(['a1']);
    expect(two!.poFiles.map((f) => f.stored?.attachmentId)).toEqual(['a4']);
    expect(state.details).toMatchObject({ billing, jobNotes: 'Same as last year.' });
    // The past deadline is not this order's.
    expect(state.details.deadline).toEqual({ hasCriticalDeadline: false, date: '' });
    expect(state.includePolyBags).toBe(true);
  });

  it('says the job notes were copied from the past order while they are there, and clears only them', () => {
    const state = reorderState(source, true, makeId);
    expect(copiedNotesOf(state)).toBe('3SJ5-DHPY');
    // Kept in the draft, so a reload still says so.
    expect(copiedNotesOf(fromStoredState(toStoredState(state), new Map(), () => null))).toBe('3SJ5-DHPY');
    // Added to, still copied; cleared, only the copied words go and nothing else copied changes.
    const added = orderReducer(state, { type: 'jobNotesChanged', value: 'Same as last year.\nAnd 5 more in red.' });
    expect(copiedNotesOf(added)).toBe('3SJ5-DHPY');
    expect(withoutCopiedNotes(added)).toBe('And 5 more in red.');
    const cleared = orderReducer(added, { type: 'jobNotesChanged', value: withoutCopiedNotes(added) });
    expect(copiedNotesOf(cleared)).toBeNull();
    expect(cleared.layouts).toBe(added.layouts);
    expect(cleared.details.billing).toEqual(billing);
    expect(cleared.reorderOf).toBe(added.reorderOf);
    expect(withoutCopiedNotes(state)).toBe('');
    // Rewritten by the customer, they are no longer the copied notes; emptied, nothing to say.
    expect(copiedNotesOf(orderReducer(state, { type: 'jobNotesChanged', value: 'Same as last ye' }))).toBeNull();
    expect(copiedNotesOf(orderReducer(state, { type: 'jobNotesChanged', value: '' }))).toBeNull();
  });

  it('says nothing of notes when the past order had none', () => {
    const layouts = { ...source.document.layouts, '1': { ...source.document.layouts['1']!, jobNotes: undefined } };
    const state = reorderState({ ...source, document: { ...source.document, layouts } }, true, makeId);
    expect(state.details.jobNotes).toBe('');
    expect(state.reorderOf).not.toHaveProperty('copiedNotes');
    expect(copiedNotesOf(state)).toBeNull();
  });

  it('empties the sizes when the customer does not keep them', () => {
    const state = reorderState(source, false, makeId);
    expect(state.layouts[0]!.variations.map((v) => [v.type, v.sizes])).toEqual([['Gildan 5000', '']]);
  });

  it('sends the reused files by id under the names the order gives them, with no bytes', () => {
    const { order, attachments } = buildSubmission(reorderState(source, true, makeId));
    expect(attachments).toEqual([]);
    expect(order.reorder).toEqual({
      orderId: source.orderId,
      files: [
        { id: 'a1', name: 'Layout_1_Mockup_1.png' },
        { id: 'a2', name: 'Layout_1_Front.png' },
        { id: 'a3', name: 'Layout_1_Front_left-chest.png' },
        { id: 'a4', name: 'PO-77.pdf' },
      ],
    });
    expect(order.layouts['1']!.viewData.Front?.image).toBe('Layout_1_Front.png');
    expect(order.layouts['1']!.files).toEqual([
      { name: 'Layout_1_Mockup_1.png', type: 'image/png', size: 1000, role: 'mockup' },
    ]);
    // What the server reads is a valid order.
    expect(orderBodySchema.safeParse(order).success).toBe(true);
  });

  it('keeps a reused file through the draft, and a new file still goes as bytes', () => {
    const state = reorderState(source, true, makeId);
    const stored = toStoredState(state);
    const files = new Map(filesOf(state).map((f) => [f.id, f.file]));
    const back = fromStoredState(stored, files, () => 'blob:preview');
    expect(filesOf(back).map((f) => [f.stored?.attachmentId, f.previewUrl])).toEqual(
      filesOf(state).map((f) => [f.stored?.attachmentId, null]),
    );
    // The draft keeps no URL: the reorder chunk gives the restored files their previews again.
    const previewed = withStoredPreviews(back);
    expect(filesOf(previewed).map((f) => f.previewUrl)).toEqual(filesOf(state).map((f) => f.previewUrl));
    expect(withStoredPreviews(previewed)).toBe(previewed);
    expect(back.reorderOf).toEqual(state.reorderOf);
    const logo = new File(['png'], 'new.png', { type: 'image/png' });
    back.layouts[0]!.views.Back = { ...back.layouts[0]!.views.Back, file: { id: 'new', file: logo, previewUrl: null } };
    const { order, attachments } = buildSubmission(back);
    expect(attachments.map((a) => a.name)).toEqual(['Layout_1_Back.png']);
    expect(order.reorder?.files).toHaveLength(4);
  });
});
