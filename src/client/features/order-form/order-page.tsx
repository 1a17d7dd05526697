// The order form page ("/"): composes the form's hooks and renders the state of order-state.ts.
import { isTestOrder } from './test-mode.js';
import { lazy, Suspense, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { FieldErrorsContext } from '../../components/field-errors.js';
import { loadFrench, useOrderFormText } from './messages.js';
import { randomId } from '../../shared/random-id.js';
import type { ClientSettings } from '../../../shared/client-settings.js';
import type { BackgroundUploads } from './background-uploads.js';
import { FormContext } from './form-context.js';
import { LayoutSection } from './layout-section.js';
import { loadGarmentDetails } from './garment-selection.js';
import { loadMockupUpload } from './mockups-and-artwork.js';
import { filesOf, initialOrderState, orderReducer } from './order-state.js';
import { Toasts } from './toasts.js';
import { useAnnouncer } from './use-announcer.js';
import { useDraft } from './use-draft.js';
import { useErrorSummary } from './use-error-summary.js';
import { useFocusAfterRender } from './use-focus-after-render.js';
import { useLayoutAccordion } from './use-layout-accordion.js';
import { useReleasedPreviewUrls } from './use-preview-urls.js';
import { useSubmitOrder } from './use-submit-order.js';
import { useScrollPaddingBelow } from './use-scroll-padding.js';
import { usePriceList } from './use-price-list.js';
import { reorderRequestOf } from './reorder-request.js';

// The estimate and its pricing load as a chunk of their own, once the shop has a price list.
const Estimate = lazy(() => import('./estimate.js'));
const EstimateSummary = lazy(() => import('./estimate.js').then((m) => ({ default: m.EstimateSummary })));
const RushNote = lazy(() => import('./estimate.js').then((m) => ({ default: m.RushNote })));
// Section C (billing, shipping, options, the submit row) loads once the customer reaches it.
const BillingAndShipping = lazy(() =>
  import('./billing-and-shipping.js').then((m) => ({ default: m.BillingAndShipping })),
);
const AdditionalOptions = lazy(() => import('./additional-options.js').then((m) => ({ default: m.AdditionalOptions })));
const SubmitRow = lazy(() => import('./submit-row.js').then((m) => ({ default: m.SubmitRow })));
// "Order again" loads only when the form is opened to repeat a past order, or its draft does.
const ReorderPanel = lazy(() => import('./reorder.js'));

/**
 * What the first screen does not need comes after it, when the browser is first idle: the
 * first download stays small, and a customer whose connection drops later can still reveal
 * section C, submit (waiting for the connection), read a file or switch language.
 */
function loadTheRest(): void {
  const later = [
    () => import('./billing-and-shipping.js'),
    () => import('./additional-options.js'),
    () => import('./submit-row.js'),
    () => import('./send-submission.js'),
    () => import('./refusal-reading.js'),
    () => import('./artwork-reading.js'),
    loadMockupUpload,
    loadGarmentDetails,
    loadBackgroundUploads,
    loadFrench,
  ];
  // A chunk that fails now is fetched again where it is used.
  for (const load of later) load().catch(() => {});
}

function useLoadTheRest(): void {
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(loadTheRest, 1000);
      return () => clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(loadTheRest, { timeout: 3000 });
    return () => window.cancelIdleCallback(idle);
  }, []);
}

const loadBackgroundUploads = () => import('./background-uploads.js');

/**
 * The files' background uploads, whose code loads with the form's first file to upload (or at the
 * first idle moment): null until then, and if it cannot load (the files then go with the order).
 */
function useBackgroundUploads(settings: ClientSettings, wanted: boolean): BackgroundUploads | null {
  const [uploads, setUploads] = useState<BackgroundUploads | null>(null);
  useEffect(() => {
    if (!wanted || uploads) return;
    let live = true;
    loadBackgroundUploads().then(
      (m) => {
        if (live) setUploads(new m.BackgroundUploads(settings.functionsUrl, settings.publicKey));
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [wanted, uploads, settings.functionsUrl, settings.publicKey]);
  return uploads;
}

export function OrderPage({ settings }: { settings: ClientSettings }) {
  useLoadTheRest();
  const { t, language } = useOrderFormText();
  const [state, dispatch] = useReducer(orderReducer, undefined, () => initialOrderState(randomId()));
  const [reorderRequest] = useState(() => reorderRequestOf(window.location.search));
  const honeypot = useRef<HTMLInputElement>(null);
  const { announcement, announce } = useAnnouncer();
  const focusAfterRender = useFocusAfterRender();
  // A past order's reused files ("Order again") are on the server already: never uploaded.
  const toUpload = useMemo(() => filesOf(state).filter((f) => !f.stored), [state]);
  const uploads = useBackgroundUploads(settings, toUpload.length > 0);
  const priceList = usePriceList();
  const formContext = useMemo(
    () => ({ maxFileBytes: settings.maxFileBytes, announce, uploads, priceList }),
    [settings.maxFileBytes, announce, uploads, priceList],
  );
  // The uploads follow the files in the form: a new file starts, a removed one is cancelled.
  useEffect(() => uploads?.sync(toUpload), [uploads, toUpload]);
  useEffect(() => uploads?.listenToConnection(), [uploads]);
  useEffect(
    () =>
      uploads?.onPhase((_entry, status) => {
        if (status.phase === 'done') announce(t.uploads.announceDone);
        else if (status.phase === 'paused') announce(t.uploads.announcePaused);
        else if (status.phase === 'failed') announce(t.uploads.announceFailed);
      }),
    [uploads, announce, t],
  );

  useReleasedPreviewUrls(state);
  // A reorder replaces the stored draft: the customer asked for that past order.
  const draft = useDraft(state, dispatch, { restore: !reorderRequest });
  const submit = useSubmitOrder({
    state,
    dispatch,
    settings,
    language,
    honeypot,
    onStart: draft.dismissRestored,
    uploads,
  });
  const { errors, errorsByPath, summaryRef, followError, Summary } = useErrorSummary(
    state,
    dispatch,
    submit.refusal,
    focusAfterRender,
  );
  const accordion = useLayoutAccordion(state, dispatch, announce, focusAfterRender);
  const estimateBarRef = useScrollPaddingBelow();

  const startOver = () => {
    draft.startOver();
    submit.dismissNotice();
    announce(t.draft.cleared);
  };

  return (
    <FormContext.Provider value={formContext}>
      <FieldErrorsContext.Provider value={errorsByPath}>
        <main className="page">
          <header className="page-header">
            {settings.logo ? (
              <img className="shop-logo" src={settings.logo.url} alt={settings.logo.alt} />
            ) : (
              settings.shopName && <p className="shop-name">{settings.shopName}</p>
            )}
            <h1>{t.page.title}</h1>
            <p className="subtitle">{t.page.subtitle}</p>
            <p className="subtitle">
              <a href="/my-orders">{t.page.myOrders}</a>
            </p>
          </header>
          {isTestOrder() && (
            <p className="draft-notice" role="note">
              {t.page.testMode}
            </p>
          )}

          {(reorderRequest || state.reorderOf) && (
            <Suspense fallback={null}>
              <ReorderPanel request={reorderRequest} state={state} dispatch={dispatch} />
            </Suspense>
          )}

          {draft.restored && (
            <div className="draft-notice" role="status">
              <p>{t.draft.restored}</p>
              <button type="button" className="button button-secondary" onClick={startOver}>
                {t.draft.startOver}
              </button>
            </div>
          )}

          <form className="order-form" aria-label={t.page.formLabel} onSubmit={(e) => void submit.handleSubmit(e)}>
            {Summary && errors.length > 0 && (
              <Summary ref={summaryRef} title={t.fieldErrors.summaryTitle} items={errors} onFollow={followError} />
            )}

            <div className="layouts">
              {state.layouts.map((layout, index) => (
                <LayoutSection
                  key={layout.number}
                  layout={layout}
                  position={index + 1}
                  isOpen={state.openLayout === layout.number}
                  canRemove={state.layouts.length > 1}
                  isLast={index === state.layouts.length - 1}
                  detailsRevealed={state.detailsRevealed}
                  designStudioUrl={settings.designStudioUrl}
                  headerRef={accordion.headerRef(layout.number)}
                  dispatch={accordion.dispatchLayoutAction}
                />
              ))}
            </div>

            {priceList && (
              <Suspense fallback={null}>
                <Estimate state={state} priceList={priceList} />
              </Suspense>
            )}

            {/* A trap for bots: off-screen, out of the tab order, hidden from assistive technology. */}
            <div className="hp-field" aria-hidden="true">
              <label htmlFor="hp-website">{t.honeypot}</label>
              <input
                id="hp-website"
                name="hp_company_url"
                type="text"
                tabIndex={-1}
                autoComplete="off"
                ref={honeypot}
              />
            </div>

            {state.detailsRevealed && (
              <Suspense fallback={null}>
                <BillingAndShipping
                  details={state.details}
                  dispatch={dispatch}
                  deadlineNote={
                    priceList && (
                      <Suspense fallback={null}>
                        <RushNote state={state} priceList={priceList} />
                      </Suspense>
                    )
                  }
                  reorderOf={state.reorderOf}
                />
                <AdditionalOptions
                  isResalePartner={state.isResalePartner}
                  includePolyBags={state.includePolyBags}
                  dispatch={dispatch}
                />
                {priceList && (
                  // Its space is reserved (styles.css), so nothing moves when the chunk arrives.
                  <div className="estimate-summary-slot" ref={estimateBarRef}>
                    <Suspense fallback={null}>
                      <EstimateSummary state={state} priceList={priceList} />
                    </Suspense>
                  </div>
                )}
                <SubmitRow progress={submit.progress} waiting={submit.waiting} onCancel={submit.cancel} />
              </Suspense>
            )}
          </form>

          <div className="visually-hidden" role="status" aria-live="polite">
            {announcement}
          </div>
          <Toasts notice={submit.notice} onDismiss={submit.dismissNotice} />
        </main>
      </FieldErrorsContext.Provider>
    </FormContext.Provider>
  );
}
