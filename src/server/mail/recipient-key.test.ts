import { describe, expect, it } from 'vitest';
import { recipientKey } from './recipient-key.js';

describe('recipientKey', () => {
  it('makes one mailbox of every way of writing it', () => {
    for (const address of [
      'victim@example.com',
      'Victim@Example.com',
      'victim+1@example.com',
      'victim+orders+x@example.com',
    ]) {
      expect(recipientKey(address)).toBe('victim@example.com');
    }
    for (const address of ['v.i.c.t.i.m@gmail.com', 'victim+6@googlemail.com', 'Vic.Tim+a@GMAIL.com']) {
      expect(recipientKey(address)).toBe('victim@gmail.com');
    }
  });

  it('keeps dots where the provider does not ignore them, and what is not an address as written', () => {
    expect(recipientKey('a.b@example.com')).not.toBe(recipientKey('ab@example.com'));
    expect(recipientKey('+tag@example.com')).toBe('+tag@example.com');
    expect(recipientKey('no-at-sign')).toBe('no-at-sign');
  });
});
