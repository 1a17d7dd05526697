// One order in full, as the clerk works it (docs/product.md, The shop's side): this container
// loads it (use-order-detail.ts) and lays out the parts that render it, the quote panel among them.
// Printed (window.print()), it is the floor's production copy: no estimate, quote, invoices or
// payment form on paper; a job's ticket (docs/production.md) is a link away.
import { lazy, Suspense, useEffect, useState } from 'react';
import { inboxLinks, type Attachment } from './api.js';
import { DeleteOrder } from './delete-order.js';
import { LaterLayout, LayoutDetail } from './layout-detail.js';
import { errorText, useInboxText } from './messages.js';
import { navigateOnClick } from './navigation.js';
import { OrderFiles } from './order-files.js';
import { OrderHeader } from './order-header.js';
import { OrderHistory } from './order-history.js';
import { OrderSummaryCards } from './order-summary-cards.js';
import { QuotePanel } from './quote-panel.js';
import { PaymentsPanel } from './payments/payments-panel.js';
import { MessagesPanel } from './messages-panel.js';
import { StatusDialog } from './status-dialog.js';
import { useOrderDetail } from './use-order-detail.js';
import { useInboxApi, useSession } from './session.js';
import type { SeenEstimate } from '../../../shared/price-list-api.js';
import { formatCents } from '../../../shared/money.js';

// "Edit order" loads only when opened: the inbox's first chunk stays as it was.
const EditOrder = lazy(() => import('./edit-order.js').then((m) => ({ default: m.EditOrder })));

export function OrderView({
  id,
  onDeleted,
}: {
  id: string;
  /** After the order was deleted: back to the list, with a status message. */
  onDeleted: (reference: string) => void;
}) {
  const { t } = useInboxText();
  const { staff } = useSession();
  const { detail, error, saving, reload, changeStatus, deleteOrder, pending, confirmMove, cancelMove } =
    useOrderDetail(id);
  const isJob = useIsJob(id, detail?.order.status);
  const [editing, setEditing] = useState(false);
  const [savedVersion, setSavedVersion] = useState<number | null>(null);

  if (error !== null)
    return (
      <p role="alert" className="form-error">
        {errorText(error, t)}
      </p>
    );
  if (!detail) return <p>{t.loading}</p>;

  const { order, document: doc, attachments, history, mails } = detail;
  const first = doc.layouts['1'];
  const fileUrl = (a: Attachment) => inboxLinks.file(id, a.id);
  const byName = new Map(attachments.map((a) => [a.name, a]));
  // Every layout of the order, those a very large order's answer left out too (read when opened).
  const layoutNumbers = [...Object.keys(doc.layouts), ...detail.omittedLayouts].map(Number).sort((a, b) => a - b);

  return (
    <article className="order-view">
      <p className="no-print">
        <a href="/inbox" onClick={navigateOnClick('/inbox')}>
          {t.order.allOrders}
        </a>
      </p>
      <OrderHeader order={order} saving={saving} onStatusChange={changeStatus} />
      {isJob && (
        <p className="no-print">
          <a className="button button-secondary" href={inboxLinks.jobTicket(id)} download>
            {t.order.jobTicket}
          </a>
        </p>
      )}
      {pending && (
        <StatusDialog
          key={pending.status}
          status={pending.status}
          preview={pending.preview}
          refusal={pending.refusal}
          saving={saving}
          onConfirm={confirmMove}
          onCancel={cancelMove}
        />
      )}
      <div className="no-print order-actions">
        {!editing && order.status !== 'completed' && order.status !== 'cancelled' && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setSavedVersion(null);
              setEditing(true);
            }}
          >
            {t.order.editOrder}
          </button>
        )}
        <p role="status">{savedVersion !== null ? t.order.editSaved(savedVersion) : ''}</p>
      </div>
      {editing && (
        <Suspense fallback={<p>{t.loading}</p>}>
          <EditOrder
            key={order.version}
            orderId={id}
            detail={detail}
            onSaved={(version) => {
              setEditing(false);
              setSavedVersion(version);
              void reload();
            }}
            onCancel={() => setEditing(false)}
          />
        </Suspense>
      )}
      <OrderSummaryCards doc={doc} />
      {detail.estimate && <SeenEstimateCard estimate={detail.estimate} />}

      {/* A new order version withdraws the quote and is what a revision prices: read afresh. */}
      <QuotePanel
        key={order.version}
        orderId={id}
        customerEmail={first?.billing?.email ?? ''}
        attachments={attachments}
        layoutNumbers={layoutNumbers}
        onChanged={() => void reload()}
      />
      <div className="no-print">
        <PaymentsPanel key={order.status} orderId={id} onChanged={() => void reload()} />
      </div>

      <MessagesPanel orderId={id} />

      {first?.jobNotes && (
        <section className="card" aria-labelledby="h-notes">
          <h2 id="h-notes">{t.order.jobNotes}</h2>
          <p className="pre">{first.jobNotes}</p>
        </section>
      )}

      {layoutNumbers.map((n) => {
        const layout = doc.layouts[String(n)];
        return layout ? (
          <LayoutDetail key={n} n={n} layout={layout} byName={byName} fileUrl={fileUrl} orderId={id} />
        ) : (
          <LaterLayout key={n} n={n} orderId={id} byName={byName} fileUrl={fileUrl} />
        );
      })}

      <OrderFiles orderId={id} attachments={attachments} fileUrl={fileUrl} />
      <OrderHistory receivedAt={order.created_at} history={history} mails={mails} />

      <section className="card no-print" aria-labelledby="h-privacy">
        <h2 id="h-privacy">{t.order.customerData}</h2>
        <p>{t.order.customerDataWhy}</p>
        <div className="order-actions">
          <a className="button button-secondary" href={inboxLinks.customerData(id)} download>
            {t.order.exportData}
          </a>
          {staff?.role === 'owner' ? (
            <DeleteOrder
              reference={order.reference}
              onDelete={deleteOrder}
              onDeleted={() => onDeleted(order.reference)}
            />
          ) : (
            <p className="muted small">{t.order.deleteOwnerOnly}</p>
          )}
        </div>
      </section>
    </article>
  );
}

/** Whether the order is a job (asked again when its status changes): it then has a job ticket. */
function useIsJob(id: string, status: string | undefined): boolean {
  const api = useInboxApi();
  const [isJob, setIsJob] = useState<{ id: string; status: string | undefined; yes: boolean } | null>(null);
  useEffect(() => {
    if (status === undefined) return;
    let live = true;
    // A failed answer hides the link: the order page works without it.
    const settle = (yes: boolean) => live && setIsJob({ id, status, yes });
    api.isJob(id).then(settle, () => settle(false));
    return () => {
      live = false;
    };
  }, [api, id, status]);
  return isJob !== null && isJob.id === id && isJob.status === status && isJob.yes;
}

/** The estimate the customer saw on the form, as the server recomputed it when the order arrived. */
function SeenEstimateCard({ estimate }: { estimate: SeenEstimate }) {
  const { t, language } = useInboxText();
  return (
    <section className="card no-print" aria-labelledby="h-estimate">
      <h2 id="h-estimate">{t.order.estimateHeading}</h2>
      <p>{t.order.estimateSeen(formatCents(estimate.totalCents, language), estimate.priceListVersion)}</p>
      <ul className="plain small">
        {estimate.lines.map((line, i) => (
          <li key={i}>
            {line.description[language]}: {formatCents(line.totalCents, language)}
          </li>
        ))}
      </ul>
      {estimate.onQuote.length > 0 && (
        <p className="small">
          {t.order.estimateLeft} {estimate.onQuote.map((q) => q[language]).join(language === 'fr' ? '\u202f; ' : '; ')}
        </p>
      )}
    </section>
  );
}
