// GOV.UK's error summary: at the top of the form, focused when it appears, one link per
// refused field that moves focus to it; a message with no field to go to is plain text.
import type { Ref } from 'react';
import { fieldId } from './field-errors.js';

interface SummaryItem {
  /** The field's path; absent when there is no field to go to. */
  path?: string;
  summary: string;
}

export function ErrorSummary({
  title,
  items,
  onFollow,
  ref,
}: {
  title: string;
  items: readonly SummaryItem[];
  /** Brings the field into view (it may sit in a closed panel) and focuses it. */
  onFollow: (path: string) => void;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div className="error-summary" role="region" aria-labelledby="error-summary-title" tabIndex={-1} ref={ref}>
      <h2 id="error-summary-title" className="error-summary-title">
        {title}
      </h2>
      <ul className="error-summary-list">
        {items.map(({ path, summary }) =>
          path === undefined ? (
            <li key={`message:${summary}`}>{summary}</li>
          ) : (
            <li key={path}>
              <a
                href={`#${fieldId(path)}`}
                onClick={(event) => {
                  event.preventDefault();
                  onFollow(path);
                }}
              >
                {summary}
              </a>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
