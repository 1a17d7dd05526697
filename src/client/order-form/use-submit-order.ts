import { useRef, useState, type Dispatch, type FormEvent, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { Language } from '../messages.js';
import { randomId } from '../random-id.js';
import type { ClientSettings } from '../settings.js';
import { buildSubmission, toFormData } from './build-submission.js';
import { clearDraft } from './draft-store.js';
import type { Refusal } from './field-errors.js';
import type { BackgroundUploads } from './background-uploads.js';
import type { OrderAction, OrderState } from './order-state.js';
import { sendOrder, SubmitError } from './send-order.js';

/** What the toasts say after a submission. */
export type SubmitNotice =
  | { kind: 'success'; reference: string }
  /** `reload`: the page's form token is expired or used; a reload gives a new one (the draft is kept). */
  | { kind: 'failure'; reload?: boolean }
  | { kind: 'cancelled' }
  | null;

const RELOAD_CODES = new Set(['form_token_expired', 'form_token_used', 'invalid_form_token']);

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
    const controller = new AbortController();
    sending.current = controller;
    if (attempt.current?.state !== state) attempt.current = { state, key: randomId() };
    setNotice(null);
    onStart();
    const submission = buildSubmission(state);
    submission.order.language = language;
    if (honeypot.current?.value) submission.order.website = honeypot.current.value;
    let adoptedIds: string[] = [];
    try {
      if (uploads) {
        // The order goes as soon as the files still uploading have finished.
        await uploads.whenSettled(
          submission.attachments.map((a) => a.id),
          controller.signal,
          setWaiting,
        );
        setWaiting(null);
        // Finished uploads are named; a file whose upload failed travels with the order as before.
        const named = submission.attachments.flatMap((a) => {
          const url = uploads.finishedUrl(a.id);
          return url ? [{ url, name: a.name, type: a.type, id: a.id }] : [];
        });
        adoptedIds = named.map((a) => a.id);
        if (named.length) {
          submission.order.uploads = named.map(({ url, name, type }) => ({ url, name, type }));
          submission.attachments = submission.attachments.filter((a) => !uploads.finishedUrl(a.id));
        }
      }
      setProgress({ sent: 0, total: submission.attachments.reduce((sum, a) => sum + a.file.size, 0) });
      const result = await sendOrder({
        url: settings.functionsUrl,
        apiKey: settings.publicKey,
        body: toFormData(submission),
        idempotencyKey: attempt.current.key,
        formToken: formToken.current,
        signal: controller.signal,
        // The last event (everything sent) is drawn at once, before the answer can replace it:
        // the bar always shows 100% while the server flushes and commits.
        onProgress: (sent, total) =>
          sent >= total ? flushSync(() => setProgress({ sent, total })) : setProgress({ sent, total }),
      });
      if (result.formToken) formToken.current = result.formToken;
      // The order owns its uploads now: the form's reset must not cancel them.
      uploads?.forget(adoptedIds);
      dispatch({ type: 'orderSubmitted', variationId: randomId() });
      attempt.current = null;
      setRefusal(null);
      await clearDraft().catch(() => {});
      setNotice({ kind: 'success', reference: result.reference });
      window.scrollTo({ top: 0 });
    } catch (err) {
      if ((err instanceof SubmitError && err.code === 'aborted') || (err as Error).name === 'AbortError') {
        setNotice({ kind: 'cancelled' });
      } else {
        console.error('Order submission failed', err);
        setNotice({ kind: 'failure', reload: err instanceof SubmitError && RELOAD_CODES.has(err.code) });
        // An answer from the server replaces the refused fields; a lost one leaves them.
        if (err instanceof SubmitError && err.status > 0) {
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
