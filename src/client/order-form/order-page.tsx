// The order form page ("/"): renders the state of order-state.ts and sends the order.
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import type { Language } from '../messages.js';
import { useMessages } from '../i18n.js';
import { randomId, type ClientSettings } from '../settings.js';
import { buildSubmission, toFormData } from './build-submission.js';
import { clearDraft, loadDraft, saveDraft } from './draft-store.js';
import { previewUrlFor } from './file-list.js';
import { FormContext } from './form-context.js';
import { LayoutSection } from './layout-section.js';
import { initialOrderState, isPristine, orderReducer, previewUrls, type OrderState } from './order-state.js';
import { AdditionalOptions, SectionC } from './section-c.js';
import { sendOrder, SubmitError } from './send-order.js';

type Notice = { kind: 'success'; reference: string } | { kind: 'failure' } | { kind: 'cancelled' } | { kind: 'restored' } | null;

export function OrderPage({ settings, language }: { settings: ClientSettings; language: Language }) {
  const t = useMessages();
  const [state, dispatch] = useReducer(orderReducer, undefined, () => initialOrderState(randomId()));
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [announcement, setAnnouncement] = useState('');
  const [draftChecked, setDraftChecked] = useState(false);
  const sending = useRef<AbortController | null>(null);
  // One idempotency key per version of the order: a retry of the same order after a lost
  // answer cannot create a second one; any change to the form makes it a new order.
  const attempt = useRef<{ state: OrderState; key: string } | null>(null);
  const headers = useRef(new Map<number, HTMLButtonElement>());
  const focusLayout = useRef<number | null>(null);
  const heldUrls = useRef(new Set<string>());
  const honeypot = useRef<HTMLInputElement>(null);

  const announce = useCallback((message: string) => {
    // Cleared first, so the same message twice is still read.
    setAnnouncement('');
    requestAnimationFrame(() => setAnnouncement(message));
  }, []);
  const formContext = useMemo(() => ({ maxFileBytes: settings.maxFileBytes, announce }), [settings.maxFileBytes, announce]);

  // Release the object URL of every preview that left the state (removed file, layout, reset).
  useEffect(() => {
    const now = previewUrls(state);
    for (const url of heldUrls.current) if (!now.has(url)) URL.revokeObjectURL(url);
    heldUrls.current = now;
  }, [state]);
  useEffect(() => () => heldUrls.current.forEach((url) => URL.revokeObjectURL(url)), []);

  // A draft left on this device comes back, files included.
  useEffect(() => {
    let current = true;
    loadDraft(previewUrlFor)
      .then((draft) => {
        if (current && draft && !isPristine(draft)) {
          dispatch({ type: 'draftRestored', state: draft });
          setNotice({ kind: 'restored' });
        }
      })
      .catch((err) => console.warn('The saved draft could not be read', err))
      .finally(() => current && setDraftChecked(true));
    return () => {
      current = false;
    };
  }, []);

  // ...and every change is kept, a moment after the customer stops typing.
  useEffect(() => {
    if (!draftChecked) return;
    const timer = setTimeout(() => {
      (isPristine(state) ? clearDraft() : saveDraft(state)).catch((err) => console.warn('The draft could not be saved', err));
    }, 300);
    return () => clearTimeout(timer);
  }, [state, draftChecked]);

  // Move focus to a layout's heading after it was added, or opened because another was removed.
  useEffect(() => {
    if (focusLayout.current !== null) {
      headers.current.get(focusLayout.current)?.focus();
      focusLayout.current = null;
    }
  });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    const controller = new AbortController();
    sending.current = controller;
    if (attempt.current?.state !== state) attempt.current = { state, key: randomId() };
    setNotice(null);
    const submission = buildSubmission(state);
    submission.order.language = language;
    if (honeypot.current?.value) submission.order.website = honeypot.current.value;
    setProgress({ sent: 0, total: submission.attachments.reduce((sum, a) => sum + a.file.size, 0) });
    try {
      const result = await sendOrder({
        url: settings.functionsUrl,
        apiKey: settings.publicKey,
        body: toFormData(submission),
        idempotencyKey: attempt.current.key,
        formToken: settings.formToken,
        signal: controller.signal,
        // The last event (everything sent) is drawn at once, before the answer can replace it:
        // the bar always shows 100% while the server flushes and commits.
        onProgress: (sent, total) => (sent >= total ? flushSync(() => setProgress({ sent, total })) : setProgress({ sent, total })),
      });
      dispatch({ type: 'orderSubmitted', variationId: randomId() });
      attempt.current = null;
      await clearDraft().catch(() => {});
      setNotice({ kind: 'success', reference: result.reference });
      window.scrollTo({ top: 0 });
    } catch (err) {
      if (err instanceof SubmitError && err.code === 'aborted') {
        setNotice({ kind: 'cancelled' });
      } else {
        console.error('Order submission failed', err);
        setNotice({ kind: 'failure' });
      }
    } finally {
      sending.current = null;
      setProgress(null);
    }
  };

  const startOver = () => {
    dispatch({ type: 'formReset', variationId: randomId() });
    void clearDraft().catch(() => {});
    setNotice(null);
    announce(t.draft.cleared);
  };

  const isSending = progress !== null;
  const dismiss = (
    <button type="button" className="button-link" onClick={() => setNotice(null)}>
      {t.submit.dismiss}
    </button>
  );
  return (
    <FormContext.Provider value={formContext}>
      <main className="page">
        <header className="page-header">
          <h1>{t.page.title}</h1>
          <p className="subtitle">{t.page.subtitle}</p>
        </header>

        {notice?.kind === 'restored' && (
          <div className="draft-notice" role="status">
            <p>{t.draft.restored}</p>
            <button type="button" className="button button-secondary" onClick={startOver}>
              {t.draft.startOver}
            </button>
          </div>
        )}

        <form className="order-form" aria-label={t.page.formLabel} onSubmit={handleSubmit}>
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
                headerRef={(el) => {
                  if (el) headers.current.set(layout.number, el);
                  else headers.current.delete(layout.number);
                }}
                dispatch={(action) => {
                  if (action.type === 'additionalLayoutsAnswered' && action.answer === 'yes') {
                    focusLayout.current = state.nextLayoutNumber;
                    announce(t.layout.added(state.layouts.length + 1));
                  }
                  if (action.type === 'additionalLayoutsAnswered' && action.answer === 'no' && !state.detailsRevealed) announce(t.sectionC.revealed);
                  if (action.type === 'layoutRemoved') {
                    if (state.openLayout === action.layout) focusLayout.current = state.layouts.find((l) => l.number !== action.layout)?.number ?? null;
                    announce(t.layout.removed);
                  }
                  dispatch(action);
                }}
              />
            ))}
          </div>

          {/* A trap for bots: off-screen, out of the tab order, hidden from assistive technology. */}
          <div className="hp-field" aria-hidden="true">
            <label htmlFor="hp-website">{t.honeypot}</label>
            <input id="hp-website" name="hp_company_url" type="text" tabIndex={-1} autoComplete="off" ref={honeypot} />
          </div>

          {state.detailsRevealed && (
            <>
              <SectionC details={state.details} dispatch={dispatch} />
              <AdditionalOptions isResalePartner={state.isResalePartner} includePolyBags={state.includePolyBags} dispatch={dispatch} />
              <div className="submit-row">
                <button type="submit" className="button button-primary button-large" disabled={isSending}>
                  {isSending ? t.submit.sending : t.submit.button}
                </button>
                {progress && (
                  <div className="progress">
                    <progress aria-label={t.submit.progressLabel} max={Math.max(progress.total, 1)} value={Math.min(progress.sent, Math.max(progress.total, 1))} />
                    <p className="small" aria-hidden="true">
                      {t.submit.progress(progress.sent, progress.total)}
                    </p>
                    <button type="button" className="button button-secondary" onClick={() => sending.current?.abort()}>
                      {t.submit.cancel}
                    </button>
                  </div>
                )}
              </div>
            </>
          )}
        </form>

        <div className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </div>
        <div className="toast-region" role="status" aria-live="polite">
          {notice?.kind === 'success' && (
            <div className="toast toast-success">
              <p>{t.submit.success}</p>
              <p className="small">{t.submit.reference(notice.reference)}</p>
              {dismiss}
            </div>
          )}
          {notice?.kind === 'cancelled' && (
            <div className="toast toast-neutral">
              <p>{t.submit.cancelled}</p>
              {dismiss}
            </div>
          )}
        </div>
        <div className="toast-region" role="alert">
          {notice?.kind === 'failure' && (
            <div className="toast toast-failure">
              <p>{t.submit.failure}</p>
              {dismiss}
            </div>
          )}
        </div>
      </main>
    </FormContext.Provider>
  );
}
