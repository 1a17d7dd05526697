// Writing off an order's unpaid balance as a bad debt, from its Payments panel
// (docs/accounts.md, "Write-offs").
import { formatCents } from '../../../../shared/money.js';
import { useInboxApi } from '../session.js';
import { ConfirmWithReason } from './confirm-with-reason.js';
import { usePaymentsText } from './payments-messages.js';

/** A balance the customer will not pay, written off as a bad debt after a dialog that says what it does. */
export function WriteOff({
  orderId,
  amount,
  onWrittenOff,
}: {
  orderId: string;
  amount: string;
  /** Told what was written off: the panel shows it, since this button goes once nothing is owed. */
  onWrittenOff: (done: string) => void;
}) {
  const api = useInboxApi();
  const { t, language } = usePaymentsText();
  return (
    <ConfirmWithReason
      text={{
        open: t.writeOffOpen(amount),
        heading: t.writeOffHeading,
        what: t.writeOffWhat(amount),
        reasonLabel: t.writeOffReason,
        submit: t.writeOffSubmit,
        cancel: t.writeOffCancel,
      }}
      onConfirm={async (reason) => {
        const written = await api.writeOff(orderId, reason);
        onWrittenOff(
          t.writeOffDone(formatCents(written.totalCents, language), formatCents(written.taxCents, language)),
        );
      }}
    />
  );
}
