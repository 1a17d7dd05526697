// A PDF drawn with PDFKit into one buffer: US Letter, 50 pt margins, the base faces registered
// (pdf-text.ts), the creation date the document's own (the same document, the same bytes). The
// shop's logo, when given (a PNG: settings/document-logo.ts), heads the first page in the top
// margin's right corner, above anything the document draws.
import PDFDocument from 'pdfkit';
import { pdfText, startDocument } from './pdf-text.js';

export type Doc = PDFKit.PDFDocument;

export function renderPdf(
  title: string,
  created: Date,
  draw: (doc: Doc) => void,
  logo: Buffer | null = null,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 50,
    info: { Title: pdfText(title), Producer: 'PDFKit', Creator: 'Order form', CreationDate: created },
  });
  startDocument(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  if (logo) {
    // Within the 50 pt top margin: at most 150 × 32 pt, right-aligned; the cursor stays where it was.
    const { x, y } = doc;
    doc.image(logo, doc.page.width - 50 - 150, 10, { fit: [150, 32], align: 'right', valign: 'center' });
    doc.x = x;
    doc.y = y;
  }
  draw(doc);
  doc.end();
  return ended.then(() => Buffer.concat(chunks));
}
