// Section A's "Upload Mockup": the vector question, the mockup files and, per view (front, back,
// sleeves), a graphic with its dimensions, decoration and print check. A chunk of its own
// (mockups-and-artwork.tsx loads it): the page's first download stays small (docs/performance.md).
import type { Dispatch } from 'react';
import {
  DECORATION_METHODS,
  VIEWS,
  type DecorationMethod,
  type ViewName,
  type YesNo,
} from '../../../shared/constants.js';
import { ArtworkCheck } from './artwork-check.js';
import { FileButton, RadioGroup, SelectField, TextField } from '../../components/fields.js';
import { useOrderFormText } from './messages.js';
import { randomId } from '../../shared/random-id.js';
import { FilePicker, UploadState } from './file-list.js';
import { toEntries } from './file-entries.js';
import { useFormContext } from './form-context.js';
import { METHOD_MEASURES } from '../../../shared/decoration-methods.js';
import { VIEW_LOCATIONS, type Location } from '../../../shared/locations.js';
import { useLocationText } from './location-messages.js';
import type { PixelSize } from '../../../shared/print-size.js';
import {
  aspectOf,
  showsPlacements,
  showsViewEditor,
  vectorAnswerShown,
  type DecorationField,
  type FileEntry,
  type LayoutState,
  type OrderAction,
} from './order-state.js';

interface Props {
  layout: LayoutState;
  /** The layout's place in the order sent, which names its fields ("layouts.2.…"). */
  position: number;
  dispatch: Dispatch<OrderAction>;
}

export default function MockupUpload({ layout, position, dispatch }: Props) {
  const { t } = useOrderFormText();
  const n = layout.number;
  const path = `layouts.${position}`;
  return (
    <>
      <RadioGroup<YesNo>
        legend={t.sectionA.vectorQuestion}
        value={vectorAnswerShown(layout)}
        options={[
          { value: 'yes', label: t.yes },
          { value: 'no', label: t.no },
        ]}
        onChange={(answer) => dispatch({ type: 'vectorFilesAnswered', layout: n, answer })}
        path={`${path}.hasVectorFiles`}
      />
      <FilePicker
        label={t.sectionA.uploadMockup}
        files={layout.mockupFiles}
        onAdd={(files) => dispatch({ type: 'mockupFilesAdded', layout: n, files })}
        onRemove={(fileId) => dispatch({ type: 'mockupFileRemoved', layout: n, fileId })}
      />
      {showsPlacements(layout) && <p className="muted">{t.sectionA.vectorNote}</p>}
      {(showsViewEditor(layout) || showsPlacements(layout)) && (
        <div
          className="views"
          role="group"
          aria-label={showsViewEditor(layout) ? t.sectionA.viewsLegend : t.sectionA.placementsLegend}
        >
          {VIEWS.map((view) => (
            <ViewPanel
              key={view}
              layout={layout}
              view={view}
              path={`${path}.viewData.${view}`}
              dispatch={dispatch}
              withGraphic={showsViewEditor(layout)}
            />
          ))}
        </div>
      )}
    </>
  );
}

function ViewPanel({
  layout,
  view,
  path,
  dispatch,
  withGraphic,
}: {
  layout: LayoutState;
  view: ViewName;
  path: string;
  dispatch: Dispatch<OrderAction>;
  /** The view's own graphic (vector files "no"); without it, where and how only ("yes"). */
  withGraphic: boolean;
}) {
  const { t } = useOrderFormText();
  const l = useLocationText().t;
  const viewName = t.sectionA.views[view];
  const n = layout.number;
  const state = layout.views[view];
  const extras = (layout.extras ?? []).map((e, index) => ({ e, index })).filter(({ e }) => e.view === view);
  // The next location a customer would add: the first this view does not use yet.
  const used = new Set([state.location || VIEW_LOCATIONS[view][0], ...extras.map(({ e }) => e.location)]);
  const next = VIEW_LOCATIONS[view].find((loc) => !used.has(loc));
  return (
    <fieldset className="view-panel">
      <legend>{viewName}</legend>
      <DecorationFields
        state={state}
        view={view}
        path={path}
        graphicAlt={t.sectionA.graphicPreviewAlt(viewName)}
        withGraphic={withGraphic}
        onGraphic={(file) => dispatch({ type: 'viewGraphicChosen', layout: n, view, file })}
        onMeasured={(fileId, pixels) =>
          dispatch({ type: 'viewGraphicMeasured', layout: n, view, fileId, aspect: pixels && aspectOf(pixels) })
        }
        onChange={(field, value) => {
          if (field === 'dimensions') dispatch({ type: 'viewDimensionsChanged', layout: n, view, value });
          else if (field === 'decoration')
            dispatch({ type: 'viewDecorationChanged', layout: n, view, value: value as DecorationMethod | '' });
          else if (field === 'colours') dispatch({ type: 'viewColoursChanged', layout: n, view, value });
          else dispatch({ type: 'viewLocationChanged', layout: n, view, value: value as Location });
        }}
      />
      {extras.map(({ e, index }) => {
        const where = l.extraLegend(viewName, l.locations[e.location]);
        return (
          <fieldset key={e.id} className="view-panel extra-decoration">
            <legend>{where}</legend>
            <DecorationFields
              state={e}
              view={view}
              path={`layouts.${path.split('.')[1]}.extraDecorations.${index}`}
              graphicAlt={t.sectionA.graphicPreviewAlt(where)}
              withGraphic={withGraphic}
              onGraphic={(file) => dispatch({ type: 'extraGraphicChosen', layout: n, id: e.id, file })}
              onChange={(field, value) => dispatch({ type: 'extraChanged', layout: n, id: e.id, field, value })}
            />
            <button
              type="button"
              className="button-link"
              onClick={() => dispatch({ type: 'extraRemoved', layout: n, id: e.id })}
            >
              {l.removeDecoration(viewName, l.locations[e.location])}
            </button>
          </fieldset>
        );
      })}
      {next && (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => dispatch({ type: 'extraAdded', layout: n, view, location: next, id: randomId() })}
        >
          {l.addDecoration(viewName)}
        </button>
      )}
    </fieldset>
  );
}

/** A decoration's fields, the view's own or an extra one: location, graphic, size, method, ink colours. */
function DecorationFields({
  state,
  view,
  path,
  graphicAlt,
  withGraphic,
  onGraphic,
  onMeasured,
  onChange,
}: {
  state: LayoutState['views'][ViewName];
  view: ViewName;
  path: string;
  graphicAlt: string;
  /** Shows the graphic's preview, check and upload (vector files "no"); its file stays in the state either way. */
  withGraphic: boolean;
  onGraphic: (file: FileEntry | null) => void;
  /** The graphic's pixels once read (null: not a picture the browser reads): the view's own only. */
  onMeasured?: (fileId: string, pixels: PixelSize | null) => void;
  onChange: (field: DecorationField, value: string) => void;
}) {
  const { t } = useOrderFormText();
  const l = useLocationText().t;
  const { maxFileBytes, priceList } = useFormContext();
  // Up to the price list's last column of colours (6 without a list), then "more".
  const maxColours = Math.min(99, priceList?.priceList.methods['screen-printing']?.columns.at(-1) ?? 6);
  const location = state.location || VIEW_LOCATIONS[view][0]!;
  return (
    <>
      <SelectField<Location>
        label={l.location}
        value={location}
        options={VIEW_LOCATIONS[view].map((loc) => ({ value: loc, label: l.locations[loc] }))}
        onChange={(value) => onChange('location', value)}
        path={`${path}.location`}
      />
      <p className="muted small">{l.usualSize(location)}</p>
      {withGraphic && (
        <>
          <div className="view-preview">
            {state.file?.previewUrl ? (
              <img src={state.file.previewUrl} alt={graphicAlt} width={160} height={160} />
            ) : state.file ? (
              <span className="view-file-name">{state.file.file.name}</span>
            ) : (
              <span className="muted">{t.sectionA.noGraphic}</span>
            )}
          </div>
          {state.file && <UploadState entry={state.file} />}
          <ArtworkCheck
            file={state.file && !state.file.stored ? state.file.file : null}
            {...(onMeasured && state.file ? { onMeasured: onMeasured.bind(null, state.file.id) } : {})}
            dimensions={state.dimensions}
            decoration={state.decoration}
          />
          <FileButton
            label={t.sectionA.uploadGraphic}
            maxBytes={maxFileBytes}
            tooLarge={t.files.tooLarge}
            onFiles={(files) => onGraphic(toEntries(files.slice(0, 1), randomId)[0]!)}
          />
          {state.file && (
            <button type="button" className="button-link" onClick={() => onGraphic(null)}>
              {t.sectionA.removeGraphic}
            </button>
          )}
        </>
      )}
      <TextField
        label={t.sectionA.graphicDimensions}
        value={state.dimensions}
        placeholder={t.sectionA.dimensionsPlaceholder}
        onChange={(value) => onChange('dimensions', value)}
        path={`${path}.dimensions`}
      />
      <SelectField<DecorationMethod>
        label={t.sectionA.decorationMethod}
        value={state.decoration}
        placeholder={t.chooseOption}
        options={DECORATION_METHODS.map((m) => ({ value: m, label: t.sectionA.decorations[m] }))}
        onChange={(value) => onChange('decoration', value)}
        path={`${path}.decoration`}
      />
      {state.decoration && METHOD_MEASURES[state.decoration] === 'colours' && (
        <SelectField<string>
          label={t.sectionA.inkColours}
          value={state.colours ?? ''}
          placeholder={t.chooseOption}
          options={[
            ...Array.from({ length: maxColours }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
            { value: String(maxColours + 1), label: t.sectionA.moreColours(maxColours) },
          ]}
          onChange={(value) => onChange('colours', value)}
          path={`${path}.colours`}
        />
      )}
    </>
  );
}
