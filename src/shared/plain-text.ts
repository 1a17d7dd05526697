// Text a person typed, made safe to show to another person (docs/architecture.md, "Text people
// type"): no control characters (a NUL, an escape, a stray carriage return, a line separator),
// and no bidirectional embedding, override or isolate, which would show a message, a name or a
// shop's name reversed or reorder what follows it on the page ("Trojan Source"). Used at input for
// every free text one person types and another reads; screens also isolate such text (<bdi>).

// C0 and C1 controls and DEL; line and paragraph separators; the bidi embeddings, overrides and
// isolates (LRE RLE PDF LRO RLO, LRI RLI FSI PDI); the byte-order mark and interlinear annotations.
// The marks (LRM, RLM, ALM) stay: they only nudge neutral characters, as Arabic or Hebrew text may need.
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff\ufff9-\ufffb]/g;
// eslint-disable-next-line no-control-regex -- every way of breaking a line, to make it \n or a space
const LINE_BREAKS = /\r\n?|[\n\u000b\u000c\u0085\u2028\u2029]/g;

/** Whether `text` holds a control, separator or bidi control besides tabs and line breaks (\t, \r, \n). */
export function hasControlCharacters(text: string): boolean {
  return new RegExp(UNSAFE.source).test(text.replace(/[\t\r\n]/g, ''));
}

/**
 * `text` as it may be stored and shown: NFC, line breaks as \n (or, on one line, a space), tabs as
 * spaces, and every other control, separator and bidi control taken out. Trimming stays the caller's.
 */
export function plainText(text: string, multiline = false): string {
  return text
    .normalize('NFC')
    .replace(LINE_BREAKS, multiline ? '\n' : ' ')
    .replace(/\t/g, ' ')
    .replace(UNSAFE, '');
}
