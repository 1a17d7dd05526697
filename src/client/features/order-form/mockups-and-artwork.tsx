// Section A - Mockups & Artwork: the mockup option, then what it asks for. The mockup files,
// vector question and per-view graphics (mockup-upload.tsx) are a chunk of their own, loaded when
// "Upload Mockup" is chosen or at the page's first idle moment (docs/performance.md).
import { Suspense, type Dispatch } from 'react';
import type { MockupOption } from '../../../shared/constants.js';
import { lazyPartOrReload, PartLoading } from '../../components/chunk-failed.js';
import { SelectField } from '../../components/fields.js';
import { useOrderFormText } from './messages.js';
import type { LayoutState, OrderAction } from './order-state.js';

export const loadMockupUpload = () => import('./mockup-upload.js');
const MockupUpload = lazyPartOrReload(loadMockupUpload);

interface Props {
  layout: LayoutState;
  /** The layout's place in the order sent, which names its fields ("layouts.2.…"). */
  position: number;
  dispatch: Dispatch<OrderAction>;
  designStudioUrl: string;
}

export function MockupsAndArtwork({ layout, position, dispatch, designStudioUrl }: Props) {
  const { t } = useOrderFormText();
  const n = layout.number;
  const path = `layouts.${position}`;
  return (
    <fieldset className="form-section">
      <legend className="section-title">{t.sectionA.heading}</legend>
      <SelectField<MockupOption>
        label={t.sectionA.mockupOptions}
        value={layout.mockupOption}
        placeholder={t.chooseOption}
        options={[
          { value: 'upload', label: t.sectionA.upload },
          { value: 'create', label: t.sectionA.create },
        ]}
        onChange={(option) => dispatch({ type: 'mockupOptionChanged', layout: n, option })}
        path={`${path}.mockupOption`}
      />

      {layout.mockupOption === 'upload' && (
        <Suspense fallback={<PartLoading />}>
          <MockupUpload layout={layout} position={position} dispatch={dispatch} />
        </Suspense>
      )}

      {layout.mockupOption === 'create' && (
        <div className="studio">
          <h3>{t.sectionA.studioHeading}</h3>
          <p>{t.sectionA.studioNote}</p>
          <a className="studio-banner" href={designStudioUrl} target="_blank" rel="noopener noreferrer">
            <img src="/design-studio-banner.svg" alt={t.sectionA.studioBannerAlt} width={720} height={180} />
          </a>
        </div>
      )}
    </fieldset>
  );
}
