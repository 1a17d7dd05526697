// Voiding a payment recorded in error, from the order's Payments panel (docs/payments.md).
import { useInboxApi } from '../session.js';
import { ConfirmWithReason } from './confirm-with-reason.js';
import { usePaymentsText } from './payments-messages.js';

/** A payment recorded in error: voided with a reason, after a dialog that says what it does. */
export function VoidPayment({
  orderId,
  paymentId,
  receiptNumber,
  amount,
  onVoided,
}: {
  orderId: string;
  paymentId: string;
  receiptNumber: string;
  amount: string;
  onVoided: () => void;
}) {
  const api = useInboxApi();
  const { t } = usePaymentsText();
  return (
    <ConfirmWithReason
      text={{
        open: t.voidOpen(receiptNumber),
        heading: t.voidHeading(receiptNumber),
        what: t.voidWhat(amount),
        reasonLabel: t.voidReason,
        submit: t.voidSubmit,
        cancel: t.voidCancel,
      }}
      onConfirm={async (reason) => {
        await api.voidPayment(orderId, paymentId, reason);
        onVoided();
      }}
    />
  );
}
