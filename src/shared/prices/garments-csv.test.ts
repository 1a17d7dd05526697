import { describe, expect, it } from 'vitest';
import example from './example-price-list.json' with { type: 'json' };
import { readGarmentsCsv, readDollars } from './garments-csv.js';
import { readPriceList } from './price-list.js';

describe('readGarmentsCsv: a supplier price file', () => {
  it('groups rows by style: the lowest size price is the unit price, dearer sizes are upcharges', () => {
    const csv = [
      'Style,Name,Colour,Size,Price',
      'G5000,Gildan 5000 T-shirt,Black,S,4.50',
      'G5000,Gildan 5000 T-shirt,Black,M,4.50',
      'G5000,Gildan 5000 T-shirt,White,M,4.50',
      'G5000,Gildan 5000 T-shirt,Black,2XL,$6.50',
      'G5000,Gildan 5000 T-shirt,Black,3XL,"7,50"',
      'PC61,"Port & Company Essential, Tee",Navy,L,5.25',
    ].join('\r\n');
    const reading = readGarmentsCsv(csv);
    expect(reading).toEqual({
      ok: true,
      rows: 6,
      supplier: null,
      garments: [
        {
          id: 'G5000',
          name: 'Gildan 5000 T-shirt',
          colours: ['Black', 'White'],
          sizes: ['S', 'M', '2XL', '3XL'],
          unitCents: 450,
          sizeUpchargeCents: { '2XL': 200, '3XL': 300 },
        },
        { id: 'PC61', name: 'Port & Company Essential, Tee', colours: ['Navy'], sizes: ['L'], unitCents: 525 },
      ],
    });
    // What it makes is a valid price list's garments.
    if (!reading.ok) return;
    expect(readPriceList({ ...example, garments: reading.garments }).ok).toBe(true);
  });

  it('takes the columns in any order when a first row names them (French names too), or in order without one', () => {
    const french = readGarmentsCsv('Prix;Taille;Couleur;Nom;Modèle\n4,50;M;Noir;T-shirt;G5000\n');
    expect(french.ok && french.garments[0]).toMatchObject({
      id: 'G5000',
      name: 'T-shirt',
      sizes: ['M'],
      unitCents: 450,
    });
    const bare = readGarmentsCsv('G5000,T-shirt,Black,M,4.50\n');
    expect(bare.ok && bare.garments[0]).toMatchObject({ id: 'G5000', colours: ['Black'], unitCents: 450 });
  });

  it('takes an optional French name column: a style gets the first French name its rows give', () => {
    const reading = readGarmentsCsv(
      [
        'Style,Name,Name FR,Colour,Size,Price',
        'G5000,Gildan 5000 T-shirt,,Black,S,4.50',
        'G5000,Gildan 5000 T-shirt,T-shirt Gildan 5000,Black,M,4.50',
        'PC61,Port & Company Tee,,Navy,L,5.25',
      ].join('\n'),
    );
    expect(reading.ok && reading.garments.map((g) => [g.id, g.name, g.nameFr])).toEqual([
      ['G5000', 'Gildan 5000 T-shirt', 'T-shirt Gildan 5000'],
      ['PC61', 'Port & Company Tee', undefined],
    ]);
    expect(reading.ok && 'nameFr' in reading.garments[1]!).toBe(false);
    if (reading.ok) expect(readPriceList({ ...example, garments: reading.garments }).ok).toBe(true);
    // In French, and in any place.
    const french = readGarmentsCsv('Nom en français;Modèle;Nom;Couleur;Taille;Prix\nT-shirt;G5000;Tee;Noir;M;4,50\n');
    expect(french.ok && french.garments[0]).toMatchObject({ id: 'G5000', name: 'Tee', nameFr: 'T-shirt' });
    // A French name too long is refused like any cell.
    const long = readGarmentsCsv(
      `Style,Name,French name,Colour,Size,Price\nG5000,Tee,${'x'.repeat(201)},Black,M,4.50\n`,
    );
    expect(long.ok).toBe(false);
  });

  it('names the line of every bad row, in both languages, and uses nothing of the file', () => {
    const reading = readGarmentsCsv(
      [
        'style,name,colour,size,price',
        'G5000,Tee,Black,M,4.50',
        ',Tee,Black,L,4.50',
        'G5000,Tee,Black,XL,four',
        'G5000,Tee,White,M,4.75',
      ].join('\n'),
    );
    expect(reading.ok).toBe(false);
    if (reading.ok) return;
    expect(reading.errors.map((e) => e.en)).toEqual([
      'Line 3: the style is empty',
      'Line 4: "four" is not a price in dollars, such as 4.50',
    ]);
    expect(reading.errors[1]!.fr).toBe('Ligne 4\u00a0: «\u00a0four\u00a0» n’est pas un prix en dollars, comme 4,50');
    const conflicting = readGarmentsCsv('G5000,Tee,Black,M,4.50\nG5000,Tee,White,M,4.75\n');
    expect(!conflicting.ok && conflicting.errors[0]!.en).toBe(
      'Line 2: G5000 size M costs 4.75 here but 4.50 on line 1: one price per size',
    );
    expect(readGarmentsCsv('style,colour,size,price\nG5000,Black,M,4.50').ok).toBe(false);
    expect(readGarmentsCsv('')).toEqual({
      ok: false,
      errors: [{ en: 'The file has no rows.', fr: 'Le fichier n’a aucune ligne.' }],
    });
  });

  it('reads dollars into whole cents without floating point', () => {
    expect([readDollars('0.29'), readDollars('1.15'), readDollars('$1,204.00'), readDollars('4,5 $')]).toEqual([
      29, 115, 120_400, 450,
    ]);
    expect([readDollars('-1'), readDollars('1.234'), readDollars('')]).toEqual([null, null, null]);
  });
});
