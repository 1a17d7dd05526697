// A shop established in Quebec issues its invoices, credit notes and receipts in French, with
// English beside it for an English-speaking customer (docs/accounts.md, "Documents"; the Charter
// of the French language, s. 57). Elsewhere, in the customer's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff } from '../staff/staff-service.js';
import {
  pageToken,
  sampleOrder,
  signIn,
  startTestApp,
  submitMultipart,
  type TestApp,
  orderLinkToken,
} from '../../../tests/support/harness.js';
import { hasPoppler, pdfText } from '../../../tests/support/pdf.js';
import { documentLanguage } from './issue-document.js';
import { todayOf } from './accounts.js';

describe('the documents’ language', () => {
  it('is French, with English beside it for an English customer, for a shop in Quebec', () => {
    expect(documentLanguage('QC', 'en')).toEqual({ language: 'fr', bilingual: true });
    expect(documentLanguage('QC', 'fr')).toEqual({ language: 'fr' });
    expect(documentLanguage('ON', 'en')).toEqual({ language: 'en' });
    expect(documentLanguage('ON', 'fr')).toEqual({ language: 'fr' });
  });
});

describe('a Quebec shop’s invoice and receipt for an English-speaking customer', () => {
  let t: TestApp;
  let owner = '';
  beforeAll(async () => {
    t = await startTestApp('sqlite', {
      SHOP_PROVINCE: 'QC',
      GST_HST_NUMBER: '123456782 RT0001',
      QST_NUMBER: '1234567890 TQ0001',
    });
    await addStaff(t.app.db, 'owner@shop.ca', 'correct horse battery staple', 'en', 'owner');
    owner = await signIn(t.app, 'owner@shop.ca', 'correct horse battery staple');
  });
  afterAll(async () => t?.close());

  it('issues both in French and English', async () => {
    const order = sampleOrder();
    order.layouts['1'].billing = {
      ...order.layouts['1'].billing,
      city: 'Montréal',
      province: 'QC',
      postalCode: 'H2X 1Y4',
    };
    const { orderId } = await submitMultipart(t.app, { ...order, includePolyBags: false, language: 'en' }, [], {
      'x-form-token': pageToken(t),
    });
    const headers = { cookie: owner };
    // The French description beside the English (Charter of the French language, s. 57).
    const lines = [
      { description: 'Tees, printed', descriptionFr: 'T-shirts', quantity: 10, unitPriceCents: 1500, taxable: true },
    ];
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/quote/send`,
      headers,
      payload: { lines, confirmNoProofs: true },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const token = await orderLinkToken(t, orderId);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/approve`,
      payload: { version: 1, fullName: 'Ada Lovelace', agree: true },
    });
    expect(approve.statusCode).toBe(200);
    const invoice = await t.app.db
      .selectFrom('invoices')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(invoice.document)).toMatchObject({ language: 'fr', bilingual: true });
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/payments`,
      headers,
      payload: { amount: '50.00', method: 'cheque', receivedOn: todayOf({ timeZone: 'America/Toronto' }) },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const receipt = await t.app.db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(receipt.document)).toMatchObject({ language: 'fr', bilingual: true });
    if (hasPoppler) {
      const text = pdfText(Buffer.from(invoice.pdf));
      for (const words of ['FACTURE', 'INVOICE', 'Sous-total', 'Subtotal', '172,46', 'TPS', 'TVQ'])
        expect(text).toContain(words);
      // The line in French first, the English beside it.
      expect(text).toContain('T-shirts / Tees, printed');
      const r = pdfText(Buffer.from(receipt.pdf));
      for (const words of ['REÇU', 'RECEIPT', '50,00']) expect(r).toContain(words);
    }
    // A credit note of the line says it the same way.
    const number = (JSON.parse(invoice.document) as { number: string }).number;
    const credited = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/credit-notes`,
      headers,
      payload: { invoiceNumber: number, lines: [{ index: 0, amount: '15.00' }], reason: 'Un t-shirt taché' },
    });
    expect(credited.statusCode, credited.body).toBe(201);
    const note = await t.app.db
      .selectFrom('invoices')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('kind', '=', 'credit_note')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(note.document).lines[0].description).toBe('Crédit\u00a0: T-shirts / Tees, printed');
    if (hasPoppler) expect(pdfText(Buffer.from(note.pdf))).toContain('T-shirts / Tees, printed');
  });

  it('prints a French customer’s lines in French alone', async () => {
    const order = sampleOrder();
    const { orderId } = await submitMultipart(t.app, { ...order, includePolyBags: false, language: 'fr' }, [], {
      'x-form-token': pageToken(t),
    });
    const headers = { cookie: owner };
    const lines = [
      { description: 'Tees, printed', descriptionFr: 'T-shirts', quantity: 10, unitPriceCents: 1500, taxable: true },
    ];
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/quote/send`,
      headers,
      payload: { lines, confirmNoProofs: true },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const token = await orderLinkToken(t, orderId);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/approve`,
      payload: { version: 1, fullName: 'Ada Lovelace', agree: true },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const invoice = await t.app.db
      .selectFrom('invoices')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(invoice.document)).toMatchObject({ language: 'fr', lines: [{ descriptionFr: 'T-shirts' }] });
    if (hasPoppler) {
      const text = pdfText(Buffer.from(invoice.pdf));
      expect(text).toContain('T-shirts');
      expect(text).not.toContain('Tees, printed');
    }
  });
});
