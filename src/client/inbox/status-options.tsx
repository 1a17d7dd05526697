import { ORDER_STATUSES } from '../../shared/constants.js';

/** The workflow's statuses as <option>s, in order. */
export function StatusOptions() {
  return (
    <>
      {ORDER_STATUSES.map((s) => (
        <option key={s.value} value={s.value}>
          {s.label}
        </option>
      ))}
    </>
  );
}
