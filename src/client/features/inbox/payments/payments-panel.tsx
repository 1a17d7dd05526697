// An order's invoices and payments in the inbox: the invoices and credit notes (PDFs), where the
// account stands, the payments with who recorded them, and the forms to record a payment or a
// refund and to credit an invoice. The server decides every amount and refusal; a refusal that
// asks for confirmation (a possible duplicate, more than the balance) offers "Record it anyway".
import { useCallback, useEffect, useState } from 'react';
import { accountHeadline } from '../../../../shared/invoices/account.js';
import type { CardPaymentsView, StaffAccountView } from '../../../../shared/invoices/invoice-api.js';
import { PAYMENT_METHODS } from '../../../../shared/invoices/payment-methods.js';
import { formatCents } from '../../../../shared/money.js';
import { ApiError } from '../../../shared/api-error.js';
import { formatDate } from '../../../shared/format.js';
import { inboxLinks } from '../api.js';
import { useInboxApi } from '../session.js';
import { CustomerStatement } from './customer-statement.js';
import { usePaymentsText } from './payments-messages.js';
import { VoidPayment } from './void-payment.js';
import { WriteOff } from './write-off.js';
import { RecordPayment } from './record-payment.js';
import { CreditNote } from './credit-note.js';
import { CardDetails } from './card-details.js';

export function PaymentsPanel({ orderId, onChanged }: { orderId: string; onChanged: () => void }) {
  const api = useInboxApi();
  const { t, language } = usePaymentsText();
  const [view, setView] = useState<StaffAccountView | null>(null);
  const [card, setCard] = useState<CardPaymentsView | null>(null);
  const [mayRefund, setMayRefund] = useState(false);
  const [loadError, setLoadError] = useState('');
  const [writtenOff, setWrittenOff] = useState('');
  const load = useCallback(
    () =>
      api.account(orderId).then(
        (v) => {
          setView(v);
          // Card payments (fee, refunds) only where there are any.
          if (v.payments.some((p) => p.method === 'card_stripe'))
            void api.cardPayments(orderId).then(setCard, () => setCard(null));
        },
        (err: unknown) => setLoadError(err instanceof ApiError ? err.messageIn(language) : String(err)),
      ),
    [api, orderId, language],
  );
  useEffect(() => {
    void api.moneyPermissions().then(
      (p) => setMayRefund(p.you.includes('refund')),
      () => setMayRefund(false),
    );
  }, [api]);
  useEffect(() => {
    void load();
  }, [load]);

  if (loadError)
    return (
      <p role="alert" className="form-error">
        {loadError}
      </p>
    );
  if (!view) return <p>{t.loading}</p>;
  const money = (cents: number) => formatCents(cents, language);
  const { account } = view;
  const changed = () => {
    void load();
    onChanged();
  };
  return (
    <section className="card" aria-labelledby="h-payments">
      <h2 id="h-payments">{t.heading}</h2>
      {view.invoices.length === 0 ? (
        <p>{t.noInvoice}</p>
      ) : (
        <>
          <p>
            <strong>{accountHeadline(account, language)}</strong>
          </p>
          <dl className="account-figures">
            {(
              [
                [t.invoiced, account.invoicedCents],
                [t.deposit, account.depositCents],
                [t.paid, account.paidCents],
                [t.balance, account.balanceCents],
                [t.dueNow, account.dueNowCents],
              ] as const
            ).map(([label, cents]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{money(cents)}</dd>
              </div>
            ))}
          </dl>
          <ul className="document-links">
            {view.invoices.map((i) => (
              <li key={i.id}>
                <a href={inboxLinks.invoicePdf(orderId, i.id)} download>
                  {i.kind === 'invoice' ? t.invoicePdf(i.number) : t.creditNotePdf(i.number, i.credits ?? '')}
                </a>{' '}
                <span className="muted small">
                  {i.issueDate}, {money(i.totalCents)}
                  {i.reason ? ` (${i.reason})` : ''}
                </span>
              </li>
            ))}
          </ul>
          {view.payments.length > 0 && (
            <>
              <h3>{t.payments}</h3>
              <ul className="document-links">
                {view.payments.map((p) => (
                  <li key={p.id}>
                    {t.paymentReceived(p.receivedOn, money(p.amountCents))} ·{' '}
                    {PAYMENT_METHODS[p.method].label[language]}
                    {p.reference ? ` ${p.reference}` : ''}
                    {p.reason ? ` (${p.reason})` : ''} ·{' '}
                    <a href={inboxLinks.receiptPdf(orderId, p.id)} download>
                      {t.receiptPdf(p.receiptNumber)}
                    </a>{' '}
                    <span className="muted small">
                      {t.recordedBy(p.recordedBy, formatDate(p.recordedAt, language))}
                    </span>{' '}
                    <CardDetails
                      orderId={orderId}
                      entry={card?.entries.find((e) => e.paymentId === p.id)}
                      refunds={card?.refunds.filter((r) => r.cardPaymentId === p.id && r.status !== 'succeeded') ?? []}
                      mayRefund={mayRefund && !p.voided && Boolean(card?.online)}
                      onRefunded={changed}
                    />{' '}
                    {p.voided ? (
                      <strong>{t.voidedLabel(p.voided.on, p.voided.by, p.voided.reason)}</strong>
                    ) : (
                      <VoidPayment
                        orderId={orderId}
                        paymentId={p.id}
                        receiptNumber={p.receiptNumber}
                        amount={money(p.amountCents)}
                        onVoided={changed}
                      />
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
          <RecordPayment orderId={orderId} view={view} onRecorded={changed} />
          {account.balanceCents > 0 && (
            <WriteOff
              orderId={orderId}
              amount={money(account.balanceCents)}
              onWrittenOff={(done) => {
                setWrittenOff(done);
                changed();
              }}
            />
          )}
          {writtenOff && <p role="status">{writtenOff}</p>}
          <CreditNote orderId={orderId} view={view} onIssued={changed} />
          <CustomerStatement orderId={orderId} />
        </>
      )}
    </section>
  );
}
