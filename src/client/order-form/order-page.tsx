// The order form page ("/"): renders the state of order-state.ts and sends the order.
import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { useMessages } from '../i18n.js';
import { randomId, type ClientSettings } from '../settings.js';
import { buildSubmission, toFormData } from './build-submission.js';
import { LayoutSection } from './layout-section.js';
import { initialOrderState, orderReducer, previewUrls, type OrderState } from './order-state.js';
import { AdditionalOptions, SectionC } from './section-c.js';
import { sendOrder } from './send-order.js';

type Toast = { kind: 'success'; reference: string } | { kind: 'failure' } | null;

export function OrderPage({ settings }: { settings: ClientSettings }) {
  const t = useMessages();
  const [state, dispatch] = useReducer(orderReducer, undefined, () => initialOrderState(randomId()));
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const [toast, setToast] = useState<Toast>(null);
  const sending = useRef(false);
  // One idempotency key per version of the order: a retry of the same order after a lost
  // answer cannot create a second one; any change to the form makes it a new order.
  const attempt = useRef<{ state: OrderState; key: string } | null>(null);
  const headers = useRef(new Map<number, HTMLButtonElement>());
  const focusLayout = useRef<number | null>(null);
  const heldUrls = useRef(new Set<string>());
  const honeypot = useRef<HTMLInputElement>(null);

  // Release the object URL of every preview that left the state (removed file, layout, reset).
  useEffect(() => {
    const now = previewUrls(state);
    for (const url of heldUrls.current) if (!now.has(url)) URL.revokeObjectURL(url);
    heldUrls.current = now;
  }, [state]);
  useEffect(() => () => heldUrls.current.forEach((url) => URL.revokeObjectURL(url)), []);

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
    sending.current = true;
    if (attempt.current?.state !== state) attempt.current = { state, key: randomId() };
    setToast(null);
    const submission = buildSubmission(state);
    if (honeypot.current?.value) submission.order.website = honeypot.current.value;
    const total = submission.attachments.reduce((sum, a) => sum + a.file.size, 0);
    setProgress({ sent: 0, total });
    try {
      const result = await sendOrder({
        url: settings.functionsUrl,
        apiKey: settings.publicKey,
        body: toFormData(submission),
        idempotencyKey: attempt.current.key,
        formToken: settings.formToken,
        onProgress: (sent, all) => setProgress({ sent, total: all }),
      });
      dispatch({ type: 'orderSubmitted', variationId: randomId() });
      attempt.current = null;
      setToast({ kind: 'success', reference: result.reference });
      window.scrollTo({ top: 0 });
    } catch (err) {
      console.error('Order submission failed', err);
      setToast({ kind: 'failure' });
    } finally {
      sending.current = false;
      setProgress(null);
    }
  };

  const isSending = progress !== null;
  return (
    <main className="page">
      <header className="page-header">
        <h1>{t.page.title}</h1>
        <p className="subtitle">{t.page.subtitle}</p>
      </header>

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
                if (action.type === 'additionalLayoutsAnswered' && action.answer === 'yes') focusLayout.current = state.nextLayoutNumber;
                if (action.type === 'layoutRemoved' && state.openLayout === action.layout) {
                  focusLayout.current = state.layouts.find((l) => l.number !== action.layout)?.number ?? null;
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
              <button type="submit" className="button button-primary button-large" disabled={isSending} aria-disabled={isSending}>
                {isSending ? t.submit.sending : t.submit.button}
              </button>
              {progress && (
                <progress
                  className="upload-progress"
                  aria-label={t.submit.sending}
                  max={Math.max(progress.total, 1)}
                  value={Math.min(progress.sent, Math.max(progress.total, 1))}
                />
              )}
            </div>
          </>
        )}
      </form>

      <div className="toast-region" role="status" aria-live="polite">
        {toast?.kind === 'success' && (
          <div className="toast toast-success">
            <p>{t.submit.success}</p>
            <p className="small">{t.submit.reference(toast.reference)}</p>
            <button type="button" className="button-link" onClick={() => setToast(null)}>
              {t.submit.dismiss}
            </button>
          </div>
        )}
      </div>
      <div className="toast-region toast-region-alert" role="alert">
        {toast?.kind === 'failure' && (
          <div className="toast toast-failure">
            <p>{t.submit.failure}</p>
            <button type="button" className="button-link" onClick={() => setToast(null)}>
              {t.submit.dismiss}
            </button>
          </div>
        )}
      </div>
    </main>
  );
}
