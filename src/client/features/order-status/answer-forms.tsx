// The customer's two answers to the quote, as forms: approve (typed full name and a checkbox)
// or request changes; then what came of it, focused so a screen reader reads it. Renders what
// useAnswer() holds and hands it the customer's entries. A version sent without proofs is
// approved as a quote alone: its box says so (docs/product.md, "Quotes, proofs and approval").
import { useState, type FormEvent } from 'react';
import { MAX_APPROVAL_NAME_CHARS, MAX_CHANGE_REQUEST_CHARS, type OrderStatus } from '../../../shared/constants.js';
import { statusLabel } from '../../../shared/order-presentation.js';
import type { SentQuoteInfo } from '../../../shared/quote-api.js';
import { useOrderStatusText } from './messages.js';
import type { AnswerField, AnswerState, FieldProblem } from './use-answer.js';

/** The control an error summary or a refused field sends focus to. */
const CONTROL_IDS: Record<AnswerField, string> = {
  fullName: 'approve-name',
  agree: 'approve-agree',
  comment: 'changes-comment',
};

export function AnswerForms({
  quote,
  orderStatus,
  answer,
}: {
  quote: SentQuoteInfo | null;
  /** The order's status: a quote is answered only while the order is Quoted. */
  orderStatus: OrderStatus;
  answer: AnswerState;
}) {
  const { t, language } = useOrderStatusText();
  const [fullName, setFullName] = useState('');
  const [agree, setAgree] = useState(false);
  const [comment, setComment] = useState('');
  const { errors, outcome, busy } = answer;
  // A version frozen with no proof (quote.ts leaves `proofs` out) asks to approve the quote alone.
  const withProofs = (quote?.quote.proofs?.length ?? 0) > 0;
  const text = (problem: FieldProblem) =>
    typeof problem !== 'string'
      ? problem.messageIn(language)
      : problem === 'agreeRequired' && !withProofs
        ? t.agreeRequiredNoProofs
        : t[problem];
  const focus = (field: AnswerField | null) => field && document.getElementById(CONTROL_IDS[field])?.focus();

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
  // Cancelled, or moved on by the shop: no forms, and a sentence that says why.
  if (quote && !quote.response && orderStatus !== 'quoted') {
    return (
      <>
        {message}
        <p className="status-note">{t.quoteClosed(orderStatus, statusLabel(orderStatus, language))}</p>
      </>
    );
  }
  if (!quote || quote.status !== 'sent') return message || null;

  const submitApproval = (event: FormEvent) => {
    event.preventDefault();
    focus(answer.approve(quote.version, fullName, agree));
  };
  const submitChanges = (event: FormEvent) => {
    event.preventDefault();
    focus(answer.requestChanges(comment));
  };

  const fieldError = (key: AnswerField) => {
    const problem = errors[key];
    return problem ? (
      <p id={`${key}-error`} className="field-error">
        {text(problem)}
      </p>
    ) : null;
  };
  const described = (key: AnswerField) =>
    errors[key] ? { 'aria-invalid': true as const, 'aria-describedby': `${key}-error` } : {};

  return (
    <>
      {message}
      <div className="answer-grid">
        <form className="card" onSubmit={submitApproval} noValidate aria-labelledby="h-approve">
          <h2 id="h-approve">{t.approveHeading}</h2>
          <p>{withProofs ? t.approveIntro : t.approveIntroNoProofs}</p>
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
              <label htmlFor="approve-agree">{withProofs ? t.agree : t.agreeNoProofs}</label>
            </div>
          </div>
          <button type="submit" className="button button-primary" disabled={busy}>
            {t.approve}
          </button>
        </form>
        <form className="card" onSubmit={submitChanges} noValidate aria-labelledby="h-changes">
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
