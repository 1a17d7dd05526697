// The Accounts page: the shop's payment terms (owners change them) and the accountant's two
// reports for a period, the sales taxes by tax and province and the payments received, each
// shown as a table and downloadable as CSV.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import type { PaymentsReport, TaxReport } from '../../../../shared/invoices/invoice-api.js';
import { PAYMENT_METHODS } from '../../../../shared/invoices/payment-methods.js';
import { BALANCE_DUE_KINDS, PAYMENT_METHOD_IDS, type PaymentTerms } from '../../../../shared/invoices/terms.js';
import { formatCents } from '../../../../shared/money.js';
import { ApiError } from '../../../shared/api-error.js';
import { inboxLinks } from '../api.js';
import { useInboxApi, useSession } from '../session.js';
import { usePaymentsText } from './payments-messages.js';

const firstOfMonth = () => `${new Date().toLocaleDateString('en-CA').slice(0, 8)}01`;
const today = () => new Date().toLocaleDateString('en-CA');

export function AccountsPage() {
  const { t } = usePaymentsText();
  return (
    <div className="accounts-page">
      <h1>{t.nav}</h1>
      <TermsForm />
      <Reports />
    </div>
  );
}

function TermsForm() {
  const api = useInboxApi();
  const { staff } = useSession();
  const { t, language } = usePaymentsText();
  const id = useId();
  const [terms, setTerms] = useState<PaymentTerms | null>(null);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    void api.terms().then(setTerms, (err: unknown) => err instanceof ApiError && setRefusal(err));
  }, [api]);
  if (!terms) return refusal ? <p role="alert">{refusal.messageIn(language)}</p> : null;
  const owner = staff?.role === 'owner';
  const set = (patch: Partial<PaymentTerms>) => {
    setSaved(false);
    setTerms({ ...terms, ...patch });
  };
  // Each refused field says what it takes, in the reader's language.
  const errorOf = (field: string) =>
    refusal?.fields.some((f) => f === field || f.startsWith(`${field}.`))
      ? (t.termsErrors[field] ?? refusal.messageIn(language))
      : '';
  const invalid = (field: string) =>
    errorOf(field) ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${field}-error` } : {};
  const error = (field: string) =>
    errorOf(field) ? (
      <p id={`${id}-${field}-error`} className="field-error">
        {errorOf(field)}
      </p>
    ) : null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      setTerms(await api.saveTerms(terms));
      setRefusal(null);
      setSaved(true);
    } catch (err) {
      if (err instanceof ApiError) setRefusal(err);
      else throw err;
    }
  };
  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t.termsHeading}</h2>
      {!owner && <p className="muted">{t.termsOwnerOnly}</p>}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <fieldset disabled={!owner}>
          <legend className="visually-hidden">{t.termsHeading}</legend>
          <div className="field">
            <label htmlFor={`${id}-deposit`}>{t.depositPercent}</label>
            <input
              id={`${id}-deposit`}
              type="number"
              min={0}
              max={100}
              value={terms.depositPercent}
              {...invalid('depositPercent')}
              onChange={(e) => set({ depositPercent: Number(e.target.value) })}
            />
            {error('depositPercent')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-balance`}>{t.balanceDue}</label>
            <select
              id={`${id}-balance`}
              value={terms.balanceDue}
              onChange={(e) => set({ balanceDue: e.target.value as PaymentTerms['balanceDue'] })}
            >
              {BALANCE_DUE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t.balanceDueKinds[k]}
                </option>
              ))}
            </select>
          </div>
          {terms.balanceDue === 'days' && (
            <div className="field">
              <label htmlFor={`${id}-days`}>{t.balanceDays}</label>
              <input
                id={`${id}-days`}
                type="number"
                min={1}
                max={365}
                value={terms.balanceDays}
                {...invalid('balanceDays')}
                onChange={(e) => set({ balanceDays: Number(e.target.value) })}
              />
              {error('balanceDays')}
            </div>
          )}
          <div className="field">
            <label htmlFor={`${id}-etransfer`}>{t.etransferEmail}</label>
            <input
              id={`${id}-etransfer`}
              type="email"
              value={terms.etransferEmail}
              {...invalid('etransferEmail')}
              onChange={(e) => set({ etransferEmail: e.target.value })}
            />
            {error('etransferEmail')}
          </div>
          <div className="checkbox-field">
            <input
              id={`${id}-autodeposit`}
              type="checkbox"
              checked={terms.autodeposit}
              onChange={(e) => set({ autodeposit: e.target.checked })}
            />
            <label htmlFor={`${id}-autodeposit`}>{t.autodeposit}</label>
          </div>
          <fieldset>
            <legend>{t.methods}</legend>
            {PAYMENT_METHOD_IDS.map((m) => (
              <div key={m} className="checkbox-field">
                <input
                  id={`${id}-m-${m}`}
                  type="checkbox"
                  checked={terms.methods.includes(m)}
                  onChange={(e) =>
                    set({
                      methods: e.target.checked
                        ? PAYMENT_METHOD_IDS.filter((x) => x === m || terms.methods.includes(x))
                        : terms.methods.filter((x) => x !== m),
                    })
                  }
                />
                <label htmlFor={`${id}-m-${m}`}>{PAYMENT_METHODS[m].label[language]}</label>
              </div>
            ))}
            {error('methods')}
          </fieldset>
          <div className="field">
            <label htmlFor={`${id}-reminder`}>{t.reminderDays}</label>
            <input
              id={`${id}-reminder`}
              type="number"
              min={0}
              max={365}
              value={terms.reminderDays}
              {...invalid('reminderDays')}
              onChange={(e) => set({ reminderDays: Number(e.target.value) })}
            />
            {error('reminderDays')}
          </div>
          {refusal && !Object.keys(t.termsErrors).some((field) => errorOf(field)) && (
            <p role="alert" className="form-error">
              {refusal.messageIn(language)}
            </p>
          )}
          <button type="submit" className="button button-primary">
            {t.saveTerms}
          </button>
          {saved && <p role="status">{t.termsSaved}</p>}
        </fieldset>
      </form>
    </section>
  );
}

function Reports() {
  const api = useInboxApi();
  const { t, language } = usePaymentsText();
  const id = useId();
  const [from, setFrom] = useState(firstOfMonth);
  const [to, setTo] = useState(today);
  const [taxes, setTaxes] = useState<TaxReport | null>(null);
  const [payments, setPayments] = useState<PaymentsReport | null>(null);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const money = (cents: number) => formatCents(cents, language);
  const fetchReports = useCallback(
    (start: string, end: string) => Promise.all([api.taxReport(start, end), api.paymentsReport(start, end)]),
    [api],
  );
  const showing = (result: Promise<[TaxReport, PaymentsReport]>, live: () => boolean = () => true) =>
    result.then(
      ([tx, pm]) => {
        if (!live()) return;
        setTaxes(tx);
        setPayments(pm);
        setRefusal(null);
      },
      (err: unknown) => {
        if (live() && err instanceof ApiError) setRefusal(err);
      },
    );
  const show = (e: FormEvent) => {
    e.preventDefault();
    void showing(fetchReports(from, to));
  };
  // This month so far, as the page opens; other periods on "Show".
  useEffect(() => {
    let live = true;
    void showing(fetchReports(firstOfMonth(), today()), () => live);
    return () => {
      live = false;
    };
  }, [fetchReports]);
  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t.reportsHeading}</h2>
      <form className="report-period" onSubmit={show}>
        <div className="field">
          <label htmlFor={`${id}-from`}>{t.from}</label>
          <input id={`${id}-from`} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t.to}</label>
          <input id={`${id}-to`} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
        <button type="submit" className="button button-primary">
          {t.show}
        </button>
      </form>
      {refusal && (
        <p role="alert" className="form-error">
          {refusal.messageIn(language)}
        </p>
      )}
      {taxes && (
        <>
          <h3>{t.taxesHeading}</h3>
          {taxes.rows.length === 0 ? (
            <p>{t.noRows}</p>
          ) : (
            <div className="table-scroll">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t.tax}</th>
                    <th scope="col">{t.province}</th>
                    <th scope="col">{t.rate}</th>
                    <th scope="col" className="num">
                      {t.taxable}
                    </th>
                    <th scope="col" className="num">
                      {t.taxAmount}
                    </th>
                    <th scope="col" className="num">
                      {t.documents}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {taxes.rows.map((r) => (
                    <tr key={`${r.code}-${r.province}-${r.rateLabel.en}`}>
                      <td>{r.name[language]}</td>
                      <td>{r.province}</td>
                      <td>{r.rateLabel[language]}</td>
                      <td className="num">{money(r.taxableCents)}</td>
                      <td className="num">{money(r.amountCents)}</td>
                      <td className="num">{r.documents}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <p>
            <a href={inboxLinks.report('taxes', from, to)} download>
              {t.csv}
            </a>
          </p>
        </>
      )}
      {payments && (
        <>
          <h3>{t.paymentsHeading}</h3>
          {payments.rows.length === 0 ? (
            <p>{t.noRows}</p>
          ) : (
            <div className="table-scroll">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t.date}</th>
                    <th scope="col">{t.receipt}</th>
                    <th scope="col">{t.order}</th>
                    <th scope="col">{t.method}</th>
                    <th scope="col" className="num">
                      {t.amount}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {payments.rows.map((r) => (
                    <tr key={r.receiptNumber}>
                      <td>{r.receivedOn}</td>
                      <td>{r.receiptNumber}</td>
                      <td>{r.orderReference}</td>
                      <td>
                        {PAYMENT_METHODS[r.method].label[language]}
                        {r.reference ? ` ${r.reference}` : ''}
                      </td>
                      <td className="num">{money(r.amountCents)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={4}>
                      {t.total}
                    </th>
                    <td className="num">{money(payments.totalCents)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          )}
          <p>
            <a href={inboxLinks.report('payments', from, to)} download>
              {t.csv}
            </a>
          </p>
        </>
      )}
    </section>
  );
}
