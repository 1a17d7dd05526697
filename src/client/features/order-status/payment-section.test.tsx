// The customer's invoices and payments on their order's page: each payment received reads as the
// rest of the page does, its date in words, and in French with the no-break space before the
// colon ("29 novembre 2026 : 329,70 $"), never "2026-11-29: 329,70 $".
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { accountOf } from '../../../shared/invoices/account.js';
import type { CustomerAccountView } from '../../../shared/invoices/invoice-api.js';
import { LanguageProvider } from '../../shared/language.js';
import { orderStatusApi } from './api.js';
import { PaymentSection } from './payment-section.js';

const view: CustomerAccountView = {
  invoices: [],
  account: accountOf({
    documents: [{ kind: 'invoice', totalCents: 65939, depositCents: 32970, issueDate: '2026-11-29' }],
    paymentsCents: [32970],
    status: 'ready',
    today: '2026-11-29',
  }),
  payments: [
    {
      id: 'p1',
      receiptNumber: 'R-2026-0003',
      amountCents: 32970,
      method: 'etransfer',
      receivedOn: '2026-11-29',
      reference: 'CA7xQ2FR',
      reason: '',
      recordedAt: '2026-11-29T07:49:00.000Z',
    },
  ],
  howToPay: [],
  balanceDueText: '',
  payOnline: null,
};

const render = (language: 'en' | 'fr') =>
  renderToStaticMarkup(
    <LanguageProvider language={language}>
      <PaymentSection
        account={view}
        api={orderStatusApi('token')}
        checkoutId={null}
        payFocus={false}
        onSettled={() => undefined}
      />
    </LanguageProvider>,
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/[ \t\n]+/g, ' ');

describe('the payments received on the order’s page', () => {
  it('dates each payment in words, as the invoices above it are', () => {
    expect(render('en')).toContain('November 29, 2026: $329.70');
  });

  it('says it in Canadian French, a no-break space before the colon', () => {
    const shown = render('fr');
    expect(shown).toContain('29 novembre 2026\u00a0: 329,70\u00a0$');
    expect(shown).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
