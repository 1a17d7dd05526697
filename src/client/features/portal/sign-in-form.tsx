// Asking for a sign-in link: one email field, its error beside it, and the same answer for any
// email (the server's, docs/portal.md), so the page never says whether someone is a customer.
import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/fields.js';
import { FieldErrorsContext } from '../../components/field-errors.js';
import { ApiError } from '../../shared/api-error.js';
import { portalApi } from './api.js';
import { usePortalText } from './messages.js';

export function SignInForm({ linkError }: { linkError?: ApiError }) {
  const { t, language } = usePortalText();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    portalApi
      .requestLink(email.trim(), language)
      .then(
        () => {
          setErrors(new Map());
          setSentTo(email.trim());
        },
        (err: unknown) => {
          if (err instanceof ApiError && err.fields.includes('email')) {
            setErrors(new Map([['email', err.messageIn(language)]]));
          } else {
            setFailure(err instanceof ApiError && err.status === 429 ? err.messageIn(language) : t.failed);
          }
        },
      )
      .finally(() => setBusy(false));
  };

  return (
    <>
      {linkError && <p role="alert">{linkError.messageIn(language)}</p>}
      <p>{t.signInIntro}</p>
      <FieldErrorsContext.Provider value={errors}>
        <form className="card portal-sign-in" onSubmit={submit} noValidate>
          <TextField
            label={t.email}
            type="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
            path="email"
            required
          />
          <button type="submit" className="button button-primary" disabled={busy}>
            {t.sendLink}
          </button>
        </form>
      </FieldErrorsContext.Provider>
      {sentTo && <p role="status">{t.sent(sentTo)}</p>}
      {failure && <p role="alert">{failure}</p>}
    </>
  );
}
