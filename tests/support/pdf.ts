// PDFs read as a customer's or an accountant's tools would: drawn by poppler's pdftoppm (it must
// make a page image) and their text read by pdftotext. Debian's poppler-utils; where it is not
// installed, `hasPoppler` is false and the callers skip the text checks with a printed line.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const hasPoppler = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** The PDF's text (layout kept); throws when pdftoppm cannot draw a page of it. */
export function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-r', '30', '-png', file, path.join(dir, 'page')]);
    if (!fs.readdirSync(dir).some((f) => f.endsWith('.png'))) throw new Error('pdftoppm drew no page');
    return execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
