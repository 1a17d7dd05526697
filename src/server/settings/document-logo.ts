// The logo in force as the PDFs print it (docs/settings.md, "Logo"): the small PNG made in the
// artwork's child process when the logo was saved (logo.ts). A logo kept before there was one
// has it made the same way by the first document that needs it, then kept; one that cannot be
// drawn is left out (the document is still made). Kept by SHA-256, so each logo is read once per
// process. Read through the caller's database handle: inside a transaction (an invoice being
// issued) the caller's own connection.
import type { Kysely, Transaction } from 'kysely';
import { rasteriseLogo } from '../artwork/index.js';
import type { Database } from '../storage/schema.js';
import { findPrintLogo, savePrintLogo } from './logo.js';
import type { ShopProfileSource } from './shop-in-force.js';

type Db = Kysely<Database> | Transaction<Database>;

/** PNG bytes of the logo in force, or null without one. */
export type DocumentLogo = (db: Db) => Promise<Buffer | null>;

export function documentLogoReader(
  source: Pick<ShopProfileSource, 'current'>,
  options: { cpuBudgetMs: number; log?: { warn: (obj: object, msg: string) => void } },
): DocumentLogo {
  const drawn = new Map<string, Buffer | null>();
  return async (db) => {
    const sha = source.current().profile.logo;
    if (!sha) return null;
    const kept = drawn.get(sha);
    if (kept !== undefined) return kept;
    const found = await findPrintLogo(db, sha);
    if (!found) return null;
    let print: Buffer | null = found.print_png ? Buffer.from(found.print_png) : null;
    if (!print) {
      const made = await rasteriseLogo(Buffer.from(found.bytes), options);
      if (made.ok) {
        print = made.print;
        await savePrintLogo(db, sha, made.print);
      } else {
        options.log?.warn(
          { logo: sha.slice(0, 12), code: made.code },
          'the logo cannot be drawn: documents leave it out',
        );
      }
    }
    drawn.set(sha, print);
    return print;
  };
}
