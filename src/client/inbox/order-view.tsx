import { useEffect, useState } from 'react';
import { VIEWS } from '../../shared/constants.js';
import type { OrderLayout } from '../../shared/order.js';
import { api, type Attachment, type OrderDetail } from './api.js';
import { formatBytes, formatDate, statusLabel } from './format.js';
import { navigate } from './inbox-app.js';
import { StatusOptions } from './status-options.js';

const DECORATIONS: Record<string, string> = { embroidery: 'Embroidery', 'screen-printing': 'Screen Printing', dtf: 'DTF', sewing: 'Sewing' };
const PREVIEWABLE = /^image\/(png|jpeg|gif|webp)$/;

export function OrderView({ id, onAuthError }: { id: string; onAuthError: (err: unknown) => void }) {
  const [detail, setDetail] = useState<OrderDetail | null>(null);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  const load = () =>
    api<OrderDetail>(`/api/orders/${id}`).then(setDetail, (err) => {
      onAuthError(err);
      setError((err as Error).message);
    });
  useEffect(() => {
    void load();
  }, [id]);

  if (error) return <p role="alert" className="form-error">{error}</p>;
  if (!detail) return <p>Loading…</p>;

  const { order, document: doc, attachments, history, mails } = detail;
  const first = doc.layouts['1'];
  const billing = first?.billing;
  const shipping = first?.shipping;
  const fileUrl = (a: Attachment) => `/api/orders/${id}/files/${a.id}`;
  const byName = new Map(attachments.map((a) => [a.name, a]));

  const changeStatus = async (status: string) => {
    setSaving(true);
    try {
      await api(`/api/orders/${id}/status`, { method: 'PATCH', body: JSON.stringify({ status }) });
      await load();
    } catch (err) {
      onAuthError(err);
      setError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <article className="order-view">
      <p className="no-print">
        <a
          href="/inbox"
          onClick={(e) => {
            e.preventDefault();
            navigate('/inbox');
          }}
        >
          ← All orders
        </a>
      </p>
      <header className="order-head">
        <div>
          <h1>Order {order.reference}</h1>
          <p className="muted">Received {formatDate(order.created_at)}</p>
        </div>
        <div className="order-actions no-print">
          <div className="field">
            <label htmlFor="order-status">Status</label>
            <select id="order-status" value={order.status} disabled={saving} onChange={(e) => changeStatus(e.target.value)}>
              <StatusOptions />
            </select>
          </div>
          <a className="button button-primary" href={`/api/orders/${id}/files.zip`} download>
            Download all files (ZIP)
          </a>
          <button type="button" className="button button-secondary" onClick={() => window.print()}>
            Print work order
          </button>
        </div>
        <p className="print-only">Status: {statusLabel(order.status)}</p>
      </header>

      <div className="order-grid">
        <section className="card" aria-labelledby="h-customer">
          <h2 id="h-customer">Billing</h2>
          {billing && (
            <address>
              {billing.firstName} {billing.lastName}
              {billing.companyName && <>, {billing.companyName}</>}
              <br />
              {billing.address}, {billing.city} {billing.province} {billing.postalCode}
              <br />
              {billing.phone} · <a href={`mailto:${billing.email}`}>{billing.email}</a>
            </address>
          )}
        </section>
        <section className="card" aria-labelledby="h-shipping">
          <h2 id="h-shipping">Shipping</h2>
          <p>
            {shipping?.localPickup
              ? 'Local pickup'
              : !shipping || shipping.sameAsBilling
                ? 'Same as billing address'
                : `${shipping.firstName} ${shipping.lastName}${shipping.companyName ? `, ${shipping.companyName}` : ''}, ${shipping.address}, ${shipping.city} ${shipping.province} ${shipping.postalCode} ${shipping.phone}`}
          </p>
        </section>
        <section className="card" aria-labelledby="h-deadline">
          <h2 id="h-deadline">Deadline</h2>
          <p>{first?.deadline?.hasCriticalDeadline ? <span className="badge badge-rush">Rush: {first.deadline.date || 'date not given'}</span> : 'Standard 10-day turnaround'}</p>
        </section>
        <section className="card" aria-labelledby="h-options">
          <h2 id="h-options">Options</h2>
          <ul className="plain">
            <li>Resale partner: {doc.isResalePartner ? 'Yes' : 'No'}</li>
            <li>Biodegradable poly bags: {doc.includePolyBags ? 'Yes' : 'No'}</li>
          </ul>
        </section>
      </div>

      {first?.jobNotes && (
        <section className="card" aria-labelledby="h-notes">
          <h2 id="h-notes">Job notes</h2>
          <p className="pre">{first.jobNotes}</p>
        </section>
      )}

      {Object.keys(doc.layouts)
        .map(Number)
        .sort((a, b) => a - b)
        .map((n) => (
          <LayoutDetail key={n} n={n} layout={doc.layouts[String(n)]!} byName={byName} fileUrl={fileUrl} orderId={id} />
        ))}

      <section className="card" aria-labelledby="h-files">
        <h2 id="h-files">Files ({attachments.length})</h2>
        <ul className="file-table">
          {attachments.map((a) => (
            <li key={a.id}>
              <a href={fileUrl(a)} download={a.name}>
                {a.name}
              </a>
              <span className="muted small">
                {formatBytes(a.size)} · {a.media_type}
                {a.layout_number ? ` · Layout ${a.layout_number}` : ''}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section className="card no-print" aria-labelledby="h-history">
        <h2 id="h-history">History</h2>
        <ol className="history">
          <li>{formatDate(order.created_at)}: received (New)</li>
          {history.map((h, i) => (
            <li key={i}>
              {formatDate(h.changed_at)}: {statusLabel(h.from_status)} → {statusLabel(h.to_status)} by {h.changed_by}
            </li>
          ))}
        </ol>
        <h3>Emails</h3>
        <ul className="plain">
          {mails.map((m, i) => (
            <li key={i}>
              {m.kind === 'shop' ? 'Shop notification' : 'Customer confirmation'} to {m.recipient}:{' '}
              {m.status === 'sent' ? `sent ${m.sent_at ? formatDate(m.sent_at) : ''}` : m.status === 'failed' ? `failed after ${m.attempts} tries (${m.last_error ?? ''})` : `waiting${m.attempts ? `, ${m.attempts} tries so far (${m.last_error ?? ''})` : ''}`}
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}

function LayoutDetail({ n, layout, byName, fileUrl, orderId }: { n: number; layout: OrderLayout; byName: Map<string, Attachment>; fileUrl: (a: Attachment) => string; orderId: string }) {
  const preview = (a: Attachment | undefined) =>
    a && PREVIEWABLE.test(a.media_type) ? <img src={`/api/orders/${orderId}/files/${a.id}/preview`} alt={a.name} width={120} height={120} loading="lazy" /> : null;
  const views = VIEWS.filter((v) => {
    const d = layout.viewData[v];
    return d && (d.image || d.dimensions || d.decoration);
  });
  return (
    <section className="card layout-detail" aria-labelledby={`h-layout-${n}`}>
      <h2 id={`h-layout-${n}`}>Design Layout {n}</h2>
      <p>
        Mockups: {layout.mockupOption === 'upload' ? 'uploaded' : layout.mockupOption === 'create' ? 'building their own in the Design Studio' : 'not chosen'}
        {layout.mockupOption === 'upload' && ` · vector files: ${layout.hasVectorFiles === 'yes' ? 'yes' : 'no'}`}
      </p>
      {layout.mockupImages.length > 0 && (
        <div className="thumbs">
          {layout.mockupImages.map((name) => {
            const a = byName.get(name);
            return (
              <figure key={name}>
                {preview(a)}
                <figcaption>{a ? <a href={fileUrl(a)} download={a.name}>{name}</a> : name}</figcaption>
              </figure>
            );
          })}
        </div>
      )}
      {views.length > 0 && (
        <div className="thumbs">
          {views.map((v) => {
            const d = layout.viewData[v]!;
            const a = d.image ? byName.get(d.image) : undefined;
            return (
              <figure key={v}>
                {preview(a) ?? <div className="no-thumb">{a ? a.name : 'No graphic'}</div>}
                <figcaption>
                  <strong>{v}</strong>
                  <br />
                  {d.dimensions || 'no dimensions'} · {DECORATIONS[d.decoration] ?? 'no method'}
                </figcaption>
              </figure>
            );
          })}
        </div>
      )}
      <p>Garments: {layout.garmentOption === 'po' ? 'information provided in a PO' : layout.garmentOption === 'pick' ? 'picked here' : 'not chosen'}</p>
      {layout.garmentOption === 'po' &&
        layout.files
          .filter((f) => f.role === 'po')
          .map((f) => {
            const a = byName.get(f.name);
            return <p key={f.name}>PO: {a ? <a href={fileUrl(a)} download={a.name}>{f.name}</a> : f.name}</p>;
          })}
      {layout.garmentOption === 'pick' && (
        <table className="variations-table">
          <thead>
            <tr>
              <th scope="col">Variation</th>
              <th scope="col">Garment type or SKU</th>
              <th scope="col">Color</th>
              <th scope="col">Sizes</th>
              <th scope="col">Customer supplies</th>
            </tr>
          </thead>
          <tbody>
            {layout.variations.map((v, i) => (
              <tr key={i}>
                <td>{i === 0 ? 'Garment Details' : `Variation #${i + 1}`}</td>
                <td>{v.type}</td>
                <td>{v.color}</td>
                <td>{v.sizes}</td>
                <td>{v.supplyingGoods === 'yes' ? `Yes${v.itemPO ? ` (PO ${v.itemPO})` : ''}` : 'No'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
