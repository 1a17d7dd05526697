// A table of the accountant's reports on the Accounts page (taxes, payments, the sales journal):
// its column heads and rows, or the sentence that the period has none.
import type { ReactNode } from 'react';
import { ColumnHeads, type Column } from '../../../components/column-heads.js';
import { useAccountsText } from './accounts-messages.js';

export function ReportTable({
  empty,
  columns,
  className,
  children,
}: {
  empty: boolean;
  columns: readonly (Column | false)[];
  className?: string;
  /** The body, and the foot when there are totals. */
  children: ReactNode;
}) {
  const { t } = useAccountsText();
  if (empty) return <p>{t.noRows}</p>;
  return (
    <div className="table-scroll">
      <table className={className}>
        <ColumnHeads columns={columns} />
        {children}
      </table>
    </div>
  );
}
