// The entries of a team's size collection as a table (docs/collections.md): the organiser's
// panel on the order form and My orders' show the same rows. Presentational: the caller gives
// its caption and column heads in the page's language, and, while entries are open, what removes
// one (the organiser's, for a duplicate or a mistake).
import type { RollUpEntry } from '../../shared/collections-api.js';
import './team-entries-table.css';

export interface TeamEntriesHeads {
  name: string;
  size: string;
  printName: string;
  printNumber: string;
}

export interface EntryRemoval {
  /** The column's head. */
  column: string;
  /** The button's text, and its accessible name for this entry. */
  text: string;
  label: (name: string) => string;
  onRemove: (entry: RollUpEntry) => void;
}

export function TeamEntriesTable({
  caption,
  entries,
  heads,
  removal,
}: {
  caption: string;
  entries: readonly RollUpEntry[];
  heads: TeamEntriesHeads;
  removal?: EntryRemoval | undefined;
}) {
  return (
    <div className="team-entries">
      <table className="team-entries-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{heads.name}</th>
            <th scope="col">{heads.size}</th>
            <th scope="col">{heads.printName}</th>
            <th scope="col">{heads.printNumber}</th>
            {removal && <th scope="col">{removal.column}</th>}
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id}>
              <td>
                <bdi>{e.name}</bdi>
              </td>
              <td>{e.size}</td>
              <td>
                <bdi>{e.printName}</bdi>
              </td>
              <td>{e.printNumber}</td>
              {removal && (
                <td>
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={removal.label(e.name)}
                    onClick={() => removal.onRemove(e)}
                  >
                    {removal.text}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
