// The shop's logo (docs/settings.md, "Logo"): a PNG or an SVG of at most 1 MB, told from its
// bytes. An SVG is refused first, from its text, when it carries what could run or load anything
// in a browser, or when its <use> references would draw more shapes than a logo has. Then the
// file is read in the artwork's child process, in its lane and within ARTWORK_RENDER_CPU_MS
// (artwork/logo-raster.ts): a PNG decoded row by row and encoded again, either one drawn into the
// small PNG documents print. What is kept is what was made there: the PNG encoded again (an SVG
// as sent, served sandboxed), and the print raster; a logo that does not draw in its budget is
// refused. Kept by the SHA-256 of what is kept.
import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { LOGO_MAX_ASPECT as MAX_LOGO_ASPECT, rasteriseLogo } from '../artwork/index.js';
import type { Database } from '../storage/schema.js';

export const MAX_LOGO_BYTES = 1024 * 1024;
/** Shapes an SVG's <use> references may draw in all, each counted as often as it is drawn. */
export const MAX_SVG_INSTANCES = 2000;

const PNG_SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');
// Scripts (in any namespace prefix: <s:script>), event handlers, embedded HTML, entities
// (expansion bombs), animations that set a link, and references to anything outside the file:
// a logo needs none of them.
const SVG_REFUSED =
  /<(?:[\w.-]+:)?(?:script|foreignObject|iframe|handler)\b|<!ENTITY|<!DOCTYPE|[\s:]on[a-z]+\s*=|(?:xlink:)?href\s*=\s*["'](?!#)|<(?:[\w.-]+:)?(?:set|animate)\b[^>]*attributeName\s*=\s*["'](?:[\w.-]+:)?href/i;

type Words = { en: string; fr: string };

export type LogoCheck =
  | {
      ok: true;
      mediaType: 'image/png' | 'image/svg+xml';
      sha256: string;
      /** What is kept and served: a PNG encoded again, or the SVG as sent. */
      bytes: Buffer;
      /** What documents draw. */
      print: Buffer;
    }
  | { ok: false; reason: Words };

const refused = (en: string, fr: string): LogoCheck => ({ ok: false, reason: { en, fr } });

const REFUSED_SVG = refused(
  'This SVG carries scripts, links or entities: save it as a plain drawing, or as a PNG.',
  'Ce SVG contient des scripts, des liens ou des entités\u00a0: enregistrez-le comme simple dessin, ou en PNG.',
);
const TOO_COMPLEX = refused(
  'This logo takes too long to draw: simplify it, or save it as a PNG.',
  'Ce logo est trop long à dessiner\u00a0: simplifiez-le, ou enregistrez-le en PNG.',
);
const UNREADABLE = refused(
  'This file could not be read as a picture.',
  'Ce fichier n’a pas pu être lu comme une image.',
);

/** The text with its character references decoded, and the blanks a browser drops from a URL's scheme removed. */
function plainText(svg: string): string {
  return (
    svg
      .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) =>
        String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff)),
      )
      .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Math.min(Number(dec), 0x10ffff)))
      .replace(
        /&(colon|tab|newline);/gi,
        (_, name: string) => ({ colon: ':', tab: '\t', newline: '\n' })[name.toLowerCase()]!,
      )
      // eslint-disable-next-line no-control-regex -- the blanks and controls a browser drops from a scheme
      .replace(/[\u0000-\u0020]+/g, '')
  );
}

/**
 * How many shapes the SVG draws once each <use> is replaced by what it names (what librsvg does,
 * so nested references multiply): counted from its tags, Infinity for a reference cycle. Only
 * an upper bound's worth of precision is needed: a logo draws a few hundred.
 */
export function svgInstances(svg: string): number {
  const text = svg.replace(/<!--[\s\S]*?-->/g, '').replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  interface Node {
    children: Node[];
    uses: string | null;
  }
  const root: Node = { children: [], uses: null };
  const byId = new Map<string, Node>();
  const stack: Node[] = [root];
  const tag = /<(\/?)([\w.:-]+)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    const [, closing, name, attributes = '', selfClosing] = m;
    if (closing) {
      if (stack.length > 1) stack.pop();
      continue;
    }
    const href = /(?:^|\s)(?:[\w.-]+:)?href\s*=\s*["']#([^"']*)["']/.exec(attributes);
    const isUse = /(?:^|:)use$/i.test(name!);
    const node: Node = { children: [], uses: isUse && href ? href[1]! : null };
    const id = /(?:^|\s)id\s*=\s*["']([^"']*)["']/.exec(attributes);
    if (id) byId.set(id[1]!, node);
    stack[stack.length - 1]!.children.push(node);
    if (!selfClosing) stack.push(node);
  }
  const counted = new Map<Node, number>();
  const counting = new Set<Node>();
  const count = (node: Node): number => {
    const known = counted.get(node);
    if (known !== undefined) return known;
    if (counting.has(node)) return Infinity;
    counting.add(node);
    let total = 1;
    for (const child of node.children) total += count(child);
    if (node.uses !== null) {
      const target = byId.get(node.uses);
      if (target) total += count(target);
    }
    counting.delete(node);
    counted.set(node, total);
    return total;
  };
  return count(root) - 1;
}

/**
 * Whether these bytes may be the shop's logo, and what to keep: read in the artwork's child
 * process within `cpuBudgetMs` of processor time (ARTWORK_RENDER_CPU_MS).
 */
export async function checkLogo(bytes: Buffer, options: { cpuBudgetMs: number }): Promise<LogoCheck> {
  if (bytes.length === 0) return refused('The file is empty.', 'Le fichier est vide.');
  if (bytes.length > MAX_LOGO_BYTES) return refused('A logo is at most 1 MB.', 'Un logo fait au plus 1 Mo.');
  const isPng = bytes.subarray(0, 8).equals(PNG_SIGNATURE);
  const head = isPng ? '' : bytes.toString('utf8', 0, Math.min(bytes.length, 4096));
  const isSvg = !isPng && /^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head);
  if (!isPng && !isSvg) return refused('A logo is a PNG or an SVG file.', 'Un logo est un fichier PNG ou SVG.');
  if (isSvg) {
    const svg = bytes.toString('utf8');
    if (SVG_REFUSED.test(svg) || /javascript:|vbscript:|data:text\/html/i.test(plainText(svg))) return REFUSED_SVG;
    if (svgInstances(svg) > MAX_SVG_INSTANCES) {
      return refused(
        `This SVG repeats its shapes too often (<use> references drawing more than ${MAX_SVG_INSTANCES} shapes): save it as a plain drawing, or as a PNG.`,
        `Ce SVG répète trop ses formes (des références <use> qui dessinent plus de ${MAX_SVG_INSTANCES} formes)\u00a0: enregistrez-le comme simple dessin, ou en PNG.`,
      );
    }
  }
  const drawn = await rasteriseLogo(bytes, options);
  if (!drawn.ok) {
    if (drawn.code === 'too-many-pixels') {
      return refused('A logo is at most 4096 × 4096 pixels.', 'Un logo fait au plus 4096 × 4096 pixels.');
    }
    if (drawn.code !== 'shape') return drawn.code === 'too-complex' ? TOO_COMPLEX : UNREADABLE;
    const { width, height } = drawn;
    return refused(
      `A logo is at most ${MAX_LOGO_ASPECT} times as wide as it is high (or as high as it is wide); this one is ${width} × ${height}.`,
      `Un logo est au plus ${MAX_LOGO_ASPECT} fois plus large que haut (ou plus haut que large)\u00a0; celui-ci fait ${width} × ${height}.`,
    );
  }
  if (drawn.format !== (isPng ? 'png' : 'svg')) return UNREADABLE;
  const kept = drawn.png ?? bytes;
  return {
    ok: true,
    mediaType: isPng ? 'image/png' : 'image/svg+xml',
    sha256: createHash('sha256').update(kept).digest('hex'),
    bytes: kept,
    print: drawn.print,
  };
}

type Db = Kysely<Database> | Transaction<Database>;

export async function storeLogo(
  db: Kysely<Database>,
  logo: { sha256: string; mediaType: string; bytes: Buffer; print: Buffer },
): Promise<void> {
  await db
    .insertInto('shop_logos')
    .values({
      sha256: logo.sha256,
      media_type: logo.mediaType,
      bytes: logo.bytes,
      print_png: logo.print,
      saved_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('sha256').doUpdateSet({ print_png: logo.print }))
    .execute();
}

export async function findLogo(db: Db, sha256: string) {
  return db.selectFrom('shop_logos').select(['media_type', 'bytes']).where('sha256', '=', sha256).executeTakeFirst();
}

/** The raster documents draw, or null for a logo kept before there was one (migration 033). */
export async function findPrintLogo(db: Db, sha256: string) {
  return db
    .selectFrom('shop_logos')
    .select(['media_type', 'bytes', 'print_png'])
    .where('sha256', '=', sha256)
    .executeTakeFirst();
}

/** Records the raster made for a logo kept before there was one. */
export async function savePrintLogo(db: Db, sha256: string, print: Buffer): Promise<void> {
  await db.updateTable('shop_logos').set({ print_png: print }).where('sha256', '=', sha256).execute();
}
