// A names list as one text a line a person, read back the same, and a refused line read as the
// list's field (docs/product.md, "Changing an order").
import { describe, expect, it } from 'vitest';
import { namesFieldOf, namesOf, namesText } from './names-list.js';

describe('a names list as text', () => {
  it('reads a person a line, leaves out empty lines, and shows the list as it reads it', () => {
    const list = namesOf('Maxime Lavoie, L, LAVOIE, 12\n\n  Geneviève Beaulieu-Tremblay , M ,, 7\nAnna, S');
    expect(list).toEqual([
      { name: 'Maxime Lavoie', size: 'L', printName: 'LAVOIE', printNumber: '12' },
      { name: 'Geneviève Beaulieu-Tremblay', size: 'M', printName: '', printNumber: '7' },
      { name: 'Anna', size: 'S', printName: '', printNumber: '' },
    ]);
    expect(namesOf(namesText(list))).toEqual(list);
    expect(namesText(undefined)).toBe('');
    expect(namesOf(' \n ')).toEqual([]);
  });

  it('reads a refused line as the list’s field, its line from 1 and its part', () => {
    expect(namesFieldOf('layouts.2.teamNames.1.printNumber')).toEqual({
      list: 'layouts.2.teamNames',
      line: 2,
      field: 'printNumber',
    });
    expect(namesFieldOf('layouts.1.viewData.Front.colours')).toBeNull();
    expect(namesFieldOf('layouts.1.teamNames')).toBeNull();
  });
});
