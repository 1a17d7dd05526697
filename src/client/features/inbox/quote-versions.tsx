// The versions of an order's quote that were sent: when, by whom, the total, where each stands
// and the customer's answer with where it came from (address, browser, the version's hash).
import type { StaffQuoteVersion } from '../../../shared/quote-api.js';
import { formatCents } from '../../../shared/quote.js';
import { ColumnHeads } from '../../components/column-heads.js';
import { formatDate } from '../../shared/format.js';
import { useQuoteText } from './quote-messages.js';

export function QuoteVersions({ versions }: { versions: StaffQuoteVersion[] }) {
  const { t, language: lang } = useQuoteText();
  const dateText = (iso: string) => formatDate(iso, lang);
  return (
    <div className="table-wrap">
      <table className="versions-table">
        <caption className="visually-hidden">{t.versionsHeading}</caption>
        <ColumnHeads columns={[t.version, t.sentAt, t.by, t.amount, t.status, t.answer]} />
        <tbody>
          {versions.map((v) => (
            <tr key={v.version}>
              <td>v{v.version}</td>
              <td>{dateText(v.sentAt)}</td>
              <td>
                {v.sentBy}
                {v.priceListVersion !== null && v.priceListVersion !== undefined && (
                  <span className="muted small"> ({t.pricedFrom(v.priceListVersion)})</span>
                )}
              </td>
              <td>{formatCents(v.quote.totalCents, lang)}</td>
              <td>{t.statuses[v.status]}</td>
              <td>
                {v.response ? (
                  <>
                    {v.response.kind === 'approved'
                      ? t.approvedBy(v.response.fullName ?? '', dateText(v.response.at))
                      : t.changesAsked(dateText(v.response.at), v.response.comment ?? '')}
                    <br />
                    <span className="muted small">
                      {t.from(v.response.clientAddress, v.response.userAgent)} ·{' '}
                      {t.hash(v.response.quoteSha256.slice(0, 16))}
                    </span>
                  </>
                ) : (
                  t.none
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
