// One order in My orders: what its own page shows, in short (docs/portal.md): status, the quote
// in force or the estimate seen on the form, proofs, invoices and receipts, what is due now and
// how to pay, and the link to the order's page. Every amount comes from the server's view.
import type { PortalOrder } from '../../../shared/portal-api.js';
import { accountHeadline } from '../../../shared/invoices/account.js';
import { formatCents } from '../../../shared/money.js';
import { statusLabel } from '../../../shared/order-presentation.js';
import { formatDate } from '../../shared/format.js';
import { HowToPay } from '../../components/how-to-pay.js';
import { PayOnlineButton } from '../../components/pay-online.js';
import { portalApi } from './api.js';
import { MessageThread } from './message-thread.js';
import { usePortalText } from './messages.js';
import { TeamSizes } from './team-sizes.js';

export function OrderCard({ order, onChanged }: { order: PortalOrder; onChanged: () => void }) {
  const { t, language } = usePortalText();
  const { view, estimate } = order;
  const money = (cents: number) => formatCents(cents, language);
  const headingId = `order-${order.id}`;
  const links = portalApi.links;
  // Waiting for approval, the order's page (where the quote is approved) is the one filled button.
  const awaitingApproval = view.status === 'quoted';
  return (
    <section className="card portal-order" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.orderHeading(view.reference)}</h2>
      <p className="muted">{t.received(formatDate(view.createdAt, language, 'long', view.timeZone))}</p>
      <p>{t.status(statusLabel(view.status, language))}</p>
      {view.changedVersion !== null && (
        <p className="notice">{t.orderChanged(view.changedVersion, view.changedBy ?? 'shop')}</p>
      )}
      <p>
        {view.quote
          ? t.quote(view.quote.version, money(view.quote.quote.totalCents))
          : estimate
            ? view.status === 'new'
              ? t.estimate(money(estimate.totalCents))
              : t.estimateOnly(money(estimate.totalCents))
            : view.status === 'new'
              ? t.noQuote
              : t.noQuoteSent}
      </p>
      {view.proofs.length > 0 && <p>{t.proofs(view.proofs.length)}</p>}
      {view.account && (
        <>
          <p className="amount-due">{accountHeadline(view.account.account, language)}</p>
          <ul className="document-links">
            {view.account.invoices.map((i) => (
              <li key={i.id}>
                <a href={links.invoice(order.id, i.id)} download>
                  {i.kind === 'invoice' ? t.invoiceLink(i.number) : t.creditNoteLink(i.number)}
                </a>
              </li>
            ))}
            {view.account.payments.map((p) => (
              <li key={p.id}>
                <a href={links.receipt(order.id, p.id)} download>
                  {t.receiptLink(p.receiptNumber)}
                </a>
              </li>
            ))}
          </ul>
          {view.account.payOnline && (
            <PayOnlineButton
              charge={view.account.payOnline}
              start={() => portalApi.pay(order.id)}
              label={t.payOrder(money(view.account.payOnline.totalCents), view.reference)}
            />
          )}
          <HowToPay heading={t.howToPay} ways={view.account.howToPay} />
        </>
      )}
      <TeamSizes orderId={order.id} status={view.status} onOrderChanged={onChanged} />
      <MessageThread orderId={order.id} timeZone={view.timeZone} />
      {/* A plain GET form: the order form reads ?reorder= and loads "Order again" (docs/portal.md). */}
      <form className="portal-order-again" action="/" method="get">
        <input type="hidden" name="reorder" value={order.id} />
        <div className="check">
          <input id={`keep-sizes-${order.id}`} type="checkbox" name="sizes" value="keep" />
          <label htmlFor={`keep-sizes-${order.id}`}>{t.keepSizes}</label>
        </div>
        <p className="muted" id={`order-again-hint-${order.id}`}>
          {t.orderAgainHint}
        </p>
        <button
          type="submit"
          className={awaitingApproval ? 'button button-secondary' : 'button button-primary'}
          aria-label={t.orderAgainLabel(view.reference)}
          aria-describedby={`order-again-hint-${order.id}`}
        >
          {t.orderAgain}
        </button>
      </form>
      <p>
        <a
          className={awaitingApproval ? 'button button-primary' : 'button button-secondary'}
          href={links.orderPage(order.id)}
        >
          {t.openOrder(view.reference)}
        </a>
      </p>
    </section>
  );
}
