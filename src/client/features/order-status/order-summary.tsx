// The order as the shop received it, in the customer's language (the same words as their email).
import {
  addressLine,
  deadlineText,
  optionLines,
  personName,
  shippingText,
} from '../../../shared/order-presentation.js';
import { layoutSections } from '../../../shared/layout-lines.js';
import type { CustomerOrderView } from '../../../shared/quote-api.js';
import { useOrderStatusText } from './messages.js';

export function OrderSummary({ view }: { view: CustomerOrderView }) {
  const { t, language: lang } = useOrderStatusText();
  const doc = view.document;
  const first = doc.layouts['1'];
  const billing = first?.billing;
  return (
    <section className="card" aria-labelledby="h-order">
      <h2 id="h-order">{t.orderHeading}</h2>
      <dl className="summary-list">
        {billing && (
          <>
            <dt>{t.billing}</dt>
            <dd>
              {personName(billing)}
              {billing.companyName && `, ${billing.companyName}`}
              <br />
              {addressLine(billing)}
            </dd>
          </>
        )}
        <dt>{t.shipping}</dt>
        <dd>{shippingText(first?.shipping, lang)}</dd>
        <dt>{t.deadline}</dt>
        <dd>{deadlineText(first?.deadline, lang)}</dd>
        <dt>{t.options}</dt>
        <dd>{optionLines(doc, lang).join(' · ')}</dd>
        {first?.jobNotes && !view.record && (
          <>
            <dt>{t.notes}</dt>
            <dd className="pre">{first.jobNotes}</dd>
          </>
        )}
      </dl>
      {/* Until a quote replaces it, the record the confirmation carried (docs/decisions/018-a-record-in-the-confirmation.md). */}
      {(view.record?.[lang] ?? layoutSections(doc, lang).map((s) => ({ heading: s.title, lines: s.lines }))).map(
        (section, n) => (
          <div key={n}>
            <h3 id={`h-summary-section-${n}`}>{section.heading}</h3>
            <ul className="plain">
              {section.lines.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          </div>
        ),
      )}
    </section>
  );
}
