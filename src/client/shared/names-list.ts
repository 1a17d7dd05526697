// A layout's names-and-numbers list as one text a line a person ("name, size, name to print,
// number"), as the inbox's "Edit order" and the customer's "Change my order" show it
// (docs/product.md, "Changing an order"). The server checks each line with the submission's
// schema; a refusal names `layouts.<n>.teamNames.<line>.<field>`, read here as the list's field.
import type { OrderLayout } from '../../shared/order.js';

type TeamName = NonNullable<OrderLayout['teamNames']>[number];
export type NameField = keyof TeamName;

/** The list as the field shows it: one person a line. */
export const namesText = (names: OrderLayout['teamNames']): string =>
  (names ?? []).map((n) => [n.name, n.size, n.printName, n.printNumber].join(', ')).join('\n');

/** The typed list, a person a line; empty lines are left out. */
export function namesOf(text: string): TeamName[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [name = '', size = '', printName = '', printNumber = ''] = line.split(',').map((p) => p.trim());
      return { name, size, printName, printNumber };
    });
}

/** The list's own path and the typed line (from 1) and part of a refused names-list path; null for any other path. */
export function namesFieldOf(path: string): { list: string; line: number; field: NameField } | null {
  const match = /^(layouts\.\d+\.teamNames)\.(\d+)\.(name|size|printName|printNumber)$/.exec(path);
  return match ? { list: match[1]!, line: Number(match[2]) + 1, field: match[3] as NameField } : null;
}
