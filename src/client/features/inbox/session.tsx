// Who is signed in to the inbox, and what the inbox's calls share: the API, bound to the session
// so that any 401 sends the clerk back to sign-in, and the staff member's language, kept with
// their account (/api/account/language). Components read it with useSession() and useInboxApi().
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Language } from '../../shared/language.js';
import { ApiError } from '../../shared/api-error.js';
import { createInboxApi, type InboxApi, type StaffSession } from './api.js';
import { navigate } from './navigation.js';

interface Session {
  /** The signed-in staff member; null when nobody is, undefined until the server said. */
  staff: StaffSession | null | undefined;
  api: InboxApi;
  /** Throws the server's refusal (wrong credentials, throttled…) for the sign-in form to word. */
  signIn: (email: string, password: string) => Promise<void>;
  signOut: () => Promise<void>;
  /** Switches the inbox's language and keeps the choice with the account (or, before sign-in, until it). */
  chooseLanguage: (language: Language) => void;
  /** The last choice could not be kept on the server; it applies in this browser only. */
  languageNotSaved: boolean;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({
  setLanguage,
  children,
}: {
  /** Sets the language the inbox is shown in (its root holds it). */
  setLanguage: (language: Language) => void;
  children: ReactNode;
}) {
  const [staff, setStaff] = useState<StaffSession | null | undefined>(undefined);
  const [languageNotSaved, setLanguageNotSaved] = useState(false);
  // Any 401 means the session ended: back to sign-in.
  const [api] = useState(() => createInboxApi(() => setStaff(null)));
  // A language chosen on the sign-in page: the staff member's latest choice, saved to their
  // account once they are signed in.
  const chosenBeforeSignIn = useRef<Language | null>(null);

  /** Signed in: the account's language, unless the sign-in page just chose another one. */
  const enter = useCallback(
    (session: StaffSession) => {
      const chosen = chosenBeforeSignIn.current;
      chosenBeforeSignIn.current = null;
      setLanguageNotSaved(false);
      if (chosen && chosen !== session.language) {
        setStaff({ ...session, language: chosen });
        api.saveLanguage(chosen).catch(() => setLanguageNotSaved(true));
      } else {
        if (session.language) setLanguage(session.language);
        setStaff(session);
      }
    },
    [api, setLanguage],
  );

  useEffect(() => {
    void api.session().then(enter, () => setStaff(null));
  }, [api, enter]);

  const signIn = useCallback(
    async (email: string, password: string) => enter(await api.signIn(email, password)),
    [api, enter],
  );

  const signOut = useCallback(async () => {
    await api.signOut().catch(() => {});
    setStaff(null);
    navigate('/inbox');
  }, [api]);

  const chooseLanguage = useCallback(
    (language: Language) => {
      setLanguage(language);
      setLanguageNotSaved(false);
      if (!staff) {
        chosenBeforeSignIn.current = language;
        return;
      }
      setStaff({ ...staff, language });
      api.saveLanguage(language).catch((err: unknown) => {
        // A 401 has already sent the clerk back to sign-in.
        if (!(err instanceof ApiError && err.status === 401)) setLanguageNotSaved(true);
      });
    },
    [api, staff, setLanguage],
  );

  const value = useMemo<Session>(
    () => ({ staff, api, signIn, signOut, chooseLanguage, languageNotSaved }),
    [staff, api, signIn, signOut, chooseLanguage, languageNotSaved],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() outside <SessionProvider>');
  return session;
}

/** The inbox's calls, bound to the session: a 401 from any of them signs the clerk out. */
export function useInboxApi(): InboxApi {
  return useSession().api;
}
