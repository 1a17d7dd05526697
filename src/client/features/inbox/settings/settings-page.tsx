// The Shop settings page (/inbox/settings, docs/settings.md): the shop's profile in force, read
// by every staff member and saved as a new version by owners. A refusal names each field: its
// reason shows beside the field and in a summary at the top, focused, that links to it.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PROVINCES, type ProvinceCode } from '../../../../shared/constants.js';
import { AA_NORMAL_TEXT, whiteTextContrast, withHash } from '../../../../shared/contrast.js';
import {
  customerFooter,
  greetingFor,
  greetingOf,
  MAIL_GREETING_MAX,
  MAIL_SIGNATURE_MAX,
  signatureOf,
} from '../../../../shared/mail-wording.js';
import { MAX_QUOTE_WAIT_DAYS, type ShopProfile, type ShopSettings } from '../../../../shared/shop-profile.js';
import { ErrorSummary } from '../../../components/error-summary.js';
import { fieldId } from '../../../components/field-errors.js';
import { ApiError } from '../../../shared/api-error.js';
import { formatDate } from '../../../shared/format.js';
import { InputField } from '../payments/form-parts.js';
import { useInboxApi } from '../session.js';
import { useLeaveWarning } from '../navigation.js';
import { PROVINCE_NAMES_FR, provinceOptions } from '../../../shared/provinces.js';
import { previewIntro } from './mail-preview-sample.js';
import { SETTINGS_TEXT, useSettingsText } from './settings-messages.js';

/**
 * A customer mail as the shop's wording makes it (a sample quote mail, in the mail's own
 * language): the greeting, the body, the signature, then the fixed footer (shared/mail-wording.ts,
 * the same functions the server's mails use).
 */
function MailPreview({
  profile,
  mailLanguage,
  caption,
}: {
  profile: ShopProfile;
  mailLanguage: 'en' | 'fr';
  caption: string;
}) {
  const fr = mailLanguage === 'fr';
  const words = SETTINGS_TEXT[mailLanguage];
  const contact = [profile.email, profile.phone].filter(Boolean).join(', ');
  return (
    <figure className="mail-preview">
      <figcaption>{caption}</figcaption>
      <div lang={fr ? 'fr-CA' : 'en-CA'} className="mail-preview-body">
        <p>{`${greetingFor(greetingOf(profile, fr), words.previewName)} ${previewIntro(profile.name, mailLanguage)}`}</p>
        <p>{`${location.origin}/o/…`}</p>
        {signatureOf(profile, fr).length > 0 && (
          <p>
            {signatureOf(profile, fr).map((line, i) => (
              <span key={i}>
                {line}
                <br />
              </span>
            ))}
          </p>
        )}
        {customerFooter({ name: profile.name, contact }, fr).map((line) => (
          <p key={line} className="muted small">
            {line}
          </p>
        ))}
      </div>
    </figure>
  );
}

/** The provinces with a provincial sales tax of their own (shared/taxes.ts). */
const PST_PROVINCES: readonly ProvinceCode[] = ['BC', 'MB', 'SK'];

type Field = keyof ShopProfile;

export function SettingsPage() {
  const api = useInboxApi();
  const { t, language } = useSettingsText();
  const [settings, setSettings] = useState<ShopSettings | null>(null);
  const [draft, setDraft] = useState<ShopProfile | null>(null);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const [logoSaved, setLogoSaved] = useState(false);
  const [logoRefusal, setLogoRefusal] = useState<ApiError | null>(null);
  const summary = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void api.shopSettings().then(
      (s) => {
        setSettings(s);
        setDraft(s.profile);
      },
      (err: unknown) => err instanceof ApiError && setRefusal(err),
    );
  }, [api]);
  // Edits not saved yet are not lost without a word: leaving asks first.
  useLeaveWarning(
    settings !== null && draft !== null && JSON.stringify(draft) !== JSON.stringify(settings.profile),
    t.leaveUnsaved,
  );
  // A refused save moves focus to the summary of what to fix (GOV.UK's error summary).
  useEffect(() => {
    if (refusal?.fields.length) summary.current?.focus();
  }, [refusal]);

  if (!settings || !draft) {
    return refusal ? <p role="alert">{refusal.messageIn(language)}</p> : <p>{t.loading}</p>;
  }
  const nameOf = (code: ProvinceCode) =>
    language === 'fr' ? PROVINCE_NAMES_FR[code] : PROVINCES.find((p) => p.code === code)!.name;
  const refusedFields = [...new Set((refusal?.fields ?? []).map((f) => f.split('.')[0] as Field))].filter(
    (f) => f in t.errors,
  );
  const errorOf = (field: Field) => (refusedFields.includes(field) ? t.errors[field] : '');
  const set = (patch: Partial<ShopProfile>) => {
    setSaved(null);
    setDraft({ ...draft, ...patch });
  };
  const uploadLogo = async (file: File) => {
    // One status at a time: the latest save, of the form or of the logo, says which version is in force.
    setSaved(null);
    setLogoSaved(false);
    try {
      const next = await api.uploadLogo(file);
      setSettings(next);
      // The logo is saved on its own, no version of the rest: the form keeps what is being edited
      // (unsaved until Save), with the logo.
      setDraft({ ...draft, logo: next.profile.logo });
      setLogoRefusal(null);
      setLogoSaved(true);
    } catch (err) {
      if (err instanceof ApiError) setLogoRefusal(err);
      else throw err;
    }
  };
  const logoError = logoRefusal ? logoRefusal.messageIn(language) : errorOf('logo');
  const text = (
    field: Exclude<Field, 'province' | 'pst' | 'logo' | 'mailSignatureEn' | 'mailSignatureFr' | 'quoteWaitDays'>,
    extra: { type?: string; maxLength?: number } = {},
  ) => (
    <InputField
      id={fieldId(field)}
      label={t.labels[field]}
      hint={t.hints[field]}
      error={errorOf(field)}
      type={extra.type ?? 'text'}
      maxLength={extra.maxLength ?? 200}
      value={draft[field]}
      onChange={(e) => set({ [field]: e.target.value })}
    />
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      setLogoSaved(false);
      const next = await api.saveShopSettings({ ...draft, brandColour: withHash(draft.brandColour) });
      setSettings(next);
      setDraft(next.profile);
      setRefusal(null);
      setSaved(next.version?.version ?? null);
      // This page's own buttons take the saved colour at once; every page served from now on has it.
      document.documentElement.style.setProperty('--primary', next.profile.brandColour);
    } catch (err) {
      if (err instanceof ApiError) setRefusal(err);
      else throw err;
    }
  };
  const ratio = whiteTextContrast(withHash(draft.brandColour));
  const pstOf = (code: ProvinceCode) => draft.pst.find((p) => p.province === code);
  const setPst = (code: ProvinceCode, entry: { number: string } | null) =>
    set({
      pst: entry
        ? [...draft.pst.filter((p) => p.province !== code), { province: code, number: entry.number }].sort((a, b) =>
            a.province.localeCompare(b.province),
          )
        : draft.pst.filter((p) => p.province !== code),
    });

  return (
    <div className="settings-page">
      <h1>{t.heading}</h1>
      <p className="muted">{t.intro}</p>
      <p>
        {settings.version
          ? t.inForce(
              settings.version.version,
              formatDate(settings.version.savedAt, language),
              settings.version.savedBy,
            )
          : t.fromEnvironment}
      </p>
      {!settings.canEdit && <p className="muted">{t.ownerOnly}</p>}
      {refusal && refusedFields.length > 0 && (
        <ErrorSummary
          ref={summary}
          title={t.summaryTitle}
          items={refusedFields.map((field) => ({ path: field, summary: `${t.labels[field]}: ${t.errors[field]}` }))}
          onFollow={(path) => document.getElementById(fieldId(path))?.focus()}
        />
      )}
      {refusal && refusedFields.length === 0 && (
        <p role="alert" className="form-error">
          {refusal.messageIn(language)}
        </p>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <fieldset disabled={!settings.canEdit} className="settings-fields">
          <legend className="visually-hidden">{t.heading}</legend>
          <fieldset className="card">
            <legend>{t.identity}</legend>
            {text('name')}
            {text('legalName')}
            {text('address', { maxLength: 300 })}
            <div className="field">
              <label htmlFor={fieldId('province')}>{t.labels.province}</label>
              <select
                id={fieldId('province')}
                value={draft.province}
                aria-invalid={errorOf('province') ? true : undefined}
                aria-describedby={errorOf('province') ? `${fieldId('province')}-error` : undefined}
                onChange={(e) => set({ province: e.target.value as ProvinceCode })}
              >
                {provinceOptions(language).map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </select>
              {errorOf('province') && (
                <p id={`${fieldId('province')}-error`} className="field-error">
                  {errorOf('province')}
                </p>
              )}
            </div>
          </fieldset>
          <fieldset className="card">
            <legend>{t.taxes}</legend>
            {text('timeZone', { maxLength: 64 })}
            {text('fiscalYearEnd', { maxLength: 5 })}
            {text('gstHst', { maxLength: 40 })}
            {text('qst', { maxLength: 40 })}
            <fieldset
              id={fieldId('pst')}
              tabIndex={-1}
              aria-describedby={errorOf('pst') ? `${fieldId('pst')}-error` : undefined}
            >
              <legend>{t.labels.pst}</legend>
              {PST_PROVINCES.map((code) => {
                const entry = pstOf(code);
                const box = `${fieldId('pst')}-${code}`;
                return (
                  <div key={code} className="pst-row">
                    <div className="checkbox-field">
                      <input
                        id={box}
                        type="checkbox"
                        checked={entry !== undefined}
                        onChange={(e) => setPst(code, e.target.checked ? { number: '' } : null)}
                      />
                      <label htmlFor={box}>{t.pstRegistered(nameOf(code))}</label>
                    </div>
                    {entry && (
                      <InputField
                        id={`${box}-number`}
                        label={t.pstNumber(nameOf(code))}
                        type="text"
                        maxLength={40}
                        value={entry.number}
                        onChange={(e) => setPst(code, { number: e.target.value })}
                      />
                    )}
                  </div>
                );
              })}
              {errorOf('pst') && (
                <p id={`${fieldId('pst')}-error`} className="field-error">
                  {errorOf('pst')}
                </p>
              )}
            </fieldset>
          </fieldset>
          <fieldset className="card">
            <legend>{t.contact}</legend>
            {text('email', { type: 'email', maxLength: 254 })}
            {text('phone', { type: 'tel', maxLength: 40 })}
            {text('brandColour', { maxLength: 7 })}
            <div className="field">
              <label htmlFor={fieldId('logo')}>{t.labels.logo}</label>
              {draft.logo ? (
                <img className="logo-preview" src={`/api/shop/logo?v=${draft.logo.slice(0, 12)}`} alt={t.logoCurrent} />
              ) : (
                <p className="muted small">{t.noLogo}</p>
              )}
              <input
                id={fieldId('logo')}
                type="file"
                accept="image/png,image/svg+xml,.png,.svg"
                aria-invalid={logoError ? true : undefined}
                aria-describedby={logoError ? `${fieldId('logo')}-error` : undefined}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) void uploadLogo(file);
                }}
              />
              {logoError && (
                <p id={`${fieldId('logo')}-error`} className="field-error">
                  {logoError}
                </p>
              )}
              {logoSaved && <p role="status">{t.logoSaved}</p>}
              {draft.logo && (
                <button type="button" className="button button-secondary" onClick={() => set({ logo: '' })}>
                  {t.removeLogo}
                </button>
              )}
            </div>
            <p className="brand-sample" aria-hidden="true">
              {/* A colour white text fails on is shown as a swatch, without the text it would fail. */}
              <span
                className={ratio !== null && ratio < AA_NORMAL_TEXT ? 'button brand-swatch' : 'button'}
                style={{ background: ratio ? withHash(draft.brandColour) : undefined, color: '#fff' }}
              >
                {ratio !== null && ratio < AA_NORMAL_TEXT ? '' : t.sample}
              </span>{' '}
              {ratio !== null && (
                <span className={ratio < AA_NORMAL_TEXT ? 'field-error' : 'muted'}>{t.contrast(ratio.toFixed(2))}</span>
              )}
            </p>
          </fieldset>
          <fieldset className="card">
            <legend>{t.mail}</legend>
            <p className="muted">{t.mailIntro}</p>
            {(['en', 'fr'] as const).map((lang) => {
              const Lang = lang === 'fr' ? 'Fr' : 'En';
              const greeting = `mailGreeting${Lang}` as const;
              const signature = `mailSignature${Lang}` as const;
              return (
                <div key={lang} className="mail-wording">
                  {text(greeting, { maxLength: MAIL_GREETING_MAX })}
                  <div className="field">
                    <label htmlFor={fieldId(signature)}>{t.labels[signature]}</label>
                    <textarea
                      id={fieldId(signature)}
                      rows={4}
                      maxLength={MAIL_SIGNATURE_MAX}
                      value={draft[signature]}
                      aria-invalid={errorOf(signature) ? true : undefined}
                      aria-describedby={
                        [`${fieldId(signature)}-hint`, errorOf(signature) && `${fieldId(signature)}-error`]
                          .filter(Boolean)
                          .join(' ') || undefined
                      }
                      onChange={(e) => set({ [signature]: e.target.value })}
                    />
                    <p id={`${fieldId(signature)}-hint`} className="muted small">
                      {t.hints[signature]}
                    </p>
                    {errorOf(signature) && (
                      <p id={`${fieldId(signature)}-error`} className="field-error">
                        {errorOf(signature)}
                      </p>
                    )}
                  </div>
                  <MailPreview profile={draft} mailLanguage={lang} caption={t.previewOf(t.languageNames[lang])} />
                </div>
              );
            })}
          </fieldset>
          <fieldset className="card">
            <legend>{t.inbox}</legend>
            <InputField
              id={fieldId('quoteWaitDays')}
              label={t.labels.quoteWaitDays}
              hint={t.hints.quoteWaitDays}
              error={errorOf('quoteWaitDays')}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_QUOTE_WAIT_DAYS}
              step={1}
              // An empty box is sent as no number (null): the server refuses it with the field's words.
              value={Number.isFinite(draft.quoteWaitDays) ? String(draft.quoteWaitDays) : ''}
              onChange={(e) => set({ quoteWaitDays: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
            />
          </fieldset>
          <button type="submit" className="button button-primary">
            {t.save}
          </button>
          {saved !== null && <p role="status">{t.saved(saved)}</p>}
        </fieldset>
      </form>
    </div>
  );
}
