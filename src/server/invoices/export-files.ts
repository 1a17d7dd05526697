// QuickBooks Online imports at most 100 invoices a file (docs/accounting-exports.md): a period
// with more is sent as a zip of numbered files, each document whole in one of them, in the order
// of the journal. One file is sent as it always was.
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { csvOf, type Cell } from './csv.js';

export const QUICKBOOKS_DOCUMENTS_PER_FILE = 100;

/** The entries in runs of at most `per`, in order. */
export function inRunsOf<T>(entries: readonly T[], per: number): T[][] {
  const runs: T[][] = [];
  for (let i = 0; i < entries.length; i += per) runs.push(entries.slice(i, i + per));
  return runs.length === 0 ? [[]] : runs;
}

export type ExportFiles =
  { kind: 'csv'; name: string; csv: string } | { kind: 'zip'; name: string; files: { name: string; csv: string }[] };

/** `name`.csv with every document, or `name`.zip of `name`-1-of-N.csv … when there are more than `per`. */
export function exportFiles<T>(
  name: string,
  entries: readonly T[],
  rowsOf: (run: readonly T[]) => Cell[][],
  per = QUICKBOOKS_DOCUMENTS_PER_FILE,
): ExportFiles {
  const runs = inRunsOf(entries, per);
  if (runs.length === 1) return { kind: 'csv', name: `${name}.csv`, csv: csvOf(rowsOf(runs[0]!)) };
  return {
    kind: 'zip',
    name: `${name}.zip`,
    files: runs.map((run, i) => ({ name: `${name}-${i + 1}-of-${runs.length}.csv`, csv: csvOf(rowsOf(run)) })),
  };
}

export function zipOf(files: readonly { name: string; csv: string }[]): Readable {
  const zip = new yazl.ZipFile();
  for (const f of files) zip.addBuffer(Buffer.from(f.csv, 'utf8'), f.name);
  zip.end();
  return zip.outputStream as Readable;
}
