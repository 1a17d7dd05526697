// The purchase order's PDF and CSV drawn from a PO alone: a long PO runs onto further pages with
// every line, a size-less line says "one size", and a CSV cell cannot start a formula.
import { describe, expect, it } from 'vitest';
import type { PurchaseOrder } from '../../shared/purchasing/purchasing-api.js';
import { pdfText } from '../../../tests/support/pdf.js';
import { purchaseOrderCsv, purchaseOrderPdf } from './purchase-order-documents.js';

const line = (i: number, size = 'M') => ({
  id: `l${i}`,
  style: `ST${i}`,
  sku: `SKU-${String(i).padStart(3, '0')}`,
  name: 'Tee',
  colour: 'Black',
  size,
  needed: i,
  quantity: i + 1,
  received: 0,
  damaged: 0,
  short: i + 1,
  note: '',
});

const po = (lines: PurchaseOrder['lines']): PurchaseOrder => ({
  id: 'p',
  number: 'PO-2026-0042',
  supplier: 'SanMar Canada',
  madeAt: '2026-11-26T15:00:00.000Z',
  madeBy: 'clerk@shop.ca',
  sentAt: null,
  sentBy: null,
  overagePercent: 2,
  pieces: lines.reduce((s, l) => s + l.quantity, 0),
  received: false,
  references: [],
  shipTo: '',
  shopAddress: '',
  shopPhone: '',
  accountNumber: '',
  needBy: null,
  revision: 1,
  supersededBy: null,
  lines,
});

describe('the purchase order PDF', () => {
  it('runs a long order onto further pages, every line and the total printed', async () => {
    const lines = Array.from({ length: 90 }, (_, i) => line(i + 1));
    const text = pdfText(await purchaseOrderPdf(po(lines), 'Our Apparel Shop', '2026-11-26', 'en'));
    expect(text.split('\f').filter((p) => p.trim()).length).toBeGreaterThan(1);
    for (const l of lines) expect(text).toContain(l.sku);
    expect(text).toMatch(/Total pieces\s+4,185/);
    expect(text).toContain('Please quote PO-2026-0042 on the packing slip.');
  });

  it('says "one size" for a count given without sizes, in French too', async () => {
    const fr = pdfText(await purchaseOrderPdf(po([line(1, '')]), 'Boutique', '2026-11-26', 'fr'));
    expect(fr).toMatch(/SKU-001\s+Tee\s+Black\s+taille unique\s+2/);
    expect(fr).toContain('BON DE COMMANDE');
  });
});

describe('the purchase order CSV', () => {
  it('quotes text, guards a formula, and leaves quantities plain numbers', () => {
    const evil = { ...line(1), sku: '=HYPERLINK("x")', colour: 'Navy, "deep"' };
    expect(purchaseOrderCsv(po([evil]))).toBe(
      '"Style","Colour","Size","Quantity"\n"\'=HYPERLINK(""x"")","Navy, ""deep""","M",2\n',
    );
  });
});
