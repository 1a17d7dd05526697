// How attachments are named (docs/product.md), and how any name is made safe to keep.
import type { ViewName } from './constants.js';

const EXTENSION_BY_TYPE: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'image/tiff': 'tif',
  'image/bmp': 'bmp',
  'image/heic': 'heic',
  'image/avif': 'avif',
  'application/pdf': 'pdf',
  'application/postscript': 'eps',
  'image/vnd.adobe.photoshop': 'psd',
};

/** The real extension of a file: from its own name first, else from its media type. */
export function extensionOf(fileName: string, mediaType: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(fileName);
  if (match) return match[1]!.toLowerCase();
  return EXTENSION_BY_TYPE[mediaType.toLowerCase()] ?? 'bin';
}

export function mockupAttachmentName(layout: number, k: number, ext: string): string {
  return `Layout_${layout}_Mockup_${k}.${ext}`;
}

export function viewAttachmentName(layout: number, view: ViewName, ext: string): string {
  return `Layout_${layout}_${view.replace(/ /g, '_')}.${ext}`;
}

/** An extra decoration's graphic: "Layout_1_Front_left-chest.png" (docs/product.md, Locations). */
export function locationAttachmentName(layout: number, view: ViewName, location: string, ext: string): string {
  return `Layout_${layout}_${view.replace(/ /g, '_')}_${location}.${ext}`;
}

const MAX_NAME_LENGTH = 180;
// C0 and C1 controls, and the bidirectional overrides that can disguise an extension
// ("invoice\u202Efdp.exe" displays as "invoiceexe.pdf").
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A name that is safe to show and to offer as a download name: no path, no control or
 * bidi characters, no leading dots, at most 180 characters with the extension kept.
 * Names are never used as paths on the server's disk; this is for people.
 */
export function cleanFileName(raw: string): string {
  let name = raw.normalize('NFC').replace(UNSAFE_CHARS, '');
  name = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  name = name.replace(/^[\s.]+/, '').replace(/\s+$/, '');
  if (name.length > MAX_NAME_LENGTH) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 11 ? name.slice(dot) : '';
    name = name.slice(0, MAX_NAME_LENGTH - ext.length) + ext;
  }
  return name || 'file';
}

/** Makes `name` unique among `taken` by adding " (2)", " (3)", ... before the extension. */
export function uniqueName(name: string, taken: Set<string>): string {
  if (!taken.has(name.toLowerCase())) return name;
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  for (let i = 2; ; i++) {
    const candidate = `${stem} (${i})${ext}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

// Windows refuses these characters and device names in a file name, and unzipping tools refuse
// entries that look like paths ("C:evil.png" is a drive-relative path to them).
// eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
const ARCHIVE_UNSAFE = /[<>:"/\\|?*\u0000-\u001f]/g;
const DEVICE_NAMES = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/** A name any unzip tool, on any system, extracts as a plain file in the archive's folder. */
export function archiveEntryName(name: string): string {
  let safe = cleanFileName(name)
    .replace(ARCHIVE_UNSAFE, '_')
    .replace(/[. ]+$/, '');
  if (DEVICE_NAMES.test(safe)) safe = `_${safe}`;
  return safe || 'file';
}
