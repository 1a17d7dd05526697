// A PDF drawn with PDFKit into one buffer: US Letter, 50 pt margins, the base faces registered
// (pdf-text.ts), the creation date the document's own (the same document, the same bytes).
import PDFDocument from 'pdfkit';
import { pdfText, startDocument } from './pdf-text.js';

export type Doc = PDFKit.PDFDocument;

export function renderPdf(title: string, created: Date, draw: (doc: Doc) => void): Promise<Buffer> {
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
  draw(doc);
  doc.end();
  return ended.then(() => Buffer.concat(chunks));
}
