// My orders (/my-orders, docs/portal.md): the sign-in by a link mailed to the customer, then
// every order of that email as its own page shows it. A chunk of its own, loaded only here.
// This container holds the session and the orders; the sign-in form and the cards render them.
import type { ClientSettings } from '../../../shared/client-settings.js';
import { useCallback, useEffect, useState } from 'react';
import type { PortalOrders } from '../../../shared/portal-api.js';
import { LanguageSwitch } from '../../components/language-switch.js';
import { ApiError } from '../../shared/api-error.js';
import { browserLanguage, LanguageProvider, type Language } from '../../shared/language.js';
import { portalApi } from './api.js';
import { PORTAL_MESSAGES } from './messages.js';
import { OrderCard } from './order-card.js';
import { StatementSection } from './statement-section.js';
import { SignInForm } from './sign-in-form.js';
import './portal.css';

/**
 * The mailed link's token, taken out of the address as soon as it is read, so it is neither
 * bookmarked, nor shared, nor used twice (the fragment never reaches a server).
 */
const SIGN_IN = /^#sign-in=([A-Za-z0-9_-]{43})$/;
function takeLinkToken(): string | null {
  const token = SIGN_IN.exec(window.location.hash)?.[1] ?? null;
  if (token) window.history.replaceState(null, '', window.location.pathname);
  return token;
}

type Phase =
  | { kind: 'loading' }
  | { kind: 'signing-in' }
  | { kind: 'signed-out'; error?: ApiError }
  | { kind: 'signed-in'; data: PortalOrders }
  | { kind: 'failed' };

export default function PortalApp({ logo }: { logo?: ClientSettings['logo'] }) {
  const [language, setLanguage] = useState<Language>(() => browserLanguage());
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const t = PORTAL_MESSAGES[language];

  const load = useCallback(() => {
    portalApi.orders().then(
      (data) => setPhase({ kind: 'signed-in', data }),
      (err: unknown) =>
        setPhase(err instanceof ApiError && err.status === 401 ? { kind: 'signed-out' } : { kind: 'failed' }),
    );
  }, []);

  // Read again after a change on a card (a team's entries settled into the order); a failure
  // here keeps the orders shown.
  const reload = useCallback(() => {
    portalApi.orders().then(
      (data) => setPhase({ kind: 'signed-in', data }),
      () => undefined,
    );
  }, []);

  useEffect(() => {
    const signIn = (token: string) => {
      setPhase({ kind: 'signing-in' });
      portalApi.signIn(token).then(load, (err: unknown) =>
        // A link opened again while already signed in (from the mail, once more) shows the
        // orders; only a visitor without a session is told the link has expired.
        portalApi.orders().then(
          (data) => setPhase({ kind: 'signed-in', data }),
          () => setPhase({ kind: 'signed-out', error: err instanceof ApiError ? err : undefined }),
        ),
      );
    };
    const token = takeLinkToken();
    if (token) signIn(token);
    else load();
    // A link opened in a tab already on this page changes only the fragment.
    const onHash = () => {
      const next = takeLinkToken();
      if (next) signIn(next);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [load]);

  useEffect(() => {
    document.title = t.title;
  }, [t]);

  const signOut = () => void portalApi.signOut().then(() => setPhase({ kind: 'signed-out' }), load);

  let body;
  if (phase.kind === 'loading') body = <p role="status">{t.loading}</p>;
  else if (phase.kind === 'signing-in') body = <p role="status">{t.signingIn}</p>;
  else if (phase.kind === 'failed') body = <p role="alert">{t.failed}</p>;
  else if (phase.kind === 'signed-out') body = <SignInForm linkError={phase.error} />;
  else {
    const { email, orders } = phase.data;
    body = (
      <>
        <p className="portal-who">
          {t.signedInAs(email)}{' '}
          <button type="button" className="button-link" onClick={signOut}>
            {t.signOut}
          </button>
        </p>
        {orders.length === 0 && <p>{t.noOrders}</p>}
        {orders.map((order) => (
          <OrderCard key={order.id} order={order} onChanged={reload} />
        ))}
        {orders.length > 0 && <StatementSection />}
      </>
    );
  }
  return (
    <LanguageProvider language={language}>
      <nav className="top-bar" aria-label={t.switchLabel}>
        <LanguageSwitch text={t} onChoose={setLanguage} />
      </nav>
      <main className="page portal">
        {logo && <img className="page-logo" src={logo.url} alt={logo.alt} />}
        <h1>{t.title}</h1>
        {body}
      </main>
    </LanguageProvider>
  );
}
