// The Accounts page's card surcharges (docs/payments.md, "Surcharges"): beside each card payment in
// the payments report, and as the journal's untaxed income, in English and Canadian French; the
// server computes every amount, the page only shows them.
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { JournalSurcharges, PaymentsReport } from '../../../../shared/invoices/invoice-api.js';
import { LanguageProvider } from '../../../shared/language.js';
import { CardSurcharges } from './accounts-card-books.js';
import { Payments } from './accounts-reports.js';

const render = (language: 'en' | 'fr', node: ReactNode) =>
  renderToStaticMarkup(<LanguageProvider language={language}>{node}</LanguageProvider>);

const row = {
  receivedOn: '2026-11-29',
  orderReference: '7KQ4-M2XD',
  method: 'card_stripe' as const,
  reference: 'pi_test_1',
};

const surcharges: JournalSurcharges = {
  rows: [
    { ...row, receiptNumber: 'R-2026-0001', amountCents: 33900, surchargeCents: 814, chargedCents: 34714 },
    { ...row, receiptNumber: 'R-2026-0002', amountCents: -2000, surchargeCents: -48, chargedCents: -2048 },
  ],
  amountCents: 31900,
  totalCents: 766,
  chargedCents: 32666,
};

const report = (surchargeCents: number | null): PaymentsReport => ({
  from: '2026-11-01',
  to: '2026-11-30',
  rows: [
    {
      ...row,
      receiptNumber: 'R-2026-0001',
      amountCents: 33900,
      recordedBy: 'stripe',
      feeCents: 1037,
      surchargeCents,
      chargedCents: surchargeCents === null ? null : 33900 + surchargeCents,
    },
  ],
  totalCents: 33900,
  feesCents: 1037,
  surchargesCents: surchargeCents ?? 0,
  byMethod: { card_stripe: 33900 },
});

describe('the card surcharges on the Accounts page', () => {
  it('are the journal’s untaxed income, each with what the card was charged, in either language', () => {
    const en = render('en', <CardSurcharges surcharges={surcharges} />);
    expect(en).toContain('Card surcharges (income, untaxed)');
    expect(en).toContain('$8.14');
    expect(en).toContain('$347.14');
    expect(en).toContain('$7.66');
    expect(en).toContain('$326.66');
    const fr = render('fr', <CardSurcharges surcharges={surcharges} />);
    expect(fr).toContain('Suppléments carte (revenu, non taxable)');
    expect(fr).toContain('Débité sur la carte');
    expect(fr).toContain('347,14\u00a0$');
    expect(render('en', <CardSurcharges surcharges={{ ...surcharges, rows: [] }} />)).toBe('');
  });

  it('are columns of the payments report while the period has one, with their total', () => {
    const en = render('en', <Payments report={report(814)} />);
    expect(en).toContain('Card surcharge');
    expect(en).toContain('Charged to the card');
    expect(en).toContain('$347.14');
    expect(render('fr', <Payments report={report(814)} />)).toContain('Supplément carte');
    const none = render('en', <Payments report={report(0)} />);
    expect(none).not.toContain('Card surcharge');
    expect(none).not.toContain('Charged to the card');
  });
});
