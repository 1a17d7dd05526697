import { describe, expect, it } from 'vitest';
import { fromStoredState, toStoredState } from './draft-store.js';
import { filesOf } from './order-state.js';
import { initialOrderState, orderReducer, type FileEntry } from './order-state.js';

describe('draft serialisation', () => {
  const image: FileEntry = { id: 'a', file: new File(['x'], 'a.png', { type: 'image/png' }), previewUrl: 'blob:old-a' };
  const pdf: FileEntry = { id: 'b', file: new File(['y'], 'b.pdf', { type: 'application/pdf' }), previewUrl: null };
  const graphic: FileEntry = {
    id: 'c',
    file: new File(['z'], 'c.png', { type: 'image/png' }),
    previewUrl: 'blob:old-c',
  };
  let state = orderReducer(initialOrderState('v'), { type: 'mockupFilesAdded', layout: 1, files: [image, pdf] });
  state = orderReducer(state, { type: 'viewGraphicChosen', layout: 1, view: 'Back', file: graphic });

  it('keeps neither files nor object URLs in the stored state', () => {
    const stored = toStoredState(state);
    expect(JSON.stringify(stored)).not.toContain('blob:');
    expect(filesOf(stored).map((f) => [f.id, f.file])).toEqual([
      ['a', null],
      ['b', null],
      ['c', null],
    ]);
  });

  it('puts the files back by id with new previews, and drops entries whose file is gone', () => {
    const files = new Map([
      ['a', image.file],
      ['c', graphic.file],
    ]);
    const restored = fromStoredState(toStoredState(state), files, (f) =>
      f.type.startsWith('image/') ? `blob:new-${f.name}` : null,
    );
    expect(restored.layouts[0]!.mockupFiles.map((f) => [f.id, f.file.name, f.previewUrl])).toEqual([
      ['a', 'a.png', 'blob:new-a.png'],
    ]);
    expect(restored.layouts[0]!.views.Back.file?.previewUrl).toBe('blob:new-c.png');
    expect(restored.layouts[0]!.views.Front.file).toBeNull();
  });
});
