// The submission's own work, a chunk loaded on the first "Submit Order" (docs/performance.md,
// The order page's first JavaScript): builds the multipart body, names the finished background
// uploads after waiting for the rest, and sends the order, sending again the uploads that
// expired while the page stayed open. use-submit-order.ts holds the state around it.
import { flushSync } from 'react-dom';
import type { Language } from '../../shared/language.js';
import type { ClientSettings } from '../../../shared/client-settings.js';
import type { SubmitOrderSuccess } from '../../../shared/order.js';
import { ApiError } from '../../shared/api-error.js';
import { buildSubmission, toFormData } from './build-submission.js';
import type { BackgroundUploads } from './background-uploads.js';
import type { OrderState } from './order-state.js';
import { submitUrlOf } from './test-mode.js';
import { sendOrder } from './api.js';

interface Submission {
  state: OrderState;
  language: Language;
  /** What the bots' trap holds, if anything. */
  website: string | undefined;
  settings: ClientSettings;
  idempotencyKey: string;
  formToken: string | undefined;
  uploads: BackgroundUploads | null;
  signal: AbortSignal;
  setWaiting: (left: number | null) => void;
  setProgress: (progress: { sent: number; total: number }) => void;
}

/** Sends the order; resolves with the server's answer and the uploads the order adopted. */
export async function sendSubmission(s: Submission): Promise<{ result: SubmitOrderSuccess; adoptedIds: string[] }> {
  const { uploads, setWaiting, setProgress } = s;
  const submission = buildSubmission(s.state);
  submission.order.language = s.language;
  if (s.website) submission.order.website = s.website;
  let adoptedIds: string[] = [];
  /** Names the finished uploads (after waiting for the rest) and sends the order once. */
  const sendOnce = async () => {
    const sent = { ...submission, order: { ...submission.order } };
    adoptedIds = [];
    if (uploads) {
      // The order goes as soon as the files still uploading have finished.
      await whenSettled(
        uploads,
        submission.attachments.map((a) => a.id),
        s.signal,
        setWaiting,
      );
      setWaiting(null);
      // Finished uploads are named; a file whose upload failed travels with the order as before.
      const named = submission.attachments.flatMap((a) => {
        const url = uploads.finishedUrl(a.id);
        return url ? [{ url, secret: uploads.secretOf(a.id), name: a.name, type: a.type, id: a.id }] : [];
      });
      adoptedIds = named.map((a) => a.id);
      if (named.length) {
        sent.order.uploads = named.map(({ url, secret, name, type }) => ({ url, secret, name, type }));
        sent.attachments = submission.attachments.filter((a) => !uploads.finishedUrl(a.id));
      }
    }
    setProgress({ sent: 0, total: sent.attachments.reduce((sum, a) => sum + a.file.size, 0) });
    return sendOrder({
      url: submitUrlOf(s.settings.functionsUrl),
      apiKey: s.settings.publicKey,
      body: toFormData(sent),
      idempotencyKey: s.idempotencyKey,
      formToken: s.formToken,
      signal: s.signal,
      // The last event (everything sent) is drawn at once, before the answer can replace it:
      // the bar always shows 100% while the server flushes and commits.
      onProgress: (done, total) =>
        done >= total ? flushSync(() => setProgress({ sent: done, total })) : setProgress({ sent: done, total }),
    });
  };
  // An upload that expired while the page stayed open is sent again from the form's copy of
  // the file, and the order after it. The server names one such upload per refusal, so this
  // tries at most once more per attachment.
  for (let tries = submission.attachments.length; ; tries--) {
    try {
      return { result: await sendOnce(), adoptedIds };
    } catch (err) {
      const lost = tries > 0 && uploads ? expiredUploads(err, adoptedIds) : [];
      if (lost.length === 0) throw err;
      uploads!.restart(lost);
    }
  }
}

/** The files whose named uploads the server says it does not have (`uploads.<i>.url`, unknown_upload). */
function expiredUploads(err: unknown, namedIds: string[]): string[] {
  if (!(err instanceof ApiError) || err.code !== 'unknown_upload') return [];
  return err.fields.flatMap((field) => {
    const m = /^uploads\.(\d+)\.url$/.exec(field);
    const id = m ? namedIds[Number(m[1])] : undefined;
    return id ? [id] : [];
  });
}

/**
 * Resolves when none of these files is still uploading or paused (each is done or failed),
 * reporting how many are left as it goes; rejects when `signal` aborts.
 */
function whenSettled(
  uploads: BackgroundUploads,
  entryIds: string[],
  signal: AbortSignal,
  onWaiting: (left: number) => void,
): Promise<void> {
  const left = () =>
    entryIds.filter((id) => {
      const phase = uploads.statusOf(id)?.phase;
      return phase === 'uploading' || phase === 'paused';
    }).length;
  return new Promise((resolve, reject) => {
    const check = () => {
      const n = left();
      if (n === 0) {
        unsubscribe();
        resolve();
      } else onWaiting(n);
    };
    const unsubscribe = uploads.subscribe(check);
    signal.addEventListener(
      'abort',
      () => {
        unsubscribe();
        reject(new DOMException('aborted', 'AbortError'));
      },
      { once: true },
    );
    check();
  });
}
