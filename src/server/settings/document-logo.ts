// The logo in force as the PDFs print it (docs/settings.md, "Logo"): a PNG as saved, an SVG drawn
// into a PNG by sharp (librsvg, from a buffer: no files, no script; checked when it was saved).
// Kept by SHA-256, so each logo is read and drawn once per process. Read through the caller's
// database handle: inside a transaction (an invoice being issued) the caller's own connection.
import type { Kysely, Transaction } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../storage/schema.js';
import { findLogo } from './logo.js';
import type { ShopProfileSource } from './shop-in-force.js';

type Db = Kysely<Database> | Transaction<Database>;

/** PNG bytes of the logo in force, or null without one. */
export type DocumentLogo = (db: Db) => Promise<Buffer | null>;

/** The SVG's drawing height in pixels: sharp on a document about 0.5 in high at 200 dpi. */
const SVG_HEIGHT = 100;

export function documentLogoReader(source: Pick<ShopProfileSource, 'current'>): DocumentLogo {
  const drawn = new Map<string, Buffer>();
  return async (db) => {
    const sha = source.current().profile.logo;
    if (!sha) return null;
    const kept = drawn.get(sha);
    if (kept) return kept;
    const found = await findLogo(db, sha);
    if (!found) return null;
    const bytes = Buffer.from(found.bytes);
    const png =
      found.media_type === 'image/png'
        ? bytes
        : await sharp(bytes, { limitInputPixels: 4096 * 4096 })
            .resize({ height: SVG_HEIGHT })
            .png()
            .toBuffer();
    drawn.set(sha, png);
    return png;
  };
}
