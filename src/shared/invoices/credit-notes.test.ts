// Credit notes exact to the cent, tax by tax: the reproductions of the accountant's review, and
// the property that parts always add up to the invoice, never more.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeQuote, type QuoteLineInput } from '../quote.js';
import type { TaxExemption } from '../tax-treatment.js';
import {
  creditRoom,
  planCredit,
  type CreditableDocument,
  type CreditRequest,
  type InvoiceLine,
} from './credit-notes.js';

function invoiceOf(lines: QuoteLineInput[], province: string, exemption?: TaxExemption): CreditableDocument {
  const r = computeQuote(lines, { province, date: '2026-11-25', exemption });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return { ...r.quote, lines: r.quote.lines.map((l, i) => ({ ...l, taxKeys: r.quote.lineTaxKeys![i]! })) };
}

const line = (description: string, cents: number, extra: Partial<QuoteLineInput> = {}): QuoteLineInput => ({
  description,
  quantity: 1,
  unitPriceCents: cents,
  taxable: true,
  ...extra,
});

const describeLine = (l: { description: string } | null) => (l ? `Credit: ${l.description}` : 'Credit');

function credit(invoice: CreditableDocument, earlier: CreditableDocument[], request: CreditRequest) {
  const planned = planCredit(invoice, earlier, request, describeLine);
  if (!planned.ok) throw new Error(planned.error.message.en);
  return planned.credit;
}

const taxOf = (doc: { taxes: readonly { code: string; amountCents: number }[] }, code: string) =>
  doc.taxes.filter((t) => t.code === code).reduce((s, t) => s + t.amountCents, 0);

describe('a credit note', () => {
  // "A $50 non-taxable line credited on a Saskatchewan order reversed $1.67 GST."
  it('credits no tax on a line that was charged none', () => {
    const invoice = invoiceOf([line('Shirts', 30000), line('Art time (not taxable)', 5000, { taxable: false })], 'SK');
    expect(invoice.taxes.map((t) => [t.code, t.taxableCents, t.amountCents])).toEqual([
      ['GST', 30000, 1500],
      ['PST', 30000, 1800],
    ]);
    const note = credit(invoice, [], { kind: 'lines', lines: [{ index: 1, cents: 5000 }] });
    expect(note.taxes).toEqual([]);
    expect(note.totalCents).toBe(5000);
  });

  // "Four credits of $0.50 against a $2.00 + $0.26 HST invoice credited $2.28."
  it('never credits more than the invoice, however it is split', () => {
    const invoice = invoiceOf([line('Sticker', 200)], 'ON');
    expect(invoice.totalCents).toBe(226);
    const notes: CreditableDocument[] = [];
    for (let i = 0; i < 4; i++) notes.push(credit(invoice, notes, { kind: 'amount', cents: 50 }));
    expect(notes.map((n) => n.totalCents)).toEqual([57, 56, 57, 56]);
    expect(notes.reduce((s, n) => s + n.totalCents, 0)).toBe(226);
    expect(creditRoom(invoice, notes).totalCents).toBe(0);
    expect(planCredit(invoice, notes, { kind: 'amount', cents: 1 }, describeLine)).toMatchObject({
      ok: false,
      error: { code: 'credit_nothing_left' },
    });
  });

  // "Three part credits adding to the whole of a BC invoice reversed $27.54 of $27.55 PST."
  it('credits every tax exactly when the parts add up to the whole', () => {
    const invoice = invoiceOf([line('Hoodies', 39357)], 'BC');
    expect(taxOf(invoice, 'PST')).toBe(2755);
    const notes: CreditableDocument[] = [];
    for (const cents of [13119, 13119, 13119]) notes.push(credit(invoice, notes, { kind: 'amount', cents }));
    expect(notes.reduce((s, n) => s + taxOf(n, 'PST'), 0)).toBe(2755);
    expect(notes.reduce((s, n) => s + taxOf(n, 'GST'), 0)).toBe(taxOf(invoice, 'GST'));
    expect(notes.reduce((s, n) => s + n.totalCents, 0)).toBe(invoice.totalCents);
  });

  // "Crediting $0.01 carries no tax, so the subtotal is fully credited while tax is still owed."
  it('catches up the tax of small credits on the next one, and the rest credits what is left', () => {
    const invoice = invoiceOf([line('Caps', 1000)], 'QC');
    const notes: CreditableDocument[] = [credit(invoice, [], { kind: 'amount', cents: 1 })];
    expect(notes[0]!.totalCents).toBe(1);
    notes.push(credit(invoice, notes, { kind: 'amount', cents: 9 }));
    // On the 10¢ credited so far: GST 0.5¢ rounds up to 1¢, QST 0.9975¢ to 1¢; the first credit took none.
    expect(notes[1]!.totalCents).toBe(9 + 1 + 1);
    expect(taxOf(notes[1]!, 'QST')).toBe(1);
    notes.push(credit(invoice, notes, { kind: 'rest' }));
    expect(notes.reduce((s, n) => s + n.totalCents, 0)).toBe(invoice.totalCents);
    expect(creditRoom(invoice, notes)).toMatchObject({ subtotalCents: 0, totalCents: 0 });
  });

  it('asks which lines when the lines are taxed differently', () => {
    const invoice = invoiceOf([line('Shirts', 30000), line('Art', 5000, { taxable: false })], 'SK');
    expect(planCredit(invoice, [], { kind: 'amount', cents: 100 }, describeLine)).toMatchObject({
      ok: false,
      error: { code: 'credit_mixed_taxes', field: 'lines' },
    });
    expect(planCredit(invoice, [], { kind: 'lines', lines: [{ index: 1, cents: 5001 }] }, describeLine)).toMatchObject({
      ok: false,
      error: { code: 'credit_exceeds_line', field: 'lines.1' },
    });
  });

  it('keeps discounts in the cap: the lines taxed alike never credit more than they netted', () => {
    const invoice = invoiceOf([line('Shirts', 10000), line('Resale discount', -1000)], 'ON');
    expect(invoice.subtotalCents).toBe(9000);
    const r = planCredit(invoice, [], { kind: 'lines', lines: [{ index: 0, cents: 10000 }] }, describeLine);
    expect(r).toMatchObject({ ok: false, error: { code: 'credit_exceeds_line' } });
    const rest = credit(invoice, [], { kind: 'rest' });
    expect(rest.totalCents).toBe(invoice.totalCents);
  });

  it('credits each tax on its own base with a resale exemption and children’s clothing', () => {
    const invoice = invoiceOf(
      [line('Youth tees', 20000, { childrens: true }), line('Adult tees', 30000), line('Setup', 4000)],
      'BC',
      { kind: 'resale', pstNumber: 'PST-1234-5678' },
    );
    expect(invoice.taxes.map((t) => t.code)).toEqual(['GST']);
    const on = invoiceOf([line('Youth tees', 20000, { childrens: true }), line('Adult tees', 30000)], 'ON');
    expect(on.taxes.map((t) => [t.rateMilliPercent, t.taxableCents, t.amountCents])).toEqual([
      [13000, 30000, 3900],
      [5000, 20000, 1000],
    ]);
    const youth = credit(on, [], { kind: 'lines', lines: [{ index: 0, cents: 20000 }] });
    expect(youth.taxes.map((t) => [t.rateMilliPercent, t.amountCents])).toEqual([[5000, 1000]]);
  });

  it('credits what a cancelled order left unpaid, to the cent where rounding allows', () => {
    const invoice = invoiceOf([line('Shirts', 57350), line('Art', 5000, { taxable: false })], 'ON');
    expect(invoice.totalCents).toBe(69806);
    const note = credit(invoice, [], { kind: 'up_to_total', totalCents: 49806 });
    expect(note.totalCents).toBeLessThanOrEqual(49806);
    expect(note.totalCents).toBeGreaterThanOrEqual(49805);
    const all = credit(invoice, [], { kind: 'up_to_total', totalCents: 69806 });
    expect(all.totalCents).toBe(69806);
  });

  it('adds up exactly for any split into parts (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('ON', 'QC', 'BC', 'SK', 'MB', 'NS', 'AB'),
        fc.array(fc.integer({ min: 1, max: 500_000 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 6 }),
        (province, prices, shares) => {
          const invoice = invoiceOf(
            prices.map((p, i) => line(`L${i}`, p, { taxable: i % 3 !== 2, childrens: i % 4 === 1 })),
            province,
          );
          const notes: CreditableDocument[] = [];
          for (const share of shares) {
            const room = creditRoom(invoice, notes);
            const open = room.lines.filter((l) => l.leftCents > 0);
            if (open.length === 0) break;
            const target = open[share % open.length]!;
            const cents = Math.max(1, Math.floor((target.leftCents * share) / 100));
            notes.push(credit(invoice, notes, { kind: 'lines', lines: [{ index: target.index, cents }] }));
          }
          if (creditRoom(invoice, notes).subtotalCents > 0) notes.push(credit(invoice, notes, { kind: 'rest' }));
          const sum = (f: (d: CreditableDocument) => number) => notes.reduce((s, n) => s + f(n), 0);
          expect(sum((n) => n.totalCents)).toBe(invoice.totalCents);
          for (const tax of invoice.taxes)
            expect(
              sum((n) =>
                n.taxes
                  .filter((t) => t.rateMilliPercent === tax.rateMilliPercent && t.code === tax.code)
                  .reduce((s, t) => s + t.amountCents, 0),
              ),
            ).toBe(tax.amountCents);
          for (const n of notes) for (const t of n.taxes) expect(t.amountCents).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});

export type { InvoiceLine };
