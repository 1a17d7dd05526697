// The list as it stands, tried on the documentation's sample order (price-sample.ts): the lines,
// what is left for the quote, the taxes of the shop's own province as the shop charges them, and
// the total. Priced here by the
// same function the server and the form use (src/shared/prices/price-order.ts).
import { useMemo } from 'react';
import { formatCents } from '../../../../shared/money.js';
import type { PriceList } from '../../../../shared/prices/price-list.js';
import type { ProvinceCode } from '../../../../shared/constants.js';
import { priceOrder } from '../../../../shared/prices/price-order.js';
import type { TaxRegistrations } from '../../../../shared/taxes.js';
import { TaxRows } from '../../../components/tax-rows.js';
import { PROVINCE_NAMES_FR } from '../../../shared/provinces.js';
import { PROVINCES } from '../../../../shared/constants.js';
import { priceSample } from './price-sample.js';
import { usePricesText } from './prices-messages.js';

export function PricePreview({
  priceList,
  shop,
}: {
  priceList: PriceList;
  shop: { province: ProvinceCode; registrations: TaxRegistrations };
}) {
  const { t, language } = usePricesText();
  const sample = useMemo(() => priceSample(priceList, shop.province), [priceList, shop.province]);
  const priced = useMemo(() => {
    if (!sample) return null;
    try {
      const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
      return priceOrder(priceList, sample.order, {
        date,
        shopProvince: shop.province,
        registrations: shop.registrations,
      });
    } catch {
      // A list half edited (a row shorter than its columns) prices nothing until it is whole again.
      return null;
    }
  }, [priceList, sample, shop]);
  const provinceName =
    language === 'fr' ? PROVINCE_NAMES_FR[shop.province] : PROVINCES.find((p) => p.code === shop.province)!.name;
  const money = (cents: number) => formatCents(cents, language);
  return (
    <section aria-labelledby="h-price-preview" className="price-preview">
      <h2 id="h-price-preview">{t.preview}</h2>
      {sample && <p className="muted small">{t.previewIntro(t.previewSizes(sample.sizes), provinceName)}</p>}
      {!priced ? (
        <p className="muted">{t.previewNoGarment}</p>
      ) : (
        <div className="table-wrap">
          <table className="quote-table">
            <tbody>
              {priced.lines.map((line, i) => (
                <tr key={i}>
                  <th scope="row">
                    {line.description[language]}
                    <span className="muted small"> · {line.reason[language]}</span>
                  </th>
                  <td className="num">{money(line.totalCents)}</td>
                </tr>
              ))}
              {priced.onQuote.map((item, i) => (
                <tr key={`q${i}`}>
                  <th scope="row">
                    {t.onQuote}: {item.reason[language]}
                  </th>
                  <td className="num">—</td>
                </tr>
              ))}
              <TaxRows priced={priced} language={language} labels={t} totalClassName="quote-total" />
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
