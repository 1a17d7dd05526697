import { describe, expect, it } from 'vitest';
import {
  cleanFileName,
  extensionOf,
  mockupAttachmentName,
  uniqueName,
  viewAttachmentName,
} from './attachment-names.js';

describe('attachment names', () => {
  it('follows docs/product.md, with the real extension', () => {
    expect(mockupAttachmentName(2, 3, 'jpg')).toBe('Layout_2_Mockup_3.jpg');
    expect(viewAttachmentName(1, 'Left Sleeve', 'png')).toBe('Layout_1_Left_Sleeve.png');
    expect(extensionOf('Photo.JPEG', 'image/jpeg')).toBe('jpeg');
    expect(extensionOf('blob', 'image/png')).toBe('png');
    expect(extensionOf('blob', 'application/x-unknown')).toBe('bin');
  });

  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\art.ai', 'art.ai'],
    ['.env', 'env'],
    ['  ..hidden.pdf ', 'hidden.pdf'],
    ['in\u0000voice\u202Efdp.exe', 'invoicefdp.exe'],
    ['', 'file'],
  ])('cleans %j to %j', (raw, clean) => {
    expect(cleanFileName(raw)).toBe(clean);
  });

  it('caps long names and keeps their extension', () => {
    const name = cleanFileName(`${'a'.repeat(400)}.tiff`);
    expect(name).toHaveLength(180);
    expect(name.endsWith('.tiff')).toBe(true);
  });

  it('makes names unique, ignoring case', () => {
    const taken = new Set(['art.pdf', 'art (2).pdf']);
    expect(uniqueName('ART.pdf', taken)).toBe('ART (3).pdf');
    expect(uniqueName('other.pdf', taken)).toBe('other.pdf');
  });
});
