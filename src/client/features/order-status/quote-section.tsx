// The current quote as the server computed it: each line (with the taxes it pays when the lines
// are taxed differently), the subtotal, each tax on its own line with the shop's registration
// numbers, the total, the customer's exemption when there is one, and their answer once given.
import { lineTaxNames, taxedAlike } from '../../../shared/line-taxes.js';
import type { CustomerOrderView, SentQuoteInfo } from '../../../shared/quote-api.js';
import { formatCents } from '../../../shared/quote.js';
import { taxKeyOf } from '../../../shared/tax-treatment.js';
import { formatDate } from '../../shared/format.js';
import { useOrderStatusText } from './messages.js';

export function QuoteSection({ view }: { view: CustomerOrderView }) {
  const { t, language: lang } = useOrderStatusText();
  const current = view.quote;
  if (!current) {
    return (
      <section className="card" aria-labelledby="h-quote">
        <h2 id="h-quote">{t.quoteTitle}</h2>
        <p>{t.noQuote}</p>
      </section>
    );
  }
  const q = current.quote;
  const money = (cents: number) => formatCents(cents, lang);
  // Marked line by line only when they differ: one sentence per line would say nothing otherwise.
  const perLine = taxedAlike(q) ? null : lineTaxNames(q, lang);
  const notCharged = q.taxesNotCharged ?? [];
  const exemptions = notCharged.filter((tax) => tax.exemption);
  return (
    <section className="card" aria-labelledby="h-quote">
      <h2 id="h-quote">{t.quoteHeading(current.version)}</h2>
      <p className="muted small">{t.quoteDate(q.date)}</p>
      <div className="table-scroll">
        <table className="quote-table">
          <thead>
            <tr>
              <th scope="col">{t.description}</th>
              <th scope="col" className="num">
                <span className="heading-long">{t.quantity}</span>
                <span className="heading-short" aria-hidden="true">
                  {t.quantityShort}
                </span>
              </th>
              <th scope="col" className="num">
                {t.unitPrice}
              </th>
              <th scope="col" className="num">
                {t.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {q.lines.map((line, i) => (
              <tr key={i}>
                <td>
                  {line.description}
                  {!line.taxable && <span className="muted small"> {t.notTaxable}</span>}
                  {perLine && line.taxable && (
                    <span className="line-taxes muted small">
                      {perLine[i]?.length ? t.lineTaxes(perLine[i].join(', ')) : t.noTaxOnLine}
                    </span>
                  )}
                </td>
                <td className="num">{line.quantity}</td>
                <td className="num">{money(line.unitPriceCents)}</td>
                <td className="num">{money(line.lineTotalCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {t.subtotal}
              </th>
              <td className="num">{money(q.subtotalCents)}</td>
            </tr>
            {q.taxes.map((tax) => (
              <tr key={taxKeyOf(tax)}>
                <th scope="row" colSpan={3}>
                  {tax.name[lang]} ({tax.rateLabel[lang]}){tax.note && `, ${tax.note[lang]}`}
                </th>
                <td className="num">{money(tax.amountCents)}</td>
              </tr>
            ))}
            {notCharged
              .filter((tax) => !tax.exemption)
              .map((tax) => (
                <tr key={tax.code} className="tax-not-charged">
                  <th scope="row" colSpan={3}>
                    {tax.reason[lang]}
                  </th>
                  <td className="num">{money(0)}</td>
                </tr>
              ))}
            <tr className="quote-total">
              <th scope="row" colSpan={3}>
                {t.total}
              </th>
              <td className="num">{money(q.totalCents)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      {exemptions.map((tax) => (
        <p key={tax.code} className="small exemption-note">
          {tax.reason[lang]}.
        </p>
      ))}
      {(view.registration.gstHst || view.registration.qst) && (
        <ul className="plain small registration">
          {view.registration.gstHst && (
            <li>
              {t.gstHstNumber}
              {lang === 'fr' ? ' : ' : ': '}
              {view.registration.gstHst}
            </li>
          )}
          {view.registration.qst && (
            <li>
              {t.qstNumber}
              {lang === 'fr' ? ' : ' : ': '}
              {view.registration.qst}
            </li>
          )}
        </ul>
      )}
      <ResponseLine quote={current} timeZone={view.timeZone} />
    </section>
  );
}

function ResponseLine({ quote, timeZone }: { quote: SentQuoteInfo; timeZone: string }) {
  const { t, language: lang } = useOrderStatusText();
  const r = quote.response;
  if (!r) return null;
  return (
    <p className="status-note">
      {r.kind === 'approved'
        ? t.approvedBy(r.fullName ?? '', formatDate(r.at, lang, 'long', timeZone), quote.version)
        : t.changesRequested(formatDate(r.at, lang, 'long', timeZone))}
    </p>
  );
}
