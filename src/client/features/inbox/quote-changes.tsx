// "Revise": what changed from the version revised, line by line (quantity, unit price, amount,
// before → after), from the lines as the clerk now has them. The figures come from
// shared/quote-revision.ts (`quoteLineChanges`), never computed here.
import { useMemo } from 'react';
import { formatCents } from '../../../shared/quote.js';
import type { StaffQuoteState } from '../../../shared/quote-api.js';
import { quoteLineChanges, type LineFigures } from '../../../shared/quote-revision.js';
import { toSendable, type EditorLine } from './quote-lines.js';
import { useQuoteText } from './quote-messages.js';

export function QuoteChanges({ state, lines }: { state: StaffQuoteState; lines: readonly EditorLine[] }) {
  const { t, language } = useQuoteText();
  const from = state.revision ? state.versions.find((v) => v.version === state.revision!.fromVersion) : undefined;
  const changes = useMemo(() => {
    if (!from) return null;
    const { lines: sent, indexes } = toSendable(lines);
    return quoteLineChanges(
      from.quote.lines,
      sent.map((l, k) => ({ ...l, was: lines[indexes[k]!]!.was })),
    );
  }, [from, lines]);
  if (!from || !changes) return null;
  const show = (f: LineFigures | null, pick: (f: LineFigures) => string) => (f ? pick(f) : t.none);
  const cell = (c: (typeof changes)[number], pick: (f: LineFigures) => string) =>
    t.beforeAfter(show(c.before, pick), show(c.after, pick));
  const money = (cents: number) => formatCents(cents, language);
  const shown = changes.filter((c) => c.change !== 'same');
  return (
    <div className="quote-changes table-wrap">
      <table>
        <caption>{t.changesCaption(from.version, t.statuses[from.status])}</caption>
        <thead>
          <tr>
            <th scope="col">{t.changesLine}</th>
            <th scope="col">{t.changesWhat}</th>
            <th scope="col">{t.changesQuantity}</th>
            <th scope="col">{t.changesUnitPrice}</th>
            <th scope="col">{t.changesAmount}</th>
          </tr>
        </thead>
        <tbody>
          {shown.length === 0 ? (
            <tr>
              <td colSpan={5}>{t.noChanges}</td>
            </tr>
          ) : (
            shown.map((c, i) => (
              <tr key={`${c.change}-${i}`}>
                <th scope="row">{c.description}</th>
                <td>{t.changeKinds[c.change]}</td>
                <td>{cell(c, (f) => String(f.quantity))}</td>
                <td>{cell(c, (f) => money(f.unitPriceCents))}</td>
                <td>{cell(c, (f) => money(f.amountCents))}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
