// The inbox's list of orders, newest first: search, status, payment and "needs attention" filters,
// pages, CSV export of what is shown; each order flagged with what needs the clerk (order-flags.ts),
// with its pieces and the amount due now, both as the server counts them. The query lives in the
// address bar (use-order-list.ts), so a reload or a shared link keeps it.
import { useState } from 'react';
import { ORDER_WORDS, statusLabel } from '../../../shared/order-presentation.js';
import { inboxLinks } from './api.js';
import { formatDate, formatNumber } from '../../shared/format.js';
import { ColumnHeads } from '../../components/column-heads.js';
import { errorText, useInboxText } from './messages.js';
import { navigateOnClick } from './navigation.js';
import { StatusOptions } from './status-options.js';
import { PAYMENT_STATE_LABELS, PAYMENT_STATES } from '../../../shared/invoices/account.js';
import { usePaymentsText } from './payments/payments-messages.js';
import { useOrderList } from './use-order-list.js';
import { ORDER_FLAGS } from '../../../shared/order-flags.js';
import { formatCents } from '../../../shared/money.js';
import { flagWords } from './order-flags.js';

export function OrderList() {
  const { query, setQuery, list, error } = useOrderList();
  const [search, setSearch] = useState(query.q);
  const { t, language } = useInboxText();
  const { t: pay } = usePaymentsText();

  const pages = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;

  return (
    <>
      <div className="inbox-toolbar">
        <h1>{t.list.heading}</h1>
        <a className="button button-secondary" href={inboxLinks.exportCsv(query)} download>
          {t.list.exportCsv}
        </a>
      </div>
      <form
        className="inbox-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery({ ...query, q: search.trim(), page: 1 });
        }}
      >
        <div className="field">
          <label htmlFor="order-search">{t.list.search}</label>
          <input id="order-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="order-status-filter">{t.list.filter}</label>
          <select
            id="order-status-filter"
            value={query.status}
            onChange={(e) => setQuery({ ...query, status: e.target.value, page: 1 })}
          >
            <option value="">{t.list.allStatuses}</option>
            <StatusOptions />
          </select>
        </div>
        <div className="field">
          <label htmlFor="order-payment-filter">{pay.filter}</label>
          <select
            id="order-payment-filter"
            value={query.payment ?? ''}
            onChange={(e) => setQuery({ ...query, payment: e.target.value, page: 1 })}
          >
            <option value="">{pay.anyPayment}</option>
            {PAYMENT_STATES.map((state) => (
              <option key={state} value={state}>
                {PAYMENT_STATE_LABELS[state][language]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="order-flag-filter">{t.list.needs}</label>
          <select
            id="order-flag-filter"
            value={query.flag ?? ''}
            onChange={(e) => setQuery({ ...query, flag: e.target.value, page: 1 })}
          >
            <option value="">{t.list.anything}</option>
            {ORDER_FLAGS.map((flag) => (
              <option key={flag} value={flag}>
                {t.list.flagFilter[flag]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-primary">
          {t.list.submitSearch}
        </button>
      </form>
      {error !== null && (
        <p role="alert" className="form-error">
          {errorText(error, t)}
        </p>
      )}
      {list && (
        <>
          <p className="muted" role="status">
            {t.list.count(list.total, formatNumber(list.total, language))}
          </p>
          {list.orders.length === 0 && (
            <p>{query.q || query.status || query.payment || query.flag ? t.list.noMatch : t.list.none}</p>
          )}
          <div className="table-wrap">
            <table className="orders-table">
              <ColumnHeads
                columns={[
                  t.list.reference,
                  t.list.received,
                  t.list.customer,
                  t.list.deadline,
                  t.list.status,
                  t.list.pieces,
                  pay.state,
                  t.list.amountDue,
                  t.list.files,
                  t.list.email,
                ]}
              />
              <tbody>
                {list.orders.map((o) => (
                  <tr key={o.id}>
                    <td>
                      <a href={`/inbox/orders/${o.id}`} onClick={navigateOnClick(`/inbox/orders/${o.id}`)}>
                        {o.reference}
                      </a>
                      {o.is_test && <span className="badge badge-test">{t.list.test}</span>}
                      {o.reorder_of_reference && (
                        <span className="muted small block">{t.list.reorderOf(o.reorder_of_reference)}</span>
                      )}
                      {flagWords(o.flags, t.list).map((words) => (
                        <span key={words} className="badge badge-unread block">
                          {words}
                        </span>
                      ))}
                    </td>
                    <td>{formatDate(o.created_at, language)}</td>
                    <td>
                      {o.customer_name}
                      {o.company_name && <span className="muted small block">{o.company_name}</span>}
                      <span className="muted small block">{o.customer_email}</span>
                    </td>
                    <td>
                      {o.has_critical_deadline ? (
                        <span className="badge badge-rush">{t.list.rush(o.deadline_date ?? '')}</span>
                      ) : (
                        ORDER_WORDS[language].standardTurnaround
                      )}
                    </td>
                    <td>
                      <span className={`badge badge-${o.status}`}>{statusLabel(o.status, language)}</span>
                    </td>
                    <td>
                      {o.pieces === null || o.pieces === undefined ? (
                        <span className="muted">{t.list.notKnown}</span>
                      ) : (
                        formatNumber(o.pieces, language)
                      )}
                    </td>
                    <td>{o.payment_state ? PAYMENT_STATE_LABELS[o.payment_state][language] : ''}</td>
                    <td>
                      {o.amount_due_cents === null || o.amount_due_cents === undefined ? (
                        <span className="muted">{t.list.nothingInvoiced}</span>
                      ) : (
                        formatCents(o.amount_due_cents, language)
                      )}
                    </td>
                    <td>{formatNumber(o.attachment_count, language)}</td>
                    <td>
                      {o.mail_status === 'sent' ? (
                        t.list.mailSent
                      ) : o.mail_status === 'failed' ? (
                        <span className="badge badge-rush">{t.list.mailFailed}</span>
                      ) : o.mail_status === 'pending' ? (
                        t.list.mailWaiting
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="pager" aria-label={t.list.pages}>
            <button
              type="button"
              className="button button-secondary"
              disabled={query.page <= 1}
              onClick={() => setQuery({ ...query, page: query.page - 1 })}
            >
              {t.list.previous}
            </button>
            <span>{t.list.pageOf(formatNumber(query.page, language), formatNumber(pages, language))}</span>
            <button
              type="button"
              className="button button-secondary"
              disabled={query.page >= pages}
              onClick={() => setQuery({ ...query, page: query.page + 1 })}
            >
              {t.list.next}
            </button>
          </nav>
        </>
      )}
    </>
  );
}
