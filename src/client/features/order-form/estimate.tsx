// The live price estimate (docs/prices.md): the order as the customer has typed it so far,
// priced with the shop's published list by the same function that prices the quote, each line
// with its reason, what is left for the quote and why, the taxes of the place of supply and the
// estimated total. A chunk of its own, loaded once the shop has a price list; a screen reader
// hears one short summary after typing pauses, not every keystroke.
import { useEffect, useMemo, useState } from 'react';
import { formatCents } from '../../../shared/money.js';
import type { PublicPriceList } from '../../../shared/price-list-api.js';
import { createOrderPricer, type PriceLine } from '../../../shared/prices/price-order.js';
import { TaxRows } from '../../components/tax-rows.js';
import { buildSubmission } from './build-submission.js';
import { useOrderFormText } from './messages.js';
import type { OrderState } from './order-state.js';

const TEXT = {
  en: {
    heading: 'Price estimate',
    intro: 'An estimate from the shop’s price list as you fill in the form. Your quote confirms the price.',
    layout: (key: string) => `Design Layout ${key}`,
    wholeOrder: 'The whole order',
    onQuote: 'Priced on your quote',
    subtotal: 'Subtotal',
    total: 'Estimated total',
    summary: (total: string, left: number) =>
      `Estimated total ${total}${left > 0 ? `; ${left} item${left > 1 ? 's' : ''} priced on your quote` : ''}.`,
    version: (v: number) => `Prices v${v}`,
  },
  fr: {
    heading: 'Estimation du prix',
    intro:
      'Une estimation tirée de la liste de prix de l’entreprise, à mesure que vous remplissez le formulaire. Votre soumission confirme le prix.',
    layout: (key: string) => `Disposition graphique ${key}`,
    wholeOrder: 'Toute la commande',
    onQuote: 'Prix dans votre soumission',
    subtotal: 'Sous-total',
    total: 'Total estimé',
    summary: (total: string, left: number) =>
      `Total estimé ${total}${left > 0 ? `; ${left} élément${left > 1 ? 's' : ''} chiffré${left > 1 ? 's' : ''} dans votre soumission` : ''}.`,
    version: (v: number) => `Prix v${v}`,
  },
};

/** Today in the shop's calendar: the day the prices, the taxes and the rush days are taken from. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());

export default function Estimate({ state, priceList }: { state: OrderState; priceList: PublicPriceList }) {
  const { language } = useOrderFormText();
  const t = TEXT[language];
  const [pricer] = useState(createOrderPricer);
  const priced = useMemo(() => {
    try {
      return pricer(priceList.priceList, buildSubmission(state).order, {
        date: today(),
        shopProvince: priceList.shop.province,
        registrations: priceList.shop.registrations,
      });
    } catch {
      return null;
    }
  }, [pricer, priceList, state]);
  const money = (cents: number) => formatCents(cents, language);

  // One summary for screen readers, a moment after the typing stops.
  const summary = priced ? t.summary(money(priced.totalCents), priced.onQuote.length) : '';
  const [spoken, setSpoken] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSpoken(summary), 1500);
    return () => clearTimeout(timer);
  }, [summary]);

  if (!priced) return null;
  const groups = new Map<string, PriceLine[]>();
  for (const line of priced.lines) {
    const key = line.layout ?? '';
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  return (
    <section className="form-section estimate" aria-labelledby="h-estimate">
      <h2 id="h-estimate" className="section-title">
        {t.heading}
      </h2>
      <p className="muted">
        {t.intro} <span className="muted">({t.version(priceList.version)})</span>
      </p>
      {[...groups].map(([key, lines]) => (
        <div key={key || 'order'} className="estimate-group">
          <h3>{key ? t.layout(key) : t.wholeOrder}</h3>
          <ul className="estimate-lines">
            {lines.map((line, i) => (
              <li key={i}>
                <span className="estimate-line">
                  <span>{line.description[language]}</span>
                  <span className="num">{money(line.totalCents)}</span>
                </span>
                <span className="muted small">{line.reason[language]}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {priced.onQuote.length > 0 && (
        <div className="estimate-group">
          <h3>{t.onQuote}</h3>
          <ul>
            {priced.onQuote.map((item, i) => (
              <li key={i}>{item.reason[language]}</li>
            ))}
          </ul>
        </div>
      )}
      {priced.notes.length > 0 && (
        <ul className="estimate-notes">
          {priced.notes.map((note, i) => (
            <li key={i}>{note[language]}</li>
          ))}
        </ul>
      )}
      <table className="estimate-totals">
        <tbody>
          <TaxRows priced={priced} language={language} labels={t} totalClassName="estimate-total" />
        </tbody>
      </table>
      <p className="visually-hidden" role="status" aria-live="polite">
        {spoken}
      </p>
    </section>
  );
}
