// The shop's greeting and signature: the first name in its slot (or left out with its comma),
// and what an owner may not write: markup, a line break in a greeting, a link to anywhere but
// the shop's own email domain, more than the caps.
import { describe, expect, it } from 'vitest';
import { greetingFor, signatureLines, wordingFault } from './mail-wording.js';

const SHOP = 'orders@maplethreads.ca';

describe('the greeting', () => {
  it('puts the first name in its slot, and leaves the slot out with the space or comma before it', () => {
    expect(greetingFor('Hello {name}.', 'Ada')).toBe('Hello Ada.');
    expect(greetingFor('Hello {name}.', '')).toBe('Hello.');
    expect(greetingFor('Allô, {name}\u202f!', '')).toBe('Allô\u202f!');
    expect(greetingFor('Good day', 'Ada')).toBe('Good day');
  });
});

describe('what an owner may write', () => {
  it('keeps plain text, the name slot once, and the shop’s own domain', () => {
    expect(wordingFault('greeting', 'Bonjour {name}, merci de votre confiance.', SHOP)).toBeNull();
    expect(
      wordingFault(
        'signature',
        'L’équipe Maple Threads\norders@maplethreads.ca · www.maplethreads.ca\nTel: 416-555-0100',
        SHOP,
      ),
    ).toBeNull();
    expect(signatureLines('  One \n\n Two  \n')).toEqual(['One', 'Two']);
  });

  it.each([
    ['greeting', 'Hello {name}\nBcc: victim@example.com', 'one_line'],
    ['greeting', 'Hello {name}\r\nSubject: win', 'one_line'],
    ['greeting', `Hello ${'x'.repeat(120)}`, 'too_long'],
    ['greeting', 'Hello {name} and {name}', 'slot'],
    ['greeting', 'Hello {first}', 'slot'],
    ['greeting', 'Hello <b>{name}</b>', 'markup'],
    ['greeting', 'Hello\u0000 {name}', 'control'],
    ['greeting', 'Hello \u202ename', 'control'],
    ['signature', 'See https://maplethreads.ca', 'link'],
    ['signature', 'See evil.example.com for a prize', 'link'],
    ['signature', 'Write to prizes@evil.com', 'link'],
    ['signature', 'www.evil.ca', 'link'],
    ['signature', 'mailto:orders', 'link'],
    ['signature', 'javascript:alert(1)', 'link'],
    ['signature', 'a\nb\nc\nd\ne', 'too_many_lines'],
    ['signature', 'x'.repeat(401), 'too_long'],
    ['signature', '<a href=x>us</a>', 'markup'],
  ] as const)('refuses the %s %j (%s)', (kind, value, fault) => {
    expect(wordingFault(kind, value, SHOP)).toBe(fault);
  });
});
