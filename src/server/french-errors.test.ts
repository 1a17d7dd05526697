// French clerks and customers read French errors: every refusal the server words (a DomainError
// or an AppError) carries its Canadian French (`messageFr`, sent as `message_fr`), and that
// French is typeset as French (shared/french.ts). Read from the source, so a refusal added
// without its French fails here whatever route it is on.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { frenchTypographyFaults } from '../shared/french.js';

const SERVER = path.dirname(new URL(import.meta.url).pathname);

function serverSources(dir = SERVER): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The text from `open` (just after an opening bracket) to its matching close, strings skipped. */
function balanced(source: string, open: number): string {
  let depth = 1;
  let quote: string | null = null;
  let i = open;
  for (; i < source.length && depth > 0; i++) {
    const c = source[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if ('({['.includes(c)) depth++;
    else if (')}]'.includes(c)) depth--;
  }
  return source.slice(open, i - 1);
}

interface Site {
  where: string;
  text: string;
}

const sites: Site[] = serverSources().flatMap((file) => {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/new (DomainError|AppError)\(/g)].map((m) => ({
    where: `${path.relative(SERVER, file)}:${source.slice(0, m.index).split('\n').length}`,
    text: balanced(source, m.index + m[0].length),
  }));
});

/** Each `messageFr: '…'` ("…" or a `…` template) written out, its placeholders read as a word. */
const frenchLiterals: Site[] = [...serverSources(), path.join(SERVER, '..', 'shared', 'quote.ts')].flatMap((file) => {
  const source = readFileSync(file, 'utf8');
  const literal = /messageFr:\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|`((?:[^`\\]|\\.)*)`)/g;
  return [...source.matchAll(literal)].map((m) => ({
    where: `${path.relative(SERVER, file)}:${source.slice(0, m.index).split('\n').length}`,
    text: (m[1] ?? m[2] ?? m[3]!)
      .replace(/\$\{[^}]*\}/g, 'X')
      .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      .replace(/\\(.)/g, '$1'),
  }));
});

describe('French errors', () => {
  it('finds the refusals it reads (the scan itself works)', () => {
    expect(sites.length).toBeGreaterThan(100);
    expect(frenchLiterals.length).toBeGreaterThan(50);
  });

  it('gives every refusal the server words its Canadian French', () => {
    const englishOnly = sites.filter((s) => !/\bmessageFr\b/.test(s.text)).map((s) => s.where);
    expect(englishOnly).toEqual([]);
  });

  it('typesets every French refusal as French (no-break spaces before : ; ? !, « », elisions)', () => {
    const faults = frenchLiterals
      .map((s) => ({ where: s.where, faults: frenchTypographyFaults(s.text) }))
      .filter((s) => s.faults.length > 0);
    expect(faults).toEqual([]);
  });
});
