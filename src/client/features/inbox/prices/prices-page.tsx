// The inbox's Prices page (docs/prices.md): the version in effect, the document being edited
// (general settings, a matrix per decoration method, the garments), a preview on a sample
// order, the JSON document in and out, Check, and Publish (owners), which freezes a version.
import { useId, type ChangeEvent } from 'react';
import example from '../../../../shared/prices/example-price-list.json';
import type { PriceList } from '../../../../shared/prices/price-list.js';
import { ColumnHeads } from '../../../components/column-heads.js';
import { LabelledNumber } from './price-inputs.js';
import { PriceMatrices } from './price-matrix.js';
import { GarmentsEditor } from './garments-editor.js';
import { PricePreview } from './price-preview.js';
import { usePricesText } from './prices-messages.js';
import { usePriceDraft, type PriceDraft } from './use-price-draft.js';

export function PricesPage() {
  const { t, locale } = usePricesText();
  const state = usePriceDraft();
  const { lists, draft } = state;
  if (state.loadError) return <p className="form-error">{state.loadError}</p>;
  if (!lists) return <p>{t.loading}</p>;
  const date = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'long', timeStyle: 'short' });

  return (
    <section aria-labelledby="h-prices" className="prices-page">
      <h1 id="h-prices">{t.heading}</h1>
      <p>
        {lists.current
          ? t.current(lists.current.version, date(lists.current.effectiveAt), lists.current.publishedBy)
          : t.none}
      </p>
      {!lists.canPublish && <p className="muted">{t.ownerOnly}</p>}
      {!draft ? (
        <button type="button" className="button button-primary" onClick={() => state.replace(example as PriceList)}>
          {t.startFromExample}
        </button>
      ) : (
        <form onSubmit={(e) => e.preventDefault()} noValidate aria-labelledby="h-prices">
          <General state={state} draft={draft} />
          <PriceMatrices state={state} />
          <GarmentsEditor state={state} />
          <PricePreview priceList={draft} shop={lists.shop} />
          <DocumentInOut state={state} draft={draft} />
          <Outcome state={state} />
          <div className="order-actions">
            <button
              type="button"
              className="button button-secondary"
              disabled={state.busy}
              onClick={() => void state.check()}
            >
              {t.check}
            </button>
            {lists.canPublish ? (
              <button
                type="button"
                className="button button-primary"
                disabled={state.busy}
                onClick={() => void state.publish()}
              >
                {state.busy ? t.publishing : t.publish}
              </button>
            ) : (
              <button
                type="button"
                className="button button-primary"
                disabled={state.busy}
                onClick={() => void state.saveForReview()}
              >
                {t.saveForReview}
              </button>
            )}
          </div>
        </form>
      )}
      {lists.drafts.length > 0 && <Drafts state={state} />}
      {lists.versions.length > 0 && (
        <section aria-labelledby="h-price-versions">
          <h2 id="h-price-versions">{t.versions}</h2>
          <div className="table-wrap">
            <table className="versions-table">
              <ColumnHeads columns={[t.version, t.effective, t.by]} />
              <tbody>
                {lists.versions.map((v) => (
                  <tr key={v.version}>
                    <td>v{v.version}</td>
                    <td>{date(v.effectiveAt)}</td>
                    <td>{v.publishedBy}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </section>
  );
}

function General({ state, draft }: { state: PriceDraft; draft: PriceList }) {
  const { t } = usePricesText();
  const checkId = useId();
  return (
    <fieldset className="price-general" key={state.generation}>
      <legend>{t.general}</legend>
      <div className="check">
        <input
          id={checkId}
          type="checkbox"
          checked={draft.showEstimate}
          onChange={(e) => state.edit((d) => void (d.showEstimate = e.target.checked))}
        />
        <label htmlFor={checkId}>{t.showEstimate}</label>
      </div>
      <LabelledNumber
        path="customerGoodsCents"
        label={t.customerGoods}
        value={draft.customerGoodsCents}
        kind="dollars"
        serverError={state.errorAt('customerGoodsCents')}
        onValue={(v) => state.edit((d) => void (d.customerGoodsCents = v ?? 0))}
        onUnreadable={state.markUnreadable}
      />
      <LabelledNumber
        path="rush.businessDays"
        label={t.rushDays}
        value={draft.rush.businessDays}
        kind="whole"
        serverError={state.errorAt('rush.businessDays')}
        onValue={(v) => state.edit((d) => void (d.rush.businessDays = v ?? 0))}
        onUnreadable={state.markUnreadable}
      />
      <LabelledNumber
        path="rush.percent"
        label={t.rushPercent}
        value={draft.rush.percent}
        kind="whole"
        serverError={state.errorAt('rush.percent')}
        onValue={(v) => state.edit((d) => void (d.rush.percent = v ?? 0))}
        onUnreadable={state.markUnreadable}
      />
      <LabelledNumber
        path="resalePartnerPercentOff"
        label={t.partnerOff}
        value={draft.resalePartnerPercentOff}
        kind="whole"
        serverError={state.errorAt('resalePartnerPercentOff')}
        onValue={(v) => state.edit((d) => void (d.resalePartnerPercentOff = v ?? 0))}
        onUnreadable={state.markUnreadable}
      />
      {/* "Order again" (docs/portal.md): the shop keeps its screens and digitized files. */}
      <LabelledNumber
        path="reorderSetupWaiverMonths"
        label={t.reorderWaiver}
        value={draft.reorderSetupWaiverMonths}
        kind="whole"
        optional
        serverError={state.errorAt('reorderSetupWaiverMonths')}
        onValue={(v) =>
          state.edit((d) => {
            if (v === undefined) delete d.reorderSetupWaiverMonths;
            else d.reorderSetupWaiverMonths = v;
          })
        }
        onUnreadable={state.markUnreadable}
      />
    </fieldset>
  );
}

/** The JSON document: read from a file into the editor (published only by Publish), or downloaded. */
function DocumentInOut({ state, draft }: { state: PriceDraft; draft: PriceList }) {
  const { t } = usePricesText();
  const inputId = useId();
  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      state.replace(JSON.parse(await file.text()) as PriceList);
      state.setOutcome({ kind: 'read' });
    } catch {
      state.setOutcome({ kind: 'failed', message: t.jsonUnreadable });
    }
  };
  const href = `data:application/json;charset=utf-8,${encodeURIComponent(`${JSON.stringify(draft, null, 2)}\n`)}`;
  return (
    <section aria-labelledby="h-price-document" className="price-document">
      <h2 id="h-price-document">{t.document}</h2>
      <div className="field">
        <label htmlFor={inputId}>{t.importJson}</label>
        <input id={inputId} type="file" accept=".json,application/json" onChange={(e) => void read(e)} />
      </div>
      <a href={href} download="price-list.json">
        {t.exportJson}
      </a>
    </section>
  );
}

/** Drafts saved by staff who cannot publish: an owner opens one to review and publish, or discards it. */
function Drafts({ state }: { state: PriceDraft }) {
  const { t, locale } = usePricesText();
  const drafts = state.lists?.drafts ?? [];
  const canPublish = state.lists?.canPublish ?? false;
  return (
    <section aria-labelledby="h-price-drafts">
      <h2 id="h-price-drafts">{t.drafts}</h2>
      <p className="muted small">{canPublish ? t.draftsIntroOwner : t.draftsIntroStaff}</p>
      <div className="table-wrap">
        <table>
          <ColumnHeads
            columns={[t.savedBy, t.savedAt, ...(canPublish ? [{ key: 'actions', label: t.draftActions }] : [])]}
          />
          <tbody>
            {drafts.map((d) => {
              const when = new Date(d.savedAt).toLocaleString(locale, { dateStyle: 'long', timeStyle: 'short' });
              return (
                <tr key={d.id}>
                  <td>{d.savedBy}</td>
                  <td>{when}</td>
                  {canPublish && (
                    <td>
                      <button
                        type="button"
                        className="link-button"
                        disabled={state.busy}
                        onClick={() => void state.openDraft(d.id)}
                      >
                        {t.openDraft(d.savedBy, when)}
                      </button>{' '}
                      <button
                        type="button"
                        className="link-button"
                        disabled={state.busy}
                        onClick={() => void state.discardDraft(d.id)}
                      >
                        {t.discardDraft(d.savedBy, when)}
                      </button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Outcome({ state }: { state: PriceDraft }) {
  const { t, language } = usePricesText();
  const o = state.outcome;
  return (
    <div role="status" aria-live="polite">
      {o?.kind === 'checked' && <p className="inbox-notice">{t.checked}</p>}
      {o?.kind === 'published' && <p className="inbox-notice">{t.published(o.version)}</p>}
      {o?.kind === 'read' && <p>{t.jsonRead}</p>}
      {o?.kind === 'savedForReview' && <p className="inbox-notice">{t.savedForReview}</p>}
      {o?.kind === 'draftOpened' && <p className="inbox-notice">{t.draftOpened(o.by)}</p>}
      {o?.kind === 'draftDiscarded' && <p className="inbox-notice">{t.draftDiscarded}</p>}
      {o?.kind === 'unreadable' && <p className="form-error">{t.unreadable}</p>}
      {o?.kind === 'failed' && <p className="form-error">{o.message}</p>}
      {o?.kind === 'refused' && (
        <div className="form-error">
          <p>{t.refused}</p>
          <ul>
            {o.errors.map((e) => (
              <li key={e.path}>{e.message[language]}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
