import { createContext, useContext } from 'react';
import { catalogues, en, type Language, type Messages } from './features/order-form/messages.js';

export const MessagesContext = createContext<Messages>(en);

/** The customer's texts, in the language of the page. */
export function useMessages(): Messages {
  return useContext(MessagesContext);
}

const STORAGE_KEY = 'order-form-language';

/** The remembered choice, else the browser's language on a first visit. */
export function initialLanguage(): Language {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved === 'en' || saved === 'fr') return saved;
  } catch {
    // Storage can be off (private mode): fall back to the browser's language.
  }
  return (navigator.languages ?? [navigator.language])
    .find((l) => /^(en|fr)\b/i.test(l))
    ?.toLowerCase()
    .startsWith('fr')
    ? 'fr'
    : 'en';
}

export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered; the page still switches.
  }
  document.documentElement.lang = language === 'fr' ? 'fr-CA' : 'en-CA';
}

export { catalogues };
export type { Language };
