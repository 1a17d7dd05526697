// The accountant's reports and exports through the real routes, on SQLite and PostgreSQL: three
// invoices (Ontario, Quebec, British Columbia) and a part credit note in one period give each
// return's lines, the sales journal and its totals, the QuickBooks Online and Xero import files;
// CSV amounts are numbers a spreadsheet adds up; the tax codes are the owner's to name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDocument, SalesJournal, StaffMember, TaxReport } from '../../shared/invoices/invoice-api.js';
import { DEFAULT_TAX_CODE_SETTING, taxCodeOf, type TaxCodes } from '../../shared/invoices/tax-codes.js';
import { assessLineTaxes } from '../../shared/tax-treatment.js';
import { REGISTERED_FOR_EVERY_TAX } from '../../shared/taxes.js';
import { outboxDirOf } from '../mail/outbox.js';
import { deleteOrder } from '../privacy/order-data.js';
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
import { lineTaxes } from './exports.js';

/** A small CSV reader: quoted text ("" inside), unquoted numbers kept apart so a test can tell them. */
function parseCsv(text: string): { value: string; quoted: boolean }[][] {
  const rows: { value: string; quoted: boolean }[][] = [];
  for (const line of text.split('\n').filter((l) => l !== '')) {
    const cells: { value: string; quoted: boolean }[] = [];
    let i = 0;
    while (i <= line.length) {
      if (line[i] === '"') {
        let value = '';
        i++;
        for (;;) {
          if (line[i] === '"' && line[i + 1] === '"') {
            value += '"';
            i += 2;
          } else if (line[i] === '"') {
            i++;
            break;
          } else value += line[i++];
        }
        cells.push({ value, quoted: true });
        i++; // the comma
      } else {
        const end = line.indexOf(',', i);
        const stop = end === -1 ? line.length : end;
        cells.push({ value: line.slice(i, stop), quoted: false });
        i = stop + 1;
      }
    }
    rows.push(cells);
  }
  return rows;
}

const table = (text: string) => parseCsv(text).map((r) => r.map((c) => c.value));
const cents = (decimal: string) => Math.round(Number(decimal) * 100);

function orderIn(province: 'ON' | 'QC' | 'BC', company: string) {
  const order = sampleOrder();
  const first = order.layouts['1'];
  first.variations = [{ type: 'Gildan 5000', color: 'Black', sizes: 'S:10, M:20, L:20', supplyingGoods: 'no' }];
  const where = {
    ON: { city: 'Toronto', province: 'ON', postalCode: 'M5V 2T6' },
    QC: { city: 'Montréal', province: 'QC', postalCode: 'H2X 1Y4' },
    BC: { city: 'Vancouver', province: 'BC', postalCode: 'V6B 1A1' },
  }[province];
  first.billing = { ...first.billing, ...where, companyName: company };
  return { ...order, includePolyBags: false, language: 'en' };
}

describe.each(backends())('reports and exports on %s', (backend) => {
  let t: TestApp;
  let owner = '';
  let clerk = '';
  const today = todayOf({ timeZone: 'America/Toronto' });
  const period = `from=${today}&to=${today}`;
  const invoiceOf: Partial<Record<'ON' | 'QC' | 'BC', { id: string; number: string; orderId: string }>> = {};
  let creditNote = '';

  const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, who = clerk) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: who },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** An order supplied in `province`, quoted 50 × $12.00 and approved: its invoice. */
  const invoiced = async (province: 'ON' | 'QC' | 'BC', company: string) => {
    const { orderId } = await submitMultipart(t.app, orderIn(province, company), [], { 'x-form-token': pageToken(t) });
    const lines = [{ description: 'Gildan 5000, Black, printed', quantity: 50, unitPriceCents: 1200, taxable: true }];
    await approvedOrder(t, clerk, orderId, lines);
    const [invoice] = (await staff('GET', `/api/orders/${orderId}/account`)).json<{
      invoices: { id: string; number: string }[];
    }>().invoices;
    return { id: invoice!.id, number: invoice!.number, orderId };
  };

  beforeAll(async () => {
    t = await startTestApp(backend, {
      SHOP_PROVINCE: 'ON',
      SHOP_LEGAL_NAME: 'Maple Print Works Inc.',
      SHOP_ADDRESS: '12 King St W, Toronto ON M5H 1A1',
      GST_HST_NUMBER: '123456782 RT0001',
      QST_NUMBER: '1234567890 TQ0001',
      PST_PROVINCES: 'BC',
      ORDER_LINK_RATE_LIMIT: '100000',
    });
    owner = await signedInStaff(t, 'owner@shop.ca', 'owner');
    clerk = await signedInStaff(t, 'clerk@shop.ca');
    invoiceOf.ON = await invoiced('ON', 'Leaf Hockey Club'); // $600.00 + HST $78.00
    invoiceOf.QC = await invoiced('QC', ''); // $600.00 + GST $30.00 + QST $59.85
    invoiceOf.BC = await invoiced('BC', 'Coast Tees'); // $600.00 + GST $30.00 + PST $42.00
    // A part credit from the Accounts page: $100.00 of the Ontario invoice, HST $13.00.
    const credit = await staff(
      'POST',
      `/api/invoices/${invoiceOf.ON.id}/credit-notes`,
      { invoiceNumber: invoiceOf.ON.number, amount: '100.00', reason: 'Ten shirts misprinted' },
      owner,
    );
    expect(credit.statusCode, credit.body).toBe(201);
    creditNote = credit.json<{ number: string }>().number;
  });
  afterAll(async () => t?.close());

  it('gives the lines of each return for the period, each tax on its own, credit notes netted', async () => {
    const report = (await staff('GET', `/api/reports/taxes?${period}`)).json<TaxReport>();
    const line = (id: string, n: string) => report.returns.find((r) => r.id === id)?.lines.find((l) => l.line === n);
    const part = (id: string, en: string) =>
      report.returns.find((r) => r.id === id)?.lines.find((l) => l.line === null && l.label.en === en);
    // GST/HST return: line 101 the sales less the credit ($1,800 − $100), line 103 GST and HST
    // together as the return adds them ($60.00 GST + $65.00 HST).
    expect(line('gst_hst', '101')?.amountCents).toBe(170000);
    expect(line('gst_hst', '103')?.amountCents).toBe(12500);
    expect(part('gst_hst', 'of which GST')?.amountCents).toBe(6000);
    expect(part('gst_hst', 'of which HST')?.amountCents).toBe(6500);
    // Quebec's return: total supplies (line 101) and the QST (line 203), never added to another tax.
    expect(line('qst', '101')?.amountCents).toBe(170000);
    expect(line('qst', '203')?.amountCents).toBe(5985);
    // BC's PST on its own.
    const bc = report.returns.find((r) => r.id === 'pst_BC')!;
    expect(bc.lines.map((l) => l.amountCents)).toEqual([60000, 4200, 0]);
    expect(report.returns.map((r) => r.id)).toEqual(['gst_hst', 'qst', 'pst_BC']);
    for (const r of report.returns) expect(r.source.url).toMatch(/^https:\/\//);
    const row = (code: string, province: string) =>
      report.rows.find((r) => r.code === code && r.province === province)?.amountCents;
    expect([row('HST', 'ON'), row('GST', 'QC'), row('QST', 'QC'), row('GST', 'BC'), row('PST', 'BC')]).toEqual([
      6500, 3000, 5985, 3000, 4200,
    ]);
    // The CSV: no Total row adding taxes together; the return lines with their numbers and sources.
    const csv = await staff('GET', `/api/reports/taxes?${period}&format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const cells = table(csv.body);
    expect(cells[0]).toEqual([
      'Tax',
      'Province',
      'Rate',
      'Taxable (CAD)',
      'Tax (CAD)',
      'Adjusted taxable (CAD)',
      'Adjusted tax (CAD)',
      'Documents',
      'Note',
    ]);
    expect(cells.some((r) => r[0] === 'Total')).toBe(false);
    expect(cells).toContainEqual(['HST', 'ON', '13%', '500.00', '65.00', '0.00', '0.00', '2', '']);
    const returnLine = cells.find((r) => r[0] === 'GST/HST return' && r[2] === '103')!;
    expect(returnLine[4]).toBe('125.00');
    expect(returnLine[5]).toContain('canada.ca');
    expect(cells.find((r) => r[2] === '203')?.[4]).toBe('59.85');
  });

  it('writes CSV amounts as numbers: the payments column sums to its Total row', async () => {
    const pay = (amount: string, extra: Record<string, string | boolean> = {}) =>
      staff(
        'POST',
        `/api/orders/${invoiceOf.ON!.orderId}/payments`,
        { amount, method: 'cheque', receivedOn: today, reference: '=HYPERLINK("x")', ...extra },
        owner,
      );
    // $565.00 is owed after the credit note; $585.00 paid leaves $20.00 to refund, a negative amount.
    expect((await pay('339.00')).statusCode).toBe(201);
    // Another method than the cheque's, so the same (formula) reference is not a duplicate.
    const over = await pay('246.00', { method: 'etransfer', confirmOverpayment: true });
    expect(over.statusCode, over.body).toBe(201);
    expect((await pay('-20.00', { reason: 'Paid $20.00 too much', method: 'in_store' })).statusCode).toBe(201);
    const csv = await staff('GET', `/api/reports/payments?${period}&format=csv`);
    const rows = parseCsv(csv.body);
    const amountAt = rows[0]!.findIndex((c) => c.value === 'Amount (CAD)');
    const body = rows.slice(1, -1);
    const total = rows.at(-1)!;
    expect(total[0]!.value).toBe('Total');
    for (const r of [...body, total]) {
      expect(r[amountAt]!.quoted).toBe(false);
      expect(r[amountAt]!.value).toMatch(/^-?\d+\.\d{2}$/);
    }
    expect(body.map((r) => r[amountAt]!.value)).toContain('-20.00');
    expect(csv.body).toContain(',-20.00,');
    expect(body.reduce((s, r) => s + cents(r[amountAt]!.value), 0)).toBe(cents(total[amountAt]!.value));
    expect(cents(total[amountAt]!.value)).toBe(56500);
    // Text cells are still guarded against formulas.
    expect(body.every((r) => r[4]!.value === `'=HYPERLINK("x")`)).toBe(true);
  });

  it('keeps a sales journal: one row per invoice and credit note, each tax in its column, credit notes negative', async () => {
    const journal = (await staff('GET', `/api/reports/journal?${period}`)).json<SalesJournal>();
    expect(journal.rows.map((r) => [r.number, r.kind, r.province, r.subtotalCents, r.totalCents])).toEqual([
      [invoiceOf.ON!.number, 'invoice', 'ON', 60000, 67800],
      [invoiceOf.QC!.number, 'invoice', 'QC', 60000, 68985],
      [invoiceOf.BC!.number, 'invoice', 'BC', 60000, 67200],
      [creditNote, 'credit_note', 'ON', -10000, -11300],
    ]);
    const on = journal.rows[0]!;
    expect(on).toMatchObject({
      customerName: 'Ada Lovelace',
      customerCompany: 'Leaf Hockey Club',
      creditableTotalCents: 67800 - 11300,
      creditableSubtotalCents: 50000,
    });
    expect(journal.rows[3]).toMatchObject({ credits: invoiceOf.ON!.number, creditableTotalCents: 0 });
    expect(journal.rows[3]!.taxes).toEqual({ GST: 0, HST: -1300, QST: 0, PST: 0, RST: 0 });
    expect(journal.totals).toEqual({
      subtotalCents: 170000,
      taxes: { GST: 6000, HST: 6500, QST: 5985, PST: 4200, RST: 0 },
      totalCents: 192685,
    });
    const csv = table((await staff('GET', `/api/reports/journal?${period}&format=csv`)).body);
    expect(csv[0]).toEqual([
      'Date',
      'Number',
      'Kind',
      'Credits invoice',
      'Order',
      'Customer',
      'Company',
      'Place of supply',
      'Subtotal (CAD)',
      'GST (CAD)',
      'HST (CAD)',
      'QST (CAD)',
      'PST (CAD)',
      'RST (CAD)',
      'Total (CAD)',
    ]);
    expect(csv[4]!.slice(1, 4)).toEqual([creditNote, 'Credit note', invoiceOf.ON!.number]);
    expect(csv[4]!.slice(8)).toEqual(['-100.00', '0.00', '-13.00', '0.00', '0.00', '0.00', '-113.00']);
    expect(csv[5]!.slice(8)).toEqual(['1700.00', '60.00', '65.00', '59.85', '42.00', '0.00', '1926.85']);
    // Each column adds up to its total.
    for (let col = 8; col < 15; col++)
      expect(csv.slice(1, 5).reduce((s, r) => s + cents(r[col]!), 0)).toBe(cents(csv[5]![col]!));
  });

  it('exports the invoice files QuickBooks Online and Xero import, each line with its tax code', async () => {
    const qbo = table((await staff('GET', `/api/reports/journal?${period}&format=quickbooks`)).body);
    expect(qbo[0]!.join(',')).toBe(
      'InvoiceNo,Customer,InvoiceDate,DueDate,Terms,Location,Memo,Item(Product/Service),ItemDescription,ItemQuantity,ItemRate,ItemAmount,ItemTaxCode,ItemTaxAmount,Currency,Service Date',
    );
    const dmy = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
    const byNumber = (rows: string[][], n: string) => rows.find((r) => r[0] === n)!;
    expect(byNumber(qbo, invoiceOf.ON!.number)).toEqual([
      invoiceOf.ON!.number,
      'Leaf Hockey Club',
      dmy,
      dmy,
      '',
      '',
      expect.stringMatching(/^Order /),
      '',
      'Gildan 5000, Black, printed',
      '50',
      '12.00',
      '600.00',
      'HST ON',
      '78.00',
      'CAD',
      '',
    ]);
    expect(byNumber(qbo, invoiceOf.QC!.number).slice(12, 14)).toEqual(['GST/QST QC', '89.85']);
    expect(byNumber(qbo, invoiceOf.BC!.number).slice(12, 14)).toEqual(['GST/PST BC', '72.00']);
    expect(qbo.some((r) => r[0] === creditNote)).toBe(false);
    const notes = table((await staff('GET', `/api/reports/journal?${period}&format=quickbooks-credit-notes`)).body);
    expect(notes[0]![0]).toBe('CreditNoteNo');
    expect(notes.slice(1).map((r) => [r[0], r[9], r[10], r[11]])).toEqual([[creditNote, '100.00', 'HST ON', '13.00']]);

    const xero = table((await staff('GET', `/api/reports/journal?${period}&format=xero`)).body);
    expect(xero[0]!.join(',')).toBe(
      '*ContactName,EmailAddress,POAddressLine1,POAddressLine2,POAddressLine3,POAddressLine4,POCity,PORegion,POPostalCode,POCountry,*InvoiceNumber,Reference,*InvoiceDate,*DueDate,Total,InventoryItemCode,*Description,*Quantity,*UnitAmount,Discount,*AccountCode,*TaxType,TaxAmount,TrackingName1,TrackingOption1,TrackingName2,TrackingOption2,Currency,BrandingTheme',
    );
    const col = (name: string) => xero[0]!.indexOf(name);
    const xeroOf = (n: string) => xero.find((r) => r[col('*InvoiceNumber')] === n)!;
    expect(xeroOf(invoiceOf.QC!.number)[col('*ContactName')]).toBe('Ada Lovelace');
    expect(xeroOf(invoiceOf.QC!.number)[col('*TaxType')]).toBe('GST/QST QC');
    // The credit note is in Xero's credit note import, positive (Xero credits it), not in the invoices'.
    expect(xero.some((r) => r[col('*InvoiceNumber')] === creditNote)).toBe(false);
    const xeroNotes = table((await staff('GET', `/api/reports/journal?${period}&format=xero-credit-notes`)).body);
    const noteCol = (name: string) => xeroNotes[0]!.indexOf(name);
    const cn = xeroNotes.find((r) => r[noteCol('*CreditNoteNumber')] === creditNote)!;
    expect([
      cn[noteCol('*Quantity')],
      cn[noteCol('*UnitAmount')],
      cn[noteCol('*TaxType')],
      cn[noteCol('TaxAmount')],
    ]).toEqual(['1', '100.00', 'HST ON', '13.00']);
    expect(cn[noteCol('*AccountCode')]).toBe('200');
  });

  it('lets owners alone name the tax codes; everyone’s files use them', async () => {
    const codes = (await staff('GET', '/api/tax-codes')).json<TaxCodes>();
    expect(codes.codes['HST ON']).toBe('HST ON');
    expect(codes.xeroAccountCode).toBe('200');
    const mine = { codes: { ...codes.codes, 'HST ON': 'HST ON 13%' }, xeroAccountCode: '4000' };
    const byClerk = await staff('PUT', '/api/tax-codes', mine);
    expect(byClerk.statusCode).toBe(403);
    expect(byClerk.json().error.code).toBe('owner_only');
    const bad = await staff(
      'PUT',
      '/api/tax-codes',
      { codes: { ...mine.codes, 'GST+PST BC': '  ', 'HST XX': 'Nope' }, xeroAccountCode: '' },
      owner,
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual(
      expect.arrayContaining(['codes.GST+PST BC', 'codes.HST XX', 'xeroAccountCode']),
    );
    const ok = await staff('PUT', '/api/tax-codes', mine, owner);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await staff('GET', '/api/tax-codes')).json<TaxCodes>()).toMatchObject(mine);
    const qbo = table((await staff('GET', `/api/reports/journal?${period}&format=quickbooks`)).body);
    expect(qbo.find((r) => r[0] === invoiceOf.ON!.number)![12]).toBe('HST ON 13%');
    const xero = table((await staff('GET', `/api/reports/journal?${period}&format=xero-credit-notes`)).body);
    expect(xero.find((r) => r[10] === creditNote)!.slice(20, 22)).toEqual(['4000', 'HST ON 13%']);
  });

  it('lists the staff to owners only, without their secrets', async () => {
    expect((await staff('GET', '/api/staff-list')).statusCode).toBe(403);
    const list = await staff('GET', '/api/staff-list', undefined, owner);
    expect(list.statusCode).toBe(200);
    const { staff: members } = list.json<{ staff: StaffMember[] }>();
    expect(members.map((m) => [m.email, m.role])).toEqual([
      ['clerk@shop.ca', 'staff'],
      ['owner@shop.ca', 'owner'],
    ]);
    expect(Object.keys(members[0]!).sort()).toEqual(['email', 'id', 'role']);
    expect((await staff('GET', `/api/reports/journal?from=${today}&to=2000-01-01`)).statusCode).toBe(422);
  });

  it('keeps a deleted order’s invoice in the journal, with its PDF, and credits it from there', async () => {
    const gone = await invoiced('ON', 'Gone Ltd');
    // Paid in full, so it may be deleted (an open balance keeps its order); credited afterwards.
    const paid = await staff('POST', `/api/orders/${gone.orderId}/payments`, {
      amount: '678.00',
      method: 'etransfer',
      receivedOn: today,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await deleteOrder(t.app.db, t.app.files, outboxDirOf(t.dataDir), gone.orderId, 'owner@shop.ca')).toBe(true);
    const rowOf = async () =>
      (await staff('GET', `/api/reports/journal?${period}`)).json<SalesJournal>().rows.find((r) => r.id === gone.id);
    expect(await rowOf()).toMatchObject({
      customerCompany: 'Gone Ltd',
      totalCents: 67800,
      creditableTotalCents: 67800,
    });
    expect((await staff('GET', `/api/invoices/${gone.id}/pdf`)).headers['content-type']).toBe('application/pdf');
    const byClerk = await staff('POST', `/api/invoices/${gone.id}/credit-notes`, {
      invoiceNumber: gone.number,
      rest: true,
      reason: 'Order deleted',
    });
    expect(byClerk.statusCode).toBe(403);
    const rest = await staff(
      'POST',
      `/api/invoices/${gone.id}/credit-notes`,
      { invoiceNumber: gone.number, rest: true, reason: 'Order deleted' },
      owner,
    );
    expect(rest.statusCode, rest.body).toBe(201);
    expect(await rowOf()).toMatchObject({ creditableTotalCents: 0, creditableSubtotalCents: 0 });
    const journal = (await staff('GET', `/api/reports/journal?${period}`)).json<SalesJournal>();
    expect(journal.rows.find((r) => r.number === rest.json<{ number: string }>().number)).toMatchObject({
      kind: 'credit_note',
      credits: gone.number,
      totalCents: -67800,
    });
  });
});

describe('each line’s share of the taxes', () => {
  it('adds up to each tax exactly, a rebated HST line under its own code', () => {
    const lines = [
      { description: 'Adult tees', quantity: 3, unitPriceCents: 1001, taxable: true, lineTotalCents: 3003 },
      {
        description: 'Youth tees',
        quantity: 7,
        unitPriceCents: 999,
        taxable: true,
        lineTotalCents: 6993,
        childrens: true,
      },
      { description: 'Setup', quantity: 1, unitPriceCents: 1999, taxable: true, lineTotalCents: 1999 },
      { description: 'Discount', quantity: 1, unitPriceCents: -500, taxable: true, lineTotalCents: -500 },
    ];
    const assessed = assessLineTaxes('ON', '2026-03-02', lines, REGISTERED_FOR_EVERY_TAX);
    const doc = {
      kind: 'invoice',
      province: 'ON',
      lines: lines.map((l, i) => ({ ...l, taxKeys: assessed.lineKeys[i]! })),
      taxes: assessed.charged,
    } as unknown as InvoiceDocument;
    const shares = lineTaxes(doc);
    expect(shares.reduce((s, c) => s + c, 0)).toBe(assessed.charged.reduce((s, t) => s + t.amountCents, 0));
    expect(shares[1]).toBe(assessed.charged.find((t) => t.rateMilliPercent === 5000)!.amountCents);
    const codes = doc.lines.map((l) => taxCodeOf(DEFAULT_TAX_CODE_SETTING, 'ON', l.taxKeys!));
    expect(codes).toEqual(['HST ON', "HST ON children's rebate", 'HST ON', 'HST ON']);
    expect(taxCodeOf(DEFAULT_TAX_CODE_SETTING, 'AB', ['GST|5000'])).toBe('GST');
    expect(taxCodeOf(DEFAULT_TAX_CODE_SETTING, 'BC', ['GST|5000', 'PST|7000'])).toBe('GST/PST BC');
    expect(taxCodeOf(DEFAULT_TAX_CODE_SETTING, 'QC', ['GST|5000', 'QST|9975'])).toBe('GST/QST QC');
    expect(taxCodeOf(DEFAULT_TAX_CODE_SETTING, 'BC', [])).toBe('Exempt');
  });
});
