// My orders' statement (docs/accounts.md, "Statements"): the customer picks a period and downloads
// their statement; the server draws it from the signed-in email's orders only.
import { useId, useState } from 'react';
import { portalApi } from './api.js';
import { usePortalText } from './messages.js';

const today = () => new Date().toLocaleDateString('en-CA');

export function StatementSection() {
  const { t } = usePortalText();
  const id = useId();
  const [from, setFrom] = useState(() => `${today().slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t.statement.heading}</h2>
      <p>{t.statement.intro}</p>
      <div className="report-period">
        <div className="field">
          <label htmlFor={`${id}-from`}>{t.statement.from}</label>
          <input id={`${id}-from`} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t.statement.to}</label>
          <input id={`${id}-to`} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
      </div>
      <p>
        <a href={portalApi.links.statement(from, to)} className="button button-secondary" download>
          {t.statement.download}
        </a>
      </p>
    </section>
  );
}
