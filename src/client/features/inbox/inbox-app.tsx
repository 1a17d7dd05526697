// The shop's inbox: a separate chunk, never part of the customer's initial download.
import { useCallback, useEffect, useState } from 'react';
import type { Language } from '../../../shared/order-presentation.js';
import { InboxLanguageProvider, useInboxText } from './language.js';
import { navigateOnClick, navigate, usePath } from './navigation.js';
import { OrderList } from './order-list.js';
import { OrderView } from './order-view.js';
import { SessionProvider, useSession } from './session.js';
import { SignIn } from './sign-in.js';
import './inbox.css';

export default function InboxApp() {
  return (
    <InboxLanguageProvider>
      <InboxSession />
    </InboxLanguageProvider>
  );
}

function InboxSession() {
  const { setLanguage } = useInboxText();
  return (
    <SessionProvider setLanguage={setLanguage}>
      <Inbox />
    </SessionProvider>
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

function Inbox() {
  const { t } = useInboxText();
  const { staff, signOut, chooseLanguage, languageNotSaved } = useSession();
  const path = usePath();
  const [deleted, setDeleted] = useState('');

  useEffect(() => {
    document.title = t.title;
  }, [t]);

  const onDeleted = useCallback((reference: string) => {
    setDeleted(reference);
    navigate('/inbox');
  }, []);

  if (staff === undefined) return <p className="inbox-page">{t.loading}</p>;
  if (staff === null) return <SignIn languageSwitch={<LanguageSwitch onChoose={chooseLanguage} />} />;

  const match = /^\/inbox\/orders\/([0-9a-f-]{36})/.exec(path);
  return (
    <div className="inbox">
      <header className="inbox-header">
        <a href="/inbox" className="inbox-brand" onClick={navigateOnClick('/inbox')}>
          {t.title}
        </a>
        <span className="inbox-user">{staff.email}</span>
        <LanguageSwitch onChoose={chooseLanguage} />
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
          <OrderView id={match[1]!} onDeleted={onDeleted} />
        ) : (
          <>
            {deleted && (
              // Focused when shown: the clerk's keyboard and screen reader land on the outcome.
              <p role="status" className="inbox-notice" tabIndex={-1} ref={(p) => p?.focus()}>
                {t.orderDeleted(deleted)}
              </p>
            )}
            <OrderList />
          </>
        )}
      </main>
    </div>
  );
}
