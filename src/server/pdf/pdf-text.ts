// Text on the shop's PDFs (the invoices a customer keeps, the job tickets the floor works from), in
// any script a name is typed in (decision 015): each string is cut into runs by the first font
// that has their glyphs, and each run is drawn in its font. Part of the platform: it knows no
// capability, and invoices/ and production/ draw with it.
//
// - DejaVu Sans (dejavu-fonts-ttf) draws Latin, Greek, Cyrillic, Hebrew and most Arabic: nearly
//   every document uses it alone, through PDFKit's own line breaking.
// - Noto Naskh Arabic (@embedpdf/fonts-arabic, 0.3 MB) draws the Arabic letters DejaVu lacks
//   (Urdu's ہ and ے); Noto Sans Hans (@embedpdf/fonts-sc) the Chinese characters and the kana;
//   Noto Sans KR (@embedpdf/fonts-kr) Hangul. All SIL OFL 1.1, shipped in the npm packages (no
//   download at install). Each is read from disk only when a run first needs it, then kept for the
//   process; PDFKit embeds only the glyphs a document uses.
// - Arabic and Hebrew runs are shaped whole, right to left; a ligature (لا) maps back to its
//   letters in the order text extractors expect of right-to-left glyphs, so pdftotext and a
//   reader's search give the name as typed.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

type Doc = PDFKit.PDFDocument;
export type Weight = 'regular' | 'bold';

interface Face {
  key: string;
  file: () => string;
  /** Code points this face is asked for (absent: any); keeps Hangul from loading the Chinese font. */
  accepts?: (codePoint: number) => boolean;
}

const require = createRequire(import.meta.url);
/** A font file of an @embedpdf/fonts-* package, beside the entry point `require.resolve` found. */
const fontBeside = (entry: string, file: string) => path.join(path.dirname(entry), '..', 'fonts', file);

const inRanges = (ranges: readonly (readonly [number, number])[]) => (cp: number) =>
  ranges.some(([from, to]) => cp >= from && cp <= to);
const isArabicScript = inRanges([
  [0x0600, 0x06ff],
  [0x0750, 0x077f],
  [0x08a0, 0x08ff],
  [0xfb50, 0xfdff],
  [0xfe70, 0xfeff],
]);
const isHangul = inRanges([
  [0x1100, 0x11ff],
  [0x3130, 0x318f],
  [0xa960, 0xa97f],
  [0xac00, 0xd7ff],
]);

const FACES: Readonly<Record<Weight, readonly Face[]>> = {
  regular: [
    { key: 'DejaVuSans', file: () => require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf') },
    {
      key: 'NotoNaskhArabic',
      file: () => fontBeside(require.resolve('@embedpdf/fonts-arabic'), 'NotoNaskhArabic-Regular.ttf'),
      accepts: isArabicScript,
    },
    {
      key: 'NotoSansHans',
      file: () => fontBeside(require.resolve('@embedpdf/fonts-sc'), 'NotoSansHans-Regular.otf'),
      accepts: (cp) => !isHangul(cp),
    },
    { key: 'NotoSansKR', file: () => fontBeside(require.resolve('@embedpdf/fonts-kr'), 'NotoSansKR-Regular.otf') },
  ],
  bold: [
    { key: 'DejaVuSans-Bold', file: () => require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf') },
    {
      key: 'NotoNaskhArabic-Bold',
      file: () => fontBeside(require.resolve('@embedpdf/fonts-arabic'), 'NotoNaskhArabic-Bold.ttf'),
      accepts: isArabicScript,
    },
    {
      key: 'NotoSansHans-Bold',
      file: () => fontBeside(require.resolve('@embedpdf/fonts-sc'), 'NotoSansHans-Bold.otf'),
      accepts: (cp) => !isHangul(cp),
    },
    { key: 'NotoSansKR-Bold', file: () => fontBeside(require.resolve('@embedpdf/fonts-kr'), 'NotoSansKR-Bold.otf') },
  ],
};

const loaded = new Map<string, fontkit.Font>();

/**
 * The face's font, read once per process. PDFKit lays each right-to-left run out in visual order
 * and records each glyph's letters for its ToUnicode map; extractors reverse a right-to-left run
 * character by character, so a ligature's letters are recorded reversed to come back in order.
 */
function fontkitFont(face: Face): fontkit.Font {
  let font = loaded.get(face.key);
  if (!font) {
    const raw = fontkit.create(fs.readFileSync(face.file()));
    const layout: fontkit.Font['layout'] = (text, features) => {
      const run = raw.layout(text, features);
      if (run.direction === 'rtl') {
        run.glyphs = run.glyphs.map((g): fontkit.Glyph =>
          g.codePoints.length > 1
            ? (Object.create(g, { codePoints: { value: [...g.codePoints].reverse() } }) as fontkit.Glyph)
            : g,
        );
      }
      return run;
    };
    font = new Proxy(raw, {
      get: (target, key): unknown => (key === 'layout' ? layout : Reflect.get(target, key, target)),
    });
    loaded.set(face.key, font);
  }
  return font;
}

const registered = new WeakMap<Doc, Set<string>>();

/** Selects the face in the document, registering it there at its first use. */
function useFace(doc: Doc, face: Face, size: number): Doc {
  let names = registered.get(doc);
  if (!names) registered.set(doc, (names = new Set()));
  if (!names.has(face.key)) {
    // PDFKit opens a fontkit font as readily as a file (PDFFontFactory.open); its types list only files.
    doc.registerFont(face.key, fontkitFont(face) as unknown as Buffer);
    names.add(face.key);
  }
  return doc.font(face.key).fontSize(size);
}

/** Text as drawn: control characters (a tab, a stray escape) never reach the PDF. */
export function pdfText(text: string): string {
  return [...text].map((ch) => (isControl(ch) ? ' ' : ch)).join('');
}

const isControl = (ch: string) => {
  const code = ch.codePointAt(0)!;
  return (code < 0x20 && ch !== '\n') || code === 0x7f;
};

const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
const STRONG = /\p{L}/u;
const DIGIT = /\p{N}/u;
const ATTACHED = /[\s\p{M}\p{Cf}]/u;
const CJK_BREAK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
/** A space a line may break after: any but the no-break ones (French amounts hold theirs). */
const BREAK_SPACE = /[^\S\u00a0\u2007\u202f]/u;

interface Run {
  face: Face;
  text: string;
  rtl: boolean;
}

function faceFor(cp: number, weight: Weight): Face {
  const faces = FACES[weight];
  return (
    faces.find((f, i) => (i === 0 || !f.accepts || f.accepts(cp)) && fontkitFont(f).hasGlyphForCodePoint(cp)) ??
    faces[0]!
  );
}

/**
 * A string cut into runs of one face and one direction. Spaces, marks and punctuation stay in the
 * run they follow when its face has them; digits never join a right-to-left run (they read left
 * to right inside it).
 */
function runsOf(text: string, weight: Weight): Run[] {
  const runs: Run[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const last = runs.at(-1);
    const strong = STRONG.test(ch);
    const rtl = strong && RTL.test(ch);
    const neutral = !strong && !DIGIT.test(ch);
    if (last && (ATTACHED.test(ch) || (neutral && fontkitFont(last.face).hasGlyphForCodePoint(cp)))) {
      last.text += ch;
      continue;
    }
    const face = faceFor(cp, weight);
    const direction = strong ? rtl : false;
    if (last && last.face === face && last.rtl === direction) last.text += ch;
    else runs.push({ face, text: ch, rtl: direction });
  }
  return runs;
}

/** True when the base face draws the whole string left to right: PDFKit's own layout then does. */
function plain(text: string, weight: Weight): boolean {
  const base = fontkitFont(FACES[weight][0]!);
  for (const ch of text) if (RTL.test(ch) || !base.hasGlyphForCodePoint(ch.codePointAt(0)!)) return false;
  return true;
}

export interface TextOptions {
  size: number;
  weight?: Weight;
  /** The box's width: the text wraps within it (or, with `write1`, shrinks to fit it). */
  width: number;
  align?: 'left' | 'right' | 'center';
}

interface Piece {
  run: Run;
  text: string;
}

const featuresOf = (run: Run): PDFKit.Mixins.OpenTypeFeatures[] | undefined => (run.rtl ? ['rlig'] : undefined);

function widthOf(doc: Doc, piece: Piece, size: number): number {
  return useFace(doc, piece.run.face, size).widthOfString(piece.text, { features: featuresOf(piece.run) });
}

/** Break opportunities: after breaking spaces, and around every Chinese or Japanese character. */
function tokensOf(run: Run): string[] {
  const tokens: string[] = [];
  let current = '';
  for (const ch of run.text) {
    if (CJK_BREAK.test(ch) && current) {
      tokens.push(current);
      current = '';
    }
    current += ch;
    if (BREAK_SPACE.test(ch) || CJK_BREAK.test(ch)) {
      tokens.push(current);
      current = '';
    }
  }
  if (current) tokens.push(current);
  return tokens;
}

/** The runs of a paragraph, broken into lines of at most `width` points (a word too long is cut). */
function linesOf(doc: Doc, runs: Run[], size: number, width: number): Piece[][] {
  const lines: Piece[][] = [[]];
  let used = 0;
  const place = (run: Run, token: string) => {
    const w = widthOf(doc, { run, text: token.trimEnd() }, size);
    if (w > width && [...token].length > 1) {
      for (const ch of token) place(run, ch);
      return;
    }
    if (lines.at(-1)!.length > 0 && used + w > width) {
      lines.push([]);
      used = 0;
      if (token.trim() === '') return;
    }
    const line = lines.at(-1)!;
    const last = line.at(-1);
    if (last && last.run === run) last.text += token;
    else line.push({ run, text: line.length === 0 ? token.trimStart() : token });
    used += widthOf(doc, { run, text: token }, size);
  };
  for (const run of runs) for (const token of tokensOf(run)) place(run, token);
  return lines;
}

/**
 * A line's ascent and height: the base face's at this size, whatever the runs' fonts, so lines
 * keep one spacing (a CJK or Arabic glyph fits DejaVu's line box; their own fonts' boxes are taller).
 */
function metricsOf(doc: Doc, size: number): { ascent: number; height: number } {
  const base = fontkitFont(FACES.regular[0]!);
  return {
    ascent: (base.ascent / base.unitsPerEm) * size,
    height: useFace(doc, FACES.regular[0]!, size).currentLineHeight(true),
  };
}

/** Draws one line of pieces with their baselines at `baseline`, from x or aligned in the box. */
function drawLine(doc: Doc, pieces: Piece[], x: number, baseline: number, size: number, box: TextOptions): void {
  const paragraphRtl = pieces.find((p) => STRONG.test(p.text))?.run.rtl ?? false;
  const trimmed = pieces.map((p, i) => (i === pieces.length - 1 ? { ...p, text: p.text.trimEnd() } : p));
  const visual = paragraphRtl ? [...trimmed].reverse() : trimmed;
  const widths = visual.map((p) => widthOf(doc, p, size));
  const total = widths.reduce((a, b) => a + b, 0);
  let left = x;
  if (box.align === 'right') left = x + box.width - total;
  else if (box.align === 'center') left = x + (box.width - total) / 2;
  visual.forEach((p, i) => {
    useFace(doc, p.run.face, size).text(p.text, left, baseline, {
      lineBreak: false,
      baseline: 'alphabetic',
      features: featuresOf(p.run),
    });
    left += widths[i]!;
  });
}

/**
 * Draws text from (x, y) within `width`, wrapping, each run in the first font that has it; leaves
 * doc.y below it and doc.x at x. Returns the bottom.
 */
export function write(doc: Doc, raw: string, x: number, y: number, box: TextOptions): number {
  const text = pdfText(raw);
  const weight = box.weight ?? 'regular';
  if (plain(text, weight)) {
    useFace(doc, FACES[weight][0]!, box.size).text(text, x, y, { width: box.width, align: box.align ?? 'left' });
  } else {
    let top = y;
    for (const paragraph of text.split('\n')) {
      for (const line of linesOf(doc, runsOf(paragraph, weight), box.size, box.width)) {
        const { ascent, height } = metricsOf(doc, box.size);
        drawLine(doc, line, x, top + ascent, box.size, box);
        top += height;
      }
    }
    doc.y = top;
  }
  doc.x = x;
  useFace(doc, FACES.regular[0]!, box.size);
  return doc.y;
}

/**
 * Draws text on one line that never wraps: an amount, a reference. When it is wider than the box
 * its size shrinks until it fits (never below 5 pt), on the baseline it would have had. Returns
 * the bottom.
 */
export function write1(doc: Doc, raw: string, x: number, y: number, box: TextOptions): number {
  const text = pdfText(raw).replace(/\n/g, ' ');
  const pieces = runsOf(text, box.weight ?? 'regular').map((run) => ({ run, text: run.text }));
  const natural = pieces.reduce((sum, p) => sum + widthOf(doc, p, box.size), 0);
  const size = natural > box.width ? Math.max(5, Math.floor((box.size * box.width * 10) / natural) / 10) : box.size;
  const { ascent, height } = metricsOf(doc, box.size);
  drawLine(doc, pieces, x, y + ascent, size, box);
  doc.x = x;
  doc.y = y + height;
  useFace(doc, FACES.regular[0]!, box.size);
  return doc.y;
}

/** The height `write` would take, without drawing. */
export function heightOf(doc: Doc, raw: string, box: TextOptions): number {
  const text = pdfText(raw);
  const weight = box.weight ?? 'regular';
  if (plain(text, weight)) {
    return useFace(doc, FACES[weight][0]!, box.size).heightOfString(text, { width: box.width });
  }
  const lines = text
    .split('\n')
    .reduce((count, paragraph) => count + linesOf(doc, runsOf(paragraph, weight), box.size, box.width).length, 0);
  return lines * metricsOf(doc, box.size).height;
}

/** Registers the base faces; called once per document before drawing. */
export function startDocument(doc: Doc): void {
  useFace(doc, FACES.bold[0]!, 9);
  useFace(doc, FACES.regular[0]!, 9);
}
