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
  showPrint = true,
}: {
  caption: string;
  entries: readonly RollUpEntry[];
  heads: TeamEntriesHeads;
  removal?: EntryRemoval | undefined;
  /** The name and number columns: only when members were asked for them. */
  showPrint?: boolean | undefined;
}) {
  // Its own scrolling box, so a narrow screen never clips a column (team-entries-table.css); a
  // box that may scroll is reached by keyboard (WCAG 2.1.1, axe's scrollable-region-focusable).
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus
    <div className="team-entries" role="region" aria-label={caption} tabIndex={0}>
      <table className="team-entries-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{heads.name}</th>
            <th scope="col">{heads.size}</th>
            {showPrint && <th scope="col">{heads.printName}</th>}
            {showPrint && <th scope="col">{heads.printNumber}</th>}
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
              {showPrint && (
                <td>
                  <bdi>{e.printName}</bdi>
                </td>
              )}
              {showPrint && <td>{e.printNumber}</td>}
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
