// Section B's details once a garment option is chosen: the PO to upload, or the garment variations
// picked here (type, colour, sizes and quantities with the shop's size boxes and a team's sizes,
// goods supplied by the customer). A chunk of its own (garment-selection.tsx loads it): the page's
// first download stays small (docs/performance.md).
import type { Dispatch } from 'react';
import type { YesNo } from '../../../shared/constants.js';
import { RadioGroup, TextField } from '../../components/fields.js';
import { useOrderFormText } from './messages.js';
import { randomId } from '../../shared/random-id.js';
import { FilePicker } from './file-list.js';
import type { LayoutState, OrderAction, VariationField } from './order-state.js';
import { useFormContext } from './form-context.js';
import { garmentNamed } from './use-price-list.js';
import { SizeBoxes } from './size-boxes.js';
import { TeamSizesButton } from './team-sizes-button.js';
import { fieldId } from '../../components/field-errors.js';
import { useFocusAfterRender } from './use-focus-after-render.js';
import { useColourNames } from './use-colour-names.js';

export default function GarmentDetails({
  layout,
  position,
  dispatch,
}: {
  layout: LayoutState;
  /** The layout's place in the order sent, which names its fields ("layouts.2.…"). */
  position: number;
  dispatch: Dispatch<OrderAction>;
}) {
  const { t, language } = useOrderFormText();
  const { priceList } = useFormContext();
  const garments = priceList?.priceList.garments ?? [];
  const colourName = useColourNames(garments.some((g) => g.colours.length > 0));
  const n = layout.number;
  const path = `layouts.${position}`;
  const canRemove = layout.variations.length > 1;
  // The new variation's first field takes focus, so the keyboard and the screen reader land on
  // what was just added rather than on a button the new fields pushed down (docs/accessibility.md).
  const focusAfterRender = useFocusAfterRender();
  return (
    <>
      {layout.garmentOption === 'po' && (
        <>
          <FilePicker
            label={t.sectionB.uploadPo}
            files={layout.poFiles}
            onAdd={(files) => dispatch({ type: 'poFilesAdded', layout: n, files })}
            onRemove={(fileId) => dispatch({ type: 'poFileRemoved', layout: n, fileId })}
          />
        </>
      )}

      {layout.garmentOption === 'pick' && garments.length > 0 && (
        // The shop's garments, suggested as the type is typed: its style, then its name.
        <datalist id={`shop-garments-${n}`}>
          {garments.map((g) => (
            <option key={g.id} value={g.id} label={g.name} />
          ))}
        </datalist>
      )}
      {layout.garmentOption === 'pick' && (
        <div className="variations">
          {layout.variations.map((v, index) => {
            const change = (field: VariationField) => (value: string) =>
              dispatch({ type: 'variationChanged', layout: n, variationId: v.id, field, value });
            const at = (field: VariationField) => `${path}.variations.${index}.${field}`;
            // The shop's garment this variation names, for colour suggestions and size boxes.
            const garment = garmentNamed(priceList, v.type);
            const coloursList = `colours-${n}-${v.id}`;
            // A team's collection fills this variation's sizes (docs/collections.md): shown, not typed.
            const teamFilled = layout.collection?.variationId === v.id;
            const teamNote = `team-filled-${n}-${v.id}`;
            return (
              <fieldset key={v.id} className="variation">
                <legend>{index === 0 ? t.sectionB.garmentDetails : t.sectionB.variation(index + 1)}</legend>
                <div className="grid-2">
                  <TextField
                    label={t.sectionB.type}
                    value={v.type}
                    onChange={change('type')}
                    path={at('type')}
                    list={garments.length > 0 ? `shop-garments-${n}` : undefined}
                  />
                  <TextField
                    label={t.sectionB.color}
                    value={v.color}
                    onChange={change('color')}
                    path={at('color')}
                    list={garment && garment.colours.length > 0 ? coloursList : undefined}
                  />
                </div>
                {garment && garment.colours.length > 0 && (
                  <datalist id={coloursList}>
                    {/* The shop's own colour is what the order keeps; a French customer also reads its French name. */}
                    {garment.colours.map((colour) => {
                      const named = colourName ? colourName(colour, language) : colour;
                      return <option key={colour} value={colour} label={named === colour ? undefined : named} />;
                    })}
                  </datalist>
                )}
                {teamFilled && (
                  <p className="note" id={teamNote}>
                    {t.sectionB.teamFilled}
                  </p>
                )}
                {garment && (
                  <SizeBoxes
                    sizes={garment.sizes}
                    text={v.sizes}
                    idPrefix={`sizes-${n}-${v.id}`}
                    onText={change('sizes')}
                    readOnly={teamFilled}
                    describedBy={teamFilled ? teamNote : undefined}
                  />
                )}
                {(garment || layout.collection?.variationId === v.id) && (
                  <TeamSizesButton
                    layout={layout}
                    position={position}
                    variationId={v.id}
                    garment={garment?.id ?? ''}
                    sizes={garment?.sizes ?? []}
                    dispatch={dispatch}
                  />
                )}
                <TextField
                  label={t.sectionB.sizes}
                  value={v.sizes}
                  placeholder={t.sectionB.sizesPlaceholder}
                  onChange={change('sizes')}
                  path={at('sizes')}
                  readOnly={teamFilled}
                  describedBy={teamFilled ? teamNote : undefined}
                />
                <RadioGroup<YesNo>
                  legend={t.sectionB.supplyingGoods}
                  value={v.supplyingGoods}
                  options={[
                    { value: 'yes', label: t.yes },
                    { value: 'no', label: t.no },
                  ]}
                  onChange={change('supplyingGoods')}
                  path={at('supplyingGoods')}
                />
                {v.supplyingGoods === 'yes' && (
                  <TextField
                    label={t.sectionB.itemPO}
                    value={v.itemPO}
                    onChange={change('itemPO')}
                    path={at('itemPO')}
                  />
                )}
                {canRemove && (
                  <button
                    type="button"
                    className="button-link danger"
                    onClick={() => dispatch({ type: 'variationRemoved', layout: n, variationId: v.id })}
                  >
                    {t.sectionB.removeVariation}
                  </button>
                )}
              </fieldset>
            );
          })}
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              const added = layout.variations.length;
              dispatch({ type: 'variationAdded', layout: n, variationId: randomId() });
              focusAfterRender(() => document.getElementById(fieldId(`${path}.variations.${added}.type`)));
            }}
          >
            {t.sectionB.addVariation}
          </button>
        </div>
      )}
    </>
  );
}
