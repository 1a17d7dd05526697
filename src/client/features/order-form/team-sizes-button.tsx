// The form's only part of a team's size collection (docs/collections.md): a button that loads
// the organiser's panel, a chunk of its own (the form's first download stays small). A layout
// that already has a collection opens the panel at once.
import { lazy, Suspense, useState, type Dispatch } from 'react';
import { useOrderFormText } from './messages.js';
import type { LayoutState, OrderAction } from './order-state.js';

const TeamSizesPanel = lazy(() => import('./team-sizes/team-sizes-panel.js'));

export function TeamSizesButton({
  layout,
  position,
  variationId,
  garment,
  sizes,
  dispatch,
}: {
  layout: LayoutState;
  /** The layout's place in the order sent, which names its fields ("layouts.2.…"). */
  position: number;
  variationId: string;
  /** The shop's garment (its id): the sizes members choose from. */
  garment: string;
  /** The garment's sizes: the organiser's own extra pieces are typed in boxes of them. */
  sizes: readonly string[];
  dispatch: Dispatch<OrderAction>;
}) {
  const { t } = useOrderFormText();
  const [open, setOpen] = useState(false);
  const mine = layout.collection?.variationId === variationId;
  if (layout.collection && !mine) return null;
  if (!open && !mine) {
    return (
      <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
        {t.sectionB.teamSizes}
      </button>
    );
  }
  return (
    <Suspense fallback={<p role="status">…</p>}>
      <TeamSizesPanel
        layout={layout}
        position={position}
        variationId={variationId}
        garment={garment}
        sizes={sizes}
        dispatch={dispatch}
      />
    </Suspense>
  );
}
