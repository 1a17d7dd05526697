// An order's quote as the inbox shows it (versions, draft, suggestions, proofs), loaded when the
// order opens and again after each change.
import { useCallback, useEffect, useState } from 'react';
import type { StaffQuoteState } from '../../../shared/quote-api.js';
import { messageOf } from '../../shared/api-error.js';
import { useInboxText } from './messages.js';
import { useInboxApi } from './session.js';

export function useQuote(orderId: string) {
  const api = useInboxApi();
  const { language } = useInboxText();
  const [state, setState] = useState<StaffQuoteState | null>(null);
  const [error, setError] = useState('');

  const reload = useCallback(
    () => api.quote(orderId).then(setState, (err: unknown) => setError(messageOf(err, language))),
    [orderId, api, language],
  );
  useEffect(() => {
    void reload();
  }, [reload]);

  return { state, error, reload };
}
