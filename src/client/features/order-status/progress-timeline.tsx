// Where the order stands: the customer's steps from Received to Completed, the current one
// marked for screen readers too, with the date each was reached; then each decoration's stage on
// the floor in words once the order is a job (docs/production.md).
import { CUSTOMER_STEPS } from '../../../shared/constants.js';
import type { CustomerOrderView } from '../../../shared/quote-api.js';
import { formatDate } from '../../shared/format.js';
import { imprintPlaceName } from '../../../shared/order-presentation.js';
import { useOrderStatusText } from './messages.js';

export function ProgressTimeline({ view }: { view: CustomerOrderView }) {
  const { t, language: lang } = useOrderStatusText();
  const at = CUSTOMER_STEPS.findIndex((step) => step === view.status);
  return (
    <section className="card" aria-labelledby="h-progress">
      <h2 id="h-progress">{t.progress}</h2>
      {view.status === 'cancelled' && <p className="status-note">{t.cancelled}</p>}
      <ol className="timeline">
        {CUSTOMER_STEPS.map((step, i) => {
          const reached = at >= 0 && i <= at;
          const date = view.steps[step];
          return (
            <li
              key={step}
              className={i === at ? 'timeline-current' : reached ? 'timeline-done' : undefined}
              aria-current={i === at ? 'step' : undefined}
            >
              <span className="timeline-label">{t.steps[step]}</span>
              {reached && <span className="visually-hidden"> ({i === at ? t.current : t.done})</span>}
              {reached && date && <span className="muted small"> {formatDate(date, lang, 'long', view.timeZone)}</span>}
            </li>
          );
        })}
      </ol>
      {view.floor.length > 0 && (
        <>
          <h3 id="h-floor">{t.floorHeading}</h3>
          <ul className="floor-stages" aria-labelledby="h-floor">
            {view.floor.map((d) => (
              <li key={`${d.layout}-${d.location}-${d.method}`}>
                {t.floorLine(imprintPlaceName(d.location, lang), d.method, d.phase)}
              </li>
            ))}
          </ul>
        </>
      )}
      {view.fulfilment && (
        <p className="status-note" role="note">
          {view.fulfilment === 'pickup' ? t.readyPickup : t.readyShipping}
        </p>
      )}
    </section>
  );
}
