// The inbox's language: English or Canadian French, chosen by each staff member. The provider
// holds it and keeps <html lang> in step; every inbox component reads its words with
// useInboxText(). Where the choice is remembered (the server, per staff member) is the app
// shell's business (inbox-app.tsx), not this module's.
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Language } from '../../../shared/order-presentation.js';
import { INBOX_MESSAGES, type ErrorFacts, type InboxErrorCode, type InboxMessages } from './messages.js';
import { ApiError } from '../../shared/api-error.js';
import { localeOf } from './format.js';

export interface InboxText {
  language: Language;
  /** The BCP 47 locale dates and numbers are written in. */
  locale: 'en-CA' | 'fr-CA';
  t: InboxMessages;
  setLanguage: (language: Language) => void;
}

const InboxLanguageContext = createContext<InboxText>({
  language: 'en',
  locale: 'en-CA',
  t: INBOX_MESSAGES.en,
  setLanguage: () => {},
});

/** Before sign-in: the first of the browser's languages that the inbox speaks, else English. */
export function browserLanguage(languages: readonly string[] = navigator.languages ?? [navigator.language]): Language {
  const first = languages.find((l) => /^(en|fr)\b/i.test(l));
  return first?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

export function InboxLanguageProvider({ initial, children }: { initial?: Language; children: ReactNode }) {
  const [language, setLanguage] = useState<Language>(() => initial ?? browserLanguage());
  useEffect(() => {
    document.documentElement.lang = localeOf(language);
  }, [language]);
  const value = useMemo<InboxText>(
    () => ({ language, locale: localeOf(language), t: INBOX_MESSAGES[language], setLanguage }),
    [language],
  );
  return <InboxLanguageContext.Provider value={value}>{children}</InboxLanguageContext.Provider>;
}

export function useInboxText(): InboxText {
  return useContext(InboxLanguageContext);
}

/**
 * A refusal of the inbox API in the staff member's language: the API answers stable codes, the
 * inbox words them; a code it does not know keeps the server's English sentence.
 */
export function errorText(err: unknown, t: InboxMessages): string {
  if (!(err instanceof ApiError)) return t.errors.unreachable({ server: '' });
  const facts: ErrorFacts = { server: err.message, serverFr: err.messageFr, retryAfter: err.retryAfter };
  return Object.hasOwn(t.errors, err.code) ? t.errors[err.code as InboxErrorCode](facts) : err.message;
}
