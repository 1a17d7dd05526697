// The customer's order page, /o/<token>: the order as received, the proofs beside the artwork,
// the current quote with each tax on its own line, where the order stands, and the Approve and
// Request changes forms. A chunk of its own, loaded only on this path; its texts live in
// messages.ts. Amounts come from the server, which computed them (docs/product.md).
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  addressLine,
  deadlineText,
  layoutSections,
  optionLines,
  ORDER_WORDS,
  personName,
  shippingText,
} from '../../../shared/order-presentation.js';
import { formatCents } from '../../../shared/quote.js';
import { CUSTOMER_STEPS, MAX_APPROVAL_NAME_CHARS, MAX_CHANGE_REQUEST_CHARS } from '../../../shared/constants.js';
import type { CustomerOrderView, SentQuoteInfo } from '../../../shared/quote-api.js';
import { ApiError } from '../../shared/api-error.js';
import { orderStatusApi, viewOfRefusal, type OrderStatusApi } from './api.js';
import { statusCatalogues, type StatusLanguage, type StatusMessages } from './messages.js';
import './order-status.css';

const formatDate = (iso: string, lang: StatusLanguage) =>
  new Date(iso).toLocaleString(lang === 'fr' ? 'fr-CA' : 'en-CA', { dateStyle: 'long', timeStyle: 'short' });

export default function OrderStatusApp({ token }: { token: string }) {
  const [view, setView] = useState<CustomerOrderView | null>(null);
  const [missing, setMissing] = useState(false);
  const [chosen, setChosen] = useState<StatusLanguage | null>(null);
  const lang: StatusLanguage = chosen ?? view?.language ?? 'en';
  const t = statusCatalogues[lang];
  const api = useMemo(() => orderStatusApi(token), [token]);

  useEffect(() => {
    api.view().then(setView, () => setMissing(true));
  }, [api]);

  useEffect(() => {
    document.documentElement.lang = lang === 'fr' ? 'fr-CA' : 'en-CA';
    document.title = view ? t.title(view.reference) : t.loading;
  }, [lang, view, t]);

  const switcher = (
    <nav className="top-bar" aria-label={t.switchLabel}>
      <button
        type="button"
        className="button-link language-switch"
        lang={t.switchToLang}
        onClick={() => setChosen(t.switchToLang as StatusLanguage)}
      >
        {t.switchTo}
      </button>
    </nav>
  );

  if (missing) {
    return (
      <>
        {switcher}
        <main className="page not-found">
          <h1>{t.notFoundHeading}</h1>
          <p>{t.notFoundText}</p>
          <a className="button button-primary" href="/">
            {t.home}
          </a>
        </main>
      </>
    );
  }
  if (!view) {
    return (
      <main className="page">
        <p role="status">{t.loading}</p>
      </main>
    );
  }

  return (
    <>
      {switcher}
      <main className="page order-status">
        <header className="status-header">
          <h1>{t.title(view.reference)}</h1>
          <p className="muted">{t.received(formatDate(view.createdAt, lang))}</p>
        </header>
        <Progress view={view} t={t} lang={lang} />
        <QuoteSection view={view} t={t} lang={lang} />
        <Proofs view={view} t={t} lang={lang} api={api} />
        <Answer view={view} t={t} lang={lang} api={api} onView={setView} />
        <OrderSummary view={view} t={t} lang={lang} />
      </main>
    </>
  );
}

interface PartProps {
  view: CustomerOrderView;
  t: StatusMessages;
  lang: StatusLanguage;
}

function Progress({ view, t, lang }: PartProps) {
  const at = CUSTOMER_STEPS.indexOf(view.status as (typeof CUSTOMER_STEPS)[number]);
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
              {reached && date && <span className="muted small"> {formatDate(date, lang)}</span>}
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

function QuoteSection({ view, t, lang }: PartProps) {
  const current = view.quote;
  if (!current) {
    return (
      <section className="card" aria-labelledby="h-quote">
        <h2 id="h-quote">{t.quoteTitle}</h2>
        <p>{t.noQuote}</p>
      </section>
    );
  }
  const q = current.quote;
  const money = (cents: number) => formatCents(cents, lang);
  return (
    <section className="card" aria-labelledby="h-quote">
      <h2 id="h-quote">{t.quoteHeading(current.version)}</h2>
      <p className="muted small">{t.quoteDate(q.date)}</p>
      <div className="table-scroll">
        <table className="quote-table">
          <thead>
            <tr>
              <th scope="col">{t.description}</th>
              <th scope="col" className="num">
                <span className="heading-long">{t.quantity}</span>
                <span className="heading-short" aria-hidden="true">
                  {t.quantityShort}
                </span>
              </th>
              <th scope="col" className="num">
                {t.unitPrice}
              </th>
              <th scope="col" className="num">
                {t.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {q.lines.map((line, i) => (
              <tr key={i}>
                <td>
                  {line.description}
                  {!line.taxable && <span className="muted small"> {t.notTaxable}</span>}
                </td>
                <td className="num">{line.quantity}</td>
                <td className="num">{money(line.unitPriceCents)}</td>
                <td className="num">{money(line.lineTotalCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {t.subtotal}
              </th>
              <td className="num">{money(q.subtotalCents)}</td>
            </tr>
            {q.taxes.map((tax) => (
              <tr key={tax.code}>
                <th scope="row" colSpan={3}>
                  {tax.name[lang]} ({tax.rateLabel[lang]})
                </th>
                <td className="num">{money(tax.amountCents)}</td>
              </tr>
            ))}
            <tr className="quote-total">
              <th scope="row" colSpan={3}>
                {t.total}
              </th>
              <td className="num">{money(q.totalCents)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      {(view.registration.gstHst || view.registration.qst) && (
        <ul className="plain small registration">
          {view.registration.gstHst && (
            <li>
              {t.gstHstNumber}
              {lang === 'fr' ? ' : ' : ': '}
              {view.registration.gstHst}
            </li>
          )}
          {view.registration.qst && (
            <li>
              {t.qstNumber}
              {lang === 'fr' ? ' : ' : ': '}
              {view.registration.qst}
            </li>
          )}
        </ul>
      )}
      <ResponseLine quote={current} t={t} lang={lang} />
    </section>
  );
}

function ResponseLine({ quote, t, lang }: { quote: SentQuoteInfo; t: StatusMessages; lang: StatusLanguage }) {
  const r = quote.response;
  if (!r) return null;
  return (
    <p className="status-note">
      {r.kind === 'approved'
        ? t.approvedBy(r.fullName ?? '', formatDate(r.at, lang), quote.version)
        : t.changesRequested(formatDate(r.at, lang))}
    </p>
  );
}

function Proofs({ view, t, lang, api }: PartProps & { api: OrderStatusApi }) {
  if (!view.quote) return null;
  const layouts = Object.keys(view.document.layouts)
    .map(Number)
    .sort((a, b) => a - b);
  return (
    <section className="card" aria-labelledby="h-proofs">
      <h2 id="h-proofs">{t.proofsHeading}</h2>
      <p className="muted">{view.proofs.length > 0 ? t.proofsIntro : t.noProofs}</p>
      {layouts.map((n) => {
        const proofs = view.proofs.filter((p) => p.layout === n);
        const artwork = view.attachments.filter((a) => a.layout === n && a.preview);
        if (proofs.length === 0 && artwork.length === 0) return null;
        return (
          <div key={n} className="proof-layout">
            <h3 id={`h-proof-layout-${n}`}>{ORDER_WORDS[lang].layoutTitle(n)}</h3>
            <div className="proof-grid">
              {proofs.map((p) => (
                <figure key={p.id} className="proof">
                  {p.isImage ? (
                    <img src={api.links.proofPreview(p.id)} alt={t.proofAlt(p.name)} />
                  ) : (
                    <div className="proof-file" aria-hidden="true">
                      PDF
                    </div>
                  )}
                  <figcaption>
                    <a href={api.links.proof(p.id)} download={p.name}>
                      {t.downloadProof(p.name)}
                    </a>
                  </figcaption>
                </figure>
              ))}
              {artwork.length > 0 && (
                <figure className="proof artwork">
                  <div className="artwork-thumbs">
                    {artwork.map((a) => (
                      <img key={a.id} src={api.links.thumbnail(a.id)} alt={a.name} width={96} height={96} />
                    ))}
                  </div>
                  <figcaption>{t.yourArtwork}</figcaption>
                </figure>
              )}
            </div>
          </div>
        );
      })}
    </section>
  );
}

type FieldErrors = Partial<Record<'fullName' | 'agree' | 'comment', string>>;
const isFieldKey = (field: string): field is keyof FieldErrors =>
  field === 'fullName' || field === 'agree' || field === 'comment';

function Answer({
  view,
  t,
  lang,
  api,
  onView,
}: PartProps & { api: OrderStatusApi; onView: (view: CustomerOrderView) => void }) {
  const [fullName, setFullName] = useState('');
  const [agree, setAgree] = useState(false);
  const [comment, setComment] = useState('');
  // Keys, not sentences, so a language switch translates what is on screen.
  const [errors, setErrors] = useState<Partial<Record<keyof FieldErrors, keyof StatusMessages | ApiError>>>({});
  const [outcome, setOutcome] = useState<'approved' | 'changes' | 'superseded' | 'failed' | ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const text = (e: keyof StatusMessages | ApiError | undefined) =>
    e === undefined ? undefined : typeof e === 'string' ? (t[e] as string) : e.messageIn(lang);

  const run = useCallback(
    async (what: () => Promise<{ view: CustomerOrderView }>, done: 'approved' | 'changes') => {
      setBusy(true);
      try {
        const answer = await what();
        onView(answer.view);
        setOutcome(done);
      } catch (err) {
        const refusal = err instanceof ApiError && err.status > 0 ? err : null;
        const now = refusal && viewOfRefusal(refusal);
        const field = refusal?.fields[0];
        if (now) {
          onView(now);
          setOutcome(refusal.code === 'quote_superseded' ? 'superseded' : refusal);
        } else if (refusal && field && isFieldKey(field)) {
          setErrors({ [field]: refusal });
        } else {
          // A refusal the server worded (not an outage, not a page the proxy made up) is shown as it says.
          setOutcome(refusal && refusal.status < 500 && refusal.code !== 'http_error' ? refusal : 'failed');
        }
      } finally {
        setBusy(false);
      }
    },
    [onView],
  );

  const quote = view.quote;
  const message = outcome && (
    <p
      role={outcome === 'approved' || outcome === 'changes' ? 'status' : 'alert'}
      className={outcome === 'approved' || outcome === 'changes' ? 'status-success' : 'form-error'}
      tabIndex={-1}
      ref={(p) => p?.focus()}
    >
      {outcome === 'approved'
        ? t.thanksApproved
        : outcome === 'changes'
          ? t.thanksChanges
          : outcome === 'superseded'
            ? t.superseded
            : outcome === 'failed'
              ? t.failed
              : text(outcome)}
    </p>
  );
  if (!quote || quote.status !== 'sent') return message || null;

  const approve = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (fullName.trim().length < 2) next.fullName = 'fullNameRequired';
    if (!agree) next.agree = 'agreeRequired';
    setErrors(next);
    setOutcome(null);
    if (Object.keys(next).length > 0) {
      document.getElementById(next.fullName ? 'approve-name' : 'approve-agree')?.focus();
      return;
    }
    void run(() => api.approve(quote.version, fullName), 'approved');
  };
  const askChanges = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    if (comment.trim() === '') {
      setErrors({ comment: 'commentRequired' });
      document.getElementById('changes-comment')?.focus();
      return;
    }
    setErrors({});
    void run(() => api.requestChanges(comment), 'changes');
  };

  const fieldError = (key: keyof FieldErrors) =>
    errors[key] ? (
      <p id={`${key}-error`} className="field-error">
        {text(errors[key])}
      </p>
    ) : null;
  const described = (key: keyof FieldErrors) =>
    errors[key] ? { 'aria-invalid': true as const, 'aria-describedby': `${key}-error` } : {};

  return (
    <>
      {message}
      <div className="answer-grid">
        <form className="card" onSubmit={approve} noValidate aria-labelledby="h-approve">
          <h2 id="h-approve">{t.approveHeading}</h2>
          <p>{t.approveIntro}</p>
          <div className="field">
            <label htmlFor="approve-name">{t.fullName}</label>
            {fieldError('fullName')}
            <input
              id="approve-name"
              type="text"
              autoComplete="name"
              maxLength={MAX_APPROVAL_NAME_CHARS}
              value={fullName}
              onChange={(e) => setFullName(e.target.value)}
              {...described('fullName')}
            />
          </div>
          <div className="field">
            {fieldError('agree')}
            <div className="check">
              <input
                id="approve-agree"
                type="checkbox"
                checked={agree}
                onChange={(e) => setAgree(e.target.checked)}
                {...described('agree')}
              />
              <label htmlFor="approve-agree">{t.agree}</label>
            </div>
          </div>
          <button type="submit" className="button button-primary" disabled={busy}>
            {t.approve}
          </button>
        </form>
        <form className="card" onSubmit={askChanges} noValidate aria-labelledby="h-changes">
          <h2 id="h-changes">{t.changesHeading}</h2>
          <div className="field">
            <label htmlFor="changes-comment">{t.comment}</label>
            {fieldError('comment')}
            <textarea
              id="changes-comment"
              rows={4}
              maxLength={MAX_CHANGE_REQUEST_CHARS}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              {...described('comment')}
            />
          </div>
          <button type="submit" className="button button-secondary" disabled={busy}>
            {t.requestChanges}
          </button>
        </form>
      </div>
    </>
  );
}

function OrderSummary({ view, t, lang }: PartProps) {
  const doc = view.document;
  const first = doc.layouts['1'];
  const billing = first?.billing;
  return (
    <section className="card" aria-labelledby="h-order">
      <h2 id="h-order">{t.orderHeading}</h2>
      <dl className="summary-list">
        {billing && (
          <>
            <dt>{t.billing}</dt>
            <dd>
              {personName(billing)}
              {billing.companyName && `, ${billing.companyName}`}
              <br />
              {addressLine(billing)}
            </dd>
          </>
        )}
        <dt>{t.shipping}</dt>
        <dd>{shippingText(first?.shipping, lang)}</dd>
        <dt>{t.deadline}</dt>
        <dd>{deadlineText(first?.deadline, lang)}</dd>
        <dt>{t.options}</dt>
        <dd>{optionLines(doc, lang).join(' · ')}</dd>
        {first?.jobNotes && (
          <>
            <dt>{t.notes}</dt>
            <dd className="pre">{first.jobNotes}</dd>
          </>
        )}
      </dl>
      {layoutSections(doc, lang).map((section) => (
        <div key={section.n}>
          <h3 id={`h-summary-layout-${section.n}`}>{section.title}</h3>
          <ul className="plain">
            {section.lines.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
