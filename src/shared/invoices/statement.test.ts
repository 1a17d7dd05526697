// A customer's statement and deferred revenue at a date, by hand: brought forward, voids counted
// nowhere, the closing balance equal to its ageing; the status an order had on a past day.
import { describe, expect, it } from 'vitest';
import { deferredRevenue, statusOn } from './deferred.js';
import { statementOf, type StatementOrder } from './statement.js';

const order = (ref: string, entries: StatementOrder['entries']): StatementOrder => ({
  orderReference: ref,
  customer: 'Ada',
  documents: entries
    .filter((e) => e.kind === 'invoice' || e.kind === 'credit_note')
    .map((e) => ({
      kind: e.kind as 'invoice' | 'credit_note',
      totalCents: e.amountCents,
      depositCents: 0,
      issueDate: e.date,
      terms: { balanceDue: 'days' as const, balanceDays: 30 },
    })),
  entries,
});
const at = (date: string) => `${date}T12:00:00.000Z`;

describe('statementOf', () => {
  const a = order('A', [
    {
      kind: 'invoice',
      date: '2026-10-01',
      at: at('2026-10-01'),
      number: '2026-0001',
      orderReference: 'A',
      amountCents: 67800,
    },
    {
      kind: 'payment',
      date: '2026-10-02',
      at: at('2026-10-02'),
      number: 'R-1',
      orderReference: 'A',
      amountCents: 33900,
    },
    {
      kind: 'payment',
      date: '2026-11-03',
      at: at('2026-11-03'),
      number: 'R-2',
      orderReference: 'A',
      amountCents: 100000,
      voided: { on: '2026-11-03', reason: 'Typed $1,000.00 for $100.00' },
    },
    {
      kind: 'credit_note',
      date: '2026-11-10',
      at: at('2026-11-10'),
      number: 'CN-1',
      orderReference: 'A',
      amountCents: 11300,
    },
    {
      kind: 'payment',
      date: '2026-11-20',
      at: at('2026-11-20'),
      number: 'R-3',
      orderReference: 'A',
      amountCents: 30000,
    },
    { kind: 'refund', date: '2026-11-21', at: at('2026-11-21'), number: 'R-4', orderReference: 'A', amountCents: 7400 },
  ]);
  const b = order('B', [
    {
      kind: 'invoice',
      date: '2026-11-15',
      at: at('2026-11-15'),
      number: '2026-0002',
      orderReference: 'B',
      amountCents: 22600,
    },
  ]);

  it('brings the earlier balance forward, counts a void nowhere, and ages the closing balance to the cent', () => {
    const s = statementOf([a, b], '2026-11-01', '2026-11-30');
    expect(s.openingCents).toBe(33900);
    expect(s.lines.map((l) => [l.number, l.effectCents, l.balanceCents])).toEqual([
      ['R-2', 0, 33900],
      ['CN-1', -11300, 22600],
      ['2026-0002', 22600, 45200],
      ['R-3', -30000, 15200],
      ['R-4', 7400, 22600],
    ]);
    expect(s.closingCents).toBe(22600);
    // A's $0.00 is not aged; B's $226.00 is due 2026-12-15: current on 2026-11-30.
    expect(s.aged.totalCents).toBe(s.closingCents);
    expect(s.aged.buckets.current).toBe(22600);
    // Months on, the same balance moves past due: A's own balance is settled, B's 61–90 days.
    const later = statementOf([a, b], '2027-03-01', '2027-03-01');
    expect(later.openingCents).toBe(22600);
    expect(later.lines).toEqual([]);
    expect(later.aged.buckets.days61to90).toBe(22600);
  });

  it('leaves out what is dated after the period', () => {
    expect(statementOf([a, b], '2026-10-01', '2026-10-01').closingCents).toBe(67800);
  });
});

describe('deferred revenue', () => {
  const moves = [
    { on: '2026-12-20', from: 'new' as const, to: 'quoted' as const },
    { on: '2026-12-22', from: 'quoted' as const, to: 'approved' as const },
    { on: '2027-01-05', from: 'approved' as const, to: 'completed' as const },
  ];
  it('reads the status an order had at the end of a past day', () => {
    expect(statusOn({ status: 'completed', moves }, '2026-12-31')).toBe('approved');
    expect(statusOn({ status: 'completed', moves }, '2026-12-19')).toBe('new');
    expect(statusOn({ status: 'completed', moves }, '2027-01-05')).toBe('completed');
    expect(statusOn({ status: 'ready', moves: [] }, '2026-01-01')).toBe('ready');
    expect(statusOn({ status: null, moves }, '2026-12-31')).toBeNull();
  });
  it('lists invoiced, not Completed, net of credit notes; a fully credited order is left out', () => {
    const docs = [
      { kind: 'invoice' as const, issueDate: '2026-12-22', subtotalCents: 60000, totalCents: 67800 },
      { kind: 'credit_note' as const, issueDate: '2026-12-28', subtotalCents: 10000, totalCents: 11300 },
    ];
    const input = {
      orderReference: 'A',
      customer: 'Ada',
      status: 'completed' as const,
      documents: docs,
      moves,
      payments: [{ receivedOn: '2026-12-23', cents: 33900 }],
    };
    expect(deferredRevenue([input], '2026-12-31')).toEqual({
      asOf: '2026-12-31',
      rows: [
        {
          orderReference: 'A',
          customer: 'Ada',
          status: 'approved',
          firstInvoicedOn: '2026-12-22',
          subtotalCents: 50000,
          totalCents: 56500,
          receivedCents: 33900,
        },
      ],
      subtotalCents: 50000,
      totalCents: 56500,
      receivedCents: 33900,
    });
    expect(deferredRevenue([input], '2027-01-05').rows).toEqual([]);
    const credited = { ...input, documents: [docs[0]!, { ...docs[1]!, subtotalCents: 60000, totalCents: 67800 }] };
    expect(deferredRevenue([credited], '2026-12-31').rows).toEqual([]);
  });
});

describe('default tax codes', () => {
  it('are named as QuickBooks Online Canada names them', async () => {
    const { defaultName } = await import('./tax-codes.js');
    expect(defaultName('GST+RST MB')).toBe('GST/PST MB');
    expect(defaultName('RST MB')).toBe('PST MB');
    expect(defaultName('HST PE')).toBe('HST');
    expect(defaultName('HST ON')).toBe('HST ON');
    expect(defaultName('GST+QST QC')).toBe('GST/QST QC');
    expect(defaultName('GST+PST BC')).toBe('GST/PST BC');
  });
});
