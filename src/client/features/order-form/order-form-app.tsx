// The customer's site outside the inbox and the order links: the order form at "/" and the
// not-found page elsewhere, in the language the customer chose (kept in this browser) or,
// on a first visit, their browser's.
import { useEffect, useState } from 'react';
import type { ClientSettings } from '../../../shared/client-settings.js';
import { LanguageSwitch } from '../../components/language-switch.js';
import { browserLanguage, LanguageProvider, type Language } from '../../shared/language.js';
import { ORDER_FORM_MESSAGES } from './messages.js';
import { NotFound } from './not-found.js';
import { OrderPage } from './order-page.js';

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
  const t = ORDER_FORM_MESSAGES[language];
  useEffect(() => {
    document.title = t.page.title;
  }, [t]);

  const switchLanguage = (next: Language) => {
    rememberLanguage(next);
    setLanguage(next);
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
