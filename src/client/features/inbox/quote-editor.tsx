// "Prepare quote" on an order: lines prefilled from the order (editable), the taxes and total as
// the server computes them (a preview, never computed here), proofs per layout beside the
// artwork, "Send quote", and every version sent with the customer's answer. Texts in
// quote-messages.ts, in the staff member's language.
import { useCallback, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { formatCents } from '../../../shared/quote.js';
import type { QuotePreview, StaffQuoteState } from '../../../shared/quote-api.js';
import { ApiError } from '../../shared/api-error.js';
import { inboxLinks, type Attachment } from './api.js';
import type { Language } from '../../shared/language.js';
import { formatDate } from '../../shared/format.js';
import { errorText, useInboxText } from './messages.js';
import { parsePrice, priceText, useQuoteText } from './quote-messages.js';
import { useInboxApi } from './session.js';

interface EditorLine {
  key: string;
  description: string;
  quantity: string;
  price: string;
  taxable: boolean;
  needsQuantity?: boolean;
}

let nextKey = 0;
const keyed = (line: Omit<EditorLine, 'key'>): EditorLine => ({ ...line, key: `l${nextKey++}` });

type Sendable = { description: string; quantity: number; unitPriceCents: number; taxable: boolean };

/** The lines as the server takes them, or the index of each line whose price cannot be read. */
function toSendable(lines: EditorLine[]): { lines: Sendable[]; badPrices: Set<number> } {
  const badPrices = new Set<number>();
  const out = lines.map((l, i) => {
    const cents = parsePrice(l.price);
    if (cents === null) badPrices.add(i);
    return {
      description: l.description,
      quantity: Number(l.quantity.trim() === '' ? NaN : l.quantity),
      unitPriceCents: cents ?? 0,
      taxable: l.taxable,
    };
  });
  return { lines: out, badPrices };
}

function startingLines(state: StaffQuoteState, lang: Language): EditorLine[] {
  const last = state.versions.at(-1);
  const source = state.draft ?? last?.quote.lines ?? null;
  if (source) {
    return source.map((l) =>
      keyed({
        description: l.description,
        quantity: String(l.quantity),
        price: priceText(l.unitPriceCents, lang),
        taxable: l.taxable,
      }),
    );
  }
  return state.suggestions.map((s) =>
    keyed({
      description: s.description,
      quantity: String(s.quantity),
      price: priceText(s.unitPriceCents, lang),
      taxable: s.taxable,
      needsQuantity: s.needsQuantity,
    }),
  );
}

export function QuotePanel({
  orderId,
  customerEmail,
  attachments,
  layoutNumbers,
  onChanged,
}: {
  orderId: string;
  customerEmail: string;
  attachments: Attachment[];
  layoutNumbers: number[];
  /** After a version is sent: the order's status and history changed. */
  onChanged: () => void;
}) {
  const { t, language: lang } = useQuoteText();
  const api = useInboxApi();
  const [state, setState] = useState<StaffQuoteState | null>(null);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');

  const load = useCallback(
    () =>
      api.quote(orderId).then(setState, (err: unknown) => {
        setError((err as Error).message);
      }),
    [orderId, api],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const dateText = (iso: string) => formatDate(iso, lang);

  return (
    <section className="card no-print quote-panel" aria-labelledby="h-quote">
      <h2 id="h-quote">{t.heading}</h2>
      {notice && (
        <p role="status" className="inbox-notice" tabIndex={-1} ref={(p) => p?.focus()}>
          {notice}
        </p>
      )}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {!state ? (
        <p>{t.loading}</p>
      ) : (
        <>
          {state.versions.length > 0 && (
            <div className="table-wrap">
              <table className="versions-table">
                <caption className="visually-hidden">{t.versionsHeading}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t.version}</th>
                    <th scope="col">{t.sentAt}</th>
                    <th scope="col">{t.by}</th>
                    <th scope="col">{t.amount}</th>
                    <th scope="col">{t.status}</th>
                    <th scope="col">{t.answer}</th>
                  </tr>
                </thead>
                <tbody>
                  {state.versions.map((v) => (
                    <tr key={v.version}>
                      <td>v{v.version}</td>
                      <td>{dateText(v.sentAt)}</td>
                      <td>{v.sentBy}</td>
                      <td>{formatCents(v.quote.totalCents, lang)}</td>
                      <td>{t.statuses[v.status]}</td>
                      <td>
                        {v.response ? (
                          <>
                            {v.response.kind === 'approved'
                              ? t.approvedBy(v.response.fullName ?? '', dateText(v.response.at))
                              : t.changesAsked(dateText(v.response.at), v.response.comment ?? '')}
                            <br />
                            <span className="muted small">
                              {t.from(v.response.clientAddress, v.response.userAgent)} ·{' '}
                              {t.hash(v.response.quoteSha256.slice(0, 16))}
                            </span>
                          </>
                        ) : (
                          t.none
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {editing ? (
            <QuoteEditor
              orderId={orderId}
              state={state}
              attachments={attachments}
              layoutNumbers={layoutNumbers}
              onProofs={() => void load()}
              onClose={() => setEditing(false)}
              onSaved={(message) => {
                setNotice(message);
                void load();
              }}
              onSent={(version) => {
                setEditing(false);
                setNotice(t.sent(version, customerEmail));
                void load();
                onChanged();
              }}
            />
          ) : (
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                setNotice('');
                setEditing(true);
              }}
            >
              {state.versions.length > 0 ? t.revise : t.prepare}
            </button>
          )}
        </>
      )}
    </section>
  );
}

/** What the editor and its proofs share about the order being quoted. */
interface QuoteContext {
  orderId: string;
  state: StaffQuoteState;
  attachments: Attachment[];
  layoutNumbers: number[];
}

function QuoteEditor({
  onProofs,
  onClose,
  onSaved,
  onSent,
  ...context
}: QuoteContext & {
  onProofs: () => void;
  onClose: () => void;
  onSaved: (message: string) => void;
  onSent: (version: number) => void;
}) {
  const { orderId, state } = context;
  const { t, language: lang } = useQuoteText();
  const api = useInboxApi();
  const [lines, setLines] = useState<EditorLine[]>(() => startingLines(state, lang));
  const [preview, setPreview] = useState<QuotePreview['quote'] | null>(null);
  const [serverErrors, setServerErrors] = useState<{ message: string; fields: readonly string[] } | null>(null);
  const [computing, setComputing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  const { lines: sendable, badPrices } = useMemo(() => toSendable(lines), [lines]);

  // Ask the server for the taxes and totals whenever the lines change (after a short pause).
  useEffect(() => {
    if (badPrices.size > 0) return;
    let stale = false;
    const timer = setTimeout(() => {
      setComputing(true);
      api
        .previewQuote(orderId, sendable)
        .then(
          (answer) => {
            if (stale) return;
            setPreview(answer.quote);
            setServerErrors(null);
          },
          (err: unknown) => {
            if (stale) return;
            setPreview(null);
            setServerErrors({
              message: (err as Error).message,
              fields: err instanceof ApiError ? err.fields : [],
            });
          },
        )
        .finally(() => !stale && setComputing(false));
    }, 250);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [sendable, orderId, api, badPrices.size]);

  const update = (index: number, change: Partial<EditorLine>) =>
    setLines((all) => all.map((l, i) => (i === index ? { ...l, ...change } : l)));

  const submit = async (action: 'draft' | 'send') => {
    if (badPrices.size > 0) {
      document.getElementById(`line-${lines[[...badPrices][0]!]!.key}-price`)?.focus();
      return;
    }
    setBusy(true);
    setFailure('');
    try {
      if (action === 'draft') {
        await api.saveQuoteDraft(orderId, sendable);
        onSaved(t.draftSaved);
      } else {
        const sent = await api.sendQuote(orderId, sendable);
        onSent(sent.version);
      }
    } catch (err) {
      setFailure((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (index: number, field: string) =>
    serverErrors?.fields.includes(`lines.${index}.${field}`) ?? false;

  return (
    // Enter in a field never sends a quote: sending is the button's job alone.
    <form
      className="quote-editor"
      onSubmit={(e: FormEvent) => e.preventDefault()}
      aria-labelledby="h-quote-editor"
      noValidate
    >
      <h3 id="h-quote-editor">{t.editorHeading}</h3>
      <p>{state.province ? t.placeOfSupply(state.province) : t.noPlaceOfSupply}</p>
      {state.versions.length === 0 && !state.draft && <p className="muted small">{t.suggestedNote}</p>}
      {lines.map((line, i) => {
        const id = `line-${line.key}`;
        const priceBad = badPrices.has(i);
        return (
          <fieldset key={line.key} className="quote-line">
            <legend>{t.lineLegend(i + 1)}</legend>
            <div className="field quote-description">
              <label htmlFor={`${id}-description`}>{t.description}</label>
              <input
                id={`${id}-description`}
                type="text"
                value={line.description}
                aria-invalid={fieldError(i, 'description') || undefined}
                onChange={(e) => update(i, { description: e.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-quantity`}>{t.quantity}</label>
              <input
                id={`${id}-quantity`}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={line.quantity}
                aria-invalid={fieldError(i, 'quantity') || undefined}
                aria-describedby={line.needsQuantity ? `${id}-quantity-hint` : undefined}
                onChange={(e) => update(i, { quantity: e.target.value, needsQuantity: false })}
              />
              {line.needsQuantity && (
                <p id={`${id}-quantity-hint`} className="field-error">
                  {t.needsQuantity}
                </p>
              )}
            </div>
            <div className="field">
              <label htmlFor={`${id}-price`}>{t.unitPrice}</label>
              <input
                id={`${id}-price`}
                type="text"
                inputMode="decimal"
                value={line.price}
                aria-invalid={priceBad || fieldError(i, 'unitPriceCents') || undefined}
                aria-describedby={priceBad ? `${id}-price-error` : undefined}
                onChange={(e) => update(i, { price: e.target.value })}
              />
              {priceBad && (
                <p id={`${id}-price-error`} className="field-error">
                  {t.priceInvalid}
                </p>
              )}
            </div>
            <div className="check">
              <input
                id={`${id}-taxable`}
                type="checkbox"
                checked={line.taxable}
                onChange={(e) => update(i, { taxable: e.target.checked })}
              />
              <label htmlFor={`${id}-taxable`}>{t.taxable}</label>
            </div>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
            >
              {t.removeLine(i + 1)}
            </button>
          </fieldset>
        );
      })}
      <button
        type="button"
        className="button button-secondary"
        onClick={() => setLines((all) => [...all, keyed({ description: '', quantity: '1', price: '', taxable: true })])}
      >
        {t.addLine}
      </button>

      <section aria-labelledby="h-quote-totals" className="quote-totals">
        <h4 id="h-quote-totals">{t.totalsHeading}</h4>
        <div role="status" aria-live="polite">
          {computing && !preview && <p>{t.computing}</p>}
          {serverErrors && <p className="form-error">{serverErrors.message}</p>}
        </div>
        {preview && (
          <table className="quote-preview">
            <tbody>
              <tr>
                <th scope="row">{t.subtotal}</th>
                <td>{formatCents(preview.subtotalCents, lang)}</td>
              </tr>
              {preview.taxes.map((tax) => (
                <tr key={tax.code}>
                  <th scope="row">
                    {tax.name[lang]} ({tax.rateLabel[lang]})
                  </th>
                  <td>{formatCents(tax.amountCents, lang)}</td>
                </tr>
              ))}
              <tr className="quote-total">
                <th scope="row">{t.total}</th>
                <td>{formatCents(preview.totalCents, lang)}</td>
              </tr>
            </tbody>
          </table>
        )}
        <p className="muted small">
          {t.gstHstNumber}
          {lang === 'fr' ? ' : ' : ': '}
          {state.registration.gstHst || t.noNumber} · {t.qstNumber}
          {lang === 'fr' ? ' : ' : ': '}
          {state.registration.qst || t.noNumber}
        </p>
      </section>

      <Proofs {...context} onUploaded={onProofs} />

      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      <div className="order-actions">
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void submit('send')}>
          {t.send}
        </button>
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => void submit('draft')}>
          {t.saveDraft}
        </button>
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t.hide}
        </button>
      </div>
    </form>
  );
}

function Proofs({ orderId, state, attachments, layoutNumbers, onUploaded }: QuoteContext & { onUploaded: () => void }) {
  const { t } = useQuoteText();
  const inbox = useInboxText().t;
  const api = useInboxApi();
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const uid = useId();

  const upload = async (layout: number, file: File) => {
    setStatus(t.uploading);
    setError('');
    try {
      await api.uploadProof(orderId, layout, file);
      setStatus(t.uploaded(file.name));
      onUploaded();
    } catch (err) {
      setStatus('');
      setError((err as Error).message);
    }
  };

  /** The versions a proof went with (it stays then); none for a proof that can be taken back. */
  const sentWith = (proofId: string) =>
    state.versions.filter((v) => v.proofIds.includes(proofId)).map((v) => `v${v.version}`);

  const remove = async (proofId: string, name: string) => {
    setError('');
    try {
      await api.removeProof(orderId, proofId);
      setStatus(t.removed(name));
      onUploaded();
    } catch (err) {
      setStatus('');
      setError(errorText(err, inbox));
    }
  };

  return (
    <section aria-labelledby="h-proofs" className="quote-proofs">
      <h4 id="h-proofs">{t.proofsHeading}</h4>
      <p className="muted small">{t.proofsIntro}</p>
      <p role="status">{status}</p>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {layoutNumbers.map((n) => {
        const proofs = state.proofs.filter((p) => p.layout === n);
        const artwork = attachments.filter((a) => a.layout_number === n && a.has_thumbnail);
        const inputId = `${uid}-proof-${n}`;
        return (
          <div key={n} className="proof-row">
            <h5>{t.layoutTitle(n)}</h5>
            <div className="thumbs">
              {proofs.map((p) => (
                <figure key={p.id}>
                  {p.isImage ? (
                    <img src={inboxLinks.proofPreview(orderId, p.id)} alt={p.name} width={120} height={120} />
                  ) : (
                    <div className="no-thumb">PDF</div>
                  )}
                  <figcaption>
                    <a href={inboxLinks.proof(orderId, p.id)} download={p.name}>
                      {p.name}
                    </a>
                    {sentWith(p.id).length > 0 ? (
                      <span className="proof-kept muted small">{t.sentWith(sentWith(p.id).join(', '))}</span>
                    ) : (
                      <button
                        type="button"
                        className="button-link proof-remove"
                        aria-label={t.removeProof(p.name)}
                        onClick={() => void remove(p.id, p.name)}
                      >
                        {t.remove}
                      </button>
                    )}
                  </figcaption>
                </figure>
              ))}
              {proofs.length === 0 && <p className="muted small">{t.noProofs}</p>}
              {artwork.map((a) => (
                <figure key={a.id}>
                  <img src={inboxLinks.picture(orderId, a.id, 'thumbnail')} alt={a.name} width={120} height={120} />
                  <figcaption>
                    {t.artwork}: {a.name}
                  </figcaption>
                </figure>
              ))}
            </div>
            <div className="field">
              <label htmlFor={inputId}>{t.uploadProof(n)}</label>
              <input
                id={inputId}
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp,application/pdf"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) void upload(n, file);
                }}
              />
            </div>
          </div>
        );
      })}
    </section>
  );
}
