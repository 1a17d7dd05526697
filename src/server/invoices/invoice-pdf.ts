// The PDFs a customer keeps: an invoice or credit note, and a payment's receipt, drawn with
// PDFKit from the frozen document (never a browser), in the customer's language, with the
// creation date the document's own.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatCents } from '../../shared/money.js';
import { balanceDueText } from '../../shared/invoices/terms.js';
import { PAYMENT_METHODS, offeredMethods } from '../../shared/invoices/payment-methods.js';
import type { InvoiceDocument, ReceiptDocument, Seller } from '../../shared/invoices/invoice-api.js';

type Language = 'en' | 'fr';

const WORDS = {
  en: {
    colon: ': ',
    invoice: 'INVOICE',
    creditNote: 'CREDIT NOTE',
    receipt: 'RECEIPT',
    refund: 'REFUND',
    number: 'Number',
    date: 'Date',
    order: 'Order',
    quote: 'Quote',
    billTo: 'Bill to',
    receivedFrom: 'Received from',
    paidTo: 'Refunded to',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    total: 'Total',
    on: 'on',
    gstHst: 'GST/HST registration number',
    qst: 'QST registration number',
    deposit: (percent: number) => `Deposit due (${percent}%)`,
    balance: 'Balance',
    howToPay: 'How to pay',
    credits: (n: string, d: string) => `Credits invoice ${n} of ${d}.`,
    reason: 'Reason',
    method: 'Method',
    reference: 'Reference',
    invoices: 'Invoices',
    paidToDate: 'Paid to date',
    balanceAfter: 'Balance after this payment',
    notCharged: 'Not charged',
    placeOfSupply: 'Place of supply',
    keep: 'Keep this document for your records.',
  },
  fr: {
    colon: '\u00a0: ',
    invoice: 'FACTURE',
    creditNote: 'NOTE DE CRÉDIT',
    receipt: 'REÇU',
    refund: 'REMBOURSEMENT',
    number: 'Numéro',
    date: 'Date',
    order: 'Commande',
    quote: 'Soumission',
    billTo: 'Facturer à',
    receivedFrom: 'Reçu de',
    paidTo: 'Remboursé à',
    description: 'Description',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire',
    amount: 'Montant',
    subtotal: 'Sous-total',
    total: 'Total',
    on: 'sur',
    gstHst: 'Numéro d’inscription TPS/TVH',
    qst: 'Numéro d’inscription TVQ',
    deposit: (percent: number) => `Acompte dû (${percent} %)`,
    balance: 'Solde',
    howToPay: 'Comment payer',
    credits: (n: string, d: string) => `Crédite la facture ${n} du ${d}.`,
    reason: 'Motif',
    method: 'Mode de paiement',
    reference: 'Référence',
    invoices: 'Factures',
    paidToDate: 'Payé à ce jour',
    balanceAfter: 'Solde après ce paiement',
    notCharged: 'Non perçue',
    placeOfSupply: 'Lieu de fourniture',
    keep: 'Conservez ce document pour vos dossiers.',
  },
} as const;

/**
 * DejaVu Sans (its own free licence, shipped as the npm package dejavu-fonts-ttf), embedded and
 * subset by PDFKit: every name a Canadian customer may have (Łukasz, Nguyễn, Ōta) prints as
 * typed, as do French amounts' narrow no-break spaces. Read once, at the first document.
 */
const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | null = null;
function loadFonts() {
  fonts ??= {
    regular: fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}
const REGULAR = 'Body';
const BOLD = 'Body-Bold';

/** Text as drawn: control characters (a tab, a stray escape) never reach the PDF. */
export function pdfText(text: string): string {
  return [...text].map((ch) => (isControl(ch) ? ' ' : ch)).join('');
}

const isControl = (ch: string) => {
  const code = ch.codePointAt(0)!;
  return (code < 0x20 && ch !== '\n') || code === 0x7f;
};

function render(title: string, created: Date, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 50,
    info: { Title: pdfText(title), Producer: 'PDFKit', Creator: 'Order form', CreationDate: created },
  });
  const { regular, bold } = loadFonts();
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);
  doc.font(REGULAR);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return ended.then(() => Buffer.concat(chunks));
}

const LEFT = 50;
const RIGHT = 562;

function header(
  doc: PDFKit.PDFDocument,
  seller: Seller,
  title: string,
  facts: [string, string][],
  w: (typeof WORDS)[Language],
) {
  doc.font(BOLD).fontSize(16).text(pdfText(seller.legalName), LEFT, 50, { width: 300 });
  doc.font(REGULAR).fontSize(9);
  if (seller.address) doc.text(pdfText(seller.address), { width: 300 });
  if (seller.email) doc.text(pdfText(seller.email), { width: 300 });
  if (seller.gstHst) doc.text(pdfText(`${w.gstHst}${w.colon}${seller.gstHst}`), { width: 300 });
  if (seller.qst) doc.text(pdfText(`${w.qst}${w.colon}${seller.qst}`), { width: 300 });
  const leftBottom = doc.y;
  doc.font(BOLD).fontSize(16).text(pdfText(title), 362, 50, { width: 200, align: 'right' });
  doc.font(REGULAR).fontSize(9);
  for (const [label, value] of facts)
    doc.text(pdfText(`${label}${w.colon}${value}`), 362, doc.y, { width: 200, align: 'right' });
  doc.y = Math.max(leftBottom, doc.y) + 18;
  doc.x = LEFT;
}

function block(doc: PDFKit.PDFDocument, heading: string, lines: string[]) {
  doc.font(BOLD).fontSize(10).text(pdfText(heading), LEFT, doc.y);
  doc.font(REGULAR).fontSize(9);
  for (const line of lines.filter(Boolean)) doc.text(pdfText(line), LEFT, doc.y, { width: RIGHT - LEFT });
  doc.moveDown(0.8);
}

/** A row of the lines table: description wraps, the figures stay right-aligned. */
function row(doc: PDFKit.PDFDocument, cells: [string, string, string, string], bold = false) {
  const y = doc.y;
  doc.font(bold ? BOLD : REGULAR).fontSize(9);
  doc.text(pdfText(cells[0]), LEFT, y, { width: 282 });
  const bottom = doc.y;
  doc.text(pdfText(cells[1]), 335, y, { width: 50, align: 'right' });
  doc.text(pdfText(cells[2]), 390, y, { width: 80, align: 'right' });
  doc.text(pdfText(cells[3]), 475, y, { width: 87, align: 'right' });
  doc.y = Math.max(bottom, doc.y) + 3;
  if (doc.y > 700) doc.addPage();
}

function rule(doc: PDFKit.PDFDocument) {
  doc.moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).lineWidth(0.5).strokeColor('#888888').stroke();
  doc.y += 4;
}

function sum(doc: PDFKit.PDFDocument, label: string, value: string, bold = false) {
  const y = doc.y;
  doc.font(bold ? BOLD : REGULAR).fontSize(bold ? 11 : 9);
  doc.text(pdfText(label), 250, y, { width: 220, align: 'right' });
  doc.text(pdfText(value), 475, y, { width: 87, align: 'right' });
  doc.y = Math.max(doc.y, y + 12) + 2;
}

export function renderInvoicePdf(invoice: InvoiceDocument, issuedAt: Date): Promise<Buffer> {
  const lang = invoice.language;
  const w = WORDS[lang];
  const money = (cents: number) => formatCents(cents, lang);
  const credit = invoice.kind === 'credit_note';
  const title = credit ? w.creditNote : w.invoice;
  return render(`${title} ${invoice.number}`, issuedAt, (doc) => {
    const facts: [string, string][] = [
      [w.number, invoice.number],
      [w.date, invoice.issueDate],
      [w.order, invoice.orderReference],
    ];
    if (invoice.quoteVersion !== null) facts.push([w.quote, `v${invoice.quoteVersion}`]);
    header(doc, invoice.seller, title, facts, w);
    const c = invoice.customer;
    block(doc, w.billTo, [c.name, c.company, ...c.address, `${w.placeOfSupply}${w.colon}${invoice.province}`]);
    if (invoice.credits) {
      block(doc, w.credits(invoice.credits.number, invoice.credits.issueDate), [
        invoice.reason ? `${w.reason}${w.colon}${invoice.reason}` : '',
      ]);
    }
    row(doc, [w.description, w.quantity, w.unitPrice, w.amount], true);
    rule(doc);
    for (const line of invoice.lines) {
      row(doc, [line.description, String(line.quantity), money(line.unitPriceCents), money(line.lineTotalCents)]);
    }
    rule(doc);
    sum(doc, w.subtotal, money(invoice.subtotalCents));
    for (const tax of invoice.taxes) {
      sum(doc, `${tax.name[lang]} (${tax.rateLabel[lang]}) ${w.on} ${money(tax.taxableCents)}`, money(tax.amountCents));
    }
    for (const tax of invoice.taxesNotCharged) sum(doc, `${tax.name[lang]}${w.colon}${w.notCharged}`, '—');
    sum(doc, w.total, money(invoice.totalCents), true);
    if (!credit) {
      sum(doc, w.deposit(invoice.depositPercent), money(invoice.depositCents), true);
      doc.moveDown(1);
      const terms = { ...invoice.terms, depositPercent: invoice.depositPercent, reminderDays: 0 };
      block(doc, w.howToPay, [
        balanceDueText(invoice.terms, lang),
        ...offeredMethods(terms).flatMap((m) =>
          m.instructions(
            {
              terms,
              reference: invoice.orderReference,
              legalName: invoice.seller.legalName,
              dueNowCents: invoice.depositCents > 0 ? invoice.depositCents : invoice.totalCents,
            },
            lang,
          ),
        ),
      ]);
    }
    for (const tax of invoice.taxesNotCharged)
      doc
        .font(REGULAR)
        .fontSize(8)
        .text(pdfText(`${tax.name[lang]}${w.colon}${tax.reason[lang]}`), LEFT, doc.y);
    doc.moveDown(1).font(REGULAR).fontSize(8).text(pdfText(w.keep), LEFT, doc.y);
  });
}

export function renderReceiptPdf(receipt: ReceiptDocument, recordedAt: Date): Promise<Buffer> {
  const lang = receipt.language;
  const w = WORDS[lang];
  const money = (cents: number) => formatCents(cents, lang);
  const refund = receipt.amountCents < 0;
  const title = refund ? w.refund : w.receipt;
  return render(`${title} ${receipt.number}`, recordedAt, (doc) => {
    header(
      doc,
      receipt.seller,
      title,
      [
        [w.number, receipt.number],
        [w.date, receipt.receivedOn],
        [w.order, receipt.orderReference],
      ],
      w,
    );
    block(doc, refund ? w.paidTo : w.receivedFrom, [receipt.customerName]);
    sum(doc, w.amount, money(Math.abs(receipt.amountCents)), true);
    sum(doc, w.method, PAYMENT_METHODS[receipt.method].label[lang]);
    if (receipt.reference) sum(doc, w.reference, receipt.reference);
    if (receipt.invoiceNumbers.length > 0) sum(doc, w.invoices, receipt.invoiceNumbers.join(', '));
    sum(doc, w.paidToDate, money(receipt.paidCents));
    sum(doc, w.balanceAfter, money(receipt.balanceCents), true);
    if (receipt.reason) {
      doc.moveDown(1);
      block(doc, w.reason, [receipt.reason]);
    }
    doc.moveDown(1).font(REGULAR).fontSize(8).text(pdfText(w.keep), LEFT, doc.y);
  });
}
