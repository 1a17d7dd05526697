// The order's customer's statement (docs/accounts.md, "Statements"): every order billed to their
// email, for a period, as a PDF to download, or mailed to them on request.
import { useId, useState } from 'react';
import { ApiError } from '../../../shared/api-error.js';
import { inboxLinks } from '../api.js';
import { useInboxApi } from '../session.js';
import { useReceivablesText } from './receivables-messages.js';

const today = () => new Date().toLocaleDateString('en-CA');
const firstOfMonth = () => `${today().slice(0, 8)}01`;

export function CustomerStatement({ orderId }: { orderId: string }) {
  const api = useInboxApi();
  const { t, language } = useReceivablesText();
  const id = useId();
  const [from, setFrom] = useState(firstOfMonth);
  const [to, setTo] = useState(today);
  const [sent, setSent] = useState('');
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const mail = () => {
    setBusy(true);
    setSent('');
    void api.mailStatement(orderId, from, to).then(
      ({ email }) => {
        setRefusal(null);
        setSent(t.statementMailed(email));
        setBusy(false);
      },
      (err: unknown) => {
        if (err instanceof ApiError) setRefusal(err);
        setBusy(false);
      },
    );
  };
  const error = refusal ? refusal.messageIn(language) : '';
  return (
    <section aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t.statementHeading}</h3>
      <div className="report-period">
        <div className="field">
          <label htmlFor={`${id}-from`}>{t.statementFrom}</label>
          <input id={`${id}-from`} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t.statementTo}</label>
          <input
            id={`${id}-to`}
            type="date"
            value={to}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-to-error` : undefined}
            onChange={(e) => setTo(e.target.value)}
          />
          {error && (
            <p id={`${id}-to-error`} className="field-error">
              {error}
            </p>
          )}
        </div>
      </div>
      <p>
        <a href={inboxLinks.statement(orderId, from, to)} className="button button-secondary" download>
          {t.statementPdf}
        </a>{' '}
        <button type="button" className="button" onClick={mail} disabled={busy}>
          {t.statementMail}
        </button>
      </p>
      {sent && <p role="status">{sent}</p>}
    </section>
  );
}
