// A purchase order as the supplier receives it (docs/production.md, "Blanks and purchase
// orders"): a PDF (PDFKit through the platform's pdf/, in the language of the staff member who
// downloads it) and a CSV of the supplier's style, colour, size and quantity, one row a line.
// Neither carries a price (the supplier's own price list has them) nor a customer's name.
import { spreadsheetSafe } from '../http/csv-cells.js';
import { write, write1 } from '../pdf/pdf-text.js';
import { renderPdf, type Doc } from '../pdf/render.js';
import type { Language } from '../../shared/order-presentation.js';
import type { PurchaseOrder } from '../../shared/purchasing/purchasing-api.js';

const WORDS = {
  en: {
    title: 'PURCHASE ORDER',
    from: 'From',
    to: 'Supplier',
    date: 'Date',
    shipTo: 'Ship to',
    phone: 'Phone',
    account: 'Our account number',
    needBy: 'Needed by',
    style: 'Style (SKU)',
    description: 'Description',
    colour: 'Colour',
    size: 'Size',
    quantity: 'Quantity',
    total: 'Total pieces',
    oneSize: 'one size',
    footer: (number: string) => `Please quote ${number} on the packing slip.`,
    field: (label: string, value: string) => `${label}: ${value}`,
  },
  fr: {
    title: 'BON DE COMMANDE',
    from: 'De',
    to: 'Fournisseur',
    date: 'Date',
    shipTo: 'Livrer à',
    phone: 'Téléphone',
    account: 'Notre numéro de compte',
    needBy: 'Requis pour le',
    style: 'Modèle (SKU)',
    description: 'Description',
    colour: 'Couleur',
    size: 'Taille',
    quantity: 'Quantité',
    total: 'Total des pièces',
    oneSize: 'taille unique',
    footer: (number: string) => `Veuillez indiquer ${number} sur le bordereau d’expédition.`,
    field: (label: string, value: string) => `${label}\u00a0: ${value}`,
  },
} as const;

const LEFT = 50;
const RIGHT = 562;
/** Column starts: style, description, colour, size, quantity (right-aligned to RIGHT). */
const COLUMNS = [LEFT, 150, 310, 400, 490] as const;

function row(doc: Doc, cells: readonly string[], bold = false): void {
  const top = doc.y;
  let bottom = top;
  cells.forEach((text, i) => {
    const x = COLUMNS[i]!;
    const width = (i + 1 < COLUMNS.length ? COLUMNS[i + 1]! : RIGHT) - x - 6;
    const options = { size: 10, weight: bold ? ('bold' as const) : ('regular' as const), width };
    doc.y = top;
    if (i === cells.length - 1) write1(doc, text, x, top, { ...options, align: 'right' });
    else write(doc, text, x, top, options);
    bottom = Math.max(bottom, doc.y);
  });
  doc.y = bottom + 4;
  if (doc.y > doc.page.maxY() - 30) {
    doc.addPage();
    doc.y = 50;
  }
}

/** The PDF of a purchase order, on the day it was made in the shop's calendar, with the shop's logo when it has one. */
export function purchaseOrderPdf(
  po: PurchaseOrder,
  shopName: string,
  madeOn: string,
  language: Language,
  logo: Buffer | null = null,
): Promise<Buffer> {
  const w = WORDS[language];
  const number = (n: number) => n.toLocaleString(language === 'fr' ? 'fr-CA' : 'en-CA');
  return renderPdf(
    `${po.number} ${po.supplier}`,
    new Date(po.madeAt),
    (doc) => {
      write(doc, w.title, LEFT, 50, { size: 12, weight: 'bold', width: RIGHT - LEFT });
      write1(doc, po.number, LEFT, doc.y + 2, { size: 24, weight: 'bold', width: RIGHT - LEFT });
      const from = [shopName, po.shopAddress].filter(Boolean).join(', ');
      write(doc, w.field(w.from, from), LEFT, doc.y + 6, { size: 11, width: RIGHT - LEFT });
      if (po.shopPhone) write(doc, w.field(w.phone, po.shopPhone), LEFT, doc.y + 2, { size: 11, width: RIGHT - LEFT });
      write(doc, w.field(w.to, po.supplier), LEFT, doc.y + 2, { size: 11, weight: 'bold', width: RIGHT - LEFT });
      if (po.accountNumber)
        write(doc, w.field(w.account, po.accountNumber), LEFT, doc.y + 2, {
          size: 11,
          weight: 'bold',
          width: RIGHT - LEFT,
        });
      if (po.shipTo) write(doc, w.field(w.shipTo, po.shipTo), LEFT, doc.y + 2, { size: 11, width: RIGHT - LEFT });
      write(doc, w.field(w.date, madeOn), LEFT, doc.y + 2, { size: 11, width: RIGHT - LEFT });
      if (po.needBy)
        write(doc, w.field(w.needBy, po.needBy), LEFT, doc.y + 2, { size: 11, weight: 'bold', width: RIGHT - LEFT });
      doc.y += 16;
      row(doc, [w.style, w.description, w.colour, w.size, w.quantity], true);
      doc.moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).lineWidth(0.5).strokeColor('#999999').stroke();
      doc.y += 4;
      for (const line of po.lines)
        row(doc, [line.sku, line.name, line.colour, line.size || w.oneSize, number(line.quantity)]);
      doc.moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).lineWidth(0.5).strokeColor('#999999').stroke();
      doc.y += 4;
      row(doc, [w.total, '', '', '', number(po.pieces)], true);
      write(doc, w.footer(po.number), LEFT, doc.y + 12, { size: 10, width: RIGHT - LEFT });
    },
    logo,
  );
}

const text = (value: string) => `"${spreadsheetSafe(value).replace(/"/g, '""')}"`;

/**
 * The CSV a supplier's order desk imports: style (their SKU), colour, size, quantity; text
 * quoted and guarded against formulas (http/csv-cells.ts), quantities plain numbers.
 */
export function purchaseOrderCsv(po: PurchaseOrder): string {
  const rows = [['"Style"', '"Colour"', '"Size"', '"Quantity"']];
  for (const line of po.lines) rows.push([text(line.sku), text(line.colour), text(line.size), String(line.quantity)]);
  return rows.map((r) => r.join(',') + '\n').join('');
}
