// The price list's garments: merged from a supplier's price file (supplier-import.tsx), each unit
// price and French name editable, each removable.
import { useState } from 'react';
import { formatCents } from '../../../../shared/money.js';
import type { PriceListGarment } from '../../../../shared/prices/price-list.js';
import { ColumnHeads } from '../../../components/column-heads.js';
import { NumberBox } from './price-inputs.js';
import { usePricesText } from './prices-messages.js';
import { SupplierImport } from './supplier-import.js';
import type { PriceDraft } from './use-price-draft.js';

/** An optional text of a garment: absent when blank, so a list saved before these fields reads the same. */
function setOptional(garment: PriceListGarment, field: 'nameFr' | 'supplier' | 'supplierSku', value: string): void {
  const text = value.trim();
  if (text) garment[field] = text;
  else delete garment[field];
}

/** A short text field whose label is read by screen readers only (the column head shows it). */
function TextBox({ label, value, onValue }: { label: string; value: string; onValue: (value: string) => void }) {
  const [text, setText] = useState(value);
  return (
    <input
      type="text"
      aria-label={label}
      value={text}
      maxLength={200}
      onChange={(e) => {
        // Kept as typed in the box, trimmed in the draft: the draft is what Publish sends.
        setText(e.target.value);
        onValue(e.target.value);
      }}
    />
  );
}

export function GarmentsEditor({ state }: { state: PriceDraft }) {
  const { t, language } = usePricesText();
  const garments = state.draft?.garments ?? [];

  return (
    <section aria-labelledby="h-garments" className="price-garments">
      <h2 id="h-garments">{t.garments}</h2>
      <p className="muted small">{t.garmentsIntro}</p>
      <SupplierImport state={state} />
      {garments.length === 0 ? (
        <p className="muted">{t.noGarments}</p>
      ) : (
        <div className="table-wrap">
          <table className="price-garment-table">
            <caption className="visually-hidden">{t.garmentTable}</caption>
            <ColumnHeads
              columns={[
                t.style,
                t.name,
                t.nameFr,
                t.colours,
                t.sizes,
                t.unitPrice,
                t.upcharges,
                t.supplier,
                t.supplierSku,
                { key: 'remove', label: <span className="visually-hidden">{t.removeGarment('')}</span> },
              ]}
            />
            <tbody>
              {garments.map((g, i) => (
                <tr key={`${state.generation}-${g.id}-${i}-${garments.length}`}>
                  <th scope="row">{g.id}</th>
                  <td>{g.name}</td>
                  <td>
                    <TextBox
                      label={`${g.id}: ${t.nameFr}`}
                      value={g.nameFr ?? ''}
                      onValue={(v) => state.edit((d) => setOptional(d.garments[i]!, 'nameFr', v))}
                    />
                  </td>
                  <td>{g.colours.join(', ')}</td>
                  <td>{g.sizes.join(', ')}</td>
                  <td>
                    <NumberBox
                      path={`garments[${i}].unitCents`}
                      label={`${g.id}: ${t.unitPrice}`}
                      value={g.unitCents}
                      kind="dollars"
                      serverError={state.errorAt(`garments[${i}].unitCents`)}
                      onValue={(v) => state.edit((d) => void (d.garments[i]!.unitCents = v ?? 0))}
                      onUnreadable={state.markUnreadable}
                    />
                  </td>
                  <td>
                    {Object.entries(g.sizeUpchargeCents ?? {})
                      .map(([size, cents]) => `${size} +${formatCents(cents, language)}`)
                      .join(', ')}
                  </td>
                  <td>
                    <TextBox
                      label={`${g.id}: ${t.supplier}`}
                      value={g.supplier ?? ''}
                      onValue={(v) => state.edit((d) => setOptional(d.garments[i]!, 'supplier', v))}
                    />
                  </td>
                  <td>
                    <TextBox
                      label={`${g.id}: ${t.supplierSku}`}
                      value={g.supplierSku ?? ''}
                      onValue={(v) => state.edit((d) => setOptional(d.garments[i]!, 'supplierSku', v))}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => state.edit((d) => void d.garments.splice(i, 1))}
                    >
                      {t.removeGarment(g.id)}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
