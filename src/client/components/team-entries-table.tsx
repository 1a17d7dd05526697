// The entries of a team's size collection as a table (docs/collections.md): the organiser's
// panel on the order form and My orders' show the same rows. Presentational: the caller gives
// its caption and column heads in the page's language.
import type { TeamName } from '../../shared/collections-api.js';
import './team-entries-table.css';

export interface TeamEntriesHeads {
  name: string;
  size: string;
  printName: string;
  printNumber: string;
}

export function TeamEntriesTable({
  caption,
  entries,
  heads,
}: {
  caption: string;
  entries: readonly TeamName[];
  heads: TeamEntriesHeads;
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
          </tr>
        </thead>
        <tbody>
          {entries.map((e, i) => (
            <tr key={i}>
              <td>{e.name}</td>
              <td>{e.size}</td>
              <td>{e.printName}</td>
              <td>{e.printNumber}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
