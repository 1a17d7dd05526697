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
    // Words in any script, a phone number with dots, French punctuation: not links.
    expect(wordingFault('greeting', 'Здравствуйте, {name}\u202f!', SHOP)).toBeNull();
    expect(wordingFault('signature', 'L’équipe — Tél.\u00a0: 416.555.0100, poste 12', SHOP)).toBeNull();
    expect(wordingFault('signature', 'Maple Threads\r\nwww.maplethreads.ca', SHOP)).toBeNull();
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
    // Lookalikes: a Cyrillic "а" and "с" in the name or the top-level domain, Greek omicron.
    ['signature', 'Pay at maplethreads.\u0441\u0430', 'link'],
    ['signature', 'Pay at p\u0430ypal.com', 'link'],
    ['signature', 'orders@maplethre\u0430ds.ca', 'link'],
    ['signature', 'Visit g\u03bf\u03bfgle.c\u03bfm', 'link'],
    // Dots a mail reader may take for one: full-width, ideographic, halfwidth ideographic, one-dot leader.
    ['signature', 'evil\uff0ecom', 'link'],
    ['signature', 'evil\u3002com', 'link'],
    ['signature', 'evil\uff61com', 'link'],
    ['signature', 'evil\u2024com', 'link'],
    ['signature', '\uff45\uff56\uff49\uff4c.\uff43\uff4f\uff4d', 'link'],
    // Addresses without a name.
    ['signature', 'Our server: 203.0.113.7', 'link'],
    ['signature', 'Our server: [2001:db8::1]', 'link'],
    ['signature', 'http\uff1a//evil', 'link'],
    // A line separator in the one-line greeting, and the other invisible breaks.
    ['greeting', 'Hello {name}\u2028Bcc: victim@example.com', 'one_line'],
    ['greeting', 'Hello {name}\u2029Win', 'one_line'],
    ['greeting', 'Hello {name}\u0085Win', 'one_line'],
    ['signature', 'Thanks\u2028Maple', 'control'],
    ['signature', 'Thanks \u2066Maple\u2069', 'control'],
    ['signature', 'a\nb\nc\nd\ne', 'too_many_lines'],
    ['signature', 'x'.repeat(401), 'too_long'],
    ['signature', '<a href=x>us</a>', 'markup'],
  ] as const)('refuses the %s %j (%s)', (kind, value, fault) => {
    expect(wordingFault(kind, value, SHOP)).toBe(fault);
  });
});
