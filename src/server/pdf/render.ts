// A PDF drawn with PDFKit into one buffer: US Letter, 50 pt margins, the base faces registered
// (pdf-text.ts), the creation date the document's own (the same document, the same bytes). The
// shop's logo, when given (a PNG: settings/document-logo.ts), heads the first page in the top
// margin's right corner, above anything the document draws. A logo PDFKit could not read safely
// (pictures.ts: a damaged PNG would throw inside PDFKit's zlib callback and end the process) is
// left out, and the document is still made.
import PDFDocument from 'pdfkit';
import { pdfText, startDocument } from './pdf-text.js';
import { printablePicture } from './pictures.js';

export type Doc = PDFKit.PDFDocument;

export async function renderPdf(
  title: string,
  created: Date,
  draw: (doc: Doc) => void,
  logo: Buffer | null = null,
): Promise<Buffer> {
  const drawnLogo = logo && (await printablePicture(logo)) ? logo : null;
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
  if (drawnLogo) {
    // Within the 50 pt top margin: at most 150 × 32 pt, right-aligned; the cursor stays where it was.
    const { x, y } = doc;
    try {
      doc.image(drawnLogo, doc.page.width - 50 - 150, 10, { fit: [150, 32], align: 'right', valign: 'center' });
    } catch {
      // Not a picture PDFKit reads after all: the document goes without it.
    }
    doc.x = x;
    doc.y = y;
  }
  draw(doc);
  doc.end();
  return ended.then(() => Buffer.concat(chunks));
}
