// The head of a data table: one <th scope="col"> per column, so every column is named for a
// screen reader by construction; a column of amounts is right-aligned like its cells ("num").
import type { ReactNode } from 'react';

/** A column: its label, or its label with a key of its own (a label that is not a string) and "num". */
export type Column = string | { key: string; label: ReactNode; num?: boolean };

/** A column of amounts, headed by `label`. */
export const numColumn = (label: string, key: string = label): Column => ({ key, label, num: true });

/** `false` leaves a column out (one shown only to some readers). */
export function ColumnHeads({ columns }: { columns: readonly (Column | false)[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) =>
          column === false ? null : typeof column === 'string' ? (
            <th key={column} scope="col">
              {column}
            </th>
          ) : (
            <th key={column.key} scope="col" className={column.num ? 'num' : undefined}>
              {column.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
