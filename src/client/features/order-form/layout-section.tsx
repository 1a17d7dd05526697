// One "Design Layout N" section of the accordion, with its sub-form (Sections A and B:
// mockups-and-artwork.tsx, garment-selection.tsx).
import type { Dispatch, Ref } from 'react';
import { accentFor, type YesNo } from '../../../shared/constants.js';
import { RadioGroup } from '../../components/fields.js';
import { useOrderFormText } from './messages.js';
import { randomId } from '../../shared/random-id.js';
import type { LayoutState, OrderAction } from './order-state.js';
import { GarmentSelection } from './garment-selection.js';
import { MockupsAndArtwork } from './mockups-and-artwork.js';
import { RemoveLayout } from './remove-layout.js';

interface Props {
  layout: LayoutState;
  position: number;
  isOpen: boolean;
  canRemove: boolean;
  isLast: boolean;
  detailsRevealed: boolean;
  designStudioUrl: string;
  dispatch: Dispatch<OrderAction>;
  headerRef: Ref<HTMLButtonElement>;
}

export function LayoutSection({
  layout,
  position,
  isOpen,
  canRemove,
  isLast,
  detailsRevealed,
  designStudioUrl,
  dispatch,
  headerRef,
}: Props) {
  const { t } = useOrderFormText();
  const n = layout.number;
  const headerId = `layout-${n}-header`;
  const panelId = `layout-${n}-panel`;
  const thumbnail = layout.mockupFiles.find((f) => f.previewUrl)?.previewUrl;
  return (
    <div className="layout card" style={{ '--accent': accentFor(position) } as React.CSSProperties}>
      <h2 className="layout-heading">
        <button
          ref={headerRef}
          id={headerId}
          type="button"
          className="layout-toggle"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => dispatch({ type: 'layoutToggled', layout: n })}
        >
          <span className="layout-badge" aria-hidden="true">
            {position}
          </span>
          <span className="layout-title">{t.layout.title(position)}</span>
          {thumbnail && (
            <img
              className="layout-thumb"
              src={thumbnail}
              alt={t.layout.thumbnailAlt(position)}
              width={40}
              height={40}
            />
          )}
          <span className="chevron" aria-hidden="true" />
        </button>
      </h2>
      {isOpen && (
        <div id={panelId} role="region" aria-labelledby={headerId} className="layout-panel">
          <MockupsAndArtwork
            layout={layout}
            position={position}
            dispatch={dispatch}
            designStudioUrl={designStudioUrl}
          />
          <GarmentSelection layout={layout} position={position} dispatch={dispatch} />
        </div>
      )}
      {canRemove && (
        <RemoveLayout position={position} onConfirm={() => dispatch({ type: 'layoutRemoved', layout: n })} />
      )}
      {isLast && (
        <RadioGroup<YesNo>
          className="additional-question"
          legend={t.layout.additionalQuestion}
          value={detailsRevealed ? 'no' : ''}
          options={[
            { value: 'yes', label: t.yes },
            { value: 'no', label: t.no },
          ]}
          onChange={(answer) => dispatch({ type: 'additionalLayoutsAnswered', answer, variationId: randomId() })}
        />
      )}
    </div>
  );
}
