// The taxes and total of the lines being edited, as the server computes them (never here), and
// the shop's registration numbers that go on the quote.
import type { ComputedQuote } from '../../../shared/quote.js';
import { formatCents } from '../../../shared/quote.js';
import { taxKeyOf } from '../../../shared/tax-treatment.js';
import type { Registration } from '../../../shared/quote-api.js';
import type { SeenEstimate } from '../../../shared/price-list-api.js';
import { useQuoteText } from './quote-messages.js';

export function QuoteTotals({
  preview,
  computing,
  refusal,
  registration,
  estimate,
}: {
  /** The server's computation of the lines as they stand; null until it answers, or when it refused them. */
  preview: ComputedQuote | null;
  computing: boolean;
  /** Why the server refused the lines, when it did. */
  refusal: string | null;
  registration: Registration;
  /** The estimate the customer saw, to say where the quote departs from it. */
  estimate: SeenEstimate | null;
}) {
  const { t, language: lang } = useQuoteText();
  return (
    <section aria-labelledby="h-quote-totals" className="quote-totals">
      <h4 id="h-quote-totals">{t.totalsHeading}</h4>
      <div role="status" aria-live="polite">
        {computing && !preview && <p>{t.computing}</p>}
        {refusal && <p className="form-error">{refusal}</p>}
      </div>
      {preview && (
        <table className="quote-preview">
          <tbody>
            <tr>
              <th scope="row">{t.subtotal}</th>
              <td>{formatCents(preview.subtotalCents, lang)}</td>
            </tr>
            {preview.taxes.map((tax) => (
              <tr key={taxKeyOf(tax)}>
                <th scope="row">
                  {tax.name[lang]} ({tax.rateLabel[lang]}){tax.note && `, ${tax.note[lang]}`}
                </th>
                <td>{formatCents(tax.amountCents, lang)}</td>
              </tr>
            ))}
            {(preview.taxesNotCharged ?? []).map((tax) => (
              <tr key={tax.code} className="tax-not-charged">
                <th scope="row">{tax.reason[lang]}</th>
                <td>{formatCents(0, lang)}</td>
              </tr>
            ))}
            <tr className="quote-total">
              <th scope="row">{t.total}</th>
              <td>{formatCents(preview.totalCents, lang)}</td>
            </tr>
          </tbody>
        </table>
      )}
      {estimate && (
        <p>
          {t.estimateSeen(formatCents(estimate.totalCents, lang), estimate.priceListVersion)}{' '}
          {preview &&
            (preview.totalCents === estimate.totalCents
              ? t.estimateSame
              : t.estimateDiffers(
                  formatCents(Math.abs(preview.totalCents - estimate.totalCents), lang),
                  preview.totalCents > estimate.totalCents,
                ))}
        </p>
      )}
      <p className="muted small">
        {t.gstHstNumber}
        {lang === 'fr' ? ' : ' : ': '}
        {registration.gstHst || t.noNumber} · {t.qstNumber}
        {lang === 'fr' ? ' : ' : ': '}
        {registration.qst || t.noNumber}
      </p>
    </section>
  );
}
