// PDFs read as a customer's or an accountant's tools would: drawn by poppler's pdftoppm (it must
// make a page image), their text read by pdftotext, their images listed by pdfimages. Debian's
// poppler-utils; where it is not installed, `hasPoppler` is false and the callers skip the text
// checks with a printed line.
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

/** One page of the PDF (from 1) drawn as a PNG by pdftoppm at `dpi`, as a printer would see it. */
export function pdfPagePng(pdf: Buffer, page: number, dpi = 150): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, pdf);
    const out = path.join(dir, 'page');
    execFileSync('pdftoppm', [
      '-f',
      String(page),
      '-l',
      String(page),
      '-r',
      String(dpi),
      '-png',
      '-singlefile',
      file,
      out,
    ]);
    return fs.readFileSync(`${out}.png`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The images drawn on each page, as poppler's pdfimages lists them: page, size in pixels, resolution on paper. */
export function pdfImages(pdf: Buffer): { page: number; width: number; height: number; ppi: number }[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, pdf);
    const list = execFileSync('pdfimages', ['-list', file]).toString('utf8').split('\n').slice(2);
    return list
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols.length > 13 && cols[2] === 'image')
      .map((cols) => ({
        page: Number(cols[0]),
        width: Number(cols[3]),
        height: Number(cols[4]),
        ppi: Number(cols[12]),
      }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
