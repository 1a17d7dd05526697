// A chosen file as the form holds it (order-state.ts): apart from the file list's code, which
// loads with the first part of the form that shows a file picker (docs/performance.md).
import type { FileEntry } from './order-state.js';

const PREVIEWABLE = /^image\/(png|jpeg|gif|webp|avif|bmp|svg\+xml)$/;

/** An object URL for images the browser can draw; null for other files. */
export function previewUrlFor(file: File): string | null {
  return PREVIEWABLE.test(file.type) ? URL.createObjectURL(file) : null;
}

/** Wraps chosen files; images the browser can draw get an object URL for their preview. */
export function toEntries(files: File[], makeId: () => string): FileEntry[] {
  return files.map((file) => ({ id: makeId(), file, previewUrl: previewUrlFor(file) }));
}
