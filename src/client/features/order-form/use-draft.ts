import { useCallback, useEffect, useState, type Dispatch } from 'react';
import { randomId } from '../../shared/random-id.js';
import { previewUrlFor } from './file-entries.js';
import { isPristine, type OrderAction, type OrderState } from './order-state.js';

/**
 * The order in progress, kept on this device: restored when the page opens (files included),
 * saved a moment after each change, and cleared by Start over.
 */
export function useDraft(state: OrderState, dispatch: Dispatch<OrderAction>, options = { restore: true }) {
  const [checked, setChecked] = useState(!options.restore);
  const [restored, setRestored] = useState(false);

  const { restore } = options;
  useEffect(() => {
    if (!restore) return;
    let current = true;
    // The draft's store (IndexedDB through idb-keyval) is a chunk of its own, not in the first download.
    void import('./draft-store.js')
      .then(({ loadDraft }) => loadDraft(previewUrlFor))
      .then((draft) => {
        if (current && draft && !isPristine(draft)) {
          dispatch({ type: 'draftRestored', state: draft });
          setRestored(true);
        }
      })
      .catch((err: unknown) => console.warn('The saved draft could not be read', err))
      .finally(() => current && setChecked(true));
    return () => {
      current = false;
    };
  }, [dispatch, restore]);

  // Not before the stored draft was read: the empty form would overwrite it.
  useEffect(() => {
    if (!checked) return;
    const timer = setTimeout(() => {
      import('./draft-store.js')
        .then(({ clearDraft, saveDraft }) => (isPristine(state) ? clearDraft() : saveDraft(state)))
        .catch((err: unknown) => console.warn('The draft could not be saved', err));
    }, 300);
    return () => clearTimeout(timer);
  }, [state, checked]);

  const startOver = useCallback(() => {
    dispatch({ type: 'formReset', variationId: randomId() });
    void import('./draft-store.js').then(({ clearDraft }) => clearDraft()).catch(() => {});
    setRestored(false);
  }, [dispatch]);

  /** Hides the "we restored your order" notice (a submission replaces it). */
  const dismissRestored = useCallback(() => setRestored(false), []);
  return { restored, startOver, dismissRestored };
}
