// Write-offs' tax relief, tax by tax (docs/accounts.md, "Write-offs"; Excise Tax Act s. 231).
import { describe, expect, it } from 'vitest';
import type { TaxLine } from '../taxes.js';
import type { CreditableDocument } from './credit-notes.js';
import { creditRoom } from './credit-notes.js';
import { planWriteOff } from './write-offs.js';

const tax = (code: 'GST' | 'HST' | 'PST', rate: number, taxableCents: number, amountCents: number): TaxLine => ({
  code,
  name: { en: code, fr: code },
  rateMilliPercent: rate * 1000,
  rateLabel: { en: `${rate}%`, fr: `${rate} %` },
  taxableCents,
  amountCents,
});
const line = (cents: number, taxKeys: string[]) => ({
  description: 'Gildan 5000',
  quantity: 1,
  unitPriceCents: cents,
  taxable: taxKeys.length > 0,
  lineTotalCents: cents,
  taxKeys,
});

/** Ontario: $600.00 + HST 13 % $78.00 = $678.00. */
const ontario: CreditableDocument = {
  lines: [line(60000, ['HST|13000'])],
  taxes: [tax('HST', 13, 60000, 7800)],
  subtotalCents: 60000,
  totalCents: 67800,
};
/** British Columbia: $600.00 + GST $30.00 + PST $42.00 = $672.00. */
const bc: CreditableDocument = {
  lines: [line(60000, ['GST|5000', 'PST|7000'])],
  taxes: [tax('GST', 5, 60000, 3000), tax('PST', 7, 60000, 4200)],
  subtotalCents: 60000,
  totalCents: 67200,
};

describe('planWriteOff', () => {
  it('writes off $200.00 of an Ontario invoice: HST relief $23.01 (200 × 13/113), base $176.99', () => {
    const plan = planWriteOff(ontario, [], 20000, 'Bad debt')!;
    expect(plan.totalCents).toBe(20000);
    expect(plan.subtotalCents).toBe(17699);
    expect(plan.taxes.map((t) => [t.code, t.amountCents])).toEqual([['HST', 2301]]);
    expect(plan.lines.reduce((s, l) => s + l.lineTotalCents, 0)).toBe(17699);
  });

  it('clears $0.01 left by rounding: $0.01 of base, no tax (a credit note of $0.01 would take $0.02)', () => {
    const plan = planWriteOff(ontario, [], 1, 'Rounding')!;
    expect([plan.totalCents, plan.subtotalCents, plan.taxes[0]!.amountCents]).toEqual([1, 1, 0]);
  });

  it('relieves each tax on its own (BC: GST and PST), and the rest of an invoice to the cent', () => {
    const plan = planWriteOff(bc, [], 20000, 'Bad debt')!;
    // 200 × 30/672 = 8.93; 200 × 42/672 = 12.50.
    expect(plan.taxes.map((t) => [t.code, t.amountCents])).toEqual([
      ['GST', 893],
      ['PST', 1250],
    ]);
    expect(plan.subtotalCents).toBe(20000 - 893 - 1250);
    const written = { ...plan, lines: plan.lines };
    const rest = planWriteOff(bc, [written], 1_000_000, 'Rest')!;
    expect(rest.totalCents).toBe(67200 - 20000);
    expect(creditRoom(bc, [written, rest]).totalCents).toBe(0);
    expect(rest.taxes.map((t) => t.amountCents)).toEqual([3000 - 893, 4200 - 1250]);
  });

  it('writes off nothing once nothing is left', () => {
    const all = planWriteOff(ontario, [], 67800, 'All')!;
    expect(planWriteOff(ontario, [all], 1, 'More')).toBeNull();
  });
});
