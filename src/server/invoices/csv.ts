// The accountant's CSV files. Amounts are numbers a spreadsheet adds up: plain decimals, unquoted,
// a refund written -20.00. Only text cells go through the spreadsheet guard (http/csv-cells.ts),
// which neutralises a formula start with an apostrophe and would turn -20.00 into the text
// '-20.00 (a column that no longer sums). Text is always quoted; numbers never are.
import { attachmentDisposition } from '../http/downloads.js';
import { spreadsheetSafe } from '../http/csv-cells.js';
import type { FastifyReply } from 'fastify';

/** An amount in cents, written as dollars. */
export interface Money {
  cents: number;
}
export const money = (cents: number): Money => ({ cents });

/** Text (guarded and quoted), money, or a count or quantity (a plain number). */
export type Cell = string | Money | number;

/** Plain decimal dollars ("1234.56", "-20.00"), never the formatted text. */
export function decimal(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function cell(value: Cell): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Not a number a spreadsheet can read: ${value}`);
    return String(value);
  }
  if (typeof value === 'object') return decimal(value.cents);
  return `"${spreadsheetSafe(value).replace(/"/g, '""')}"`;
}

/** One line a row, ended by "\n" as the orders' export writes them (csv-stringify's default). */
export function csvOf(rows: readonly (readonly Cell[])[]): string {
  return rows.map((row) => row.map(cell).join(',') + '\n').join('');
}

export function csvReply(reply: FastifyReply, name: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachmentDisposition(name))
    .send(csv);
}
