import { describe, expect, it } from 'vitest';
import { PRODUCTION_MESSAGES } from './production-messages.js';

/** Every leaf of a catalogue by its dotted path; a function is called with sample arguments. */
function leaves(value: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(path, value);
  else if (typeof value === 'function') {
    const args = ['7KQ4-M2XD', 'Front', 'Screens'].slice(0, value.length);
    const text: unknown = (value as (...a: unknown[]) => unknown)(...args.map((a, i) => (i === 0 ? 3 : a)));
    const again: unknown = (value as (...a: unknown[]) => unknown)(...args);
    out.set(path, `${String(text)} | ${String(again)}`);
  } else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value))
      for (const [p, text] of leaves(child, path ? `${path}.${key}` : key)) out.set(p, text);
  return out;
}

describe('the production floor’s texts', () => {
  const en = leaves(PRODUCTION_MESSAGES.en);
  const fr = leaves(PRODUCTION_MESSAGES.fr);

  it('has every English text in French, and none left in English', () => {
    expect([...fr.keys()]).toEqual([...en.keys()]);
    // Words that are the same in both languages.
    const same = new Set(['nav', 'column']);
    const untranslated = [...en].filter(([path, text]) => !same.has(path) && fr.get(path) === text).map(([p]) => p);
    expect(untranslated).toEqual([]);
    for (const text of [...en.values(), ...fr.values()]) expect(text).not.toMatch(/undefined|NaN|\[object/);
  });

  it('words the scan page’s button and the polite answer to a stale move', () => {
    expect(PRODUCTION_MESSAGES.en.nextStage('Screens', 'Print')).toBe('Screens done: start Print');
    expect(PRODUCTION_MESSAGES.fr.nextStage('Écrans', 'Impression')).toBe(
      'Étape Écrans terminée\u00a0: passer à Impression',
    );
    expect(PRODUCTION_MESSAGES.en.movedMeanwhile('7KQ4-M2XD', 'Back', 'Sew')).toBe(
      'Someone moved Back of 7KQ4-M2XD meanwhile; it is now at Sew. Nothing was lost: the board shows it where it is.',
    );
  });
});
