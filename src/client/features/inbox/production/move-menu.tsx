// Moves by keyboard (docs/production.md, The board): a disclosure button per imprint listing the
// other stages of its method, each a button. Escape closes the list and returns to its button.
import { useId, useRef, useState } from 'react';
import type { Board, ImprintCard } from '../../../../shared/production/production-api.js';
import { moveTargets } from './board-view.js';
import { useImprintWords } from './job-parts.js';
import { useProductionText } from './production-messages.js';

export function MoveMenu({
  imprint,
  stages,
  busy,
  onMove,
}: {
  imprint: ImprintCard;
  stages: Board['stages'];
  busy: boolean;
  onMove: (to: number) => void;
}) {
  const { t } = useProductionText();
  const words = useImprintWords();
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  return (
    <div className="move-menu">
      <button
        ref={button}
        type="button"
        className="button button-secondary move-button"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        disabled={busy}
        onClick={() => setOpen(!open)}
      >
        {t.moveButton(words.location(imprint), words.method(imprint))}
      </button>
      {/* Drawn only when open: a board of thousands of cards stays light. */}
      {open && (
        <ul id={id} className="move-targets">
          {moveTargets(imprint, stages).map((s) => (
            <li key={s.stage}>
              <button
                type="button"
                className="button button-secondary"
                onKeyDown={(e) => {
                  if (e.key === 'Escape') {
                    setOpen(false);
                    button.current?.focus();
                  }
                }}
                onClick={() => {
                  setOpen(false);
                  onMove(s.stage);
                }}
              >
                {t.moveTo(words.stage(s.name))}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
