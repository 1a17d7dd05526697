// The Accounts page's settings, each read by every staff member and changed by owners: the tax
// code of each way a line can be taxed (for the QuickBooks Online and Xero files), who may
// refund, credit and override, and the hold that keeps every record past its six years.
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { StaffMember } from '../../../../shared/invoices/invoice-api.js';
import {
  MONEY_PERMISSIONS,
  type MoneyPermission,
  type MoneyPermissions,
} from '../../../../shared/invoices/permissions.js';
import { allTreatments } from '../../../../shared/invoices/tax-codes.js';
import { TAX_NAMES, type TaxCode } from '../../../../shared/taxes.js';
import { ColumnHeads } from '../../../components/column-heads.js';
import { ApiError } from '../../../shared/api-error.js';
import type { RecordsHold } from '../api.js';
import { useInboxApi, useSession } from '../session.js';
import { useAccountsText, type AccountsMessages, type Language } from './accounts-messages.js';
import { InputField, SettingCard, useSetting } from './form-parts.js';

/** A treatment ("GST+PST BC", "HST ON rebate") in words: "GST + PST, BC". */
function describeTreatment(key: string, t: AccountsMessages, language: Language): string {
  if (key === 'exempt') return t.noTax;
  if (key === 'GST') return t.gstOnly;
  const [codes = '', province = '', rebate] = key.split(' ');
  const names = codes
    .split('+')
    .map((c) => TAX_NAMES[c as TaxCode][language])
    .join(' + ');
  return `${names}${rebate ? ` ${t.rebate}` : ''}, ${province}`;
}

const TREATMENTS = allTreatments();

function useOwner() {
  return useSession().staff?.role === 'owner';
}

function Refusal({ refusal, shown }: { refusal: ApiError | null; shown: boolean }) {
  const { language } = useAccountsText();
  return refusal && !shown ? (
    <p role="alert" className="form-error">
      {refusal.messageIn(language)}
    </p>
  ) : null;
}

export function TaxCodesForm() {
  const api = useInboxApi();
  const owner = useOwner();
  const { t, language } = useAccountsText();
  const id = useId();
  const { value: codes, edit, refusal, saved, submit } = useSetting(api.taxCodes, api.saveTaxCodes);
  if (!codes) return <Refusal refusal={refusal} shown={false} />;
  const refused = (field: string) => refusal?.fields.includes(field) ?? false;
  const fieldIdOf = (key: string) => `${id}-${key.replace(/[^A-Za-z0-9]/g, '-')}`;
  const anyShown = refused('xeroAccountCode') || TREATMENTS.some((k) => refused(`codes.${k}`));
  return (
    <SettingCard
      heading={t.taxCodesHeading}
      intro={t.taxCodesIntro}
      ownerOnly={t.taxCodesOwnerOnly}
      owner={owner}
      onSubmit={submit}
      saveLabel={t.saveTaxCodes}
      saved={saved ? t.taxCodesSaved : null}
    >
      <div className="table-scroll">
        <table>
          <ColumnHeads columns={[t.treatment, t.codeName]} />
          <tbody>
            {TREATMENTS.map((key) => {
              const field = fieldIdOf(key);
              const error = refused(`codes.${key}`);
              return (
                <tr key={key}>
                  <th scope="row">
                    <label htmlFor={field}>{describeTreatment(key, t, language)}</label>
                  </th>
                  <td>
                    <input
                      id={field}
                      type="text"
                      maxLength={60}
                      value={codes.codes[key] ?? ''}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${field}-error` : undefined}
                      onChange={(e) => edit({ ...codes, codes: { ...codes.codes, [key]: e.target.value } })}
                    />
                    {error && (
                      <p id={`${field}-error`} className="field-error">
                        {t.taxCodeError}
                      </p>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <InputField
        id={`${id}-account`}
        label={t.xeroAccountCode}
        type="text"
        maxLength={20}
        value={codes.xeroAccountCode}
        error={refused('xeroAccountCode') ? t.accountCodeError : ''}
        onChange={(e) => edit({ ...codes, xeroAccountCode: e.target.value })}
      />
      <Refusal refusal={refusal} shown={anyShown} />
    </SettingCard>
  );
}

export function MoneyPermissionsForm() {
  const api = useInboxApi();
  const owner = useOwner();
  const { t } = useAccountsText();
  const id = useId();
  const [permissions, setPermissions] = useState<MoneyPermissions | null>(null);
  const [you, setYou] = useState<MoneyPermission[]>([]);
  const [staff, setStaff] = useState<StaffMember[]>([]);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    const fail = (err: unknown) => err instanceof ApiError && setRefusal(err);
    void api.moneyPermissions().then((p) => {
      setPermissions(p.permissions);
      setYou(p.you);
    }, fail);
    if (owner) void api.staffList().then(setStaff, fail);
  }, [api, owner]);
  const others = staff.filter((s) => s.role !== 'owner');
  const toggle = (what: MoneyPermission, staffId: string, on: boolean) => {
    if (!permissions) return;
    setSaved(false);
    const rest = permissions[what].filter((x) => x !== staffId);
    setPermissions({ ...permissions, [what]: on ? [...rest, staffId] : rest });
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!permissions) return;
    try {
      // Only the staff listed: an account deleted since keeps no permission.
      const known = new Set(others.map((s) => s.id));
      const kept = Object.fromEntries(
        MONEY_PERMISSIONS.map((what) => [what, permissions[what].filter((x) => known.has(x))]),
      ) as MoneyPermissions;
      await api.saveMoneyPermissions(kept);
      setPermissions(kept);
      setRefusal(null);
      setSaved(true);
    } catch (err) {
      if (err instanceof ApiError) setRefusal(err);
      else throw err;
    }
  };
  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t.permissionsHeading}</h2>
      <p className="muted small">{t.permissionsIntro}</p>
      {!owner && (
        <>
          <p className="muted">{t.permissionsOwnerOnly}</p>
          {you.length > 0 ? (
            <>
              <p>{t.youMay}</p>
              <ul>
                {you.map((what) => (
                  <li key={what}>{t.permissionNames[what]}</li>
                ))}
              </ul>
            </>
          ) : (
            permissions && <p>{t.youMayNothing}</p>
          )}
        </>
      )}
      {owner && permissions && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          {others.length === 0 && <p>{t.noStaff}</p>}
          {others.map((member) => (
            <fieldset key={member.id}>
              <legend>{member.email}</legend>
              {MONEY_PERMISSIONS.map((what) => (
                <div key={what} className="checkbox-field">
                  <input
                    id={`${id}-${member.id}-${what}`}
                    type="checkbox"
                    checked={permissions[what].includes(member.id)}
                    onChange={(e) => toggle(what, member.id, e.target.checked)}
                  />
                  <label htmlFor={`${id}-${member.id}-${what}`}>{t.permissionNames[what]}</label>
                </div>
              ))}
            </fieldset>
          ))}
          <Refusal refusal={refusal} shown={false} />
          {others.length > 0 && (
            <button type="submit" className="button button-primary">
              {t.savePermissions}
            </button>
          )}
          {saved && <p role="status">{t.permissionsSaved}</p>}
        </form>
      )}
      {!owner && <Refusal refusal={refusal} shown={false} />}
    </section>
  );
}

export function RecordsHoldForm() {
  const api = useInboxApi();
  const owner = useOwner();
  const { t, language } = useAccountsText();
  const id = useId();
  const [current, setCurrent] = useState<RecordsHold | null>(null);
  const [hold, setHold] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    void api.recordsHold().then(
      (h) => {
        setCurrent(h);
        setHold(h.hold);
        setReason(h.reason);
      },
      (err: unknown) => err instanceof ApiError && setRefusal(err),
    );
  }, [api]);
  if (!current) return <Refusal refusal={refusal} shown={false} />;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    // A hold says why: whoever finds the records kept past their years reads the reason.
    if (hold && !reason.trim()) {
      setReasonError(true);
      return;
    }
    setReasonError(false);
    try {
      const next = await api.saveRecordsHold(hold, reason);
      setCurrent(next);
      setRefusal(null);
      setSaved(true);
    } catch (err) {
      if (err instanceof ApiError) setRefusal(err);
      else throw err;
    }
  };
  const at = current.at ? new Date(current.at).toLocaleString(language === 'fr' ? 'fr-CA' : 'en-CA') : '';
  const serverReasonError = refusal?.fields.includes('reason') ?? false;
  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t.holdHeading}</h2>
      <p className="muted small">{t.holdIntro}</p>
      <p>
        <strong>{current.hold ? t.held : t.notHeld}</strong>
        {current.hold && current.reason ? ` ${current.reason}` : ''}
      </p>
      {current.by && <p className="muted small">{t.holdBy(current.by, at)}</p>}
      {!owner ? (
        <p className="muted">{t.holdOwnerOnly}</p>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <fieldset>
            <legend className="visually-hidden">{t.holdHeading}</legend>
            <div className="checkbox-field">
              <input
                id={`${id}-hold`}
                type="checkbox"
                checked={hold}
                onChange={(e) => {
                  setSaved(false);
                  setHold(e.target.checked);
                }}
              />
              <label htmlFor={`${id}-hold`}>{t.holdToggle}</label>
            </div>
            <InputField
              id={`${id}-reason`}
              label={t.holdReason}
              hint={t.holdReasonHint}
              type="text"
              maxLength={500}
              value={reason}
              error={reasonError ? t.holdReasonRequired : serverReasonError ? refusal?.messageIn(language) : ''}
              onChange={(e) => {
                setSaved(false);
                setReason(e.target.value);
              }}
            />
            <Refusal refusal={refusal} shown={serverReasonError} />
            <button type="submit" className="button button-primary">
              {t.saveHold}
            </button>
            {saved && <p role="status">{t.holdSaved}</p>}
          </fieldset>
        </form>
      )}
    </section>
  );
}
