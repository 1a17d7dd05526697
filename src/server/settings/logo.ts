// The shop's logo (docs/settings.md, "Logo"): a PNG or an SVG of at most 1 MB, told from its
// bytes, read by sharp's metadata only (a PNG's header; an SVG parsed by librsvg from a buffer,
// so it loads nothing and runs no script) within a pixel limit, and refused when an SVG carries
// what could run or load anything in a browser. Kept by its SHA-256.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../storage/schema.js';

export const MAX_LOGO_BYTES = 1024 * 1024;
/** A logo's declared size may not pass this many pixels (4096 × 4096). */
const MAX_LOGO_PIXELS = 4096 * 4096;

const PNG_SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');
// Scripts, event handlers, embedded HTML, entities (expansion bombs), and references to anything
// outside the file: a logo needs none of them.
const SVG_REFUSED =
  /<script|<foreignObject|<!ENTITY|<!DOCTYPE|\son[a-z]+\s*=|javascript:|(?:xlink:)?href\s*=\s*["'](?!#)/i;

export type LogoCheck =
  | { ok: true; mediaType: 'image/png' | 'image/svg+xml'; sha256: string }
  | { ok: false; reason: { en: string; fr: string } };

const refused = (en: string, fr: string): LogoCheck => ({ ok: false, reason: { en, fr } });

export async function checkLogo(bytes: Buffer): Promise<LogoCheck> {
  if (bytes.length === 0) return refused('The file is empty.', 'Le fichier est vide.');
  if (bytes.length > MAX_LOGO_BYTES) return refused('A logo is at most 1 MB.', 'Un logo fait au plus 1 Mo.');
  const isPng = bytes.subarray(0, 8).equals(PNG_SIGNATURE);
  const head = isPng ? '' : bytes.toString('utf8', 0, Math.min(bytes.length, 4096));
  const isSvg = !isPng && /^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head);
  if (!isPng && !isSvg) return refused('A logo is a PNG or an SVG file.', 'Un logo est un fichier PNG ou SVG.');
  if (isSvg && SVG_REFUSED.test(bytes.toString('utf8'))) {
    return refused(
      'This SVG carries scripts, links or entities: save it as a plain drawing, or as a PNG.',
      'Ce SVG contient des scripts, des liens ou des entités\u00a0: enregistrez-le comme simple dessin, ou en PNG.',
    );
  }
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_LOGO_PIXELS }).metadata();
    const expected = isPng ? 'png' : 'svg';
    if (meta.format !== expected || !meta.width || !meta.height) throw new Error(`read as ${meta.format}`);
    if (meta.width * meta.height > MAX_LOGO_PIXELS) {
      return refused('A logo is at most 4096 × 4096 pixels.', 'Un logo fait au plus 4096 × 4096 pixels.');
    }
  } catch {
    return refused('This file could not be read as a picture.', 'Ce fichier n’a pas pu être lu comme une image.');
  }
  return {
    ok: true,
    mediaType: isPng ? 'image/png' : 'image/svg+xml',
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

export async function storeLogo(
  db: Kysely<Database>,
  logo: { sha256: string; mediaType: string; bytes: Buffer },
): Promise<void> {
  await db
    .insertInto('shop_logos')
    .values({ sha256: logo.sha256, media_type: logo.mediaType, bytes: logo.bytes, saved_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
}

export async function findLogo(db: Kysely<Database>, sha256: string) {
  return db.selectFrom('shop_logos').select(['media_type', 'bytes']).where('sha256', '=', sha256).executeTakeFirst();
}
