// What a clerk reads beside a card payment whose amount differs from its checkout's: in the
// inbox's language, English or Canadian French (docs/payments.md, "The webhook").
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CardEntryView } from '../../../../shared/invoices/invoice-api.js';
import { LanguageProvider } from '../../../shared/language.js';
import { CardDetails } from './card-details.js';

const entry: CardEntryView = {
  paymentId: '00000000-0000-4000-8000-000000000001',
  kind: 'payment',
  providerRef: 'pi_test_1',
  amountCents: 30000,
  receiptNumber: 'R-2026-0001',
  receivedOn: '2026-11-29',
  feeCents: null,
  netCents: null,
  flag: {
    receivedCents: 30000,
    receivedCurrency: 'CAD',
    expectedCents: 33900,
    expectedCurrency: 'CAD',
    provider: 'stripe',
  },
  refundableCents: 30000,
  surchargeCents: 0,
};

const render = (language: 'en' | 'fr', shown: CardEntryView = entry) =>
  renderToStaticMarkup(
    <LanguageProvider language={language}>
      <CardDetails orderId="o" entry={shown} refunds={[]} mayRefund={false} onRefunded={() => undefined} />
    </LanguageProvider>,
  );

describe('a card payment’s flag in the payments panel', () => {
  it('is said in English', () => {
    expect(render('en')).toContain(
      'Amount differs: received $300.00; the checkout asked $339.00. Check the payment in Stripe before relying on it.',
    );
  });

  it('is said in Canadian French', () => {
    const html = render('fr');
    expect(html).toContain(
      'Montant différent\u00a0: reçu 300,00\u00a0$, alors que le paiement demandait 339,00\u00a0$.',
    );
    expect(html).not.toContain('Received');
    expect(html).not.toContain('checkout asked');
  });

  it('sits beside a card surcharge kept apart, in either language', () => {
    const surcharged = { ...entry, amountCents: 33900, surchargeCents: 814, flag: null };
    expect(render('en', surcharged)).toContain(
      'Card surcharge $8.14, kept apart from the invoices (charged to the card: $347.14).',
    );
    expect(render('fr', surcharged)).toContain(
      'Frais de carte de 8,14\u00a0$, tenus à part des factures (débité sur la carte\u00a0: 347,14\u00a0$).',
    );
  });

  it('says the surcharge a refund gave back, and what went back to the card, in either language', () => {
    const refund = { ...entry, kind: 'refund' as const, amountCents: -2000, surchargeCents: -48, flag: null };
    expect(render('en', refund)).toContain(
      'Card surcharge given back $0.48, kept apart from the invoices (refunded to the card: $20.48).',
    );
    expect(render('fr', refund)).toContain(
      'Frais de carte rendus de 0,48 $, tenus à part des factures (remboursé sur la carte : 20,48 $).',
    );
  });

  it('is absent when the amount was the checkout’s', () => {
    expect(render('fr', { ...entry, flag: null })).not.toContain('form-error');
  });
});
