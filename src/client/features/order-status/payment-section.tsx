// The customer's invoices and what they owe: the invoice PDFs, what is due now (the deposit,
// then the balance once due), how to pay it with the exact message to write, and the receipts.
import type { CustomerAccountView } from '../../../shared/invoices/invoice-api.js';
import { accountHeadline } from '../../../shared/invoices/account.js';
import { formatCents } from '../../../shared/money.js';
import type { OrderStatusApi } from './api.js';
import { useOrderStatusText } from './messages.js';
import { HowToPay } from '../../components/how-to-pay.js';
import { CheckoutProgress, PayOnlineButton } from '../../components/pay-online.js';
import { useCallback } from 'react';

export function PaymentSection({
  account: view,
  api,
  checkoutId,
  payFocus,
  onSettled,
}: {
  account: CustomerAccountView;
  api: OrderStatusApi;
  /** Back from the provider's page: the checkout whose payment this page follows. */
  checkoutId: string | null;
  /** Opened from the invoice mail's Pay link. */
  payFocus: boolean;
  /** The checkout was recorded (or failed): load the account anew. */
  onSettled: () => void;
}) {
  const links = api.links;
  const checkoutState = useCallback(() => api.checkoutState(checkoutId ?? ''), [api, checkoutId]);
  const { t, language } = useOrderStatusText();
  const money = (cents: number) => formatCents(cents, language);
  const { account } = view;
  return (
    <section className="card" aria-labelledby="h-payment">
      <h2 id="h-payment">{t.paymentTitle}</h2>
      <ul className="document-links">
        {view.invoices.map((i) => (
          <li key={i.id}>
            <a href={links.invoice(i.id)} download>
              {i.kind === 'invoice' ? t.invoiceLink(i.number) : t.creditNoteLink(i.number, i.credits ?? '')}
            </a>{' '}
            <span className="muted small">
              {t.issued(i.issueDate)}, {money(i.totalCents)}
            </span>
          </li>
        ))}
      </ul>
      <p className="amount-due">{accountHeadline(account, language)}</p>
      {account.state === 'deposit_paid' && <p>{t.depositPaidNote}</p>}
      <p className="muted small">
        {t.invoiced(money(account.invoicedCents))} · {t.paid(money(account.paidCents))}
        {account.state !== 'cancelled' && account.state !== 'credited' && (
          <>
            {' '}
            · {t.balance(money(Math.max(0, account.balanceCents)))}. {view.balanceDueText}
          </>
        )}
      </p>
      {checkoutId && <CheckoutProgress state={checkoutState} onSettled={onSettled} />}
      {view.payOnline && <PayOnlineButton id="pay" charge={view.payOnline} start={api.pay} focus={payFocus} />}
      <HowToPay heading={t.howToPay} ways={view.howToPay} />
      {view.payments.length > 0 && (
        <>
          <h3>{t.paymentsHeading}</h3>
          <ul className="document-links">
            {view.payments.map((p) => (
              <li key={p.id}>
                {t.paymentReceived(p.receivedOn, money(Math.abs(p.amountCents)))}
                {p.amountCents < 0 ? ` (${t.refund})` : ''} ·{' '}
                <a href={links.receipt(p.id)} download>
                  {t.receiptLink(p.receiptNumber)}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
