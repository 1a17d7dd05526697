import { useState, type FormEvent, type ReactNode } from 'react';
import { errorText, useInboxText } from './messages.js';
import { useSession } from './session.js';

export function SignIn({
  languageSwitch,
}: {
  /** The same language switch as the inbox's header: before sign-in it follows the browser. */
  languageSwitch: ReactNode;
}) {
  const { t } = useInboxText();
  const { signIn } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn(email, password);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <header className="inbox-header">
        <span className="inbox-brand">{t.title}</span>
        {languageSwitch}
      </header>
      <main className="inbox-page sign-in">
        <h1>{t.title}</h1>
        <form className="card sign-in-form" onSubmit={(e) => void handleSubmit(e)} aria-label={t.signIn.form}>
          <CredentialField
            id="staff-email"
            label={t.signIn.email}
            type="email"
            autoComplete="username"
            value={email}
            onChange={setEmail}
          />
          <CredentialField
            id="staff-password"
            label={t.signIn.password}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
          {/* Worded at render time, so switching the language also rewords a refusal shown. */}
          <div role="alert" className="form-error">
            {error === null ? '' : errorText(error, t)}
          </div>
          <button type="submit" className="button button-primary" disabled={busy}>
            {t.signIn.submit}
          </button>
        </form>
      </main>
    </>
  );
}

function CredentialField({
  id,
  label,
  type,
  autoComplete,
  value,
  onChange,
}: {
  id: string;
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
