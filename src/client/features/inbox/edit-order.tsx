// "Edit order" (docs/product.md, "Changing an order"): the clerk changes a layout's garments (type,
// colour, "Sizes and Quantities"), each view's decoration, location, print size and ink colours, the names
// list and the job notes, says why, and saves the next version of the order. The whole order goes
// back to the server, which checks it with the submission's schema and refuses with the fields at
// fault (shown beside them); what this view does not show (files, billing, named locations) goes
// back as it was. Also the order's versions, with the one the floor makes marked.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { DECORATION_METHODS, VIEWS, type ViewName } from '../../../shared/constants.js';
import type { OrderDetail, OrderVersionInfo } from '../../../shared/inbox-api.js';
import { VIEW_LOCATIONS, type Location } from '../../../shared/locations.js';
import { DECORATION_LABELS, LOCATION_LABELS, VIEW_LABELS } from '../../../shared/order-presentation.js';
import { ApiError } from '../../shared/api-error.js';
import { formatDate } from '../../shared/format.js';
import { useEditOrderText } from './edit-order-messages.js';
import { namesOf, namesText } from '../../shared/names-list.js';
import { errorText, useInboxText } from './messages.js';
import { useInboxApi } from './session.js';

type Doc = OrderDetail['document'];
type Layout = Doc['layouts'][string];
export function EditOrder({
  orderId,
  detail,
  onSaved,
  onCancel,
}: {
  orderId: string;
  detail: OrderDetail;
  onSaved: (version: number) => void;
  onCancel: () => void;
}) {
  const { t, language } = useEditOrderText();
  const inbox = useInboxText().t;
  const api = useInboxApi();
  const id = useId();
  const [draft, setDraft] = useState<Doc>(() => structuredClone(detail.document));
  const [names, setNames] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(detail.document.layouts).map(([k, l]) => [k, namesText(l.teamNames)])),
  );
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const refused = new Set(error instanceof ApiError ? error.fields : []);

  if (detail.omittedLayouts.length > 0) return <p>{t.tooLarge}</p>;

  const change = (edit: (doc: Doc) => void) =>
    setDraft((d) => {
      const next = structuredClone(d);
      edit(next);
      return next;
    });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setError(null);
    const document = structuredClone(draft);
    for (const [key, layout] of Object.entries(document.layouts)) {
      const list = namesOf(names[key] ?? '');
      if (list.length > 0) layout.teamNames = list;
      else delete layout.teamNames;
    }
    try {
      const saved = await api.editOrder(orderId, { document, reason, baseVersion: detail.order.version });
      onSaved(saved.version);
    } catch (err) {
      setError(err);
      setSaving(false);
    }
  };

  /** A control's error wiring when the server refused its path. */
  const wiring = (path: string) =>
    refused.has(path) ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};

  return (
    <section className="card no-print" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t.heading}</h2>
      <p>{t.intro(detail.order.version)}</p>
      {error !== null && (
        <p id={`${id}-error`} role="alert" className="form-error">
          {t.refused} {errorText(error, inbox)}
        </p>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        {Object.entries(draft.layouts)
          .sort(([a], [b]) => Number(a) - Number(b))
          .map(([key, layout]) => (
            <fieldset key={key}>
              <legend>{t.layout(Number(key))}</legend>
              {layout.variations.map((v, i) => {
                const at = `layouts.${key}.variations.${i}`;
                return (
                  <fieldset key={i}>
                    <legend>{t.garment(i + 1)}</legend>
                    <div className="field">
                      <label htmlFor={`${id}-${key}-${i}-type`}>{t.type}</label>
                      <input
                        id={`${id}-${key}-${i}-type`}
                        value={v.type}
                        {...wiring(`${at}.type`)}
                        onChange={(e) => change((d) => void (d.layouts[key]!.variations[i]!.type = e.target.value))}
                      />
                    </div>
                    <div className="field">
                      <label htmlFor={`${id}-${key}-${i}-colour`}>{t.colour}</label>
                      <input
                        id={`${id}-${key}-${i}-colour`}
                        value={v.color}
                        {...wiring(`${at}.color`)}
                        onChange={(e) => change((d) => void (d.layouts[key]!.variations[i]!.color = e.target.value))}
                      />
                    </div>
                    <div className="field">
                      <label htmlFor={`${id}-${key}-${i}-sizes`}>{t.sizes}</label>
                      <p id={`${id}-${key}-${i}-sizes-hint`} className="hint">
                        {t.sizesHint}
                      </p>
                      <input
                        id={`${id}-${key}-${i}-sizes`}
                        value={v.sizes}
                        aria-describedby={`${id}-${key}-${i}-sizes-hint`}
                        {...wiring(`${at}.sizes`)}
                        onChange={(e) => change((d) => void (d.layouts[key]!.variations[i]!.sizes = e.target.value))}
                      />
                    </div>
                  </fieldset>
                );
              })}
              {VIEWS.map((view) => (
                <ViewFields key={view} layoutKey={key} view={view} layout={layout} change={change} wiring={wiring} />
              ))}
              <div className="field">
                <label htmlFor={`${id}-${key}-names`}>{t.namesList}</label>
                <p id={`${id}-${key}-names-hint`} className="hint">
                  {t.namesHint}
                </p>
                <textarea
                  id={`${id}-${key}-names`}
                  rows={3}
                  value={names[key] ?? ''}
                  aria-describedby={`${id}-${key}-names-hint`}
                  onChange={(e) => setNames((n) => ({ ...n, [key]: e.target.value }))}
                />
              </div>
              {key === '1' && (
                <div className="field">
                  <label htmlFor={`${id}-notes`}>{t.jobNotes}</label>
                  <textarea
                    id={`${id}-notes`}
                    rows={3}
                    value={layout.jobNotes ?? ''}
                    onChange={(e) => change((d) => void (d.layouts['1']!.jobNotes = e.target.value))}
                  />
                </div>
              )}
            </fieldset>
          ))}
        <div className="field">
          <label htmlFor={`${id}-reason`}>{t.reason}</label>
          <p id={`${id}-reason-hint`} className="hint">
            {t.reasonHint}
          </p>
          <textarea
            id={`${id}-reason`}
            rows={2}
            required
            maxLength={1000}
            value={reason}
            aria-describedby={refused.has('reason') ? `${id}-reason-hint ${id}-error` : `${id}-reason-hint`}
            aria-invalid={refused.has('reason') ? true : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <div className="order-actions">
          <button type="submit" className="button button-primary" disabled={saving}>
            {saving ? t.saving : t.save}
          </button>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t.cancel}
          </button>
        </div>
      </form>
      <OrderVersions orderId={orderId} version={detail.order.version} language={language} />
    </section>
  );
}

function ViewFields({
  layoutKey,
  view,
  layout,
  change,
  wiring,
}: {
  layoutKey: string;
  view: ViewName;
  layout: Layout;
  change: (edit: (doc: Doc) => void) => void;
  wiring: (path: string) => object;
}) {
  const { t, language } = useEditOrderText();
  const id = useId();
  const datum = (layout.viewData as Partial<Record<ViewName, Layout['viewData'][ViewName]>>)[view];
  const at = `layouts.${layoutKey}.viewData.${view}`;
  const edit = (fn: (d: NonNullable<typeof datum>) => void) =>
    change((doc) => {
      const views = doc.layouts[layoutKey]!.viewData;
      const d = (views[view] ??= { image: '', dimensions: '', decoration: '', colours: undefined });
      fn(d);
    });
  return (
    <fieldset>
      <legend>{VIEW_LABELS[language][view]}</legend>
      <div className="field">
        <label htmlFor={`${id}-method`}>{t.decoration}</label>
        <select
          id={`${id}-method`}
          value={datum?.decoration ?? ''}
          {...wiring(`${at}.decoration`)}
          onChange={(e) => edit((d) => void (d.decoration = e.target.value as typeof d.decoration))}
        >
          <option value="">{t.noDecoration}</option>
          {DECORATION_METHODS.map((m) => (
            <option key={m} value={m}>
              {DECORATION_LABELS[language][m]}
            </option>
          ))}
        </select>
      </div>
      {datum?.decoration ? (
        <>
          <div className="field">
            <label htmlFor={`${id}-location`}>{t.location}</label>
            <select
              id={`${id}-location`}
              value={datum.location ?? VIEW_LOCATIONS[view][0]}
              {...wiring(`${at}.location`)}
              onChange={(e) => edit((d) => void (d.location = e.target.value as Location))}
            >
              {VIEW_LOCATIONS[view].map((l) => (
                <option key={l} value={l}>
                  {LOCATION_LABELS[language][l]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-size`}>{t.printSize}</label>
            <input
              id={`${id}-size`}
              value={datum.dimensions}
              {...wiring(`${at}.dimensions`)}
              onChange={(e) => edit((d) => void (d.dimensions = e.target.value))}
            />
          </div>
          {datum.decoration === 'screen-printing' && (
            <div className="field">
              <label htmlFor={`${id}-inks`}>{t.inkColours}</label>
              <input
                id={`${id}-inks`}
                type="number"
                min={1}
                max={100}
                value={datum.colours ?? ''}
                {...wiring(`${at}.colours`)}
                onChange={(e) =>
                  edit((d) => {
                    d.colours = e.target.value === '' ? undefined : Number(e.target.value);
                  })
                }
              />
            </div>
          )}
        </>
      ) : null}
    </fieldset>
  );
}

/** The order's versions, newest last, the one the floor makes marked. */
function OrderVersions({ orderId, version, language }: { orderId: string; version: number; language: 'en' | 'fr' }) {
  const { t } = useEditOrderText();
  const api = useInboxApi();
  const [versions, setVersions] = useState<OrderVersionInfo[] | null>(null);
  useEffect(() => {
    let live = true;
    api.orderVersions(orderId).then(
      (v) => live && setVersions(v),
      () => live && setVersions([]),
    );
    return () => {
      live = false;
    };
  }, [api, orderId, version]);
  if (!versions || versions.length === 0) return null;
  const who = (v: OrderVersionInfo) =>
    v.authorKind === 'staff'
      ? t.byStaff(v.author ?? '')
      : v.authorKind === 'team'
        ? t.byTeam
        : v.number === 1
          ? t.byCustomer
          : t.byCustomerLater;
  return (
    <>
      <h3>{t.versions}</h3>
      <ol className="plain small">
        {versions.map((v) => (
          <li key={v.number}>
            {t.versionLine(v.number, who(v), formatDate(v.createdAt, language))}
            {v.reason ? `: ${v.reason}` : ''}
            {v.toMake ? ` (${t.toMake})` : ''}
          </li>
        ))}
      </ol>
    </>
  );
}
