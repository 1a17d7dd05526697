import { useEffect, useState } from 'react';
import { api, type OrderList as List } from './api.js';
import { formatDate, statusLabel } from './format.js';
import { navigate } from './inbox-app.js';
import { StatusOptions } from './status-options.js';

function readQuery() {
  const p = new URLSearchParams(window.location.search);
  return { q: p.get('q') ?? '', status: p.get('status') ?? '', page: Math.max(1, Number(p.get('page')) || 1) };
}

export function OrderList({ onAuthError }: { onAuthError: (err: unknown) => void }) {
  const [query, setQuery] = useState(readQuery);
  const [search, setSearch] = useState(query.q);
  const [list, setList] = useState<List | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    const params = new URLSearchParams();
    if (query.q) params.set('q', query.q);
    if (query.status) params.set('status', query.status);
    if (query.page > 1) params.set('page', String(query.page));
    const qs = params.toString();
    window.history.replaceState(null, '', `/inbox${qs ? `?${qs}` : ''}`);
    let current = true;
    api<List>(`/api/orders?${qs}`).then(
      (l) => current && (setList(l), setError('')),
      (err) => {
        onAuthError(err);
        if (current) setError((err as Error).message);
      },
    );
    return () => {
      current = false;
    };
  }, [query, onAuthError]);

  const pages = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;
  const exportParams = new URLSearchParams({ ...(query.q ? { q: query.q } : {}), ...(query.status ? { status: query.status } : {}) }).toString();

  return (
    <>
      <div className="inbox-toolbar">
        <h1>Orders</h1>
        <a className="button button-secondary" href={`/api/orders/export.csv${exportParams ? `?${exportParams}` : ''}`} download>
          Export CSV
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
          <label htmlFor="order-search">Search by reference, name, email or company</label>
          <input id="order-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="order-status-filter">Filter by status</label>
          <select id="order-status-filter" value={query.status} onChange={(e) => setQuery({ ...query, status: e.target.value, page: 1 })}>
            <option value="">All statuses</option>
              <StatusOptions />
          </select>
        </div>
        <button type="submit" className="button button-primary">
          Search
        </button>
      </form>
      {error && <p role="alert" className="form-error">{error}</p>}
      {list && (
        <>
          <p className="muted" role="status">
            {list.total === 1 ? '1 order' : `${list.total} orders`}
          </p>
          <div className="table-wrap">
            <table className="orders-table">
              <thead>
                <tr>
                  <th scope="col">Reference</th>
                  <th scope="col">Received</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Deadline</th>
                  <th scope="col">Status</th>
                  <th scope="col">Files</th>
                  <th scope="col">Email</th>
                </tr>
              </thead>
              <tbody>
                {list.orders.map((o) => (
                  <tr key={o.id}>
                    <td>
                      <a
                        href={`/inbox/orders/${o.id}`}
                        onClick={(e) => {
                          e.preventDefault();
                          navigate(`/inbox/orders/${o.id}`);
                        }}
                      >
                        {o.reference}
                      </a>
                    </td>
                    <td>{formatDate(o.created_at)}</td>
                    <td>
                      {o.customer_name}
                      {o.company_name && <span className="muted small block">{o.company_name}</span>}
                      <span className="muted small block">{o.customer_email}</span>
                    </td>
                    <td>{o.has_critical_deadline ? <span className="badge badge-rush">Rush {o.deadline_date ?? ''}</span> : 'Standard'}</td>
                    <td>
                      <span className={`badge badge-${o.status}`}>{statusLabel(o.status)}</span>
                    </td>
                    <td>{o.attachment_count}</td>
                    <td>{o.mail_status === 'sent' ? 'Sent' : o.mail_status === 'failed' ? <span className="badge badge-rush">Failed</span> : o.mail_status === 'pending' ? 'Waiting' : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="pager" aria-label="Pages">
            <button type="button" className="button button-secondary" disabled={query.page <= 1} onClick={() => setQuery({ ...query, page: query.page - 1 })}>
              Previous
            </button>
            <span>
              Page {query.page} of {pages}
            </span>
            <button type="button" className="button button-secondary" disabled={query.page >= pages} onClick={() => setQuery({ ...query, page: query.page + 1 })}>
              Next
            </button>
          </nav>
        </>
      )}
    </>
  );
}
