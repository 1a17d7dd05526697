// Sizes from a team on an order card in My orders (docs/portal.md): the card asks whether the
// order has collections or may start one, and shows the section only then. The panel itself is
// a chunk of its own, loaded when a collection shows or the customer presses the button, so My
// orders' first download gains this part alone.
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import type { OrderTeamSizes } from '../../../shared/collections-api.js';
import { portalApi } from './api.js';
import { usePortalText } from './messages.js';
import { asksAboutTeamSizes } from './team-sizes-logic.js';

const TeamSizesPanel = lazy(() => import('./team-sizes-panel.js'));

export function TeamSizes({
  orderId,
  status,
  onOrderChanged,
}: {
  orderId: string;
  status: string;
  /** Entries closed and settled: the order (its status, sizes, estimate) may have changed. */
  onOrderChanged: () => void;
}) {
  const { t } = usePortalText();
  const id = useId();
  const [sizes, setSizes] = useState<OrderTeamSizes | null>(null);
  const [starting, setStarting] = useState(false);
  const asks = asksAboutTeamSizes(status);

  useEffect(() => {
    if (!asks) return;
    let live = true;
    // A refusal or a lost connection shows nothing: the rest of the card stands without it.
    portalApi.teamSizes(orderId).then(
      (answer) => live && setSizes(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [orderId, asks]);

  if (!sizes) return null;
  const mayStart = sizes.canStart && sizes.choices.length > 0;
  if (!mayStart && sizes.collections.length === 0) return null;
  return (
    <section className="portal-team-sizes" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t.team.heading}</h3>
      {sizes.collections.length === 0 && !starting ? (
        <button type="button" className="button button-secondary" onClick={() => setStarting(true)}>
          {t.team.start}
        </button>
      ) : (
        <Suspense fallback={<p role="status">{t.team.loading}</p>}>
          <TeamSizesPanel orderId={orderId} initial={sizes} startOpen={starting} onSettled={onOrderChanged} />
        </Suspense>
      )}
    </section>
  );
}
