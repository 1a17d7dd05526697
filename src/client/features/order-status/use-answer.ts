// The customer's answer to the current quote: approve it (typed full name and the checkbox) or
// ask for changes, checked here first, then sent; what came of it stays until the next try.
import { useCallback, useState } from 'react';
import type { CustomerOrderView } from '../../../shared/quote-api.js';
import { ApiError } from '../../shared/api-error.js';
import { viewOfRefusal, type OrderStatusApi } from './api.js';

export type AnswerField = 'fullName' | 'agree' | 'comment';

/**
 * What is wrong with a field: one of the page's own texts, or the server's refusal. A key or the
 * error, never a sentence, so switching the language rewords what is on screen.
 */
export type FieldProblem = 'fullNameRequired' | 'agreeRequired' | 'commentRequired' | ApiError;

/** How the last answer went: sent, refused (the server's words), or it did not go through. */
type Outcome = 'approved' | 'changes' | 'superseded' | 'failed' | ApiError;

const isAnswerField = (field: string): field is AnswerField =>
  field === 'fullName' || field === 'agree' || field === 'comment';

export function useAnswer(api: OrderStatusApi, onView: (view: CustomerOrderView) => void) {
  const [errors, setErrors] = useState<Partial<Record<AnswerField, FieldProblem>>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async (send: () => Promise<{ view: CustomerOrderView }>, done: 'approved' | 'changes') => {
      setBusy(true);
      try {
        const answer = await send();
        onView(answer.view);
        setOutcome(done);
      } catch (err) {
        const refusal = err instanceof ApiError && err.status > 0 ? err : null;
        const now = refusal && viewOfRefusal(refusal);
        const field = refusal?.fields[0];
        if (now) {
          onView(now);
          setOutcome(refusal.code === 'quote_superseded' ? 'superseded' : refusal);
        } else if (refusal && field && isAnswerField(field)) {
          setErrors({ [field]: refusal });
        } else {
          // A refusal the server worded (not an outage, not a page a proxy made up) is shown as it says.
          setOutcome(refusal && refusal.status < 500 && refusal.code !== 'http_error' ? refusal : 'failed');
        }
      } finally {
        setBusy(false);
      }
    },
    [onView],
  );

  /** Approves this version, or says what is missing: returns the first field to fix, else null. */
  const approve = (version: number, fullName: string, agree: boolean): AnswerField | null => {
    const next: Partial<Record<AnswerField, FieldProblem>> = {};
    if (fullName.trim().length < 2) next.fullName = 'fullNameRequired';
    if (!agree) next.agree = 'agreeRequired';
    setErrors(next);
    setOutcome(null);
    if (next.fullName) return 'fullName';
    if (next.agree) return 'agree';
    void run(() => api.approve(version, fullName), 'approved');
    return null;
  };

  /** Sends the customer's comment, or returns the comment field when it is empty. */
  const requestChanges = (comment: string): AnswerField | null => {
    setOutcome(null);
    if (comment.trim() === '') {
      setErrors({ comment: 'commentRequired' });
      return 'comment';
    }
    setErrors({});
    void run(() => api.requestChanges(comment), 'changes');
    return null;
  };

  return { errors, outcome, busy, approve, requestChanges };
}

export type AnswerState = ReturnType<typeof useAnswer>;
