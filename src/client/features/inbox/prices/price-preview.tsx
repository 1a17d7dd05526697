// The list as it stands, tried on the documentation's sample order: the lines, what is left for
// the quote, the taxes of Ontario as the shop charges them, and the total. Priced here by the
// same function the server and the form use (src/shared/prices/price-order.ts).
import { useMemo } from 'react';
import { formatCents } from '../../../../shared/money.js';
import type { PriceList } from '../../../../shared/prices/price-list.js';
import { priceOrder, type PricingOrder } from '../../../../shared/prices/price-order.js';
import type { TaxRegistrations } from '../../../../shared/taxes.js';
import { TaxRows } from '../../../components/tax-rows.js';
import { usePricesText } from './prices-messages.js';

/** 10, 20, 20 and 5 of the first four sizes of the first garment; a 2-colour front 10" wide, a 4" DTF back. */
function sampleOrder(priceList: PriceList): PricingOrder | null {
  const garment = priceList.garments[0];
  if (!garment) return null;
  const counts = [10, 20, 20, 5];
  const sizes = garment.sizes
    .slice(0, 4)
    .map((size, i) => `${size}:${counts[i]}`)
    .join(', ');
  return {
    isResalePartner: false,
    includePolyBags: false,
    layouts: {
      '1': {
        garmentOption: 'pick',
        variations: [{ type: garment.id, color: garment.colours[0] ?? '', sizes, supplyingGoods: 'no' }],
        viewData: {
          Front: { image: '', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 },
          Back: { image: '', dimensions: '4"', decoration: 'dtf' },
        },
        billing: { province: 'ON' },
        shipping: { province: 'ON', sameAsBilling: true, localPickup: false },
        deadline: { hasCriticalDeadline: false, date: '' },
      },
    },
  };
}

export function PricePreview({
  priceList,
  shop,
}: {
  priceList: PriceList;
  shop: { province: string; registrations: TaxRegistrations };
}) {
  const { t, language } = usePricesText();
  const priced = useMemo(() => {
    const order = sampleOrder(priceList);
    if (!order) return null;
    try {
      const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
      return priceOrder(priceList, order, { date, shopProvince: shop.province, registrations: shop.registrations });
    } catch {
      // A list half edited (a row shorter than its columns) prices nothing until it is whole again.
      return null;
    }
  }, [priceList, shop]);
  const money = (cents: number) => formatCents(cents, language);
  return (
    <section aria-labelledby="h-price-preview" className="price-preview">
      <h2 id="h-price-preview">{t.preview}</h2>
      <p className="muted small">{t.previewIntro}</p>
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
