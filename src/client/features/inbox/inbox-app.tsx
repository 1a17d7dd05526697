// The shop's inbox: a separate chunk, never part of the customer's initial download.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Language } from '../../../shared/order-presentation.js';
import { api, ApiError, type StaffSession } from './api.js';
import { InboxLanguageProvider, useInboxText } from './language.js';
import { navigateOnClick, navigate, usePath } from './navigation.js';
import { OrderList } from './order-list.js';
import { OrderView } from './order-view.js';
import { SignIn } from './sign-in.js';
import './inbox.css';

export default function InboxApp() {
  return (
    <InboxLanguageProvider>
      <Inbox />
    </InboxLanguageProvider>
  );
}

/** The switch to the other language, named in that language ("Français" / "English"). */
export function LanguageSwitch({ onChoose }: { onChoose: (language: Language) => void }) {
  const { t } = useInboxText();
  return (
    <button
      type="button"
      className="button button-secondary language-switch"
      lang={t.switchToLang}
      onClick={() => onChoose(t.switchToLang)}
    >
      {t.switchTo}
    </button>
  );
}

const saveLanguage = (language: Language) =>
  api('/api/account/language', { method: 'PUT', body: JSON.stringify({ language }) });

function Inbox() {
  const { t, setLanguage } = useInboxText();
  const [staff, setStaff] = useState<StaffSession | null | undefined>(undefined);
  const path = usePath();
  const [deleted, setDeleted] = useState('');
  const [languageNotSaved, setLanguageNotSaved] = useState(false);
  // A language chosen on the sign-in page: the staff member's latest choice, saved to their
  // account once they are signed in.
  const chosenBeforeSignIn = useRef<Language | null>(null);

  useEffect(() => {
    document.title = t.title;
  }, [t]);

  /** Signed in: the account's language, unless the sign-in page just chose another one. */
  const enter = useCallback(
    (session: StaffSession) => {
      const chosen = chosenBeforeSignIn.current;
      chosenBeforeSignIn.current = null;
      setLanguageNotSaved(false);
      if (chosen && chosen !== session.language) {
        setStaff({ ...session, language: chosen });
        saveLanguage(chosen).catch(() => setLanguageNotSaved(true));
      } else {
        if (session.language) setLanguage(session.language);
        setStaff(session);
      }
    },
    [setLanguage],
  );

  useEffect(() => {
    void api<StaffSession>('/api/session').then(enter, () => setStaff(null));
  }, [enter]);

  const choose = useCallback(
    (language: Language) => {
      setLanguage(language);
      setLanguageNotSaved(false);
      if (!staff) {
        chosenBeforeSignIn.current = language;
        return;
      }
      setStaff({ ...staff, language });
      saveLanguage(language).catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 401) setStaff(null);
        else setLanguageNotSaved(true);
      });
    },
    [staff, setLanguage],
  );

  const signOut = useCallback(async () => {
    await api('/api/session', { method: 'DELETE' }).catch(() => {});
    setStaff(null);
    navigate('/inbox');
  }, []);

  /** Any 401 from the API means the session ended: back to sign-in. */
  const onAuthError = useCallback((err: unknown) => {
    if (err instanceof ApiError && err.status === 401) setStaff(null);
  }, []);

  const onDeleted = useCallback((reference: string) => {
    setDeleted(reference);
    navigate('/inbox');
  }, []);

  if (staff === undefined) return <p className="inbox-page">{t.loading}</p>;
  if (staff === null) return <SignIn onSignedIn={enter} languageSwitch={<LanguageSwitch onChoose={choose} />} />;

  const match = /^\/inbox\/orders\/([0-9a-f-]{36})/.exec(path);
  return (
    <div className="inbox">
      <header className="inbox-header">
        <a href="/inbox" className="inbox-brand" onClick={navigateOnClick('/inbox')}>
          {t.title}
        </a>
        <span className="inbox-user">{staff.email}</span>
        <LanguageSwitch onChoose={choose} />
        <button type="button" className="button button-secondary" onClick={() => void signOut()}>
          {t.signOut}
        </button>
      </header>
      <main className="inbox-page">
        {languageNotSaved && (
          <p role="alert" className="form-error">
            {t.languageNotSaved}
          </p>
        )}
        {match ? (
          <OrderView id={match[1]!} onAuthError={onAuthError} onDeleted={onDeleted} />
        ) : (
          <>
            {deleted && (
              // Focused when shown: the clerk's keyboard and screen reader land on the outcome.
              <p role="status" className="inbox-notice" tabIndex={-1} ref={(p) => p?.focus()}>
                {t.orderDeleted(deleted)}
              </p>
            )}
            <OrderList onAuthError={onAuthError} />
          </>
        )}
      </main>
    </div>
  );
}
