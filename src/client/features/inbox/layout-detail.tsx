// One design layout of the order as the clerk reads it: mockups, each view's graphic with what
// the server measured in it, garments (a PO, or the variations picked in the form), and the
// names and numbers a team gave.
import { artworkLine, isTooComplex, type ArtworkLine } from '../../../shared/artwork-report.js';
import type { OrderLayout } from '../../../shared/order.js';
import { ColumnHeads } from '../../components/column-heads.js';
import {
  decorationLabel,
  filledViews,
  labelled,
  mockupText,
  ORDER_WORDS,
  placeName,
  variationTitle,
  yesNo,
} from '../../../shared/order-presentation.js';
import { useState } from 'react';
import { inboxLinks, type Attachment } from './api.js';
import { useInboxApi } from './session.js';
import { FileLink } from './file-link.js';
import { errorText, useInboxText } from './messages.js';

const PREVIEWABLE = /^image\/(png|jpeg|gif|webp)$/;

/** What the server measured in a view's graphic, marked when it may print blurry. */
function ArtworkNote({ line }: { line: ArtworkLine }) {
  return (
    <>
      <br />
      <span className={line.rating === 'low' ? 'badge badge-rush' : 'muted small'}>{line.text}</span>
    </>
  );
}

export function LayoutDetail({
  n,
  layout,
  byName,
  fileUrl,
  orderId,
}: {
  n: number;
  layout: OrderLayout;
  byName: Map<string, Attachment>;
  fileUrl: (a: Attachment) => string;
  orderId: string;
}) {
  const { t, language } = useInboxText();
  const words = ORDER_WORDS[language];
  // The server's thumbnail (any artwork format) once made; until then the file itself when it
  // is a picture the browser can draw.
  const preview = (a: Attachment | undefined) =>
    a && (a.has_thumbnail || PREVIEWABLE.test(a.media_type)) ? (
      <img
        src={inboxLinks.picture(orderId, a.id, a.has_thumbnail ? 'thumbnail' : 'preview')}
        alt={a.name}
        width={120}
        height={120}
        loading="lazy"
      />
    ) : null;
  const views = filledViews(layout);
  // Every mockup of the layout: the pictures the form lists in mockupImages, then the other
  // mockup files (a PDF, an AI or PSD file), which show their server-made thumbnail too.
  const mockupNames = [
    ...layout.mockupImages,
    ...[...byName.values()]
      .filter((a) => a.layout_number === n && a.role === 'mockup' && !layout.mockupImages.includes(a.name))
      .sort((a, b) => a.position - b.position)
      .map((a) => a.name),
  ];
  return (
    <section className="card layout-detail" aria-labelledby={`h-layout-${n}`}>
      <h2 id={`h-layout-${n}`}>{words.layoutTitle(n)}</h2>
      <p>
        {labelled(words.mockups, mockupText(layout, language), language)}
        {layout.mockupOption === 'upload' &&
          ` · ${labelled(t.order.vectorFiles, yesNo(layout.hasVectorFiles === 'yes', language), language)}`}
      </p>
      {mockupNames.length > 0 && (
        <div className="thumbs">
          {mockupNames.map((name) => {
            const a = byName.get(name);
            return (
              <figure key={name}>
                {preview(a) ?? (
                  <div className="no-thumb">{isTooComplex(a?.artwork) ? t.order.tooComplex : t.order.noPreview}</div>
                )}
                <figcaption>
                  <FileLink attachment={a} url={fileUrl} name={name} />
                </figcaption>
              </figure>
            );
          })}
        </div>
      )}
      {views.length > 0 && (
        <div className="thumbs">
          {views.map((placed) => {
            const d = placed.datum;
            const a = d.image ? byName.get(d.image) : undefined;
            return (
              <figure key={`${placed.view}-${placed.extra ?? ''}`}>
                {preview(a) ?? <div className="no-thumb">{a ? a.name : t.order.noGraphic}</div>}
                <figcaption>
                  <strong>{placeName(placed.view, placed.named ? placed.location : null, language)}</strong>
                  <br />
                  {d.dimensions || t.order.noDimensions} ·{' '}
                  {d.decoration ? decorationLabel(d.decoration, language) : t.order.noMethod}
                  {a && <ArtworkNote line={artworkLine(a.artwork, d.dimensions, language)} />}
                </figcaption>
              </figure>
            );
          })}
        </div>
      )}
      <p>
        {layout.garmentOption === 'po'
          ? words.poGarments
          : labelled(
              t.order.garments,
              layout.garmentOption === 'pick' ? t.order.pickedHere : words.notChosen,
              language,
            )}
      </p>
      {layout.garmentOption === 'po' &&
        layout.files
          .filter((f) => f.role === 'po')
          .map((f) => {
            const a = byName.get(f.name);
            return (
              <p key={f.name}>
                {t.order.po}
                {words.colon} <FileLink attachment={a} url={fileUrl} name={f.name} />
              </p>
            );
          })}
      {layout.garmentOption === 'pick' && (
        // In its own scroll box: five columns are wider than a phone (WCAG 1.4.10 Reflow).
        <div className="table-wrap">
          <table className="variations-table">
            <ColumnHeads
              columns={[t.order.variation, t.order.garmentType, t.order.color, t.order.sizes, t.order.customerSupplies]}
            />
            <tbody>
              {layout.variations.map((v, i) => (
                <tr key={i}>
                  <td>{variationTitle(i, language)}</td>
                  <td>{v.type}</td>
                  <td>{v.color}</td>
                  <td>{v.sizes}</td>
                  <td>
                    {yesNo(v.supplyingGoods === 'yes', language)}
                    {v.supplyingGoods === 'yes' && v.itemPO ? t.order.itemPo(v.itemPO) : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {layout.garmentOption === 'pick' && layout.teamNames && layout.teamNames.length > 0 && (
        // The names and numbers collected from a team (docs/collections.md).
        <div className="table-wrap">
          <table className="variations-table team-names">
            <caption>{t.order.teamNames(layout.teamNames.length)}</caption>
            <ColumnHeads columns={[t.order.memberName, t.order.memberSize, t.order.printName, t.order.printNumber]} />
            <tbody>
              {layout.teamNames.map((m, i) => (
                <tr key={i}>
                  <td>
                    <bdi>{m.name}</bdi>
                  </td>
                  <td>{m.size}</td>
                  <td>
                    <bdi>{m.printName}</bdi>
                  </td>
                  <td>{m.printNumber}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * A layout a very large order's answer left out (it stays under its size budget): named, and read
 * from the server when the clerk asks for it.
 */
export function LaterLayout({
  n,
  orderId,
  byName,
  fileUrl,
}: {
  n: number;
  orderId: string;
  byName: Map<string, Attachment>;
  fileUrl: (a: Attachment) => string;
}) {
  const api = useInboxApi();
  const { t, language } = useInboxText();
  const [layout, setLayout] = useState<OrderLayout | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  if (layout) return <LayoutDetail n={n} layout={layout} byName={byName} fileUrl={fileUrl} orderId={orderId} />;
  const open = () => {
    setLoading(true);
    api
      .layout(orderId, String(n))
      .then(setLayout, setError)
      .finally(() => setLoading(false));
  };
  return (
    <section className="card" aria-labelledby={`h-layout-${n}`}>
      <h2 id={`h-layout-${n}`}>{ORDER_WORDS[language].layoutTitle(n)}</h2>
      <p className="muted">{t.order.layoutNotLoaded}</p>
      <button type="button" className="button button-secondary" disabled={loading} onClick={open}>
        {t.order.showLayout(n)}
      </button>
      {error !== null && (
        <p role="alert" className="form-error">
          {errorText(error, t)}
        </p>
      )}
    </section>
  );
}
