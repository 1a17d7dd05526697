import { describe, expect, it } from 'vitest';
import { ACCOUNTS_MESSAGES } from './accounts-messages.js';

const { en, fr } = ACCOUNTS_MESSAGES;

/** Every leaf of a catalogue by its dotted path; a function is called with sample arguments. */
function leaves(value: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(path, value);
  else if (typeof value === 'function') {
    const text: unknown = (value as (...args: string[]) => unknown)('2026-0001', 'owner@shop.ca');
    out.set(path, typeof text === 'string' ? text : `not a string: ${String(text)}`);
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value))
      for (const [p, text] of leaves(child, path ? `${path}.${key}` : key)) out.set(p, text);
  }
  return out;
}

describe('the Accounts page’s texts', () => {
  const english = leaves(en);
  const french = leaves(fr);

  it('have the same keys in both languages, none empty', () => {
    expect([...french.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [path, text] of [...english, ...french]) expect(text.trim(), path).not.toBe('');
  });

  it('are translated, but for the words both languages share', () => {
    const same = [...english].filter(([path, text]) => french.get(path) === text).map(([path]) => path);
    expect(same.sort()).toEqual(['codeName', 'date', 'documents', 'net', 'pdf', 'province', 'total']);
  });

  it('put a no-break space before : ; ? ! in French, never a plain one, and never none', () => {
    for (const [path, text] of french) {
      expect(text, path).not.toMatch(/ [:;?!]/);
      expect(text, path).not.toMatch(/[^\s\u00a0][:;?!](\s|$)/);
    }
  });
});
