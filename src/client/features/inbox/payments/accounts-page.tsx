// The Accounts page: the shop's payment terms (owners change them); the accountant's reports,
// journal and exports for a period, where an invoice is credited, its order deleted or not
// (accounts-reports.tsx); the tax codes of the import files, who may refund, credit and
// override, and the records hold (accounts-settings.tsx).
import { useEffect, useId, useState, type FormEvent } from 'react';
import { PAYMENT_METHODS } from '../../../../shared/invoices/payment-methods.js';
import { BALANCE_DUE_KINDS, PAYMENT_METHOD_IDS, type PaymentTerms } from '../../../../shared/invoices/terms.js';
import { ApiError } from '../../../shared/api-error.js';
import { useInboxApi, useSession } from '../session.js';
import { useAccountsText } from './accounts-messages.js';
import { Reports } from './accounts-reports.js';
import { MoneyPermissionsForm, RecordsHoldForm, TaxCodesForm } from './accounts-settings.js';

export function AccountsPage() {
  const { t } = useAccountsText();
  return (
    <div className="accounts-page">
      <h1>{t.heading}</h1>
      <TermsForm />
      <Reports />
      <TaxCodesForm />
      <MoneyPermissionsForm />
      <RecordsHoldForm />
    </div>
  );
}

function TermsForm() {
  const api = useInboxApi();
  const { staff } = useSession();
  const { t, language } = useAccountsText();
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
