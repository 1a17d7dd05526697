// Run as its own process by logo tests: draws the picture at argv[3] into a PDF, either with
// PDFKit straight (`pdfkit`) or through the server's renderPdf as a logo (`render`), and prints
// the PDF's size. A picture that kills PDFKit kills this process, not the test's.
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { renderPdf } from '../../src/server/pdf/render.js';

const [mode, file] = process.argv.slice(2);
const picture = readFileSync(file!);

if (mode === 'pdfkit') {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  doc.on('end', () => console.log(`pdf ${Buffer.concat(chunks).length}`));
  doc.image(picture, 50, 50, { fit: [150, 32] });
  doc.end();
} else {
  const pdf = await renderPdf('A logo', new Date(0), (doc) => doc.text('Invoice'), picture);
  console.log(`pdf ${pdf.length}`);
}
