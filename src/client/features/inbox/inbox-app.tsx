// The shop's inbox: a separate chunk, never part of the customer's initial download.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { LanguageSwitch } from '../../components/language-switch.js';
import { browserLanguage, LanguageProvider } from '../../shared/language.js';
import { useInboxText } from './messages.js';
import { navigateOnClick, navigate, usePath } from './navigation.js';
import { OrderList } from './order-list.js';
import { OrderView } from './order-view.js';
import { PricesPage } from './prices/prices-page.js';
import { usePricesText } from './prices/prices-messages.js';
import { AccountsPage } from './payments/accounts-page.js';
import { BlanksPage } from './purchasing/blanks-page.js';
import { usePurchasingText } from './purchasing/purchasing-messages.js';
import { usePaymentsText } from './payments/payments-messages.js';
import { isProductionPath, ProductionPages } from './production/production-pages.js';
import { useProductionText } from './production/production-messages.js';
import { OwnerChecklist } from './settings/checklist.js';
import { SettingsPage } from './settings/settings-page.js';
import { useSettingsText } from './settings/settings-messages.js';
import { SessionProvider, useInboxApi, useSession } from './session.js';
import { SignIn } from './sign-in.js';
import { useOverviewText } from './overview/overview-messages.js';
import './inbox.css';

// The Overview and its charting library: a chunk of its own, loaded only when visited (docs/overview.md).
const OverviewPage = lazy(() => import('./overview/overview-page.js'));

export default function InboxApp() {
  // Before sign-in, and for an account that has not chosen, the browser's languages decide.
  const [language, setLanguage] = useState(browserLanguage);
  return (
    <LanguageProvider language={language}>
      <SessionProvider setLanguage={setLanguage}>
        <Inbox />
      </SessionProvider>
    </LanguageProvider>
  );
}

function Inbox() {
  const { t } = useInboxText();
  const { t: prices } = usePricesText();
  const { t: pay } = usePaymentsText();
  const { t: production } = useProductionText();
  const { t: blanks } = usePurchasingText();
  const { t: settings } = useSettingsText();
  const { t: overview } = useOverviewText();
  const { staff, signOut, chooseLanguage, languageNotSaved } = useSession();
  const api = useInboxApi();
  const languageSwitch = <LanguageSwitch text={t} onChoose={chooseLanguage} className="button button-secondary" />;
  const path = usePath();
  const [deleted, setDeleted] = useState('');

  useEffect(() => {
    document.title = t.title;
  }, [t]);

  const onDeleted = useCallback((reference: string) => {
    setDeleted(reference);
    navigate('/inbox');
  }, []);

  // An owner whose first checklist is done lands on the Overview (docs/overview.md): once a page
  // load, so the inbox's own link still leads to the orders.
  const landed = useRef(false);
  useEffect(() => {
    if (landed.current || staff?.role !== 'owner') return;
    landed.current = true;
    if (window.location.pathname.replace(/\/$/, '') !== '/inbox' || window.location.search) return;
    void api.checklist().then(
      (checklist) => {
        if (checklist.show || window.location.pathname.replace(/\/$/, '') !== '/inbox') return;
        window.history.replaceState(null, '', '/inbox/overview');
        window.dispatchEvent(new PopStateEvent('popstate'));
      },
      () => undefined,
    );
  }, [api, staff]);

  if (staff === undefined) return <p className="inbox-page">{t.loading}</p>;
  if (staff === null) return <SignIn languageSwitch={languageSwitch} />;

  const match = /^\/inbox\/orders\/([0-9a-f-]{36})/.exec(path);
  const onPrices = /^\/inbox\/prices\/?$/.test(path.split('?')[0]!);
  const onAccounts = /^\/inbox\/accounts\/?$/.test(path.split('?')[0]!);
  const onProduction = isProductionPath(path);
  const onBlanks = /^\/inbox\/blanks\/?$/.test(path.split('?')[0]!);
  const onSettings = /^\/inbox\/settings\/?$/.test(path.split('?')[0]!);
  const onOverview = /^\/inbox\/overview\/?$/.test(path.split('?')[0]!);
  return (
    <div className="inbox">
      <header className="inbox-header">
        <a href="/inbox" className="inbox-brand" onClick={navigateOnClick('/inbox')}>
          {t.title}
        </a>
        <nav aria-label={t.title}>
          <NavLink href="/inbox/overview" current={onOverview} label={overview.nav} />
          <NavLink href="/inbox/prices" current={onPrices} label={prices.nav} />
          <NavLink href="/inbox/accounts" current={onAccounts} label={pay.nav} />
          <NavLink href="/inbox/production" current={onProduction} label={production.nav} />
          <NavLink href="/inbox/blanks" current={onBlanks} label={blanks.nav} />
          {staff.role === 'owner' && <NavLink href="/inbox/settings" current={onSettings} label={settings.nav} />}
        </nav>
        <span className="inbox-user">{staff.email}</span>
        {languageSwitch}
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
        ) : onPrices ? (
          <PricesPage />
        ) : onAccounts ? (
          <AccountsPage />
        ) : onProduction ? (
          <ProductionPages path={path} />
        ) : onBlanks ? (
          <BlanksPage />
        ) : onSettings ? (
          <SettingsPage />
        ) : onOverview ? (
          <Suspense fallback={<p role="status">{overview.loading}</p>}>
            <OverviewPage />
          </Suspense>
        ) : (
          <>
            {deleted && (
              // Focused when shown: the clerk's keyboard and screen reader land on the outcome.
              <p role="status" className="inbox-notice" tabIndex={-1} ref={(p) => p?.focus()}>
                {t.orderDeleted(deleted)}
              </p>
            )}
            <OwnerChecklist />
            <OrderList />
          </>
        )}
      </main>
    </div>
  );
}

/** A link of the inbox's header, marked as the current page where it is. */
function NavLink({ href, current, label }: { href: string; current: boolean; label: string }) {
  return (
    <a href={href} aria-current={current ? 'page' : undefined} onClick={navigateOnClick(href)}>
      {label}
    </a>
  );
}
