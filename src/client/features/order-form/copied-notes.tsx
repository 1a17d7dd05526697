// "Order again" (docs/portal.md): whether the form still holds the job notes a reorder copied from
// the past order, and says so beside them with a button that clears them. Part of Section C's
// lazy chunk: the form's initial JavaScript does not grow.
import type { Dispatch } from 'react';
import type { OrderAction, OrderState } from './order-state.js';
import { useReorderText } from './reorder-messages.js';

/** The id of the words beside copied job notes, which describe the field. */
export const COPIED_NOTES_ID = 'job-notes-copied';

/**
 * The reference of the past order whose job notes the form still holds as copied; null when
 * none were copied, or the customer emptied or rewrote them (then they are the customer's).
 */
export function copiedNotesOf(state: Pick<OrderState<unknown>, 'reorderOf' | 'details'>): string | null {
  const copied = state.reorderOf?.copiedNotes;
  return copied && state.details.jobNotes.includes(copied) ? state.reorderOf!.reference : null;
}

/** The job notes without the copied words: whatever the customer added to them stays. */
export function withoutCopiedNotes(state: Pick<OrderState<unknown>, 'reorderOf' | 'details'>): string {
  const copied = state.reorderOf?.copiedNotes;
  return copied ? state.details.jobNotes.replace(copied, '').trim() : state.details.jobNotes;
}

/**
 * Beside the job notes a reorder copied (docs/portal.md): says which order they come from, to be
 * checked, and clears the copied text in one press (what the customer added stays).
 */
export function CopiedNotes({
  id,
  state,
  dispatch,
}: {
  id: string;
  state: Pick<OrderState<unknown>, 'reorderOf' | 'details'>;
  dispatch: Dispatch<OrderAction>;
}) {
  const { t } = useReorderText();
  const reference = copiedNotesOf(state);
  if (!reference) return null;
  return (
    <div className="copied-notes">
      <p id={id} className="note">
        {t.notesCopied(reference)}
      </p>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => dispatch({ type: 'jobNotesChanged', value: withoutCopiedNotes(state) })}
      >
        {t.clearNotes}
      </button>
    </div>
  );
}
