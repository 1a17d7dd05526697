// What happened to the order: its arrival, each status change (who, when, and the quote's or
// customer's note), and the state of every email about it.
import { labelled, statusLabel } from '../../../shared/order-presentation.js';
import { formatDate } from '../../shared/format.js';
import type { OrderDetail } from './api.js';
import { useInboxText } from './messages.js';

export function OrderHistory({
  receivedAt,
  history,
  mails,
}: {
  receivedAt: string;
  history: OrderDetail['history'];
  mails: OrderDetail['mails'];
}) {
  const { t, language } = useInboxText();
  const date = (iso: string) => formatDate(iso, language);
  return (
    <section className="card no-print" aria-labelledby="h-history">
      <h2 id="h-history">{t.order.history}</h2>
      <ol className="history">
        <li>{t.order.receivedAs(date(receivedAt), statusLabel('new', language))}</li>
        {history.map((h, i) => (
          <li key={i}>
            {h.from_status === h.to_status
              ? t.order.eventBy(date(h.changed_at), h.changed_by)
              : t.order.statusChange(
                  date(h.changed_at),
                  statusLabel(h.from_status, language),
                  statusLabel(h.to_status, language),
                  h.changed_by,
                )}
            {(h.event || h.note) && (
              <>
                <br />
                <span className="history-note">{h.event ? t.order.historyEvent(h.event) : h.note}</span>
              </>
            )}
          </li>
        ))}
      </ol>
      <h3>{t.order.emails}</h3>
      <ul className="plain">
        {mails.map((m, i) => (
          <li key={i}>
            {labelled(
              t.order.mailTo(t.order.mailKind(m.kind), m.recipient),
              m.status === 'sent'
                ? t.order.mailSent(m.sent_at ? date(m.sent_at) : '')
                : m.status === 'failed'
                  ? t.order.mailFailed(m.attempts, m.last_error ?? '')
                  : t.order.mailWaiting(m.attempts, m.last_error ?? ''),
              language,
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
