// Section B - Garment Selection: the garment option, then what it asks for. A PO to upload, or
// garment variations picked here (type, colour, sizes and quantities, goods supplied by the
// customer), are a chunk of their own (garment-details.tsx), loaded when an option is chosen or at
// the page's first idle moment (docs/performance.md).
import { Suspense, type Dispatch } from 'react';
import type { GarmentOption } from '../../../shared/constants.js';
import { lazyPartOrReload, PartLoading } from '../../components/chunk-failed.js';
import { SelectField } from '../../components/fields.js';
import { useOrderFormText } from './messages.js';
import type { LayoutState, OrderAction } from './order-state.js';

export const loadGarmentDetails = () => import('./garment-details.js');
const GarmentDetails = lazyPartOrReload(loadGarmentDetails);

export function GarmentSelection({
  layout,
  position,
  dispatch,
}: {
  layout: LayoutState;
  /** The layout's place in the order sent, which names its fields ("layouts.2.…"). */
  position: number;
  dispatch: Dispatch<OrderAction>;
}) {
  const { t } = useOrderFormText();
  const n = layout.number;
  const path = `layouts.${position}`;
  return (
    <fieldset className="form-section">
      <legend className="section-title">{t.sectionB.heading}</legend>
      <SelectField<GarmentOption>
        label={t.sectionB.garmentOptions}
        value={layout.garmentOption}
        placeholder={t.chooseOption}
        options={[
          { value: 'po', label: t.sectionB.po },
          { value: 'pick', label: t.sectionB.pick },
        ]}
        onChange={(option) => dispatch({ type: 'garmentOptionChanged', layout: n, option })}
        path={`${path}.garmentOption`}
      />
      {layout.garmentOption && (
        <Suspense fallback={<PartLoading />}>
          <GarmentDetails layout={layout} position={position} dispatch={dispatch} />
        </Suspense>
      )}
    </fieldset>
  );
}
