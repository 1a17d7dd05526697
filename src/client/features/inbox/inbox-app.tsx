// The shop's inbox: a separate chunk, never part of the customer's initial download.
import { useCallback, useEffect, useState } from 'react';
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
import { SessionProvider, useSession } from './session.js';
import { SignIn } from './sign-in.js';
import './inbox.css';

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
  const { staff, signOut, chooseLanguage, languageNotSaved } = useSession();
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

  if (staff === undefined) return <p className="inbox-page">{t.loading}</p>;
  if (staff === null) return <SignIn languageSwitch={languageSwitch} />;

  const match = /^\/inbox\/orders\/([0-9a-f-]{36})/.exec(path);
  const onPrices = /^\/inbox\/prices\/?$/.test(path.split('?')[0]!);
  const onAccounts = /^\/inbox\/accounts\/?$/.test(path.split('?')[0]!);
  const onProduction = isProductionPath(path);
  const onBlanks = /^\/inbox\/blanks\/?$/.test(path.split('?')[0]!);
  const onSettings = /^\/inbox\/settings\/?$/.test(path.split('?')[0]!);
  return (
    <div className="inbox">
      <header className="inbox-header">
        <a href="/inbox" className="inbox-brand" onClick={navigateOnClick('/inbox')}>
          {t.title}
        </a>
        <nav aria-label={t.title}>
          <a
            href="/inbox/prices"
            aria-current={onPrices ? 'page' : undefined}
            onClick={navigateOnClick('/inbox/prices')}
          >
            {prices.nav}
          </a>
          <a
            href="/inbox/accounts"
            aria-current={onAccounts ? 'page' : undefined}
            onClick={navigateOnClick('/inbox/accounts')}
          >
            {pay.nav}
          </a>
          <a
            href="/inbox/production"
            aria-current={onProduction ? 'page' : undefined}
            onClick={navigateOnClick('/inbox/production')}
          >
            {production.nav}
          </a>
          <a
            href="/inbox/blanks"
            aria-current={onBlanks ? 'page' : undefined}
            onClick={navigateOnClick('/inbox/blanks')}
          >
            {blanks.nav}
          </a>
          {staff.role === 'owner' && (
            <a
              href="/inbox/settings"
              aria-current={onSettings ? 'page' : undefined}
              onClick={navigateOnClick('/inbox/settings')}
            >
              {settings.nav}
            </a>
          )}
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
