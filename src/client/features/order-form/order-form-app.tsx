// The customer's site outside the inbox and the order links: the order form at "/" and the
// not-found page elsewhere, in the language the customer chose (kept in this browser) or,
// on a first visit, their browser's.
import { lazy, startTransition, use, useEffect, useState } from 'react';
import type { ClientSettings } from '../../../shared/client-settings.js';
import { LanguageSwitch } from '../../components/language-switch.js';
import { browserLanguage, LanguageProvider, type Language } from '../../shared/language.js';
import { loadFrench, ORDER_FORM_MESSAGES } from './messages.js';
import { OrderPage } from './order-page.js';

// The not-found page is a chunk of its own: the order form at "/" never needs it.
const NotFound = lazy(() => import('./not-found.js').then((m) => ({ default: m.NotFound })));

const STORAGE_KEY = 'order-form-language';

/** The remembered choice, else the browser's language on a first visit. */
function initialLanguage(): Language {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved === 'en' || saved === 'fr') return saved;
  } catch {
    // Storage can be off (private mode): fall back to the browser's language.
  }
  return browserLanguage();
}

function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered; the page still switches.
  }
}

export function OrderFormApp({ path, settings }: { path: string; settings: ClientSettings }) {
  const [language, setLanguage] = useState(initialLanguage);
  // French is a chunk of its own: the page waits for it (app.tsx's Suspense) when it opens in French.
  if (language === 'fr') use(loadFrench());
  const t = ORDER_FORM_MESSAGES[language];
  useEffect(() => {
    // Whose form it is, in the tab's title too (docs/settings.md).
    document.title = settings.shopName ? `${t.page.title} · ${settings.shopName}` : t.page.title;
  }, [t, settings.shopName]);

  const switchLanguage = (next: Language) => {
    rememberLanguage(next);
    // A transition: the page stays as it is until the French chunk has come, then switches.
    startTransition(() => setLanguage(next));
  };
  return (
    <LanguageProvider language={language}>
      <nav className="top-bar" aria-label={t.language.switchLabel}>
        <LanguageSwitch text={t.language} onChoose={switchLanguage} />
      </nav>
      {path === '/' ? <OrderPage settings={settings} /> : <NotFound path={path} />}
    </LanguageProvider>
  );
}
