// Garments from a supplier's price file (docs/prices.md, "Supplier price files"): the owner's
// markup (kept in the price list), the file read with the supplier's own columns, and a preview
// of what the import adds, changes and removes; nothing changes in the draft until Apply.
import { useId, useState, type ChangeEvent } from 'react';
import { readGarmentsCsv } from '../../../../shared/prices/garments-csv.js';
import { mergeGarments, type GarmentsMerge } from '../../../../shared/prices/garments-merge.js';
import { NO_MARKUP } from '../../../../shared/prices/markup.js';
import { formatCents } from '../../../../shared/money.js';
import type { Bilingual } from '../../../../shared/prices/price-list.js';
import { ColumnHeads } from '../../../components/column-heads.js';
import { LabelledNumber } from './price-inputs.js';
import { usePricesText } from './prices-messages.js';
import type { PriceDraft } from './use-price-draft.js';

const ENDINGS = ['', '99', '95', '49', '0'] as const;

interface Pending {
  merge: GarmentsMerge;
  supplier: string | null;
  rows: number;
}

export function SupplierImport({ state }: { state: PriceDraft }) {
  const { t, language } = usePricesText();
  const inputId = useId();
  const endingId = useId();
  const [pending, setPending] = useState<Pending | null>(null);
  const [report, setReport] = useState<{ ok: string } | { errors: Bilingual[] } | null>(null);
  const markup = state.draft?.supplierMarkup ?? NO_MARKUP;
  const money = (cents: number) => formatCents(cents, language);

  const setMarkup = (change: Partial<typeof markup>) =>
    state.edit((d) => {
      const next = { ...(d.supplierMarkup ?? NO_MARKUP), ...change };
      if (next.endingCents === undefined) delete next.endingCents;
      d.supplierMarkup = next;
    });

  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !state.draft) return;
    const reading = readGarmentsCsv(await file.text(), markup);
    if (!reading.ok) {
      setPending(null);
      setReport({ errors: reading.errors });
      return;
    }
    setReport(null);
    setPending({
      merge: mergeGarments(state.draft.garments, reading.garments, reading.supplier),
      supplier: reading.supplier,
      rows: reading.rows,
    });
  };

  const apply = () => {
    if (!pending) return;
    const { merge } = pending;
    state.edit((d) => void (d.garments = merge.garments));
    setReport({ ok: t.importApplied(merge.added.length, merge.changed.length, merge.removed.length) });
    setPending(null);
  };

  return (
    <div className="supplier-import">
      <fieldset className="price-general">
        <legend>{t.markup}</legend>
        <p className="muted small">{t.markupIntro}</p>
        <LabelledNumber
          path="supplierMarkup.markupPercent"
          label={t.markupPercent}
          value={markup.markupPercent}
          kind="whole"
          serverError={state.errorAt('supplierMarkup.markupPercent')}
          onValue={(v) => setMarkup({ markupPercent: v ?? 0 })}
          onUnreadable={state.markUnreadable}
        />
        <LabelledNumber
          path="supplierMarkup.fixedCents"
          label={t.markupFixed}
          value={markup.fixedCents}
          kind="dollars"
          serverError={state.errorAt('supplierMarkup.fixedCents')}
          onValue={(v) => setMarkup({ fixedCents: v ?? 0 })}
          onUnreadable={state.markUnreadable}
        />
        <div className="field">
          <label htmlFor={endingId}>{t.ending}</label>
          <select
            id={endingId}
            value={markup.endingCents === undefined ? '' : String(markup.endingCents)}
            onChange={(e) => setMarkup({ endingCents: e.target.value === '' ? undefined : Number(e.target.value) })}
          >
            {ENDINGS.map((e) => (
              <option key={e} value={e}>
                {e === '' ? t.noEnding : t.endingIn(e.padStart(2, '0'))}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor={inputId}>{t.importCsv}</label>
        <input id={inputId} type="file" accept=".csv,text/csv" onChange={(e) => void read(e)} />
      </div>
      <div role="status" aria-live="polite">
        {report && 'ok' in report && <p>{report.ok}</p>}
      </div>
      {report && 'errors' in report && (
        <ul role="alert" className="form-error">
          {report.errors.map((e, i) => (
            <li key={i}>{e[language]}</li>
          ))}
        </ul>
      )}
      {pending && (
        <section aria-labelledby="h-import-preview" className="import-preview">
          <h3 id="h-import-preview">{t.importPreview}</h3>
          <p>
            {t.importRead(pending.supplier ?? t.noSupplier, pending.rows)}{' '}
            {t.importCounts(
              pending.merge.added.length,
              pending.merge.changed.length,
              pending.merge.removed.length,
              pending.merge.unchanged,
            )}
          </p>
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">{t.importPreview}</caption>
              <ColumnHeads columns={[t.importWhat, t.style, t.name, t.unitPrice]} />
              <tbody>
                {pending.merge.added.map((g) => (
                  <tr key={`a-${g.id}`}>
                    <td>{t.added}</td>
                    <th scope="row">{g.id}</th>
                    <td>{g.name}</td>
                    <td>{money(g.unitCents)}</td>
                  </tr>
                ))}
                {pending.merge.changed.map((c) => (
                  <tr key={`c-${c.id}`}>
                    <td>{t.changed}</td>
                    <th scope="row">{c.id}</th>
                    <td />
                    <td>{`${money(c.fromCents)} → ${money(c.toCents)}`}</td>
                  </tr>
                ))}
                {pending.merge.removed.map((g) => (
                  <tr key={`r-${g.id}`}>
                    <td>{t.removed}</td>
                    <th scope="row">{g.id}</th>
                    <td>{g.name}</td>
                    <td>{money(g.unitCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="order-actions">
            <button type="button" className="button button-primary" onClick={apply}>
              {t.applyImport}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setPending(null)}>
              {t.cancelImport}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
