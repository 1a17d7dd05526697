// A PDF of a few kilobytes whose first page keeps pdf.js busy for about a second of processor
// time: `circles` translucent circles (2,000 took 2.1 s on the two-core development machine).
// It opens and draws: only the time it takes tells it apart from an ordinary PDF.
import { PDFDocument, rgb } from 'pdf-lib';

export async function slowPdf(circles = 1000): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([600, 800]);
  for (let i = 0; i < circles; i++) {
    page.drawCircle({
      x: (i * 7) % 600,
      y: (i * 13) % 800,
      size: 30,
      color: rgb((i % 10) / 10, 0.2, 0.5),
      opacity: 0.5,
    });
  }
  return Buffer.from(await doc.save());
}
