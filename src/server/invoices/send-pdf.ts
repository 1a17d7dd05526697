// A stored PDF (an invoice, a credit note, a receipt, a statement) sent as a download, with the
// SHA-256 it was issued with.
import type { FastifyReply } from 'fastify';
import { attachmentDisposition, DOWNLOAD_HEADERS } from '../http/downloads.js';

export function sendPdf(
  reply: FastifyReply,
  file: { name: string; pdf: Buffer; sha256: string },
  extra: Record<string, string> = {},
) {
  return reply
    .headers({
      ...DOWNLOAD_HEADERS,
      ...extra,
      'content-type': 'application/pdf',
      'content-disposition': attachmentDisposition(file.name),
      'content-length': String(file.pdf.length),
      // The SHA-256 stored when the document was issued: anyone can check the copy they hold.
      'x-content-sha256': file.sha256,
    })
    .send(file.pdf);
}
