// The Accounts page: the shop's payment terms (owners change them); the accountant's reports,
// journal and exports for a period, where an invoice is credited, its order deleted or not
// (accounts-reports.tsx); the tax codes of the import files, who may refund, credit and
// override, and the records hold (accounts-settings.tsx); closing periods (accounts-periods.tsx).
import { useId, useState } from 'react';
import { PAYMENT_METHODS } from '../../../../shared/invoices/payment-methods.js';
import {
  BALANCE_DUE_KINDS,
  CARD_PAYMENT_CHOICES,
  OFFERED_METHOD_IDS,
  type PaymentTerms,
} from '../../../../shared/invoices/terms.js';
import { basisPointsOfPercent } from '../../../../shared/invoices/surcharge.js';
import { useInboxApi, useSession } from '../session.js';
import { useAccountsText } from './accounts-messages.js';
import { Reports } from './accounts-reports.js';
import { Receivables } from './accounts-receivables.js';
import { MoneyPermissionsForm, RecordsHoldForm, TaxCodesForm } from './accounts-settings.js';
import { InputField, SettingCard, useSetting } from './form-parts.js';
import { PeriodsForm, WriteOffThresholdForm } from './accounts-periods.js';

/** Basis points as the owner reads a percentage: 240 → "2.4" / « 2,4 ». */
const percentText = (basisPoints: number, language: 'en' | 'fr') =>
  String(basisPoints / 100).replace('.', language === 'fr' ? ',' : '.');

export function AccountsPage() {
  const { t } = useAccountsText();
  return (
    <div className="accounts-page">
      <h1>{t.heading}</h1>
      <TermsForm />
      <Reports />
      <Receivables />
      <PeriodsForm />
      <WriteOffThresholdForm />
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
  const { value: terms, edit, refusal, saved, submit } = useSetting(api.terms, api.saveTerms);
  // The surcharge as the owner types it ("2.4"), kept while typing ("2."); the terms hold basis points.
  const [surchargeText, setSurchargeText] = useState<string | null>(null);
  if (!terms) return refusal ? <p role="alert">{refusal.messageIn(language)}</p> : null;
  const set = (patch: Partial<PaymentTerms>) => edit({ ...terms, ...patch });
  // Each refused field says what it takes, in the reader's language.
  // The surcharge's own refusal (above 2.4 %, a Quebec shop) is the server's, in the reader's language.
  const errorOf = (field: string) =>
    refusal?.fields.some((f) => f === field || f.startsWith(`${field}.`))
      ? refusal.code === 'invalid_surcharge'
        ? refusal.messageIn(language)
        : (t.termsErrors[field] ?? refusal.messageIn(language))
      : '';
  return (
    <SettingCard
      heading={t.termsHeading}
      ownerOnly={t.termsOwnerOnly}
      owner={staff?.role === 'owner'}
      onSubmit={submit}
      saveLabel={t.saveTerms}
      saved={saved ? t.termsSaved : null}
    >
      <InputField
        id={`${id}-deposit`}
        label={t.depositPercent}
        type="number"
        min={0}
        max={100}
        value={terms.depositPercent}
        error={errorOf('depositPercent')}
        onChange={(e) => set({ depositPercent: Number(e.target.value) })}
      />
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
        <InputField
          id={`${id}-days`}
          label={t.balanceDays}
          type="number"
          min={1}
          max={365}
          value={terms.balanceDays}
          error={errorOf('balanceDays')}
          onChange={(e) => set({ balanceDays: Number(e.target.value) })}
        />
      )}
      <InputField
        id={`${id}-etransfer`}
        label={t.etransferEmail}
        type="email"
        value={terms.etransferEmail}
        error={errorOf('etransferEmail')}
        onChange={(e) => set({ etransferEmail: e.target.value })}
      />
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
        {OFFERED_METHOD_IDS.map((m) => (
          <div key={m} className="checkbox-field">
            <input
              id={`${id}-m-${m}`}
              type="checkbox"
              checked={terms.methods.includes(m)}
              onChange={(e) =>
                set({
                  methods: e.target.checked
                    ? OFFERED_METHOD_IDS.filter((x) => x === m || terms.methods.includes(x))
                    : terms.methods.filter((x) => x !== m),
                })
              }
            />
            <label htmlFor={`${id}-m-${m}`}>{PAYMENT_METHODS[m].label[language]}</label>
          </div>
        ))}
        {errorOf('methods') && (
          <p id={`${id}-methods-error`} className="field-error">
            {errorOf('methods')}
          </p>
        )}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-card`}>{t.cardPayments}</label>
        <select
          id={`${id}-card`}
          aria-describedby={`${id}-card-hint`}
          value={terms.cardPayments}
          onChange={(e) => set({ cardPayments: e.target.value as PaymentTerms['cardPayments'] })}
        >
          {CARD_PAYMENT_CHOICES.map((k) => (
            <option key={k} value={k}>
              {t.cardPaymentChoices[k]}
            </option>
          ))}
        </select>
        <p id={`${id}-card-hint`} className="muted small">
          {t.cardPaymentsHint}
        </p>
      </div>
      <InputField
        id={`${id}-surcharge`}
        label={t.cardSurcharge}
        hint={t.cardSurchargeHint}
        type="text"
        inputMode="decimal"
        maxLength={6}
        value={surchargeText ?? percentText(terms.cardSurchargeBasisPoints, language)}
        error={errorOf('cardSurchargeBasisPoints')}
        onChange={(e) => {
          setSurchargeText(e.target.value);
          set({ cardSurchargeBasisPoints: basisPointsOfPercent(e.target.value) });
        }}
      />
      <InputField
        id={`${id}-reminder`}
        label={t.reminderDays}
        type="number"
        min={0}
        max={365}
        value={terms.reminderDays}
        error={errorOf('reminderDays')}
        onChange={(e) => set({ reminderDays: Number(e.target.value) })}
      />
      {refusal && !Object.keys(t.termsErrors).some((field) => errorOf(field)) && (
        <p role="alert" className="form-error">
          {refusal.messageIn(language)}
        </p>
      )}
    </SettingCard>
  );
}
