// How every feature holds its texts: a catalogue object per language, `en` and `fr` of one
// shape (the type checks it), read through the feature's own hook made by `textHook`. The
// feature's root says which language its pages are in with <LanguageProvider>; where that
// choice is remembered (this browser, the staff member's account, the order) is the feature's.
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { Language } from '../../shared/order-presentation.js';

export type { Language };
type Locale = 'en-CA' | 'fr-CA';

/** One catalogue per language, both of the shape `M`: a key missing in one fails the type check. */
export type Catalogues<M> = Readonly<Record<Language, M>>;

/**
 * A feature's catalogues from its English and its French. The English alone sets the shape
 * (`NoInfer`), so the French written in the call is checked key by key against it and its
 * functions take their parameters' types from it.
 */
export function catalogues<M>(en: M, fr: NoInfer<M>): Catalogues<M> {
  return { en, fr };
}

/** The locale dates and numbers are written in: Canadian English or Canadian French. */
export const localeOf = (language: Language): Locale => (language === 'fr' ? 'fr-CA' : 'en-CA');

/** The first of the browser's languages that the app speaks, else English. */
export function browserLanguage(languages: readonly string[] = navigator.languages ?? [navigator.language]): Language {
  const first = languages.find((l) => /^(en|fr)\b/i.test(l));
  return first?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

const LanguageContext = createContext<Language>('en');

/** The language of everything inside; <html lang> follows it, so screen readers pronounce it right. */
export function LanguageProvider({ language, children }: { language: Language; children: ReactNode }) {
  useEffect(() => {
    document.documentElement.lang = localeOf(language);
  }, [language]);
  return <LanguageContext.Provider value={language}>{children}</LanguageContext.Provider>;
}

export interface Text<M> {
  /** The catalogue of the current language. */
  t: M;
  language: Language;
  locale: Locale;
}

/** A feature's hook for its texts: `export const useInboxText = textHook(INBOX_MESSAGES)`. */
export function textHook<M>(catalogues: Catalogues<M>): () => Text<M> {
  return function useText() {
    const language = useContext(LanguageContext);
    return { t: catalogues[language], language, locale: localeOf(language) };
  };
}
