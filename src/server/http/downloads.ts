// How a stored file goes to a browser: always a download, never rendered, never sniffed; its
// name in Content-Disposition; and which raster images may be shown as previews.
import contentDisposition from 'content-disposition';

/** Files served to staff: always a download, never rendered, never sniffed. */
export const DOWNLOAD_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "sandbox; default-src 'none'",
  'cache-control': 'private, no-store',
};

/** attachment; filename="ascii fallback"; filename*=UTF-8''… whenever the name is not plain ASCII. */
export function attachmentDisposition(name: string): string {
  return contentDisposition(name, { fallback: name.replace(/[^\x20-\x7e]/g, '_') });
}

const SIGNATURES: { type: string; test: (b: Buffer) => boolean }[] = [
  { type: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')) },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  {
    type: 'image/webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The raster image type the bytes really are (PNG, JPEG, GIF or WebP), or null. */
export function sniffRasterImage(head: Buffer): string | null {
  return SIGNATURES.find((s) => s.test(head))?.type ?? null;
}
