// A card payment's fee, pending refunds and Refund form, in the order's Payments panel (docs/payments.md).
import { useId, useState, type FormEvent } from 'react';
import { amountFlagText } from '../../../../shared/invoices/card-flag.js';
import type { CardEntryView, CardRefundView } from '../../../../shared/invoices/invoice-api.js';
import { formatCents } from '../../../../shared/money.js';
import { ApiError } from '../../../shared/api-error.js';
import { useInboxApi } from '../session.js';
import { usePaymentsText } from './payments-messages.js';
import { InputField, ReasonField } from './form-parts.js';

/**
 * Beside a card payment (docs/payments.md): the provider's fee and what reached the bank, what a
 * clerk should check, refunds still pending or refused at the provider, and for whoever may
 * refund, the Refund form (amount, by default what is left of the payment, and a reason). The
 * provider's refusal is shown beside the form in its own words.
 */
export function CardDetails({
  orderId,
  entry,
  refunds,
  mayRefund,
  onRefunded,
}: {
  orderId: string;
  entry: CardEntryView | undefined;
  refunds: CardRefundView[];
  mayRefund: boolean;
  onRefunded: () => void;
}) {
  const { t, language } = usePaymentsText();
  if (!entry) return null;
  const money = (cents: number) => formatCents(cents, language);
  return (
    <>
      {entry.feeCents !== null && entry.netCents !== null && (
        <span className="muted small">{t.cardFee(money(entry.feeCents), money(entry.netCents))}</span>
      )}
      {entry.surchargeCents > 0 && (
        <span className="muted small">
          {t.cardSurcharge(money(entry.surchargeCents), money(entry.amountCents + entry.surchargeCents))}
        </span>
      )}
      {entry.surchargeCents < 0 && (
        <span className="muted small">
          {t.cardSurchargeBack(money(-entry.surchargeCents), money(Math.abs(entry.amountCents + entry.surchargeCents)))}
        </span>
      )}
      {entry.flag && <strong className="form-error">{amountFlagText(entry.flag, language)}</strong>}
      {refunds.map((r) => (
        <p key={r.refundRef} className={r.status === 'pending' ? 'muted small' : 'form-error'}>
          {r.status === 'failed'
            ? t.refundFailed(money(r.amountCents), r.refundRef, r.failure)
            : r.status === 'unrecorded'
              ? t.refundUnrecorded(money(r.amountCents), r.refundRef)
              : t.refundPending(money(r.amountCents), r.refundRef, r.requestedBy)}
        </p>
      ))}
      {mayRefund && entry.kind === 'payment' && entry.refundableCents > 0 && (
        <RefundCard orderId={orderId} entry={entry} onRefunded={onRefunded} />
      )}
    </>
  );
}

function RefundCard({ orderId, entry, onRefunded }: { orderId: string; entry: CardEntryView; onRefunded: () => void }) {
  const api = useInboxApi();
  const { t, language } = usePaymentsText();
  const id = useId();
  const [amount, setAmount] = useState(() => (entry.refundableCents / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setDone('');
    try {
      const result = await api.refundCard(orderId, entry.paymentId, { amount, reason });
      setRefusal(null);
      setReason('');
      setDone(result.status === 'pending' ? t.refundAskedPending : t.refundRecorded);
      onRefunded();
    } catch (err) {
      if (err instanceof ApiError) setRefusal(err);
      else throw err;
    } finally {
      setSaving(false);
    }
  };
  // The provider's refusal belongs to the whole form; the others to their field.
  const providerRefusal = refusal?.code === 'refund_refused' ? refusal.messageIn(language) : '';
  const errorOf = (field: string) =>
    refusal && !providerRefusal && refusal.fields.includes(field) ? refusal.messageIn(language) : '';
  const otherError =
    refusal && !providerRefusal && !refusal.fields.some((f) => f === 'amount' || f === 'reason')
      ? refusal.messageIn(language)
      : '';
  return (
    <details className="credit-note">
      <summary>{t.refundOpen(entry.receiptNumber)}</summary>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <fieldset>
          <legend>{t.refundLegend(entry.providerRef)}</legend>
          <InputField
            id={`${id}-amount`}
            label={t.refundAmount}
            hint={
              entry.surchargeCents > 0
                ? `${t.refundAmountHint(formatCents(entry.refundableCents, language))} ${t.refundSurchargeHint}`
                : t.refundAmountHint(formatCents(entry.refundableCents, language))
            }
            type="text"
            inputMode="decimal"
            value={amount}
            error={errorOf('amount')}
            onChange={(e) => setAmount(e.target.value)}
          />
          <ReasonField
            formId={id}
            label={t.refundReason}
            value={reason}
            onChange={setReason}
            error={errorOf('reason')}
          />
          {(providerRefusal || otherError) && (
            <p role="alert" className="form-error">
              {providerRefusal || otherError}
            </p>
          )}
          <button type="submit" className="button button-danger" disabled={saving}>
            {saving ? t.refundSaving : t.refundSubmit}
          </button>
          {done && <p role="status">{done}</p>}
        </fieldset>
      </form>
    </details>
  );
}
