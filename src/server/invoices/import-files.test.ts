// The import files read as each product's importer reads them (docs/accounting-exports.md), on
// SQLite and PostgreSQL: payments and refunds (voided ones left out) as QuickBooks Online journal
// entries and as a Xero bank statement, each naming the invoice it settles; Xero credit notes in
// their own import, positive; due dates from the terms (Net N, or the day the order is expected
// ready); each line's tax what a recomputing importer gets, or the file says to keep its amounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../../shared/invoices/invoice-api.js';
import { assessLineTaxes } from '../../shared/tax-treatment.js';
import { REGISTERED_FOR_EVERY_TAX } from '../../shared/taxes.js';
import { addDays } from '../../shared/dates.js';
import {
  backends,
  approvedOrder,
  pageToken,
  sampleOrder,
  signedInStaff,
  startTestApp,
  submitMultipart,
  type TestApp,
} from '../../../tests/support/harness.js';
import { todayOf } from './accounts.js';
import { KEEP_TAX_NOTE, lineTaxShares } from './exports.js';

/** RFC 4180 as an importer reads it: quoted cells ("" inside), commas, one record a line. */
function readCsv(text: string): string[][] {
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => {
      const cells: string[] = [];
      let i = 0;
      while (i <= line.length) {
        if (line[i] === '"') {
          let value = '';
          i++;
          while (!(line[i] === '"' && line[i + 1] !== '"')) {
            value += line[i] === '"' ? (i++, '"') : line[i];
            i++;
          }
          cells.push(value);
          i += 2;
        } else {
          const end = line.indexOf(',', i);
          const stop = end === -1 ? line.length : end;
          cells.push(line.slice(i, stop));
          i = stop + 1;
        }
      }
      return cells;
    });
}

/** The file as records keyed by its header row, every record as wide as the header. */
function records(text: string): { header: string[]; rows: Record<string, string>[] } {
  const [header, ...rest] = readCsv(text);
  for (const r of rest) expect(r.length).toBe(header!.length);
  return { header: header!, rows: rest.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!]))) };
}

const cents = (decimal: string) => {
  expect(decimal).toMatch(/^-?\d+\.\d{2}$/);
  return Math.round(Number(decimal) * 100);
};

/** A doc of Ontario lines (HST 13 %) as the invoice freezes it. */
function ontarioDoc(lines: { quantity: number; unitPriceCents: number }[]): InvoiceDocument {
  const full = lines.map((l, i) => ({
    description: `Line ${i + 1}`,
    ...l,
    taxable: true,
    lineTotalCents: l.quantity * l.unitPriceCents,
  }));
  const assessed = assessLineTaxes('ON', '2026-03-02', full, REGISTERED_FOR_EVERY_TAX);
  return {
    kind: 'invoice',
    province: 'ON',
    lines: full.map((l, i) => ({ ...l, taxKeys: assessed.lineKeys[i]! })),
    taxes: assessed.charged,
  } as unknown as InvoiceDocument;
}

describe('each line’s tax share against a recomputing importer', () => {
  it('is the line’s own rounded tax when those add up to the invoice’s tax', () => {
    // 3 × $10.01 three times: each line $3.90 (30.03 × 13 % = 3.9039), the invoice $11.71 (90.09 × 13 %).
    const doc = ontarioDoc([
      { quantity: 3, unitPriceCents: 1001 },
      { quantity: 3, unitPriceCents: 1001 },
      { quantity: 3, unitPriceCents: 1001 },
    ]);
    expect(doc.taxes[0]!.amountCents).toBe(1171);
    const { shares, recomputable } = lineTaxShares(doc);
    // Per line 390 + 390 + 390 = 1170 ≠ 1171: the importer's own rounding is a cent short.
    expect(recomputable).toBe(false);
    expect(shares.reduce((s, c) => s + c, 0)).toBe(1171);
    const two = ontarioDoc([
      { quantity: 2, unitPriceCents: 1500 },
      { quantity: 1, unitPriceCents: 2000 },
    ]);
    // $30.00 → $3.90, $20.00 → $2.60; the invoice $50.00 → $6.50: the same both ways.
    expect(lineTaxShares(two)).toEqual({ shares: [390, 260], recomputable: true });
  });

  it('adds up to the tax exactly when per-line rounding lands off it, a cent at a time', () => {
    // 2 × $1.07 and 3 × $2.04: per line 27.82 → 28 and 79.56 → 80 (108); the invoice 8.26 × 13 % = 107.38 → 107.
    const doc = ontarioDoc([
      { quantity: 2, unitPriceCents: 107 },
      { quantity: 3, unitPriceCents: 204 },
    ]);
    expect(doc.taxes[0]!.amountCents).toBe(107);
    const { shares, recomputable } = lineTaxShares(doc);
    expect(recomputable).toBe(false);
    // The cent comes off the line whose rounding added most (79.56 → 80 added 0.44; 27.82 → 28 added 0.18).
    expect(shares).toEqual([28, 79]);
  });
});

function orderIn(province: 'ON' | 'BC', company: string, deadline?: string) {
  const order = sampleOrder();
  const first = order.layouts['1'];
  first.variations = [{ type: 'Gildan 5000', color: 'Black', sizes: 'S:10, M:20, L:20', supplyingGoods: 'no' }];
  const where = {
    ON: { city: 'Toronto', province: 'ON', postalCode: 'M5V 2T6' },
    BC: { city: 'Vancouver', province: 'BC', postalCode: 'V6B 1A1' },
  }[province];
  first.billing = { ...first.billing, ...where, companyName: company };
  if (deadline) first.deadline = { ...first.deadline, hasCriticalDeadline: true, date: deadline };
  return { ...order, includePolyBags: false, language: 'en' };
}

describe.each(backends())('import files on %s', (backend) => {
  let t: TestApp;
  let owner = '';
  let clerk = '';
  const today = todayOf({ timeZone: 'America/Toronto' });
  const dmy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
  const period = `from=${today}&to=${today}`;
  const deadline = addDays(today, 20);

  const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, who = clerk) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: who },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const file = async (format: string) => {
    const res = await staff('GET', `/api/reports/journal?${period}&format=${format}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    return records(res.body);
  };

  const invoiced = async (
    province: 'ON' | 'BC',
    company: string,
    lines: { description: string; quantity: number; unitPriceCents: number; taxable: boolean }[],
    orderDeadline?: string,
  ) => {
    const { orderId } = await submitMultipart(t.app, orderIn(province, company, orderDeadline), [], {
      'x-form-token': pageToken(t),
    });
    await approvedOrder(t, clerk, orderId, lines);
    const [invoice] = (await staff('GET', `/api/orders/${orderId}/account`)).json<{
      invoices: { id: string; number: string }[];
    }>().invoices;
    return { id: invoice!.id, number: invoice!.number, orderId };
  };
  const shirts = [{ description: 'Gildan 5000, Black, printed', quantity: 50, unitPriceCents: 1200, taxable: true }];
  const pay = async (orderId: string, body: Record<string, unknown>, who = clerk) => {
    const res = await staff('POST', `/api/orders/${orderId}/payments`, { receivedOn: today, ...body }, who);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string; receiptNumber: string }>();
  };

  let on: { id: string; number: string; orderId: string };
  let bc: { id: string; number: string; orderId: string };
  let net: { id: string; number: string; orderId: string };
  let cent: { id: string; number: string; orderId: string };
  let creditNote = '';
  const receipts: Record<'deposit' | 'rest' | 'refund' | 'cheque' | 'voided', string> = {
    deposit: '',
    rest: '',
    refund: '',
    cheque: '',
    voided: '',
  };

  beforeAll(async () => {
    t = await startTestApp(backend, {
      SHOP_PROVINCE: 'ON',
      GST_HST_NUMBER: '123456782 RT0001',
      PST_PROVINCES: 'BC',
      ORDER_LINK_RATE_LIMIT: '100000',
    });
    owner = await signedInStaff(t, 'owner@shop.ca', 'owner');
    clerk = await signedInStaff(t, 'clerk@shop.ca');
    // Balance due when the order is ready (the default terms): the customer's deadline is when.
    on = await invoiced('ON', 'Leaf Hockey Club', shirts, deadline); // $600.00 + HST $78.00
    bc = await invoiced('BC', 'Coast Tees', shirts); // $600.00 + GST $30.00 + PST $42.00
    cent = await invoiced('ON', 'Cent Club', [
      { description: 'Tees', quantity: 2, unitPriceCents: 107, taxable: true },
      { description: 'Hoodies', quantity: 3, unitPriceCents: 204, taxable: true },
    ]);
    // Net 30, set by the owner: invoices issued from now on are due 30 days after.
    const terms = (await staff('GET', '/api/terms')).json<Record<string, unknown>>();
    const saved = await staff('PUT', '/api/terms', { ...terms, balanceDue: 'days', balanceDays: 30 }, owner);
    expect(saved.statusCode, saved.body).toBe(200);
    net = await invoiced('ON', 'Net Thirty Inc.', shirts);

    receipts.deposit = (
      await pay(on.orderId, { amount: '339.00', method: 'etransfer', reference: 'CA9xQ2' })
    ).receiptNumber;
    receipts.rest = (
      await pay(on.orderId, { amount: '339.00', method: 'in_store', confirmDuplicate: true })
    ).receiptNumber;
    // Paid in full, then credited $100.00 and its HST: the customer is owed $113.00 back, $20.00 of it refunded.
    const credit = await staff(
      'POST',
      `/api/invoices/${on.id}/credit-notes`,
      { invoiceNumber: on.number, amount: '100.00', reason: 'Ten shirts misprinted' },
      owner,
    );
    expect(credit.statusCode, credit.body).toBe(201);
    creditNote = credit.json<{ number: string }>().number;
    receipts.refund = (
      await pay(on.orderId, { amount: '-20.00', method: 'in_store', reason: 'Two shirts misprinted' }, owner)
    ).receiptNumber;
    receipts.cheque = (
      await pay(bc.orderId, { amount: '336.00', method: 'cheque', reference: '000123' })
    ).receiptNumber;
    const typo = await pay(bc.orderId, {
      amount: '3360.00',
      method: 'cheque',
      reference: '000124',
      confirmOverpayment: true,
    });
    receipts.voided = typo.receiptNumber;
    const voided = await staff('POST', `/api/orders/${bc.orderId}/payments/${typo.id}/void`, { reason: 'Typo' });
    expect(voided.statusCode, voided.body).toBe(200);
  });
  afterAll(async () => t?.close());

  it('exports payments and refunds as QuickBooks Online journal entries, balanced, naming the invoice', async () => {
    const { header, rows } = await file('quickbooks-payments');
    expect(header).toEqual(['Journal No', 'Journal Date', 'Account Name', 'Description', 'Debits', 'Credits', 'Name']);
    // Two lines a payment, the voided one nowhere.
    expect([...new Set(rows.map((r) => r['Journal No']))].sort()).toEqual(
      [receipts.deposit, receipts.rest, receipts.refund, receipts.cheque].sort(),
    );
    expect(rows.some((r) => r.Description!.includes(receipts.voided))).toBe(false);
    for (const no of new Set(rows.map((r) => r['Journal No']))) {
      const entry = rows.filter((r) => r['Journal No'] === no);
      expect(entry).toHaveLength(2);
      const debits = entry.reduce((s, r) => s + (r.Debits ? cents(r.Debits) : 0), 0);
      const credits = entry.reduce((s, r) => s + (r.Credits ? cents(r.Credits) : 0), 0);
      expect(debits).toBe(credits);
      for (const r of entry) expect(r['Journal Date']).toBe(dmy(today));
    }
    const line = (no: string, account: string) =>
      rows.find((r) => r['Journal No'] === no && r['Account Name'] === account)!;
    expect(line(receipts.deposit, 'Undeposited Funds')).toMatchObject({
      Debits: '339.00',
      Credits: '',
      Name: 'Leaf Hockey Club',
    });
    expect(line(receipts.deposit, 'Accounts Receivable (A/R)')).toMatchObject({ Debits: '', Credits: '339.00' });
    expect(line(receipts.deposit, 'Accounts Receivable (A/R)').Description).toContain(`invoice ${on.number}`);
    expect(line(receipts.deposit, 'Accounts Receivable (A/R)').Description).toContain('CA9xQ2');
    // A refund: back into A/R, out of the money.
    expect(line(receipts.refund, 'Accounts Receivable (A/R)')).toMatchObject({ Debits: '20.00', Credits: '' });
    expect(line(receipts.refund, 'Undeposited Funds')).toMatchObject({ Debits: '', Credits: '20.00' });
    expect(line(receipts.cheque, 'Accounts Receivable (A/R)')).toMatchObject({ Credits: '336.00', Name: 'Coast Tees' });
    expect(line(receipts.cheque, 'Accounts Receivable (A/R)').Description).toContain(`invoice ${bc.number}`);
  });

  it('exports payments and refunds as a Xero bank statement, the invoice number as reference', async () => {
    const { header, rows } = await file('xero-payments');
    expect(header).toEqual(['*Date', '*Amount', 'Payee', 'Description', 'Reference', 'Cheque Number']);
    expect(rows.map((r) => [r['*Amount'], r.Payee, r.Reference, r['Cheque Number']])).toEqual([
      ['339.00', 'Leaf Hockey Club', on.number, ''],
      ['339.00', 'Leaf Hockey Club', on.number, ''],
      ['-20.00', 'Leaf Hockey Club', on.number, ''],
      ['336.00', 'Coast Tees', bc.number, '000123'],
    ]);
    for (const r of rows) expect(r['*Date']).toBe(dmy(today));
    expect(rows.some((r) => r.Description!.includes(receipts.voided))).toBe(false);
  });

  it('puts Xero credit notes in Xero’s credit note import, positive, and invoices alone in the invoice import', async () => {
    const invoices = await file('xero');
    expect(invoices.rows.some((r) => r['*InvoiceNumber'] === creditNote)).toBe(false);
    for (const r of invoices.rows) expect(cents(r['*UnitAmount']!)).toBeGreaterThan(0);
    const notes = await file('xero-credit-notes');
    expect(notes.header).toContain('*CreditNoteNumber');
    expect(notes.header).toContain('*CreditNoteDate');
    expect(notes.header).not.toContain('*InvoiceNumber');
    expect(notes.header).toHaveLength(invoices.header.length);
    expect(notes.rows).toEqual([
      expect.objectContaining({
        '*ContactName': 'Leaf Hockey Club',
        '*CreditNoteNumber': creditNote,
        '*CreditNoteDate': dmy(today),
        '*Quantity': '1',
        '*UnitAmount': '100.00',
        '*TaxType': 'HST ON',
        TaxAmount: '13.00',
        '*AccountCode': '200',
      }),
    ]);
  });

  it('gives due dates from the terms: the expected day for pickup or shipping, Net 30 after the invoice', async () => {
    const qbo = (await file('quickbooks')).rows;
    const xero = (await file('xero')).rows;
    const dueOf = (n: string) => [
      qbo.find((r) => r.InvoiceNo === n)!.DueDate,
      xero.find((r) => r['*InvoiceNumber'] === n)!['*DueDate'],
    ];
    const jobOf = (orderId: string) =>
      t.app.db.selectFrom('jobs').select('due_on').where('order_id', '=', orderId).executeTakeFirst();
    // Before the orders are on the production board: the customer's deadline, else the invoice's day.
    expect(await jobOf(on.orderId)).toBeUndefined();
    expect(dueOf(on.number)).toEqual([dmy(deadline), dmy(deadline)]);
    expect(dueOf(bc.number)).toEqual([dmy(today), dmy(today)]);
    expect(dueOf(net.number)).toEqual([dmy(addDays(today, 30)), dmy(addDays(today, 30))]);
    // Once they are jobs: each job's due date (the deadline, or the approval plus the turnaround).
    expect((await staff('GET', '/api/production/board')).statusCode).toBe(200);
    const bcJob = (await jobOf(bc.orderId))!;
    expect(bcJob.due_on > today).toBe(true);
    const again = { qbo: (await file('quickbooks')).rows, xero: (await file('xero')).rows };
    const dueNow = (n: string) => [
      again.qbo.find((r) => r.InvoiceNo === n)!.DueDate,
      again.xero.find((r) => r['*InvoiceNumber'] === n)!['*DueDate'],
    ];
    expect((await jobOf(on.orderId))!.due_on).toBe(deadline);
    expect(dueNow(on.number)).toEqual([dmy(deadline), dmy(deadline)]);
    expect(dueNow(bc.number)).toEqual([dmy(bcJob.due_on), dmy(bcJob.due_on)]);
    // Net 30 stays Net 30, whatever production expects.
    expect(dueNow(net.number)).toEqual([dmy(addDays(today, 30)), dmy(addDays(today, 30))]);
  });

  it('gives each line the tax a recomputing importer gets, else says to keep the file’s amounts', async () => {
    const qbo = (await file('quickbooks')).rows;
    const xero = (await file('xero')).rows;
    for (const n of [on.number, bc.number, net.number, cent.number]) {
      const lines = qbo.filter((r) => r.InvoiceNo === n);
      const taxes = lines.map((r) => cents(r.ItemTaxAmount!));
      const doc = (await staff('GET', `/api/reports/journal?${period}`))
        .json<{
          rows: { number: string; taxes: Record<string, number> }[];
        }>()
        .rows.find((r) => r.number === n)!;
      const docTax = Object.values(doc.taxes).reduce((s, c) => s + c, 0);
      expect(taxes.reduce((s, c) => s + c, 0)).toBe(docTax);
      expect(xero.filter((r) => r['*InvoiceNumber'] === n).map((r) => cents(r.TaxAmount!))).toEqual(taxes);
      // Recomputed line by line (amount × 13 %, rounded per line), as an importer would.
      if (n === cent.number) {
        expect(taxes).toEqual([28, 79]);
        expect(lines.map((r) => cents(r.ItemAmount!))).toEqual([214, 612]);
        for (const r of lines) expect(r.Memo!.endsWith(KEEP_TAX_NOTE)).toBe(true);
      } else {
        for (const r of lines) expect(r.Memo!).not.toContain(KEEP_TAX_NOTE);
      }
    }
    expect(qbo.filter((r) => r.InvoiceNo === on.number).map((r) => r.ItemTaxAmount)).toEqual(['78.00']);
  });

  it('names the invoice a payment settles, never a credit note issued after it', async () => {
    // The order's latest document is now the credit note: a refund recorded after it.
    const late = await pay(on.orderId, { amount: '-10.00', method: 'in_store', reason: 'Credited, given back' }, owner);
    const qbo = (await file('quickbooks-payments')).rows.find(
      (r) => r['Journal No'] === late.receiptNumber && r['Account Name'] === 'Accounts Receivable (A/R)',
    )!;
    expect(qbo.Description).toContain(`invoice ${on.number}`);
    expect(qbo.Description).not.toContain(creditNote);
    const xero = (await file('xero-payments')).rows.find((r) => r.Description!.includes(late.receiptNumber))!;
    expect([xero['*Amount'], xero.Reference]).toEqual(['-10.00', on.number]);
  });
});
