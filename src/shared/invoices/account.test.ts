// The account's arithmetic: the deposit's rounding, every state, and the one sentence shown for it.
import { describe, expect, it } from 'vitest';
import { accountHeadline, accountOf, depositOf, depositUnpaid, type AccountDocument } from './account.js';

describe('the deposit', () => {
  it('is the percent of the total rounded half-up to the cent', () => {
    expect(depositOf(68985, 50)).toBe(34493);
    expect(depositOf(68985, 30)).toBe(20696);
    expect(depositOf(68985, 0)).toBe(0);
    expect(depositOf(68985, 100)).toBe(68985);
  });
});

const invoice: AccountDocument = {
  kind: 'invoice',
  totalCents: 64806,
  depositCents: 32403,
  issueDate: '2026-11-02',
  terms: { balanceDue: 'pickup', balanceDays: 30 },
};
const today = '2026-11-25';
const at = (status: Parameters<typeof accountOf>[0]['status'], payments: number[], documents = [invoice]) =>
  accountOf({ documents, paymentsCents: payments, status, today });

describe('the account', () => {
  it('asks for nothing before an invoice', () => {
    expect(at('new', [], [])).toMatchObject({ state: null, dueNowCents: 0 });
    expect(accountHeadline(at('new', [], []), 'en')).toBe('Nothing invoiced yet');
  });

  it('asks for the deposit, then nothing until the balance comes due', () => {
    expect(at('approved', [])).toMatchObject({ state: 'deposit_due', dueNowCents: 32403 });
    expect(at('in_production', [20000])).toMatchObject({ state: 'deposit_due', dueNowCents: 12403 });
    expect(at('in_production', [32403])).toMatchObject({ state: 'deposit_paid', dueNowCents: 0 });
    expect(accountHeadline(at('in_production', [32403]), 'en')).toBe('Deposit paid; balance of $324.03 to come');
  });

  // The reproduction: $200 paid by cheque, moved to Ready. The email said "Solde dû : 710,26 $"
  // while the page asked "Acompte dû : 255,13 $" of the same order.
  it('asks the whole remainder once the order is Ready, whatever the deposit', () => {
    const ready = at('ready', [20000], [{ ...invoice, totalCents: 91026, depositCents: 45513 }]);
    expect(ready).toMatchObject({ state: 'balance_due', dueNowCents: 71026, depositOutstandingCents: 25513 });
    expect(accountHeadline(ready, 'fr')).toBe('Solde dû\u00a0: 710,26\u00a0$');
    expect(at('ready', [])).toMatchObject({ state: 'balance_due', dueNowCents: 64806 });
    expect(at('completed', [])).toMatchObject({ state: 'balance_due', dueNowCents: 64806 });
    expect(accountHeadline(at('completed', []), 'en')).toBe('Balance due: $648.06');
  });

  it('brings the balance due on the day the terms give', () => {
    const days: AccountDocument = { ...invoice, terms: { balanceDue: 'days', balanceDays: 30 } };
    expect(
      accountOf({ documents: [days], paymentsCents: [32403], status: 'in_production', today: '2026-12-01' }),
    ).toMatchObject({ state: 'deposit_paid', balanceDueOn: '2026-12-02' });
    expect(
      accountOf({ documents: [days], paymentsCents: [32403], status: 'in_production', today: '2026-12-02' }),
    ).toMatchObject({ state: 'balance_due', dueNowCents: 32403 });
  });

  it('is paid, overpaid, or credited', () => {
    expect(at('completed', [32403, 32403])).toMatchObject({ state: 'paid', dueNowCents: 0 });
    expect(at('completed', [32403, 33603])).toMatchObject({ state: 'overpaid', refundCents: 1200 });
    expect(accountHeadline(at('completed', [32403, 33603]), 'en')).toBe('Overpaid: $12.00 to be refunded');
    const credited = [invoice, { kind: 'credit_note' as const, totalCents: 64806, depositCents: 0, issueDate: today }];
    expect(at('cancelled', [], credited)).toMatchObject({ state: 'credited', dueNowCents: 0 });
    // A refund brings the balance back.
    expect(at('completed', [32403, 32403, -2000])).toMatchObject({ state: 'balance_due', dueNowCents: 2000 });
  });

  // The reproduction: a cancelled invoiced order still showed "Send $324.03".
  it('asks nothing of a cancelled order, and owes back what was paid beyond what stays invoiced', () => {
    expect(at('cancelled', [])).toMatchObject({ state: 'cancelled', dueNowCents: 0, notAskedCents: 64806 });
    expect(accountHeadline(at('cancelled', []), 'en')).toBe('Order cancelled: nothing is asked');
    const creditedRest = [
      invoice,
      { kind: 'credit_note' as const, totalCents: 44806, depositCents: 0, issueDate: today },
    ];
    expect(at('cancelled', [20000], creditedRest)).toMatchObject({ state: 'paid', dueNowCents: 0 });
    const creditedAll = [
      invoice,
      { kind: 'credit_note' as const, totalCents: 64806, depositCents: 0, issueDate: today },
    ];
    expect(at('cancelled', [20000], creditedAll)).toMatchObject({ state: 'overpaid', refundCents: 20000 });
    // An order deleted with its balance unpaid asks nothing either; its records stay.
    expect(at(null, [])).toMatchObject({ state: 'cancelled', dueNowCents: 0 });
  });

  it('takes the deposit of the latest invoice and subtracts credit notes', () => {
    const account = at(
      'approved',
      [34493],
      [
        { ...invoice, totalCents: 68985, depositCents: 34493 },
        { kind: 'credit_note', totalCents: 68985, depositCents: 0, issueDate: today },
        { ...invoice, totalCents: 74734, depositCents: 37367 },
      ],
    );
    expect(account).toMatchObject({
      invoicedCents: 74734,
      depositCents: 37367,
      state: 'deposit_due',
      dueNowCents: 2874,
    });
  });

  it('tells the gate whether the deposit is still unpaid, Ready or not', () => {
    expect(depositUnpaid(at('approved', []))).toBe(true);
    expect(depositUnpaid(at('ready', []))).toBe(true);
    expect(depositUnpaid(at('ready', [32403]))).toBe(false);
    expect(depositUnpaid(at('approved', [], [{ ...invoice, depositCents: 0 }]))).toBe(false);
  });
});
