// The few parts of fontkit (PDFKit's own font engine, MIT) that pdf-text.ts uses: fontkit ships
// no types, and these are all the PDFs read of it.
declare module 'fontkit' {
  export interface Glyph {
    id: number;
    codePoints: number[];
    advanceWidth: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    direction: 'ltr' | 'rtl';
  }
  export interface Font {
    postscriptName: string;
    unitsPerEm: number;
    ascent: number;
    descent: number;
    lineGap: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string, features?: string[] | Record<string, boolean>): GlyphRun;
  }
  export function create(buffer: Uint8Array): Font;
}
