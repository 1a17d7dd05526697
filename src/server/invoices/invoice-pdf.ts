// The PDFs a customer keeps and an accountant signs (docs/product.md, "Invoices and payments";
// decision 015): an invoice or credit note, and a payment's receipt, drawn once with PDFKit from
// the frozen document (never a browser), with the creation date the document's own.
//
// - An invoice names the taxes charged on each line (the CRA asks which items are taxed on an
//   invoice of $100 or more), each tax with its rate, base and amount (and the note of a rebated
//   rate), each tax of the place of supply not charged with its reason (a resale exemption with
//   the customer's PST number), where the goods go, the approval it was issued on, and when the
//   balance is due.
// - A credit note says it is one, which invoice it reduces and why, and the taxes it adjusts
//   (SOR/91-44).
// - In the customer's language, or French first with English beside it (pdf-labels.ts).
// - Amounts never wrap: a column too narrow shrinks the amount instead. Names print as typed in
//   any script (pdf/pdf-text.ts).
import { accountHeadline } from '../../shared/invoices/account.js';
import { lineTaxKeys } from '../../shared/invoices/credit-notes.js';
import type { InvoiceDocument, ReceiptDocument, Seller } from '../../shared/invoices/invoice-api.js';
import { PAYMENT_METHODS, offeredMethods } from '../../shared/invoices/payment-methods.js';
import { balanceDueText } from '../../shared/invoices/terms.js';
import { taxKeyOf } from '../../shared/tax-treatment.js';
import type { TaxLine } from '../../shared/taxes.js';
import { lineDescription } from '../../shared/quote.js';
import {
  approvedBy,
  creditStatement,
  deposit,
  depositTerm,
  labelsFor,
  WORDS as W,
  type Labels,
  type Pair,
} from './pdf-labels.js';
import { heightOf, write, write1, type Weight } from '../pdf/pdf-text.js';
import { renderPdf as render, type Doc } from '../pdf/render.js';

const LEFT = 50;
const RIGHT = 562;
const WIDTH = RIGHT - LEFT;

/** A new page when the next `height` points would pass the bottom margin. */
function room(doc: Doc, height: number) {
  if (doc.y + height > doc.page.maxY()) {
    doc.addPage();
    doc.y = doc.page.margins.top;
  }
}

/** The seller on the left; on the right the title on one line (smaller when bilingual) and the facts. */
function header(doc: Doc, seller: Seller, title: string, facts: [Pair, string][], l: Labels) {
  const half = (WIDTH - 12) / 2;
  const right = LEFT + half + 12;
  write(doc, seller.legalName, LEFT, 50, { size: 16, weight: 'bold', width: half });
  const details = [
    seller.address,
    seller.email,
    seller.gstHst ? l.field(W.gstHst, seller.gstHst) : '',
    seller.qst ? l.field(W.qst, seller.qst) : '',
  ];
  for (const line of details.filter(Boolean)) write(doc, line, LEFT, doc.y, { size: 9, width: half });
  const leftBottom = doc.y;
  write1(doc, title, right, 50, { size: 16, weight: 'bold', width: half, align: 'right' });
  for (const [label, value] of facts)
    write(doc, l.field(label, value), right, doc.y, { size: 9, width: half, align: 'right' });
  doc.y = Math.max(leftBottom, doc.y) + 18;
  doc.x = LEFT;
}

/** A heading and its lines from (x, y) within `width`; returns the bottom. */
function block(doc: Doc, heading: string, lines: string[], x = LEFT, y = doc.y, width = WIDTH): number {
  write(doc, heading, x, y, { size: 10, weight: 'bold', width });
  for (const line of lines.filter(Boolean)) write(doc, line, x, doc.y, { size: 9, width });
  return doc.y;
}

// The lines table: the description wraps; the figures never do.
const COLUMNS = {
  description: { x: LEFT, width: 200 },
  quantity: { x: 254, width: 44 },
  unitPrice: { x: 302, width: 76 },
  taxes: { x: 384, width: 92 },
  amount: { x: 480, width: 82 },
} as const;

function row(
  doc: Doc,
  cells: { description: string; quantity: string; unitPrice: string; taxes: string; amount: string },
  weight: Weight = 'regular',
) {
  const size = weight === 'bold' ? 8 : 9;
  const { description, taxes } = COLUMNS;
  room(
    doc,
    Math.max(
      heightOf(doc, cells.description, { size, weight, ...description }),
      heightOf(doc, cells.taxes, { size, weight: 'regular', ...taxes }),
    ),
  );
  const y = doc.y;
  const bottoms = [
    write(doc, cells.description, description.x, y, { size, weight, width: description.width }),
    write(doc, cells.taxes, taxes.x, y, { size: 8, weight, width: taxes.width }),
  ];
  for (const key of ['quantity', 'unitPrice', 'amount'] as const) {
    const { x, width } = COLUMNS[key];
    // The headings may wrap; the figures never do.
    const draw = weight === 'bold' ? write : write1;
    bottoms.push(draw(doc, cells[key], x, y, { size, weight, width, align: 'right' }));
  }
  doc.y = Math.max(...bottoms) + 3;
}

function rule(doc: Doc) {
  doc.moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).lineWidth(0.5).strokeColor('#888888').stroke();
  doc.y += 4;
}

/** A line of the totals: its label (and smaller notes under it) right-aligned, its amount on one line. */
function sum(doc: Doc, label: string, value: string, options: { bold?: boolean; notes?: string[] } = {}) {
  const size = options.bold ? 11 : 9;
  const weight: Weight = options.bold ? 'bold' : 'regular';
  const labelBox = { x: LEFT, width: COLUMNS.amount.x - LEFT - 6 };
  const notes = options.notes ?? [];
  room(
    doc,
    heightOf(doc, label, { size, weight, width: labelBox.width }) +
      notes.reduce((h, n) => h + heightOf(doc, n, { size: 8, width: labelBox.width }), 0),
  );
  const y = doc.y;
  write(doc, label, labelBox.x, y, { size, weight, width: labelBox.width, align: 'right' });
  for (const note of notes) write(doc, note, labelBox.x, doc.y, { size: 8, width: labelBox.width, align: 'right' });
  const labelBottom = doc.y;
  const valueBottom = write1(doc, value, COLUMNS.amount.x, y, {
    size,
    weight,
    width: COLUMNS.amount.width,
    align: 'right',
  });
  doc.y = Math.max(labelBottom, valueBottom) + 2;
}

/** The short names of the taxes charged on each line: "GST PST"; with the rate when two share a name. */
function taxNamesOf(invoice: InvoiceDocument, l: Labels): (keys: string[]) => string {
  const names = new Map<string, string>();
  for (const tax of invoice.taxes) {
    const shared = invoice.taxes.filter((t) => t.code === tax.code).length > 1;
    names.set(taxKeyOf(tax), shared ? `${l.say(tax.name)} ${tax.rateLabel[l.format]}` : l.say(tax.name));
  }
  return (keys) => {
    const known = keys.map((k) => names.get(k)).filter((n): n is string => Boolean(n));
    return known.length > 0 ? known.join(', ') : '—';
  };
}

const taxLabel = (tax: TaxLine, l: Labels) =>
  `${l.say(tax.name)} (${tax.rateLabel[l.format]}) ${l.say(W.on)} ${l.money(tax.taxableCents)}`;

function parties(doc: Doc, invoice: InvoiceDocument, l: Labels) {
  const c = invoice.customer;
  const y = doc.y;
  const half = (WIDTH - 12) / 2;
  const bottoms = [block(doc, l.say(W.billTo), [c.name, c.company, ...c.address], LEFT, y, half)];
  const d = invoice.delivery;
  if (d) {
    bottoms.push(
      d.pickup
        ? block(doc, l.say(W.pickup), [], LEFT + half + 12, y, half)
        : block(doc, l.say(W.shipTo), [d.name, d.company, ...d.address], LEFT + half + 12, y, half),
    );
  }
  doc.y = Math.max(...bottoms) + 4;
  const facts = [l.field(W.placeOfSupply, invoice.province)];
  const a = invoice.approval;
  if (a) facts.push(...l.lines(approvedBy(a.fullName, a.at, a.version, a.quoteSha256, a.timeZone)));
  for (const line of facts) write(doc, line, LEFT, doc.y, { size: 9, width: WIDTH });
  doc.moveDown(0.8);
}

function howToPay(doc: Doc, invoice: InvoiceDocument, l: Labels) {
  const terms = { ...invoice.terms, depositPercent: invoice.depositPercent, reminderDays: 0 };
  const context = {
    terms,
    reference: invoice.orderReference,
    legalName: invoice.seller.legalName,
    dueNowCents: invoice.account
      ? invoice.account.dueNowCents
      : invoice.depositCents > 0
        ? invoice.depositCents
        : invoice.totalCents,
  };
  const say = (language: 'en' | 'fr') => [
    balanceDueText(invoice.terms, language),
    ...offeredMethods(terms).flatMap((m) => m.instructions(context, language)),
  ];
  const lines = l.lines({ en: say('en'), fr: say('fr') });
  room(doc, 14 + lines.reduce((h, line) => h + heightOf(doc, line, { size: 9, width: WIDTH }), 0));
  block(doc, l.say(W.howToPay), lines);
  doc.moveDown(0.8);
}

export function renderInvoicePdf(
  invoice: InvoiceDocument,
  issuedAt: Date,
  logo: Buffer | null = null,
): Promise<Buffer> {
  const l = labelsFor(invoice.language, invoice.bilingual === true);
  const credit = invoice.kind === 'credit_note';
  const title = l.say(invoice.writeOff ? W.writeOff : credit ? W.creditNote : W.invoice);
  return render(
    `${title} ${invoice.number}`,
    issuedAt,
    (doc) => {
      const facts: [Pair, string][] = [
        [W.number, invoice.number],
        [W.date, invoice.issueDate],
        [W.order, invoice.orderReference],
      ];
      if (invoice.quoteVersion !== null) facts.push([W.quote, `v${invoice.quoteVersion}`]);
      header(doc, invoice.seller, title, facts, l);
      parties(doc, invoice, l);
      if (invoice.credits) {
        const statement = l.lines(creditStatement(invoice.credits.number, invoice.credits.issueDate));
        if (invoice.reason) statement.push(l.field(W.reason, invoice.reason));
        for (const line of statement) write(doc, line, LEFT, doc.y, { size: 9, width: WIDTH });
        doc.moveDown(0.8);
      }
      const taxNames = taxNamesOf(invoice, l);
      row(
        doc,
        {
          description: l.say(W.description),
          quantity: l.say(W.quantity),
          unitPrice: l.say(W.unitPrice),
          taxes: l.say(W.taxes),
          amount: l.say(W.amount),
        },
        'bold',
      );
      rule(doc);
      for (const line of invoice.lines) {
        row(doc, {
          description: lineDescription(line, invoice.language, invoice.bilingual === true),
          quantity: String(line.quantity),
          unitPrice: l.money(line.unitPriceCents),
          taxes: taxNames(lineTaxKeys(invoice, line)),
          amount: l.money(line.lineTotalCents),
        });
      }
      rule(doc);
      sum(doc, l.say(W.subtotal), l.money(invoice.subtotalCents));
      for (const tax of invoice.taxes) {
        sum(doc, taxLabel(tax, l), l.money(tax.amountCents), { notes: tax.note ? l.lines(tax.note) : [] });
      }
      for (const tax of invoice.taxesNotCharged) {
        const [first = '', ...rest] = l.lines(tax.reason);
        sum(doc, first, '—', { notes: rest });
      }
      sum(doc, l.say(W.total), l.money(invoice.totalCents), { bold: true });
      if (credit) {
        const taxCents = invoice.taxes.reduce((total, tax) => total + tax.amountCents, 0);
        sum(doc, l.say(W.taxesCredited), l.money(taxCents));
        doc.moveDown(1);
      } else {
        const account = invoice.account;
        if (account) {
          // The account as this invoice left it: what everything else says is due (docs/accounts.md).
          const headline = l.lines({ en: accountHeadline(account, 'en'), fr: accountHeadline(account, 'fr') });
          sum(doc, l.say(depositTerm(invoice.depositPercent)), l.money(invoice.depositCents));
          sum(doc, l.say(W.dueNow), l.money(account.dueNowCents), { bold: true, notes: headline });
          doc.moveDown(1);
          if (account.dueNowCents > 0) howToPay(doc, invoice, l);
        } else {
          sum(doc, l.say(deposit(invoice.depositPercent)), l.money(invoice.depositCents), { bold: true });
          doc.moveDown(1);
          howToPay(doc, invoice, l);
        }
      }
      room(doc, 24);
      for (const line of l.lines(W.keep)) write(doc, line, LEFT, doc.y, { size: 8, width: WIDTH });
    },
    logo,
  );
}

/** A line of a receipt: the label, then an amount (right-aligned, one line) or a text. */
function field(doc: Doc, label: string, value: string, kind: 'amount' | 'text', bold = false) {
  const size = bold ? 11 : 9;
  const weight: Weight = bold ? 'bold' : 'regular';
  room(doc, heightOf(doc, value, { size, weight, width: 302 }) + 4);
  const y = doc.y;
  const bottoms = [write(doc, label, LEFT, y, { size, weight, width: 200 })];
  bottoms.push(
    kind === 'amount'
      ? write1(doc, value, 260, y, { size, weight, width: 150, align: 'right' })
      : write(doc, value, 260, y, { size, weight, width: 302 }),
  );
  doc.y = Math.max(...bottoms) + 3;
}

export function renderReceiptPdf(
  receipt: ReceiptDocument,
  recordedAt: Date,
  logo: Buffer | null = null,
): Promise<Buffer> {
  const l = labelsFor(receipt.language, receipt.bilingual === true);
  const refund = receipt.amountCents < 0;
  const title = l.say(refund ? W.refund : W.receipt);
  return render(
    `${title} ${receipt.number}`,
    recordedAt,
    (doc) => {
      const facts: [Pair, string][] = [
        [W.number, receipt.number],
        [W.date, receipt.receivedOn],
        [W.order, receipt.orderReference],
      ];
      header(doc, receipt.seller, title, facts, l);
      if (receipt.voided) {
        // Voided: recorded in error, counted nowhere (docs/accounts.md, "Voids").
        const v = receipt.voided;
        write(doc, l.say(W.void), LEFT, doc.y, { size: 20, weight: 'bold', width: WIDTH });
        write(doc, `${l.say(W.voided)} ${v.on}, ${v.by}: ${v.reason}`, LEFT, doc.y, { size: 9, width: WIDTH });
        doc.moveDown(0.5);
      }
      block(doc, l.say(refund ? W.paidTo : W.receivedFrom), [receipt.customerName]);
      doc.moveDown(0.8);
      field(doc, l.say(W.amount), l.money(Math.abs(receipt.amountCents)), 'amount', true);
      // A card surcharge: its own line, and what the card was charged; never against the invoices.
      // A refund's (negative) is the surcharge given back with it, and what went back to the card.
      const surcharge = receipt.surchargeCents ?? 0;
      if (surcharge !== 0) {
        field(doc, l.say(W.cardSurcharge), l.money(Math.abs(surcharge)), 'amount');
        field(
          doc,
          l.say(refund ? W.refundedToCard : W.chargedToCard),
          l.money(Math.abs(receipt.amountCents + surcharge)),
          'amount',
        );
      }
      field(doc, l.say(W.method), l.say(PAYMENT_METHODS[receipt.method].label), 'text');
      if (receipt.reference) field(doc, l.say(W.reference), receipt.reference, 'text');
      if (receipt.invoiceNumbers.length > 0) field(doc, l.say(W.invoices), receipt.invoiceNumbers.join(', '), 'text');
      field(doc, l.say(W.paidToDate), l.money(receipt.paidCents), 'amount');
      field(doc, l.say(W.balanceAfter), l.money(receipt.balanceCents), 'amount', true);
      if (receipt.account) {
        const account = receipt.account;
        const headline = l.lines({ en: accountHeadline(account, 'en'), fr: accountHeadline(account, 'fr') });
        doc.moveDown(0.5);
        field(doc, l.say(W.account), headline.join('\n'), 'text', true);
      }
      if (receipt.reason) {
        doc.moveDown(1);
        block(doc, l.say(W.reason), [receipt.reason]);
      }
      if (surcharge !== 0) {
        doc.moveDown(0.5);
        for (const line of l.lines(W.surchargeApart)) write(doc, line, LEFT, doc.y, { size: 8, width: WIDTH });
      }
      doc.moveDown(1);
      room(doc, 24);
      for (const line of l.lines(W.keep)) write(doc, line, LEFT, doc.y, { size: 8, width: WIDTH });
    },
    logo,
  );
}
