// The tax report's returns (docs/accounts.md, "Reports and exports"): a credit note issued in
// January against a December invoice, and a bad debt written off, go on line 107 (QST: 207);
// lines 101 and 103 are January's own supplies and never negative; line 105 shown; the return
// named by the shop's province (GST34 outside Quebec, FPZ-500 for a Quebec registrant).
import { describe, expect, it } from 'vitest';
import type { InvoiceDocument, TaxReturn } from '../../shared/invoices/invoice-api.js';
import type { TaxLine } from '../../shared/taxes.js';
import { taxReturns, taxRows } from './reports.js';

const tax = (code: 'GST' | 'HST' | 'QST', rate: number, taxableCents: number, amountCents: number): TaxLine => ({
  code,
  name: { en: code, fr: code },
  rateMilliPercent: rate * 1000,
  rateLabel: { en: `${rate}%`, fr: `${rate} %` },
  taxableCents,
  amountCents,
});

function doc(
  kind: 'invoice' | 'credit_note',
  issueDate: string,
  province: 'ON' | 'QC',
  subtotalCents: number,
  taxes: TaxLine[],
  extra: Partial<InvoiceDocument> = {},
): InvoiceDocument {
  return {
    kind,
    issueDate,
    province,
    subtotalCents,
    taxes,
    totalCents: subtotalCents + taxes.reduce((t, x) => t + x.amountCents, 0),
    credits: null,
    ...extra,
  } as InvoiceDocument;
}

const line = (ret: TaxReturn | undefined, n: string) => ret?.lines.find((l) => l.line === n)?.amountCents;
const january = { from: '2027-01-01' };

describe('the tax report’s returns', () => {
  it('puts a January credit note of a December invoice on line 107, not on 101 and 103 (Ontario, GST34)', () => {
    // January: one invoice of $100.00 + HST $13.00, and a credit of $390.00 + HST $50.70 on a December invoice.
    const docs = [
      doc('invoice', '2027-01-05', 'ON', 10000, [tax('HST', 13, 10000, 1300)]),
      doc('credit_note', '2027-01-10', 'ON', 39000, [tax('HST', 13, 39000, 5070)], {
        credits: { number: '2026-0042', issueDate: '2026-12-15' },
      }),
    ];
    const rows = taxRows(docs, january.from);
    const [ret] = taxReturns(docs, rows, { gstHst: '123456782 RT0001', qst: '' }, january.from, 'ON');
    expect(ret?.form).toBe('GST34');
    // Netted, these were −$290.00 and −$37.70.
    expect(line(ret, '101')).toBe(10000);
    expect(line(ret, '103')).toBe(1300);
    expect(line(ret, '105')).toBe(1300);
    expect(line(ret, '107')).toBe(5070);
    expect(rows).toEqual([
      expect.objectContaining({
        code: 'HST',
        taxableCents: 10000,
        amountCents: 1300,
        adjustmentTaxableCents: 39000,
        adjustmentCents: 5070,
      }),
    ]);
  });

  it('nets a credit note of the period’s own invoice on 101 and 103, and puts a write-off on 107', () => {
    const docs = [
      doc('invoice', '2027-01-05', 'ON', 60000, [tax('HST', 13, 60000, 7800)]),
      doc('credit_note', '2027-01-06', 'ON', 10000, [tax('HST', 13, 10000, 1300)], {
        credits: { number: '2027-0001', issueDate: '2027-01-05' },
      }),
      // $200.00 written off: HST relief 200 × 13/113 = $23.01 (ETA s. 231).
      doc('credit_note', '2027-01-20', 'ON', 17699, [tax('HST', 13, 17699, 2301)], {
        credits: { number: '2027-0001', issueDate: '2027-01-05' },
        writeOff: true,
      }),
    ];
    const rows = taxRows(docs, january.from);
    const [ret] = taxReturns(docs, rows, { gstHst: '123456782 RT0001', qst: '' }, january.from, 'ON');
    expect([line(ret, '101'), line(ret, '103'), line(ret, '105'), line(ret, '107')]).toEqual([50000, 6500, 6500, 2301]);
  });

  it('names a Quebec registrant’s one return FPZ-500, with the QST’s 203, 205 and 207', () => {
    const docs = [
      doc('invoice', '2027-01-05', 'QC', 60000, [tax('GST', 5, 60000, 3000), tax('QST', 9.975, 60000, 5985)]),
      doc('credit_note', '2027-01-10', 'QC', 10000, [tax('GST', 5, 10000, 500), tax('QST', 9.975, 10000, 998)], {
        credits: { number: '2026-0007', issueDate: '2026-11-30' },
      }),
    ];
    const rows = taxRows(docs, january.from);
    const returns = taxReturns(
      docs,
      rows,
      { gstHst: '123456782 RT0001', qst: '1234567890 TQ0001' },
      january.from,
      'QC',
    );
    expect(returns.map((r) => [r.id, r.form])).toEqual([['gst_hst', 'FPZ-500']]);
    const [ret] = returns;
    expect(ret?.lines.map((l) => l.line).filter(Boolean)).toEqual(['101', '103', '105', '107', '203', '205', '207']);
    expect([line(ret, '101'), line(ret, '103'), line(ret, '107')]).toEqual([60000, 3000, 500]);
    expect([line(ret, '203'), line(ret, '205'), line(ret, '207')]).toEqual([5985, 5985, 998]);
    // Outside Quebec, the same shop's numbers give the CRA's GST34 and the QST apart.
    const ontario = taxReturns(
      docs,
      rows,
      { gstHst: '123456782 RT0001', qst: '1234567890 TQ0001' },
      january.from,
      'ON',
    );
    expect(ontario.map((r) => [r.id, r.form])).toEqual([
      ['gst_hst', 'GST34'],
      ['qst', 'FPZ-500'],
    ]);
    for (const r of [...returns, ...ontario]) for (const l of r.lines) expect(l.label.fr).not.toBe('');
  });
});
