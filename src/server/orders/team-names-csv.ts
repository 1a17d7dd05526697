// A layout's names-and-numbers list (docs/collections.md) as the CSV in the order's ZIP: one
// line per member, every cell quoted and guarded against spreadsheet formulas (http/csv-cells.ts),
// with a byte-order mark so a spreadsheet reads the accents as UTF-8.
import type { TeamName } from '../../shared/collections-api.js';
import { spreadsheetSafe } from '../http/csv-cells.js';

const quoted = (value: string) => `"${spreadsheetSafe(value).replace(/"/g, '""')}"`;

export function teamNamesCsv(names: readonly TeamName[]): string {
  const rows = [
    ['Name', 'Size', 'Name to print', 'Number to print'],
    ...names.map((n) => [n.name, n.size, n.printName, n.printNumber]),
  ];
  return '\ufeff' + rows.map((row) => row.map(quoted).join(',') + '\r\n').join('');
}

/** The CSV's name in the ZIP, beside the layout's own files (Layout_1_…). */
export const teamNamesFileName = (layout: string) => `Layout_${layout}_names_and_numbers.csv`;
