// The Pay button on the order's page and My orders (docs/payments.md, "Surcharges"): with a card
// surcharge, the amount due, the surcharge and the total charged are shown before Pay, each as
// the server computed it; without one, only the button for the amount due.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CardCharge } from '../../shared/invoices/surcharge.js';
import { LanguageProvider } from '../shared/language.js';
import { PayOnlineButton } from './pay-online.js';

const start = () => Promise.resolve({ url: 'https://checkout.example/pay' });
const render = (charge: CardCharge, language: 'en' | 'fr') =>
  renderToStaticMarkup(
    <LanguageProvider language={language}>
      <PayOnlineButton charge={charge} start={start} />
    </LanguageProvider>,
  );
/** The text a reader meets, tags dropped (no-break spaces kept). */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/[ \t\n]+/g, ' ');

const surcharged: CardCharge = { amountCents: 33900, surchargeCents: 814, totalCents: 34714, basisPoints: 240 };

describe('the Pay button', () => {
  it('shows the amount due, the surcharge and the total before Pay, and asks the total', () => {
    const shown = text(render(surcharged, 'en'));
    expect(shown).toContain(
      'Paying by card Amount due $339.00 Card surcharge (2.4%) $8.14 Total charged to your card $347.14',
    );
    expect(shown).toContain('Pay $347.14 by card');
  });

  it('says it in Canadian French', () => {
    const shown = text(render(surcharged, 'fr'));
    expect(shown).toContain(
      'Paiement par carte Montant dû 339,00\u00a0$ Frais de carte (2,4\u00a0%) 8,14\u00a0$ Total débité sur votre carte 347,14\u00a0$',
    );
    expect(shown).toContain('Payer 347,14\u00a0$ par carte');
  });

  it('without a surcharge, is only the button for the amount due', () => {
    const html = render({ amountCents: 33900, surchargeCents: 0, totalCents: 33900, basisPoints: 0 }, 'en');
    expect(html).not.toContain('<table');
    expect(text(html)).not.toContain('surcharge');
    expect(text(html)).toContain('Pay $339.00 by card');
  });
});
