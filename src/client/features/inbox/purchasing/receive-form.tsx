// Receiving a delivery against a purchase order: per line, the pieces that came (empty: "Received
// now" is what the clerk counted, never what was ordered, so a box left alone records nothing),
// the damaged among them, and a note of what is short or damaged. A refused count says why beside its box and in a summary at the top.
import { useId, useState, type FormEvent } from 'react';
import type { PurchaseOrder } from '../../../../shared/purchasing/purchasing-api.js';
import { ApiError } from '../../../shared/api-error.js';
import { purchasingApi } from './purchasing-api.js';
import { usePurchasingText } from './purchasing-messages.js';

interface Counted {
  received: string;
  damaged: string;
  note: string;
}

const count = (text: string) => (text.trim() === '' ? 0 : Number(text));
const isCount = (text: string) => text.trim() === '' || (Number.isInteger(Number(text)) && Number(text) >= 0);

export function ReceiveForm({ po, onReceived }: { po: PurchaseOrder; onReceived: (number: string) => Promise<void> }) {
  const { t, language } = usePurchasingText();
  const id = useId();
  const [counted, setCounted] = useState<Record<string, Counted>>(() =>
    Object.fromEntries(po.lines.map((l) => [l.id, { received: '', damaged: '', note: '' }])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState('');
  const [saving, setSaving] = useState(false);

  const set = (lineId: string, patch: Partial<Counted>) =>
    setCounted((c) => ({ ...c, [lineId]: { ...c[lineId]!, ...patch } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const line of po.lines) {
      const c = counted[line.id]!;
      if (!isCount(c.received)) found[`${line.id}-received`] = t.notACount;
      if (!isCount(c.damaged)) found[`${line.id}-damaged`] = t.notACount;
      else if (count(c.damaged) > count(c.received)) found[`${line.id}-damaged`] = t.moreDamaged;
    }
    const lines = po.lines
      .map((l) => ({ lineId: l.id, ...counted[l.id]! }))
      .filter((l) => count(l.received) > 0 || l.note.trim() !== '')
      .map((l) => ({ lineId: l.lineId, received: count(l.received), damaged: count(l.damaged), note: l.note.trim() }));
    setErrors(found);
    setRefusal(Object.keys(found).length === 0 && lines.length === 0 ? t.nothingCounted : '');
    if (Object.keys(found).length > 0 || lines.length === 0) return;
    setSaving(true);
    try {
      await purchasingApi.receive(po.id, { lines });
      await onReceived(po.number);
    } catch (err) {
      if (!(err instanceof ApiError)) return setRefusal(String(err));
      // A count the server refuses (past what the line can take) is said beside its box: the
      // server names it by its place among the lines sent ("lines.0.received").
      const beside: Record<string, string> = {};
      for (const field of err.fields) {
        const m = /^lines\.(\d+)\.(received|damaged)$/.exec(field);
        const line = m ? lines[Number(m[1])] : undefined;
        if (m && line) beside[`${line.lineId}-${m[2]}`] = err.messageIn(language);
      }
      setErrors(beside);
      setRefusal(Object.keys(beside).length > 0 ? '' : err.messageIn(language));
    } finally {
      setSaving(false);
    }
  };

  const errorList = Object.entries(errors);
  return (
    <details className="blanks-receive">
      <summary>{t.receive}</summary>
      <form onSubmit={(e) => void submit(e)} noValidate>
        {(errorList.length > 0 || refusal) && (
          <div role="alert" className="form-error">
            <p>{refusal || t.errorSummary}</p>
            {errorList.length > 0 && (
              <ul>
                {errorList.map(([field, message]) => (
                  <li key={field}>
                    <a href={`#${id}-${field}`}>{message}</a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <fieldset>
          <legend>{t.receiveLegend(po.number)}</legend>
          <p className="muted small">{t.receiveHint}</p>
          {po.lines.map((line) => {
            const c = counted[line.id]!;
            const box = (field: 'received' | 'damaged', label: string) => {
              const boxId = `${id}-${line.id}-${field}`;
              const error = errors[`${line.id}-${field}`];
              return (
                <div className="field">
                  <label htmlFor={boxId}>{label}</label>
                  <input
                    id={boxId}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    value={c[field]}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${boxId}-error` : undefined}
                    onChange={(e) => set(line.id, { [field]: e.target.value })}
                  />
                  {error && (
                    <p id={`${boxId}-error`} className="field-error">
                      {error}
                    </p>
                  )}
                </div>
              );
            };
            return (
              <fieldset key={line.id} className="blanks-line">
                <legend>{t.lineLabel(line.sku, line.colour, line.size || t.oneSize)}</legend>
                {box('received', t.receivedNow)}
                {box('damaged', t.damagedNow)}
                <div className="field">
                  <label htmlFor={`${id}-${line.id}-note`}>{t.noteNow}</label>
                  <input
                    id={`${id}-${line.id}-note`}
                    type="text"
                    maxLength={500}
                    value={c.note}
                    onChange={(e) => set(line.id, { note: e.target.value })}
                  />
                </div>
              </fieldset>
            );
          })}
        </fieldset>
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? t.saving : t.saveReceipt}
        </button>
      </form>
    </details>
  );
}
