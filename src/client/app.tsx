// The two routes of docs/product.md (Routes) (and the shop's inbox, loaded only when visited).
import { lazy, Suspense, useEffect, useState } from 'react';
import { catalogues, initialLanguage, MessagesContext, rememberLanguage, type Language } from './i18n.js';
import { NotFound } from './features/order-form/not-found.js';
import { OrderPage } from './features/order-form/order-page.js';
import type { ClientSettings } from './settings.js';

const InboxApp = lazy(() => import('./features/inbox/inbox-app.js'));
// The customer's order page (/o/<token>): its own chunk, never in the form's initial download.
const OrderStatusApp = lazy(() => import('./features/order-status/order-status-app.js'));
const ORDER_LINK_PATH = /^\/o\/([A-Za-z0-9_-]+)$/;

export function App({ path, settings }: { path: string; settings: ClientSettings }) {
  const [language, setLanguage] = useState<Language>(() => {
    const initial = initialLanguage();
    document.documentElement.lang = initial === 'fr' ? 'fr-CA' : 'en-CA';
    return initial;
  });

  const isInbox = path === '/inbox' || path.startsWith('/inbox/');
  const orderLink = ORDER_LINK_PATH.exec(path)?.[1];
  useEffect(() => {
    if (!isInbox && !orderLink) document.title = catalogues[language].page.title;
  }, [language, isInbox, orderLink]);

  if (orderLink) {
    return (
      <Suspense fallback={<p className="page">…</p>}>
        <OrderStatusApp token={orderLink} />
      </Suspense>
    );
  }

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
        <button
          type="button"
          className="button-link language-switch"
          lang={t.language.switchToLang}
          onClick={switchLanguage}
        >
          {t.language.switchTo}
        </button>
      </nav>
      {path === '/' ? <OrderPage settings={settings} language={language} /> : <NotFound path={path} />}
    </MessagesContext.Provider>
  );
}
