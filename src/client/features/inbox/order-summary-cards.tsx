// The order's billing, shipping, deadline and options, each on a card (and on the printed work order).
import {
  addressLine,
  deadlineText,
  optionLines,
  personName,
  shippingText,
} from '../../../shared/order-presentation.js';
import type { OrderDetail } from './api.js';
import { useInboxText } from './messages.js';

export function OrderSummaryCards({ doc }: { doc: OrderDetail['document'] }) {
  const { t, language } = useInboxText();
  const first = doc.layouts['1'];
  const billing = first?.billing;
  const shipping = first?.shipping;
  return (
    <div className="order-grid">
      <section className="card" aria-labelledby="h-customer">
        <h2 id="h-customer">{t.order.billing}</h2>
        {billing && (
          <address>
            {personName(billing)}
            {billing.companyName && <>, {billing.companyName}</>}
            <br />
            {addressLine(billing)}
            <br />
            {billing.phone} · <a href={`mailto:${billing.email}`}>{billing.email}</a>
          </address>
        )}
      </section>
      <section className="card" aria-labelledby="h-shipping">
        <h2 id="h-shipping">{t.order.shipping}</h2>
        <p>{shippingText(shipping, language)}</p>
      </section>
      <section className="card" aria-labelledby="h-deadline">
        <h2 id="h-deadline">{t.order.deadline}</h2>
        <p>
          {first?.deadline?.hasCriticalDeadline ? (
            <span className="badge badge-rush">{t.order.rush(first.deadline.date)}</span>
          ) : (
            deadlineText(first?.deadline, language)
          )}
        </p>
      </section>
      <section className="card" aria-labelledby="h-options">
        <h2 id="h-options">{t.order.options}</h2>
        <ul className="plain">
          {optionLines(doc, language).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
