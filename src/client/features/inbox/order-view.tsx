import { useCallback, useEffect, useRef, useState } from 'react';
import { artworkLine, type ArtworkLine } from '../../../shared/artwork-report.js';
import type { OrderLayout } from '../../../shared/order.js';
import {
  addressLine,
  decorationLabel,
  deadlineText,
  filledViews,
  formatBytes,
  mockupText,
  labelled,
  optionLines,
  ORDER_WORDS,
  personName,
  statusLabel,
  shippingText,
  variationTitle,
  VIEW_LABELS,
  yesNo,
} from '../../../shared/order-presentation.js';
import { inboxLinks, type Attachment, type OrderDetail } from './api.js';
import { formatDate, formatNumber } from '../../shared/format.js';
import { errorText, useInboxText } from './messages.js';
import { navigateOnClick } from './navigation.js';
import { QuotePanel } from './quote-editor.js';
import { useInboxApi } from './session.js';
import { StatusOptions } from './status-options.js';

const PREVIEWABLE = /^image\/(png|jpeg|gif|webp)$/;

/** What the server measured in a view's graphic, marked when it may print blurry. */
function ArtworkNote({ line }: { line: ArtworkLine }) {
  return (
    <>
      <br />
      <span className={line.rating === 'low' ? 'badge badge-rush' : 'muted small'}>{line.text}</span>
    </>
  );
}

export function OrderView({
  id,
  onDeleted,
}: {
  id: string;
  /** After the order was deleted: back to the list, with a status message. */
  onDeleted: (reference: string) => void;
}) {
  const { t, language } = useInboxText();
  const api = useInboxApi();
  const [detail, setDetail] = useState<OrderDetail | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);

  const load = useCallback(
    () =>
      api.order(id).then(setDetail, (err: unknown) => {
        setError(err);
      }),
    [id, api],
  );
  useEffect(() => {
    void load();
  }, [load]);

  if (error !== null)
    return (
      <p role="alert" className="form-error">
        {errorText(error, t)}
      </p>
    );
  if (!detail) return <p>{t.loading}</p>;

  const { order, document: doc, attachments, history, mails } = detail;
  const first = doc.layouts['1'];
  const billing = first?.billing;
  const shipping = first?.shipping;
  const fileUrl = (a: Attachment) => inboxLinks.file(id, a.id);
  const byName = new Map(attachments.map((a) => [a.name, a]));

  const changeStatus = async (status: string) => {
    setSaving(true);
    try {
      await api.changeStatus(id, status);
      await load();
    } catch (err) {
      setError(err);
    } finally {
      setSaving(false);
    }
  };
  const date = (iso: string) => formatDate(iso, language);

  return (
    <article className="order-view">
      <p className="no-print">
        <a href="/inbox" onClick={navigateOnClick('/inbox')}>
          {t.order.allOrders}
        </a>
      </p>
      <header className="order-head">
        <div>
          <h1>{t.order.heading(order.reference)}</h1>
          <p className="muted">{t.order.received(date(order.created_at))}</p>
        </div>
        <div className="order-actions no-print">
          <div className="field">
            <label htmlFor="order-status">{t.order.status}</label>
            <select
              id="order-status"
              value={order.status}
              disabled={saving}
              onChange={(e) => void changeStatus(e.target.value)}
            >
              <StatusOptions />
            </select>
          </div>
          <a className="button button-primary" href={inboxLinks.allFiles(id)} download>
            {t.order.downloadAll}
          </a>
          <button type="button" className="button button-secondary" onClick={() => window.print()}>
            {t.order.print}
          </button>
        </div>
        <p className="print-only">{labelled(t.order.status, statusLabel(order.status, language), language)}</p>
      </header>

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

      <QuotePanel
        orderId={id}
        customerEmail={billing?.email ?? ''}
        attachments={attachments}
        layoutNumbers={Object.keys(doc.layouts)
          .map(Number)
          .sort((a, b) => a - b)}
        onChanged={() => void load()}
      />

      {first?.jobNotes && (
        <section className="card" aria-labelledby="h-notes">
          <h2 id="h-notes">{t.order.jobNotes}</h2>
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
        <h2 id="h-files">{t.order.files(formatNumber(attachments.length, language))}</h2>
        <ul className="file-table">
          {attachments.map((a) => (
            <li key={a.id}>
              <FileLink attachment={a} url={fileUrl} />
              <span className="muted small">
                {formatBytes(a.size, language)} · {a.media_type}
                {a.layout_number ? ` · ${t.order.fileLayout(a.layout_number)}` : ''}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section className="card no-print" aria-labelledby="h-history">
        <h2 id="h-history">{t.order.history}</h2>
        <ol className="history">
          <li>{t.order.receivedAs(date(order.created_at), statusLabel('new', language))}</li>
          {history.map((h, i) => (
            <li key={i}>
              {t.order.statusChange(
                date(h.changed_at),
                statusLabel(h.from_status, language),
                statusLabel(h.to_status, language),
                h.changed_by,
              )}
              {h.note && (
                <>
                  <br />
                  <span className="history-note">{t.order.historyNote(h.note)}</span>
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

      <section className="card no-print" aria-labelledby="h-privacy">
        <h2 id="h-privacy">{t.order.customerData}</h2>
        <p>{t.order.customerDataWhy}</p>
        <div className="order-actions">
          <a className="button button-secondary" href={inboxLinks.customerData(id)} download>
            {t.order.exportData}
          </a>
          <DeleteOrder id={id} reference={order.reference} onDeleted={onDeleted} />
        </div>
      </section>
    </article>
  );
}

/** Deleting an order: a modal dialog where the clerk types the reference to confirm. */
function DeleteOrder({
  id,
  reference,
  onDeleted,
}: {
  id: string;
  reference: string;
  onDeleted: (reference: string) => void;
}) {
  const { t } = useInboxText();
  const api = useInboxApi();
  const dialog = useRef<HTMLDialogElement>(null);
  const [typed, setTyped] = useState('');
  // A refusal, worded when shown: the clerk's own check, or the server's answer.
  const [error, setError] = useState<{ mismatch: true } | { refused: unknown } | null>(null);
  const [deleting, setDeleting] = useState(false);

  const open = () => {
    setTyped('');
    setError(null);
    dialog.current?.showModal();
  };
  const submit = async () => {
    if (typed.trim().toUpperCase() !== reference) {
      setError({ mismatch: true });
      return;
    }
    setDeleting(true);
    try {
      await api.deleteOrder(id, typed.trim());
      dialog.current?.close();
      onDeleted(reference);
    } catch (err) {
      setError({ refused: err });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      <button type="button" className="button button-danger" onClick={open}>
        {t.deletion.open}
      </button>
      <dialog ref={dialog} className="confirm-dialog" aria-labelledby="h-delete" aria-describedby="delete-what">
        <form
          method="dialog"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <h2 id="h-delete">{t.deletion.heading(reference)}</h2>
          <p id="delete-what">{t.deletion.what(reference)}</p>
          <div className="field">
            <label htmlFor="delete-confirm">{t.deletion.confirm(reference)}</label>
            <input
              id="delete-confirm"
              type="text"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'delete-error' : undefined}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
          {error && (
            <p id="delete-error" role="alert" className="form-error">
              {'mismatch' in error ? t.deletion.mismatch(reference) : errorText(error.refused, t)}
            </p>
          )}
          <div className="order-actions">
            <button type="submit" className="button button-danger" disabled={deleting}>
              {t.deletion.submit}
            </button>
            <button type="button" className="button button-secondary" onClick={() => dialog.current?.close()}>
              {t.deletion.cancel}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

function LayoutDetail({
  n,
  layout,
  byName,
  fileUrl,
  orderId,
}: {
  n: number;
  layout: OrderLayout;
  byName: Map<string, Attachment>;
  fileUrl: (a: Attachment) => string;
  orderId: string;
}) {
  const { t, language } = useInboxText();
  const words = ORDER_WORDS[language];
  // The server's thumbnail (any artwork format) once made; until then the file itself when it
  // is a picture the browser can draw.
  const preview = (a: Attachment | undefined) =>
    a && (a.has_thumbnail || PREVIEWABLE.test(a.media_type)) ? (
      <img
        src={inboxLinks.picture(orderId, a.id, a.has_thumbnail ? 'thumbnail' : 'preview')}
        alt={a.name}
        width={120}
        height={120}
        loading="lazy"
      />
    ) : null;
  const views = filledViews(layout);
  return (
    <section className="card layout-detail" aria-labelledby={`h-layout-${n}`}>
      <h2 id={`h-layout-${n}`}>{words.layoutTitle(n)}</h2>
      <p>
        {labelled(words.mockups, mockupText(layout, language), language)}
        {layout.mockupOption === 'upload' &&
          ` · ${labelled(t.order.vectorFiles, yesNo(layout.hasVectorFiles === 'yes', language), language)}`}
      </p>
      {layout.mockupImages.length > 0 && (
        <div className="thumbs">
          {layout.mockupImages.map((name) => {
            const a = byName.get(name);
            return (
              <figure key={name}>
                {preview(a)}
                <figcaption>
                  <FileLink attachment={a} url={fileUrl} name={name} />
                </figcaption>
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
                {preview(a) ?? <div className="no-thumb">{a ? a.name : t.order.noGraphic}</div>}
                <figcaption>
                  <strong>{VIEW_LABELS[language][v]}</strong>
                  <br />
                  {d.dimensions || t.order.noDimensions} ·{' '}
                  {d.decoration ? decorationLabel(d.decoration, language) : t.order.noMethod}
                  {a && <ArtworkNote line={artworkLine(a.artwork, d.dimensions, language)} />}
                </figcaption>
              </figure>
            );
          })}
        </div>
      )}
      <p>
        {layout.garmentOption === 'po'
          ? words.poGarments
          : labelled(
              t.order.garments,
              layout.garmentOption === 'pick' ? t.order.pickedHere : words.notChosen,
              language,
            )}
      </p>
      {layout.garmentOption === 'po' &&
        layout.files
          .filter((f) => f.role === 'po')
          .map((f) => {
            const a = byName.get(f.name);
            return (
              <p key={f.name}>
                {t.order.po}
                {words.colon} <FileLink attachment={a} url={fileUrl} name={f.name} />
              </p>
            );
          })}
      {layout.garmentOption === 'pick' && (
        <table className="variations-table">
          <thead>
            <tr>
              <th scope="col">{t.order.variation}</th>
              <th scope="col">{t.order.garmentType}</th>
              <th scope="col">{t.order.color}</th>
              <th scope="col">{t.order.sizes}</th>
              <th scope="col">{t.order.customerSupplies}</th>
            </tr>
          </thead>
          <tbody>
            {layout.variations.map((v, i) => (
              <tr key={i}>
                <td>{variationTitle(i, language)}</td>
                <td>{v.type}</td>
                <td>{v.color}</td>
                <td>{v.sizes}</td>
                <td>
                  {yesNo(v.supplyingGoods === 'yes', language)}
                  {v.supplyingGoods === 'yes' && v.itemPO ? t.order.itemPo(v.itemPO) : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** A stored file as a download link; a name the order mentions but no file matches, as text. */
function FileLink({
  attachment,
  url,
  name = attachment?.name ?? '',
}: {
  attachment: Attachment | undefined;
  url: (a: Attachment) => string;
  name?: string;
}) {
  return attachment ? (
    <a href={url(attachment)} download={attachment.name}>
      {name}
    </a>
  ) : (
    <>{name}</>
  );
}
