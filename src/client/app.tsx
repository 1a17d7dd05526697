// The two routes of spec section 2 (and the shop's inbox, loaded only when visited).
import { lazy, Suspense, useEffect, useState } from 'react';
import { catalogues, initialLanguage, MessagesContext, rememberLanguage, type Language } from './i18n.js';
import { NotFound } from './not-found.js';
import { OrderPage } from './order-form/order-page.js';
import type { ClientSettings } from './settings.js';

const InboxApp = lazy(() => import('./inbox/inbox-app.js'));

export function App({ path, settings }: { path: string; settings: ClientSettings }) {
  const [language, setLanguage] = useState<Language>(() => {
    const initial = initialLanguage();
    document.documentElement.lang = initial === 'fr' ? 'fr-CA' : 'en-CA';
    return initial;
  });

  const isInbox = path === '/inbox' || path.startsWith('/inbox/');
  useEffect(() => {
    if (!isInbox) document.title = catalogues[language].page.title;
  }, [language, isInbox]);

  if (isInbox) {
    return (
      <Suspense fallback={<p className="page">Loading…</p>}>
        <InboxApp />
      </Suspense>
    );
  }

  const t = catalogues[language];
  const switchLanguage = () => {
    const next = t.language.switchToLang as Language;
    rememberLanguage(next);
    setLanguage(next);
  };
  return (
    <MessagesContext.Provider value={t}>
      <nav className="top-bar" aria-label={t.language.switchLabel}>
        <button type="button" className="button-link language-switch" lang={t.language.switchToLang} onClick={switchLanguage}>
          {t.language.switchTo}
        </button>
      </nav>
      {path === '/' ? <OrderPage settings={settings} language={language} /> : <NotFound path={path} />}
    </MessagesContext.Provider>
  );
}
