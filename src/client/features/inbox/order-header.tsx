// The order's heading and what a clerk does with it: move its status, download all its files,
// print the work order (on paper, the status is written instead of the controls).
import type { OrderStatus } from '../../../shared/constants.js';
import { labelled, statusLabel } from '../../../shared/order-presentation.js';
import { formatDate } from '../../shared/format.js';
import { inboxLinks, type OrderDetail } from './api.js';
import { useInboxText } from './messages.js';
import { StatusOptions } from './status-options.js';

export function OrderHeader({
  order,
  saving,
  onStatusChange,
}: {
  order: OrderDetail['order'];
  /** A status change is on its way to the server. */
  saving: boolean;
  onStatusChange: (status: OrderStatus) => void;
}) {
  const { t, language } = useInboxText();
  return (
    <header className="order-head">
      <div>
        <h1>{t.order.heading(order.reference)}</h1>
        <p className="muted">{t.order.received(formatDate(order.created_at, language))}</p>
        {order.reorder_of_reference && <p>{t.list.reorderOf(order.reorder_of_reference)}</p>}
        {order.is_test && (
          <p className="inbox-notice">
            <span className="badge badge-test">{t.list.test}</span> {t.order.testOrder}
          </p>
        )}
      </div>
      <div className="order-actions no-print">
        <div className="field">
          <label htmlFor="order-status">{t.order.status}</label>
          <select
            id="order-status"
            value={order.status}
            disabled={saving}
            onChange={(e) => onStatusChange(e.target.value as OrderStatus)}
          >
            <StatusOptions />
          </select>
        </div>
        <a className="button button-primary" href={inboxLinks.allFiles(order.id)} download>
          {t.order.downloadAll}
        </a>
        <button type="button" className="button button-secondary" onClick={() => window.print()}>
          {t.order.print}
        </button>
      </div>
      <p className="print-only">{labelled(t.order.status, statusLabel(order.status, language), language)}</p>
    </header>
  );
}
