// Where the order stands: the customer's steps from Received to Completed, the current one
// marked for screen readers too, with the date each was reached.
import { CUSTOMER_STEPS } from '../../../shared/constants.js';
import type { CustomerOrderView } from '../../../shared/quote-api.js';
import { formatDate } from '../../shared/format.js';
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
              {reached && date && <span className="muted small"> {formatDate(date, lang, 'long')}</span>}
            </li>
          );
        })}
      </ol>
      {view.fulfilment && (
        <p className="status-note" role="note">
          {view.fulfilment === 'pickup' ? t.readyPickup : t.readyShipping}
        </p>
      )}
    </section>
  );
}
