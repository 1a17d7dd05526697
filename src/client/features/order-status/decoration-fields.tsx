// A layout's decorations in "Change my order": one fieldset per view, with its method ("No
// decoration" removes it), its location on that view, its print size and, for a screen print, its
// ink colours; the same fields as the inbox's "Edit order", each with its error beside it.
import { useId } from 'react';
import { DECORATION_METHODS, VIEWS, type ViewName } from '../../../shared/constants.js';
import { VIEW_LOCATIONS, type Location } from '../../../shared/locations.js';
import { DECORATION_LABELS, LOCATION_LABELS, VIEW_LABELS } from '../../../shared/order-presentation.js';
import type { CustomerOrderView } from '../../../shared/quote-api.js';
import { SelectField, TextField } from '../../components/fields.js';
import { inksKey, setMethod, viewPath, type InksText } from './decoration-edit.js';
import { useOrderStatusText } from './messages.js';

type Doc = CustomerOrderView['document'];

export function DecorationFields({
  layoutKey,
  doc,
  inks,
  update,
  setInks,
}: {
  layoutKey: string;
  doc: Doc;
  inks: InksText;
  update: (change: (doc: Doc) => void) => void;
  setInks: (key: string, text: string) => void;
}) {
  const { t, language } = useOrderStatusText();
  const c = t.change;
  const id = useId();
  const views = doc.layouts[layoutKey]!.viewData;
  return (
    <fieldset className="change-order-decorations">
      <legend>{c.decorations}</legend>
      {VIEWS.map((view: ViewName) => {
        const datum = views[view];
        const method = datum?.decoration ?? '';
        const at = (field: string) => viewPath(layoutKey, view, field);
        const edit = (fn: (d: NonNullable<typeof datum>) => void) =>
          update((d) => {
            const own = d.layouts[layoutKey]!.viewData[view];
            if (own) fn(own);
          });
        return (
          <fieldset key={view}>
            <legend>{VIEW_LABELS[language][view]}</legend>
            <SelectField
              label={c.method}
              value={method}
              placeholder={c.noDecoration}
              options={DECORATION_METHODS.map((m) => ({ value: m, label: DECORATION_LABELS[language][m] }))}
              onChange={(value) => update((d) => setMethod(d, layoutKey, view, value))}
              path={at('decoration')}
            />
            {datum && method !== '' && (
              <>
                <SelectField<Location>
                  label={c.location}
                  value={datum.location ?? VIEW_LOCATIONS[view][0]!}
                  options={VIEW_LOCATIONS[view].map((l) => ({ value: l, label: LOCATION_LABELS[language][l] }))}
                  onChange={(value) =>
                    edit((d) => {
                      if (value) d.location = value;
                    })
                  }
                  path={at('location')}
                />
                <TextField
                  label={c.printSize}
                  value={datum.dimensions}
                  onChange={(value) => edit((d) => void (d.dimensions = value))}
                  path={at('dimensions')}
                  describedBy={`${id}-${view}-size-hint`}
                />
                <p id={`${id}-${view}-size-hint`} className="hint">
                  {c.printSizeHint}
                </p>
                {method === 'screen-printing' && (
                  <>
                    <TextField
                      label={c.inkColours}
                      value={inks[inksKey(layoutKey, view)] ?? ''}
                      onChange={(value) => setInks(inksKey(layoutKey, view), value)}
                      path={at('colours')}
                      describedBy={`${id}-${view}-inks-hint`}
                    />
                    <p id={`${id}-${view}-inks-hint`} className="hint">
                      {c.inkColoursHint}
                    </p>
                  </>
                )}
              </>
            )}
          </fieldset>
        );
      })}
    </fieldset>
  );
}
