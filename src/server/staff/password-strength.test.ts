import { describe, expect, it } from 'vitest';
import { passwordWeakness } from './password-strength.js';

describe('passwordWeakness', () => {
  it('refuses repeated, sequential, keyboard and common passwords, saying why', () => {
    expect(passwordWeakness('aaaaaaaaaaaa')).toMatch(/too easy to guess: Repeated characters like "aaa"/);
    expect(passwordWeakness('abcdefghijkl')).toMatch(/Common character sequences like "abc"/);
    expect(passwordWeakness('password1234')).toMatch(/similar to a commonly used password/);
    expect(passwordWeakness('123456789012')).toMatch(/too easy to guess/);
    expect(passwordWeakness('qwertyuiopas')).toMatch(/too easy to guess/);
    expect(passwordWeakness('motdepasse123')).toMatch(/too easy to guess/);
  });

  it('counts the account’s own address as known to an attacker', () => {
    expect(passwordWeakness('mapleprintclerk')).toBeNull();
    expect(passwordWeakness('mapleprintclerk', ['clerk@mapleprint.ca', 'clerk', 'mapleprint'])).toMatch(
      /personal or page related data/,
    );
  });

  it('takes a passphrase of unrelated words, in English or French', () => {
    expect(passwordWeakness('correct horse battery staple')).toBeNull();
    expect(passwordWeakness('soleil levant sur la baie')).toBeNull();
    expect(passwordWeakness('e2e staff password 1')).toBeNull();
  });
});
