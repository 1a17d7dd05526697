// The Accounts page's reports for a date or a period (docs/accounts.md): what is shown follows the
// last period asked for, a refusal stays beside the field, and an answer that arrives after the
// page has moved on is dropped.
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../shared/api-error.js';

/**
 * Fetches `load(period)` for the `initial` period as the page opens and for each period `show`
 * is given after; `shown` is the period of the figures on screen, `refusal` the server's last no.
 */
export function useShownReport<P, R>(load: (period: P) => Promise<R>, initial: () => P) {
  const [shown, setShown] = useState<P>(initial);
  const [result, setResult] = useState<R | null>(null);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const showing = useCallback(
    (period: P, live: () => boolean = () => true) =>
      load(period).then(
        (r) => {
          if (!live()) return;
          setResult(r);
          setShown(period);
          setRefusal(null);
        },
        (err: unknown) => {
          if (live() && err instanceof ApiError) setRefusal(err);
        },
      ),
    [load],
  );
  useEffect(() => {
    let live = true;
    void showing(initial(), () => live);
    return () => {
      live = false;
    };
    // `initial` is read once, as the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [showing]);
  const show = useCallback((period: P) => void showing(period), [showing]);
  return { shown, result, refusal, show };
}
