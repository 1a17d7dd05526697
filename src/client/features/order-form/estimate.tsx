// The live price estimate (docs/prices.md): the order as the customer has typed it so far,
// priced with the shop's published list by the same function that prices the quote, each line
// with its reason, what is left for the quote and why, the taxes of the place of supply and the
// estimated total. A chunk of its own, loaded once the shop has a price list; a screen reader
// hears one short summary after typing pauses, not every keystroke. The same chunk gives the
// compact summary that stays in view beside the details and Submit, and the rush beside the
// deadline; all three read one pricing of the state.
import { useEffect, useState } from 'react';
import { formatCents } from '../../../shared/money.js';
import { placeName } from '../../../shared/order-presentation.js';
import type { PublicPriceList } from '../../../shared/price-list-api.js';
import { createOrderPricer, type PricedOrder, type PriceLine } from '../../../shared/prices/price-order.js';
import { TaxRows } from '../../components/tax-rows.js';
import { priceFormState, today } from './form-pricing.js';
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
    totalSoFar: 'Estimated total so far',
    left: (n: number) => `+ ${n} ${n === 1 ? 'item' : 'items'} priced on your quote`,
    each: (unit: string) => `${unit} each`,
    summaryLabel: 'Estimate summary',
    seeAll: 'See the full estimate',
    rush: (amount: string) => `This date adds a rush fee: ${amount} (estimate).`,
    summary: (total: string, left: number) =>
      `Estimated total ${left > 0 ? 'so far ' : ''}${total}${left > 0 ? `; ${left} ${left === 1 ? 'item' : 'items'} priced on your quote` : ''}.`,
  },
  fr: {
    heading: 'Estimation du prix',
    intro:
      'Une estimation tirée de la liste de prix de l’entreprise, à mesure que vous remplissez le formulaire. Votre soumission confirme le prix.',
    layout: (key: string) => `Design ${key}`,
    wholeOrder: 'Toute la commande',
    onQuote: 'Prix dans votre soumission',
    subtotal: 'Sous-total',
    total: 'Total estimé',
    totalSoFar: 'Total estimé jusqu’ici',
    left: (n: number) => `+ ${n} ${n === 1 ? 'élément chiffré' : 'éléments chiffrés'} dans votre soumission`,
    each: (unit: string) => `${unit} l’unité`,
    summaryLabel: 'Résumé de l’estimation',
    seeAll: 'Voir l’estimation complète',
    rush: (amount: string) => `Cette date ajoute des frais d’urgence\u00a0: ${amount} (estimation).`,
    summary: (total: string, left: number) =>
      `Total estimé ${left > 0 ? 'jusqu’ici ' : ''}${total}${left > 0 ? `\u202f; ${left} ${left === 1 ? 'élément chiffré' : 'éléments chiffrés'} dans votre soumission` : ''}.`,
  },
};

// One pricing per state: the estimate, the summary and the rush note render from the same state
// object in one pass, and the pricer reprices only the layouts that changed.
const pricer = createOrderPricer();
let last: { state: OrderState; priceList: PublicPriceList; priced: PricedOrder | null } | null = null;

function usePriced(state: OrderState, priceList: PublicPriceList): PricedOrder | null {
  if (last?.state === state && last.priceList === priceList) return last.priced;
  const priced = priceFormState(state, priceList, today(), pricer);
  last = { state, priceList, priced };
  return priced;
}

type Props = { state: OrderState; priceList: PublicPriceList };

export default function Estimate({ state, priceList }: Props) {
  const { language } = useOrderFormText();
  const t = TEXT[language];
  const priced = usePriced(state, priceList);
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
  const left = priced.onQuote.length;
  return (
    <section className="form-section estimate" aria-labelledby="h-estimate">
      <h2 id="h-estimate" className="section-title" tabIndex={-1}>
        {t.heading}
      </h2>
      <p className="muted">{t.intro}</p>
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
                {(line.kind === 'garment' || line.kind === 'customer_goods') && (
                  <span className="small">{t.each(money(line.unitCents))}</span>
                )}
                <span className="muted small">{line.reason[language]}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {left > 0 && (
        <div className="estimate-group">
          <h3>{t.onQuote}</h3>
          <ul>
            {priced.onQuote.map((item, i) => (
              <li key={i}>
                {item.layout && (
                  <strong>
                    {t.layout(item.layout)}
                    {item.view && ` · ${placeName(item.view, item.location ?? null, language)}`}
                    {' — '}
                  </strong>
                )}
                {item.reason[language]}
              </li>
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
          <TaxRows
            priced={priced}
            language={language}
            labels={{ subtotal: t.subtotal, total: left > 0 ? t.totalSoFar : t.total }}
            totalClassName="estimate-total"
          />
        </tbody>
      </table>
      {left > 0 && <p className="estimate-left">{t.left(left)}</p>}
      <p className="visually-hidden" role="status" aria-live="polite">
        {spoken}
      </p>
    </section>
  );
}

/** The compact summary that stays in view from the details to Submit: total, items left, a link to the rest. */
export function EstimateSummary({ state, priceList }: Props) {
  const { language } = useOrderFormText();
  const t = TEXT[language];
  const priced = usePriced(state, priceList);
  if (!priced) return null;
  const left = priced.onQuote.length;
  return (
    <aside className="estimate-summary" aria-label={t.summaryLabel}>
      <p>
        <span>{left > 0 ? t.totalSoFar : t.total}</span>{' '}
        <strong className="num">{formatCents(priced.totalCents, language)}</strong>
        {left > 0 && <span className="small"> {t.left(left)}</span>}
      </p>
      <a href="#h-estimate">{t.seeAll}</a>
    </aside>
  );
}

/** The rush fee beside the deadline, with its amount, when the date chosen triggers it. */
export function RushNote({ state, priceList }: Props) {
  const { language } = useOrderFormText();
  const priced = usePriced(state, priceList);
  const rush = priced?.lines.find((l) => l.kind === 'rush');
  if (!rush) return null;
  return (
    <p className="note rush-note" role="status">
      {TEXT[language].rush(formatCents(rush.totalCents, language))}
    </p>
  );
}
