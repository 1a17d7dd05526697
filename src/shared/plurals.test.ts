import { describe, expect, it } from 'vitest';
import { englishCount } from './plurals.js';

describe('englishCount', () => {
  it('says 1 piece, 0 pieces, 2 pieces, and reads counts already written', () => {
    expect(englishCount(1, 'piece')).toBe('1 piece');
    expect(englishCount(0, 'piece')).toBe('0 pieces');
    expect(englishCount(2, 'piece')).toBe('2 pieces');
    expect(englishCount('1', 'piece')).toBe('1 piece');
    expect(englishCount('1,200', 'piece')).toBe('1,200 pieces');
    expect(englishCount(1, 'box', 'boxes')).toBe('1 box');
    expect(englishCount(3, 'box', 'boxes')).toBe('3 boxes');
  });
});
