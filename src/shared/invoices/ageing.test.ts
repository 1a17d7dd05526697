import { describe, expect, it } from 'vitest';
import { ageReceivables, balanceDueOn, bucketOf } from './ageing.js';
import { accountOf } from './account.js';

const net30 = { balanceDue: 'days' as const, balanceDays: 30 };
const whenReady = { balanceDue: 'pickup' as const, balanceDays: 0 };

const ORDERS = [
  // $678.00 on 2026-09-01, net 30 (due 2026-10-01); $339.00 paid: $339.00, 58 days past due on 2026-11-28.
  {
    orderReference: 'AAAA-0001',
    customer: 'Acme',
    documents: [
      { kind: 'invoice' as const, totalCents: 67800, depositCents: 33900, issueDate: '2026-09-01', terms: net30 },
    ],
    payments: [{ receivedOn: '2026-09-10', cents: 33900 }],
  },
  // Acme again: $113.00 due when ready, issued 2026-11-20: 8 days past its date.
  {
    orderReference: 'AAAA-0002',
    customer: 'Acme',
    documents: [
      { kind: 'invoice' as const, totalCents: 11300, depositCents: 5650, issueDate: '2026-11-20', terms: whenReady },
    ],
    payments: [],
  },
  // Bolt: $1,000.00 on 2026-07-01 net 30, credited $200.00 in August: $800.00, 120 days past due.
  {
    orderReference: 'BBBB-0001',
    customer: 'Bolt',
    documents: [
      { kind: 'invoice' as const, totalCents: 100000, depositCents: 0, issueDate: '2026-07-01', terms: net30 },
      { kind: 'credit_note' as const, totalCents: 20000, depositCents: 0, issueDate: '2026-08-15' },
    ],
    payments: [],
  },
  // Bolt overpaid $12.00: a credit, in Current.
  {
    orderReference: 'BBBB-0002',
    customer: 'Bolt',
    documents: [{ kind: 'invoice' as const, totalCents: 5000, depositCents: 0, issueDate: '2026-11-01', terms: net30 }],
    payments: [{ receivedOn: '2026-11-02', cents: 6200 }],
  },
  // Paid in full: not open. And a payment after the date does not count yet.
  {
    orderReference: 'CCCC-0001',
    customer: 'Cato',
    documents: [
      { kind: 'invoice' as const, totalCents: 22600, depositCents: 0, issueDate: '2026-11-27', terms: net30 },
    ],
    payments: [{ receivedOn: '2026-11-29', cents: 22600 }],
  },
];

describe('aged receivables', () => {
  it('puts each open balance in its bucket, per customer and in all, adding up to the open accounts', () => {
    const aged = ageReceivables(ORDERS, '2026-11-28');
    expect(aged.orders.map((o) => [o.orderReference, o.bucket, o.balanceCents, o.daysPastDue])).toEqual([
      ['AAAA-0001', 'days31to60', 33900, 58],
      ['AAAA-0002', 'days1to30', 11300, 8],
      ['BBBB-0001', 'over90', 80000, 120],
      ['BBBB-0002', 'current', -1200, -3],
      ['CCCC-0001', 'current', 22600, -29],
    ]);
    expect(aged.customers).toEqual([
      {
        customer: 'Acme',
        buckets: { current: 0, days1to30: 11300, days31to60: 33900, days61to90: 0, over90: 0 },
        totalCents: 45200,
      },
      {
        customer: 'Bolt',
        buckets: { current: -1200, days1to30: 0, days31to60: 0, days61to90: 0, over90: 80000 },
        totalCents: 78800,
      },
      {
        customer: 'Cato',
        buckets: { current: 22600, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 },
        totalCents: 22600,
      },
    ]);
    // The sum of the open accounts, each from the one account function.
    const open = ORDERS.map(
      (o) =>
        accountOf({
          documents: o.documents,
          paymentsCents: o.payments.filter((p) => p.receivedOn <= '2026-11-28').map((p) => p.cents),
          status: 'approved',
          today: '2026-11-28',
        }).balanceCents,
    ).reduce((a, b) => a + b, 0);
    expect(aged.totalCents).toBe(open);
    expect(aged.totalCents).toBe(146600);
    // On another date: Cato paid; Acme's first order crosses 60 days.
    const later = ageReceivables(ORDERS, '2026-12-05');
    expect(later.orders.find((o) => o.orderReference === 'AAAA-0001')!.bucket).toBe('days61to90');
    expect(later.orders.map((o) => o.orderReference)).not.toContain('CCCC-0001');
    // Before anything was invoiced: nothing.
    expect(ageReceivables(ORDERS, '2026-06-30').totalCents).toBe(0);
  });

  it('cuts the buckets at 0, 30, 60 and 90 days', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91].map(bucketOf)).toEqual([
      'current',
      'days1to30',
      'days1to30',
      'days31to60',
      'days31to60',
      'days61to90',
      'days61to90',
      'over90',
    ]);
  });

  it('dates a pickup or shipping balance from the day the order is expected ready, never before the invoice', () => {
    // The rule the import files use too (docs/accounting-exports.md).
    expect(balanceDueOn('2026-11-20', whenReady, '2026-12-04')).toBe('2026-12-04');
    expect(balanceDueOn('2026-11-20', whenReady, '2026-11-10')).toBe('2026-11-20');
    expect(balanceDueOn('2026-11-20', whenReady)).toBe('2026-11-20');
    expect(balanceDueOn('2026-11-20', net30, '2026-12-04')).toBe('2026-12-20');
    // AAAA-0002 expected ready on December 4: not yet due on November 28 (it was 8 days past its invoice's date).
    const expected = ORDERS.map((o) => (o.orderReference === 'AAAA-0002' ? { ...o, expectedOn: '2026-12-04' } : o));
    const second = ageReceivables(expected, '2026-11-28').orders.find((o) => o.orderReference === 'AAAA-0002')!;
    expect(second).toMatchObject({ dueOn: '2026-12-04', daysPastDue: -6, bucket: 'current', balanceCents: 11300 });
  });
});
