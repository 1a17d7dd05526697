// The customer's order page, /o/<token>: the order as received, the proofs beside the artwork,
// the current quote with each tax on its own line, where the order stands, the Approve and
// Request changes forms, and the messages with the shop. A chunk of its own, loaded only on
// this path. This container loads the order and holds the answer; the sections render it. Amounts come from the server, which
// computed them (docs/product.md).
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ClientSettings } from '../../../shared/client-settings.js';
import type { CustomerOrderView } from '../../../shared/quote-api.js';
import { LanguageSwitch } from '../../components/language-switch.js';
import { formatDate } from '../../shared/format.js';
import { LanguageProvider, type Language } from '../../shared/language.js';
import { AnswerForms } from './answer-forms.js';
import { ChangeOrder } from './change-order.js';
import { orderStatusApi } from './api.js';
import { ORDER_STATUS_MESSAGES } from './messages.js';
import { OrderSummary } from './order-summary.js';
import { ProgressTimeline } from './progress-timeline.js';
import { ProofsSection } from './proofs-section.js';
import { QuoteSection } from './quote-section.js';
import { PaymentSection } from './payment-section.js';
import { MessagesSection } from './messages-section.js';
import { useAnswer } from './use-answer.js';
import './order-status.css';

export default function OrderStatusApp({ token, logo }: { token: string; logo?: ClientSettings['logo'] }) {
  const [view, setView] = useState<CustomerOrderView | null>(null);
  const [missing, setMissing] = useState(false);
  // The customer's own choice, else the language of their order.
  const [chosen, setChosen] = useState<Language | null>(null);
  const language: Language = chosen ?? view?.language ?? 'en';
  const t = ORDER_STATUS_MESSAGES[language];
  const api = useMemo(() => orderStatusApi(token), [token]);
  const answer = useAnswer(api, setView);
  // Back from the provider's checkout (?checkout=…), or opened from the invoice mail's Pay link (?pay=1).
  const returnedFrom = useMemo(() => {
    const query = new URLSearchParams(window.location.search);
    return { checkoutId: query.get('checkout'), pay: query.get('pay') === '1' };
  }, []);
  const reload = useCallback(() => void api.view().then(setView, () => undefined), [api]);

  useEffect(() => {
    api.view().then(setView, () => setMissing(true));
  }, [api]);

  useEffect(() => {
    document.title = view ? t.title(view.reference) : t.loading;
  }, [view, t]);

  const switcher = (
    <nav className="top-bar" aria-label={t.switchLabel}>
      <LanguageSwitch text={t} onChoose={setChosen} />
    </nav>
  );

  let page;
  if (missing) {
    page = (
      <>
        {switcher}
        <main className="page not-found">
          <h1>{t.notFoundHeading}</h1>
          <p>{t.notFoundText}</p>
          <a className="button button-primary" href="/">
            {t.home}
          </a>
        </main>
      </>
    );
  } else if (!view) {
    page = (
      <main className="page">
        <p role="status">{t.loading}</p>
      </main>
    );
  } else {
    page = (
      <>
        {switcher}
        <main className="page order-status">
          <header className="status-header">
            {logo && <img className="page-logo" src={logo.url} alt={logo.alt} />}
            <h1>{t.title(view.reference)}</h1>
            <p className="muted">{t.received(formatDate(view.createdAt, language, 'long', view.timeZone))}</p>
          </header>
          <ProgressTimeline view={view} />
          {view.changedVersion !== null && (
            <p className="notice">{t.orderChanged(view.changedVersion, view.changedBy ?? 'shop')}</p>
          )}
          <QuoteSection view={view} />
          {view.account && (
            <PaymentSection
              account={view.account}
              api={api}
              checkoutId={returnedFrom.checkoutId}
              payFocus={returnedFrom.pay}
              onSettled={reload}
            />
          )}
          <ProofsSection view={view} links={api.links} />
          <AnswerForms quote={view.quote} orderStatus={view.status} answer={answer} />
          <ChangeOrder view={view} api={api} onSaved={setView} />
          <MessagesSection token={token} timeZone={view.timeZone} />
          <OrderSummary view={view} />
        </main>
      </>
    );
  }
  return <LanguageProvider language={language}>{page}</LanguageProvider>;
}
