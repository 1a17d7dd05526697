// The invoice, credit note and receipt PDFs read as an accountant's tools read them (pdftotext):
// which taxes each line carries, the taxes not charged and why, the delivery and the approval,
// bilingual labels, amounts that never wrap, and names in any script exactly as typed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Account } from '../../shared/invoices/account.js';
import type { InvoiceDocument, ReceiptDocument } from '../../shared/invoices/invoice-api.js';
import { computeQuote, type QuoteLineInput } from '../../shared/quote.js';
import type { TaxExemption } from '../../shared/tax-treatment.js';
import { hasPoppler, pdfText } from '../../../tests/support/pdf.js';
import { renderInvoicePdf, renderReceiptPdf } from './invoice-pdf.js';

if (!hasPoppler) console.log('invoice-pdf.test: pdftotext (poppler-utils) not installed; these checks are skipped');

const ISSUED = new Date('2026-01-15T14:03:22Z');
const SELLER = {
  legalName: 'Maple Print Works Inc.',
  address: '12 King St W, Toronto ON M5H 1A1',
  gstHst: '123456782 RT0001',
  qst: '1234567890 TQ0001',
  email: 'shop@example.ca',
};

interface Options {
  province: string;
  exemption?: TaxExemption;
  language?: 'en' | 'fr';
  bilingual?: boolean;
}

/** An invoice of these lines as issued on approval: taxes line by line from computeQuote. */
function invoiceOf(lines: QuoteLineInput[], options: Options, more: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const computed = computeQuote(lines, {
    province: options.province,
    date: '2026-01-15',
    exemption: options.exemption ?? null,
  });
  if (!computed.ok) throw new Error(JSON.stringify(computed.errors));
  const q = computed.quote;
  return {
    format: 'invoice/2',
    kind: 'invoice',
    number: '2026-0042',
    issueDate: '2026-01-15',
    language: options.language ?? 'en',
    ...(options.bilingual ? { bilingual: true } : {}),
    orderReference: 'MPW-7Q4K',
    quoteVersion: 3,
    quoteSha256: '0123456789abcdef'.repeat(4),
    credits: null,
    reason: null,
    seller: SELLER,
    customer: { name: 'Jane Tremblay', company: 'Tremblay Sports', address: ['1 Main St', 'Regina SK S4P 3Y2'] },
    province: q.province,
    ...(q.exemption ? { exemption: q.exemption } : {}),
    lines: q.lines.map((line, i) => ({ ...line, taxKeys: q.lineTaxKeys![i]! })),
    subtotalCents: q.subtotalCents,
    taxes: q.taxes,
    taxesNotCharged: q.taxesNotCharged ?? [],
    totalCents: q.totalCents,
    depositPercent: 50,
    depositCents: Math.round(q.totalCents / 2),
    terms: {
      balanceDue: 'pickup',
      balanceDays: 30,
      methods: ['etransfer', 'cheque'],
      etransferEmail: 'pay@example.ca',
      autodeposit: true,
    },
    ...more,
  };
}

const textOf = async (doc: InvoiceDocument) => pdfText(await renderInvoicePdf(doc, ISSUED));

/** The line of `pdftotext -layout` that holds `needle` (a row of the table, a line of the totals). */
function lineWith(text: string, needle: string): string {
  const line = text.split('\n').find((l) => l.includes(needle));
  if (line === undefined) throw new Error(`No line holds "${needle}" in:\n${text}`);
  return line;
}

/** French amounts' narrow and plain no-break spaces, and a wrapped sentence's line breaks, as plain spaces. */
const flat = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');

function fontsOf(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-fonts-'));
  try {
    fs.writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    return execFileSync('pdffonts', [path.join(dir, 'doc.pdf')]).toString('utf8');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe.skipIf(!hasPoppler)('invoice and receipt PDFs', () => {
  it('marks which lines carry the GST and which the PST (a mixed-tax Saskatchewan invoice)', async () => {
    const text = await textOf(
      invoiceOf(
        [
          { description: 'Printed tees', quantity: 50, unitPriceCents: 1200, taxable: true },
          { description: 'Design time', quantity: 2, unitPriceCents: 4500, taxable: true, notTaxed: ['pst'] },
          { description: 'Gift certificate', quantity: 1, unitPriceCents: 2500, taxable: false },
        ],
        { province: 'SK' },
      ),
    );
    expect(lineWith(text, 'Description')).toContain('Taxes');
    expect(lineWith(text, 'Printed tees')).toMatch(/\$12\.00\s+GST, PST\s+\$600\.00/);
    const design = lineWith(text, 'Design time');
    expect(design).toMatch(/\$45\.00\s+GST\s+\$90\.00/);
    expect(design).not.toContain('PST');
    const gift = lineWith(text, 'Gift certificate');
    expect(gift).toMatch(/\$25\.00\s+—\s+\$25\.00/);
    expect(gift).not.toMatch(/GST|PST/);
    expect(lineWith(text, 'GST (5%) on $690.00')).toMatch(/\$34\.50\s*$/);
    expect(lineWith(text, 'PST (6%) on $600.00')).toMatch(/\$36\.00\s*$/);
    expect(lineWith(text, 'Total')).toMatch(/\$785\.50\s*$/);
  });

  it('prints a resale exemption with the customer’s PST number, and no PST (British Columbia)', async () => {
    const text = await textOf(
      invoiceOf([{ description: 'Printed hoodies', quantity: 24, unitPriceCents: 3500, taxable: true }], {
        province: 'BC',
        exemption: { kind: 'resale', pstNumber: 'PST-1234-5678' },
      }),
    );
    expect(lineWith(text, 'PST exempt: purchase for resale, PST number PST-1234-5678')).toMatch(/—\s*$/);
    expect(lineWith(text, 'Printed hoodies')).toMatch(/\$35\.00\s+GST\s+\$840\.00/);
    expect(text).not.toContain('PST (7%)');
    expect(lineWith(text, 'GST (5%) on $840.00')).toMatch(/\$42\.00\s*$/);
    expect(lineWith(text, 'Total')).toMatch(/\$882\.00\s*$/);
  });

  it('prints children’s clothing at the rebated HST rate with the rebate’s note (Ontario)', async () => {
    const text = await textOf(
      invoiceOf(
        [
          { description: 'Adult tees', quantity: 20, unitPriceCents: 1500, taxable: true },
          { description: 'Youth tees', quantity: 15, unitPriceCents: 1200, taxable: true, childrens: true },
        ],
        { province: 'ON' },
      ),
    );
    expect(lineWith(text, 'Adult tees')).toMatch(/\$15\.00\s+HST 13%\s+\$300\.00/);
    expect(lineWith(text, 'Youth tees')).toMatch(/\$12\.00\s+HST 5%\s+\$180\.00/);
    expect(lineWith(text, 'HST (13%) on $300.00')).toMatch(/\$39\.00\s*$/);
    expect(lineWith(text, 'HST (5%) on $180.00')).toMatch(/\$9\.00\s*$/);
    expect(text).toContain('children’s clothing: provincial part rebated at the point of sale');
    expect(lineWith(text, 'Total')).toMatch(/\$528\.00\s*$/);
  });

  it('gives a legacy invoice/1 line without tax keys every tax when taxable, none when not', async () => {
    const doc = invoiceOf(
      [
        { description: 'Printed tees', quantity: 10, unitPriceCents: 1500, taxable: true },
        { description: 'Rush fee waived', quantity: 1, unitPriceCents: 2000, taxable: false },
      ],
      { province: 'QC' },
    );
    const legacy: InvoiceDocument = {
      ...doc,
      format: 'invoice/1',
      lines: doc.lines.map(({ taxKeys: _, ...line }) => line),
    };
    const text = await textOf(legacy);
    expect(lineWith(text, 'Printed tees')).toContain('GST, QST');
    expect(lineWith(text, 'Rush fee waived')).toMatch(/\$20\.00\s+—\s+\$20\.00/);
  });

  it('says where the goods go, the approval it was issued on, and when the balance is due', async () => {
    const lines = [{ description: 'Printed tees', quantity: 50, unitPriceCents: 1200, taxable: true }];
    const approval = {
      fullName: 'Jane Tremblay',
      at: '2026-01-15T14:03:22.000Z',
      version: 3,
      quoteSha256: 'ab'.repeat(32),
    };
    const shipped = await textOf(
      invoiceOf(
        lines,
        { province: 'ON' },
        {
          delivery: {
            pickup: false,
            name: 'Marc Roy',
            company: 'Roy Hockey',
            address: ['8 Lake Rd', 'Barrie ON L4M 1A1'],
          },
          approval,
          terms: { ...invoiceOf(lines, { province: 'ON' }).terms, balanceDue: 'before_shipping' },
        },
      ),
    );
    expect(lineWith(shipped, 'Bill to')).toContain('Ship to');
    expect(lineWith(shipped, 'Jane Tremblay')).toContain('Marc Roy');
    expect(lineWith(shipped, 'Tremblay Sports')).toContain('Roy Hockey');
    expect(lineWith(shipped, '1 Main St')).toContain('8 Lake Rd');
    expect(shipped).toContain('Place of supply: ON');
    expect(shipped).toContain(
      'Approved online by Jane Tremblay on January 15, 2026 at 14:03 UTC, quote v3 (SHA-256 abababababab…)',
    );
    expect(shipped).toContain('Balance due before shipping.');
    const picked = await textOf(
      invoiceOf(lines, { province: 'ON' }, { delivery: { pickup: true, name: '', company: '', address: [] } }),
    );
    expect(lineWith(picked, 'Bill to')).toContain('Pickup at the shop');
    expect(picked).not.toContain('Ship to');
    expect(picked).toContain('Balance due at pickup.');
    const days = await textOf(
      invoiceOf(
        lines,
        { province: 'ON' },
        { terms: { ...invoiceOf(lines, { province: 'ON' }).terms, balanceDue: 'days', balanceDays: 30 } },
      ),
    );
    expect(days).toContain('Balance due within 30 days of the invoice date.');
  });

  it('writes a Quebec shop’s invoice for an English-speaking customer French first, English beside it', async () => {
    const text = await textOf(
      invoiceOf([{ description: 'Printed tees', quantity: 50, unitPriceCents: 1234, taxable: true }], {
        province: 'QC',
        language: 'fr',
        bilingual: true,
      }),
    );
    for (const label of [
      'FACTURE / INVOICE',
      'Numéro / Number',
      'Commande / Order',
      'Facturer à / Bill to',
      'Lieu de fourniture / Place of supply',
      'Qté / Qty',
      'Montant / Amount',
      'Sous-total / Subtotal',
      'Acompte dû (50 %) / Deposit due (50%)',
      'Comment payer / How to pay',
      'Numéro d’inscription TVQ / QST registration number',
    ]) {
      expect(flat(text)).toContain(label);
    }
    expect(lineWith(text, 'Printed tees')).toContain('TPS / GST, TVQ / QST');
    expect(flat(lineWith(text, 'TPS / GST (5 %) sur / on'))).toMatch(/sur \/ on 617,00 \$ 30,85 \$$/);
    expect(flat(lineWith(text, 'TVQ / QST (9,975 %) sur / on'))).toMatch(/sur \/ on 617,00 \$ 61,55 \$$/);
    expect(flat(lineWith(text, 'Total'))).toMatch(/709,40 \$$/);
    expect(text).not.toContain('$709.40');
    expect(text).toContain('Solde payable à la cueillette.');
    expect(text).toContain('Balance due at pickup.');
  });

  it('writes a French customer’s invoice in French alone', async () => {
    const text = await textOf(
      invoiceOf([{ description: 'T-shirts imprimés', quantity: 50, unitPriceCents: 1234, taxable: true }], {
        province: 'QC',
        language: 'fr',
      }),
    );
    expect(text).toContain('FACTURE');
    expect(text).toContain('Sous-total');
    expect(text).not.toMatch(/INVOICE|Subtotal|Bill to|How to pay/);
    expect(flat(lineWith(text, 'Total'))).toMatch(/709,40 \$$/);
  });

  it('says a credit note is one, the invoice it reduces, why, and the taxes it adjusts', async () => {
    const original = invoiceOf([{ description: 'Printed tees', quantity: 10, unitPriceCents: 1500, taxable: true }], {
      province: 'QC',
      language: 'fr',
      bilingual: true,
    });
    const note: InvoiceDocument = {
      ...original,
      kind: 'credit_note',
      number: 'CN-2026-0003',
      credits: { number: '2026-0042', issueDate: '2026-01-15' },
      reason: 'Two shirts misprinted',
      lines: [
        {
          description: 'Crédit\u00a0: Printed tees',
          quantity: 1,
          unitPriceCents: 3000,
          taxable: true,
          lineTotalCents: 3000,
          taxKeys: ['GST|5000', 'QST|9975'],
          creditsLine: 0,
        },
      ],
      subtotalCents: 3000,
      taxes: original.taxes.map((t) => ({
        ...t,
        taxableCents: 3000,
        amountCents: t.code === 'GST' ? 150 : 299,
      })),
      totalCents: 3449,
      depositPercent: 0,
      depositCents: 0,
    };
    const text = await textOf(note);
    const words = flat(text);
    expect(words).toContain('NOTE DE CRÉDIT / CREDIT NOTE');
    expect(words).toContain('Cette note de crédit réduit la facture 2026-0042 du 15 janvier 2026');
    expect(words).toContain('This credit note reduces invoice 2026-0042 of January 15, 2026');
    expect(words).toContain('Motif / Reason : Two shirts misprinted');
    expect(words).toContain('CN-2026-0003');
    expect(words).toContain('Jane Tremblay');
    expect(words).toContain('123456782 RT0001');
    expect(flat(lineWith(text, 'Printed tees'))).toContain('Crédit : Printed tees');
    expect(lineWith(text, 'Printed tees')).toContain('TPS / GST, TVQ / QST');
    expect(flat(lineWith(text, 'Taxes créditées / Taxes credited'))).toMatch(/4,49 \$$/);
    expect(flat(lineWith(text, 'Total'))).toMatch(/34,49 \$$/);
    expect(text).not.toContain('Acompte');
  });

  it('keeps a total of a million dollars or more on one line, in English and in French', async () => {
    const lines = [
      { description: 'Embroidered jackets', quantity: 1000, unitPriceCents: 100_000, taxable: true },
      { description: 'Digitizing', quantity: 2, unitPriceCents: 8_788_947, taxable: true },
    ];
    const en = await textOf(invoiceOf(lines, { province: 'AB' }));
    expect(lineWith(en, '$1,234,567.89')).toMatch(/Total\s+\$1,234,567\.89\s*$/);
    expect(lineWith(en, 'Embroidered jackets')).toMatch(/\$1,000\.00\s+GST\s+\$1,000,000\.00\s*$/);
    expect(lineWith(en, 'Subtotal')).toMatch(/\$1,175,778\.94\s*$/);
    expect(lineWith(en, 'Deposit due')).toMatch(/\$617,283\.95\s*$/);
    const fr = flat(await textOf(invoiceOf(lines, { province: 'AB', language: 'fr' })));
    expect(fr).toContain('Total 1 234 567,89 $');
    expect(fr).toContain('1 000 000,00 $');
    const qc = flat(await textOf(invoiceOf(lines, { province: 'QC', language: 'fr', bilingual: true })));
    expect(qc).toMatch(/Total \d \d{3} \d{3},\d{2} \$/);
  });

  it.each([
    ['Chinese', '王小明'],
    ['Japanese', '山田 太郎'],
    ['Japanese kana', 'やまだ たろう'],
    ['Korean', '김민준'],
    ['Arabic', 'محمد عبد الله'],
    ['Arabic with a lam-alef', 'صلاح علاء'],
    ['Urdu', 'عائشہ خان'],
    ['Greek', 'Γιώργος Παπαδόπουλος'],
    ['Cyrillic', 'Владимир Иванов'],
  ])('prints a billing name in %s as typed: %s', async (_, name) => {
    const doc = invoiceOf([{ description: 'Printed tees', quantity: 10, unitPriceCents: 1500, taxable: true }], {
      province: 'ON',
    });
    const text = await textOf({ ...doc, customer: { ...doc.customer, name } });
    expect(text).toContain(name);
  });

  it('embeds a fallback font only when a name needs it, and only the glyphs used', async () => {
    const doc = invoiceOf([{ description: 'Printed tees', quantity: 10, unitPriceCents: 1500, taxable: true }], {
      province: 'ON',
    });
    const latin = await renderInvoicePdf(doc, ISSUED);
    expect(fontsOf(latin)).not.toMatch(/Noto/);
    const chinese = await renderInvoicePdf({ ...doc, customer: { ...doc.customer, name: '王小明' } }, ISSUED);
    const fonts = fontsOf(chinese);
    expect(fonts).toMatch(/\+NotoSansHans-Regular\s/);
    expect(fonts).not.toMatch(/NotoSansKR/);
    // The Chinese font file is 8 MB; the subset of three characters (and the font's shared
    // subroutines) adds tens of kilobytes.
    expect(chinese.length - latin.length).toBeLessThan(100_000);
  });

  describe('receipts', () => {
    const account: Account = {
      state: 'deposit_due',
      invoicedCents: 70940,
      paidCents: 20000,
      balanceCents: 50940,
      depositCents: 35470,
      depositOutstandingCents: 15470,
      dueNowCents: 15470,
      refundCents: 0,
      notAskedCents: 0,
      balanceDueOn: null,
    };
    const receipt: ReceiptDocument = {
      format: 'receipt/1',
      number: 'R-2026-0007',
      receivedOn: '2026-01-16',
      language: 'en',
      orderReference: 'MPW-7Q4K',
      seller: SELLER,
      customerName: 'Jane Tremblay',
      amountCents: 20000,
      method: 'etransfer',
      reference: 'CA8XYZ',
      reason: '',
      invoiceNumbers: ['2026-0042'],
      paidCents: 20000,
      balanceCents: 50940,
      account,
    };

    it('prints the account’s headline under the amounts', async () => {
      const text = pdfText(await renderReceiptPdf(receipt, ISSUED));
      expect(lineWith(text, 'Amount')).toContain('$200.00');
      expect(lineWith(text, 'Balance after this payment')).toContain('$509.40');
      expect(text.indexOf('Deposit due: $154.70')).toBeGreaterThan(text.indexOf('Balance after this payment'));
      const older = pdfText(await renderReceiptPdf({ ...receipt, account: undefined }, ISSUED));
      expect(older).not.toContain('Deposit due');
    });

    it('writes a Quebec shop’s receipt French first, English beside it', async () => {
      const text = pdfText(await renderReceiptPdf({ ...receipt, language: 'fr', bilingual: true }, ISSUED));
      const words = flat(text);
      for (const label of [
        'REÇU / RECEIPT',
        'Reçu de / Received from',
        'Montant / Amount',
        'Mode de paiement / Method',
        'Virement Interac / Interac e-Transfer',
        'Payé à ce jour / Paid to date',
        'Solde après ce paiement /',
        'Balance after this payment',
        'Acompte dû : 154,70 $',
        'Deposit due: $154.70',
      ]) {
        expect(words).toContain(label);
      }
      expect(flat(lineWith(text, 'Montant / Amount'))).toContain('200,00 $');
    });

    it('prints a refund of a million dollars on one line', async () => {
      const text = pdfText(
        await renderReceiptPdf(
          { ...receipt, amountCents: -123_456_789, reason: 'Order cancelled', account: undefined },
          ISSUED,
        ),
      );
      expect(text).toContain('REFUND');
      expect(lineWith(text, 'Amount')).toContain('$1,234,567.89');
      expect(text).toContain('Order cancelled');
    });
  });
});
