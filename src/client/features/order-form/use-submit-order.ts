import { useRef, useState, type Dispatch, type FormEvent, type RefObject } from 'react';
import type { Language } from '../../shared/language.js';
import { randomId } from '../../shared/random-id.js';
import type { ClientSettings } from '../../../shared/client-settings.js';
import type { Refusal } from './field-errors.js';
import type { BackgroundUploads } from './background-uploads.js';
import type { OrderAction, OrderState } from './order-state.js';
import { ApiError } from '../../shared/api-error.js';

/** What the toasts say after a submission. */
export type SubmitNotice =
  | { kind: 'success'; reference: string }
  /**
   * `reload`: the page's form token is expired or used; a reload gives a new one (the draft is kept).
   * `reason`: the server's own sentence, in both languages, when it refused the order for a reason
   * the customer can act on and that no field shows (sent too fast, too many tries).
   */
  | { kind: 'failure'; reload?: boolean; reason?: FailureReason }
  | { kind: 'cancelled' }
  | null;

const RELOAD_CODES = new Set(['form_token_expired', 'form_token_used', 'invalid_form_token']);

export interface FailureReason {
  en: string;
  fr?: string;
}

/**
 * What the failure toast adds under "Failed to submit order. Please try again.": the server's
 * sentence for a refusal (4xx) that is not about a field (the error summary lists those) nor the
 * form's token (the toast already says to reload). Nothing for a failure of the server (5xx) or
 * no answer at all: its sentence would tell the customer nothing they can do.
 */
export function failureReason(err: unknown): FailureReason | undefined {
  if (!(err instanceof ApiError) || err.status < 400 || err.status >= 500) return undefined;
  if (RELOAD_CODES.has(err.code) || err.fields.length > 0) return undefined;
  // apiErrorOf's stand-in when the answer had no sentence of its own.
  if (err.message === `HTTP ${err.status}`) return undefined;
  return { en: err.message, fr: err.messageFr };
}

interface Options {
  state: OrderState;
  dispatch: Dispatch<OrderAction>;
  settings: ClientSettings;
  language: Language;
  /** The bots' trap: whatever is in it goes with the order, for the server to judge. */
  honeypot: RefObject<HTMLInputElement | null>;
  /** Called as a submission starts (the page drops its other notices). */
  onStart: () => void;
  /** The files' background uploads: the order names the finished ones instead of carrying them. */
  uploads: BackgroundUploads | null;
}

/**
 * Sends the order with upload progress and a way to cancel, then says how it went: the toasts'
 * notice, and the refused fields when the server names them.
 */
export function useSubmitOrder({ state, dispatch, settings, language, honeypot, onStart, uploads }: Options) {
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  /** Files still uploading in the background before the order can go; null when not waiting. */
  const [waiting, setWaiting] = useState<number | null>(null);
  const [notice, setNotice] = useState<SubmitNotice>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const sending = useRef<AbortController | null>(null);
  // One idempotency key per version of the order: a retry of the same order after a lost
  // answer cannot create a second one; any change to the form makes it a new order.
  const attempt = useRef<{ state: OrderState; key: string } | null>(null);
  // Each form token is good for one order: the server answers a success with the next one.
  const formToken = useRef(settings.formToken);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    // A team's entries still open (docs/collections.md): its sizes are not final, so the order
    // waits until the organiser closes them or their closing date passes, unless the organiser
    // chose to send it now (the server then updates it when entries close).
    const waitsForTeam = state.layouts.findIndex(
      (l) =>
        l.garmentOption === 'pick' &&
        l.collection?.open === true &&
        !l.collection.sendWhileOpen &&
        l.variations.some((v) => v.id === l.collection!.variationId),
    );
    if (waitsForTeam >= 0) {
      setRefusal({ fields: [`layouts.${waitsForTeam + 1}.collection.open`], message: '', state });
      return;
    }
    const controller = new AbortController();
    sending.current = controller;
    if (attempt.current?.state !== state) attempt.current = { state, key: randomId() };
    setNotice(null);
    onStart();
    try {
      // The submission's code is a chunk of its own, loaded on the first submit (send-submission.ts).
      const { sendSubmission } = await import('./send-submission.js');
      const { result, adoptedIds } = await sendSubmission({
        state,
        language,
        website: honeypot.current?.value || undefined,
        settings,
        idempotencyKey: attempt.current.key,
        formToken: formToken.current,
        uploads,
        signal: controller.signal,
        setWaiting,
        setProgress,
      });
      if (result.formToken) formToken.current = result.formToken;
      // The order owns its uploads now: the form's reset must not cancel them.
      uploads?.forget(adoptedIds);
      dispatch({ type: 'orderSubmitted', variationId: randomId() });
      attempt.current = null;
      setRefusal(null);
      await import('./draft-store.js').then(({ clearDraft }) => clearDraft()).catch(() => {});
      setNotice({ kind: 'success', reference: result.reference });
      window.scrollTo({ top: 0 });
    } catch (err) {
      if ((err instanceof ApiError && err.code === 'aborted') || (err instanceof Error && err.name === 'AbortError')) {
        setNotice({ kind: 'cancelled' });
      } else {
        console.error('Order submission failed', err);
        setNotice({
          kind: 'failure',
          reload: err instanceof ApiError && RELOAD_CODES.has(err.code),
          reason: failureReason(err),
        });
        // An answer from the server replaces the refused fields; a lost one leaves them.
        if (err instanceof ApiError && err.status > 0) {
          setRefusal(err.fields.length ? { fields: [...err.fields], message: err.message, state } : null);
        }
      }
    } finally {
      sending.current = null;
      setProgress(null);
      setWaiting(null);
    }
  };

  return {
    handleSubmit,
    progress,
    waiting,
    cancel: () => sending.current?.abort(),
    notice,
    dismissNotice: () => setNotice(null),
    refusal,
  };
}
