import { describe, expect, it } from 'vitest';
import { fromStoredState, toStoredState } from './draft-store.js';
import { initialOrderState, orderReducer, type FileEntry } from './order-state.js';

describe('draft serialisation', () => {
  it('stores files without their object URLs and makes new ones on restore', () => {
    const image: FileEntry = { id: 'a', file: new File(['x'], 'a.png', { type: 'image/png' }), previewUrl: 'blob:old-a' };
    const pdf: FileEntry = { id: 'b', file: new File(['y'], 'b.pdf', { type: 'application/pdf' }), previewUrl: null };
    let state = orderReducer(initialOrderState('v'), { type: 'mockupFilesAdded', layout: 1, files: [image, pdf] });
    state = orderReducer(state, { type: 'viewGraphicChosen', layout: 1, view: 'Back', file: { ...image, id: 'c', previewUrl: 'blob:old-c' } });
    const stored = toStoredState(state);
    expect(JSON.stringify(stored)).not.toContain('blob:');
    expect(stored.layouts[0]!.mockupFiles[0]!.file).toBe(image.file);
    const restored = fromStoredState(stored, (f) => (f.type.startsWith('image/') ? `blob:new-${f.name}` : null));
    expect(restored.layouts[0]!.mockupFiles.map((f) => f.previewUrl)).toEqual(['blob:new-a.png', null]);
    expect(restored.layouts[0]!.views.Back.file?.previewUrl).toBe('blob:new-a.png');
    expect(restored.layouts[0]!.views.Front.file).toBeNull();
  });
});
