// The pieces the money forms of the inbox share (the order's Payments panel, the Accounts page):
// a labelled box with its hint and error beside it, and a setting of the shop loaded, edited and
// saved whole in a card that owners change and everyone else reads.
import { useEffect, useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { ApiError } from '../../../shared/api-error.js';

/**
 * A labelled box, then its hint and, when refused, its error: both are tied to the box with
 * aria-describedby, so a screen reader reads them with it (`${id}-hint`, `${id}-error`).
 */
export function InputField({
  id,
  label,
  hint,
  error,
  ...input
}: {
  id: string;
  label: ReactNode;
  hint?: string;
  /** The refusal's words for this field; none or '' when it is not refused. */
  error?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby'>) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} aria-invalid={error ? true : undefined} aria-describedby={described || undefined} />
      {hint && (
        <p id={`${id}-hint`} className="muted small">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Why money moved (a refund, a credit note): words kept with the record and printed on its
 * document, at most 500 characters. Its box is `${formId}-reason`.
 */
export function ReasonField({
  formId,
  label,
  value,
  onChange,
  error,
}: {
  formId: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string;
}) {
  return (
    <InputField
      id={`${formId}-reason`}
      label={label}
      type="text"
      value={value}
      maxLength={500}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/**
 * A setting of the shop: loaded once, edited here, saved whole (the server answers what it
 * kept). A refusal, of the load or of the save, is kept for the form to show; "saved" holds
 * until the next edit. `load` and `save` are the inbox API's own functions (stable).
 */
export function useSetting<T>(load: () => Promise<T>, save: (value: T) => Promise<T>) {
  const [value, setValue] = useState<T | null>(null);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    void load().then(setValue, (err: unknown) => err instanceof ApiError && setRefusal(err));
  }, [load]);
  const edit = (next: T) => {
    setSaved(false);
    setValue(next);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (value === null) return;
    try {
      setValue(await save(value));
      setRefusal(null);
      setSaved(true);
    } catch (err) {
      if (err instanceof ApiError) setRefusal(err);
      else throw err;
    }
  };
  return { value, edit, refusal, saved, submit };
}

/**
 * A setting's card: its heading, what it is, and its form, which everyone reads and only an
 * owner can change (disabled, with a word saying so, for the others).
 */
export function SettingCard({
  heading,
  intro,
  ownerOnly,
  owner,
  onSubmit,
  saveLabel,
  saved,
  children,
}: {
  heading: string;
  intro?: string;
  ownerOnly: string;
  owner: boolean;
  onSubmit: (e: FormEvent) => Promise<void>;
  saveLabel: string;
  /** The words that say it was saved, once it was; null otherwise. */
  saved: string | null;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{heading}</h2>
      {intro && <p className="muted small">{intro}</p>}
      {!owner && <p className="muted">{ownerOnly}</p>}
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <fieldset disabled={!owner}>
          <legend className="visually-hidden">{heading}</legend>
          {children}
          <button type="submit" className="button button-primary">
            {saveLabel}
          </button>
          {saved && <p role="status">{saved}</p>}
        </fieldset>
      </form>
    </section>
  );
}

/** A field's refusal in words, tied to its box by `id` (nothing when `text` is empty). */
export function FieldError({ id, text }: { id: string; text: string }) {
  return text ? (
    <p id={id} className="field-error">
      {text}
    </p>
  ) : null;
}
