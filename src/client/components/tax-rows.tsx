// The end of any priced table, the same everywhere a total with Canadian taxes is shown (the
// estimate on the form, the Prices page's preview): the subtotal, each tax charged, each tax of
// the place of supply not charged with its reason, and the total.
import { formatCents } from '../../shared/money.js';
import type { TaxLine, TaxNotCharged } from '../../shared/taxes.js';

export function TaxRows({
  priced,
  language,
  labels,
  totalClassName,
}: {
  priced: {
    subtotalCents: number;
    taxes: readonly TaxLine[];
    taxesNotCharged: readonly TaxNotCharged[];
    totalCents: number;
  };
  language: 'en' | 'fr';
  labels: { subtotal: string; total: string };
  totalClassName: string;
}) {
  const money = (cents: number) => formatCents(cents, language);
  return (
    <>
      <tr>
        <th scope="row">{labels.subtotal}</th>
        <td className="num">{money(priced.subtotalCents)}</td>
      </tr>
      {priced.taxes.map((tax) => (
        <tr key={tax.code}>
          <th scope="row">
            {tax.name[language]} ({tax.rateLabel[language]})
          </th>
          <td className="num">{money(tax.amountCents)}</td>
        </tr>
      ))}
      {priced.taxesNotCharged.map((tax) => (
        <tr key={tax.code}>
          <th scope="row">{tax.reason[language]}</th>
          <td className="num">{money(0)}</td>
        </tr>
      ))}
      <tr className={totalClassName}>
        <th scope="row">{labels.total}</th>
        <td className="num">{money(priced.totalCents)}</td>
      </tr>
    </>
  );
}
