// The clerk's quote: what the editor starts from, a preview of the taxes and totals as the
// server computes them, the draft, sending a version, and the proofs uploaded per layout.
// Signed-in like every inbox route (index.ts); changes refused cross-site (http/origin-check.ts).
import fs from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderIdParamsSchema } from '../../shared/inbox-api.js';
import {
  quoteLinesBodySchema,
  sendQuoteBodySchema,
  type QuotePreview,
  type StaffQuoteState,
} from '../../shared/quote-api.js';
import { cleanFileName } from '../../shared/attachment-names.js';
import { AppError, diskFull } from '../errors.js';
import { assertBodyCanArrive } from '../http/client-gone.js';
import { computeForOrder, removeProof, saveDraft, sendQuote, type QuoteDeps } from './quote-service.js';
import { proofInfo, staffQuoteState } from './quote-views.js';
import { requireOrder } from '../storage/orders.js';
import { findProof, insertProof } from './quote-store.js';
import { attachmentDisposition, DOWNLOAD_HEADERS, sniffRasterImage } from '../http/downloads.js';
import { fromJson } from '../storage/json.js';

const proofParamsSchema = z.object({ id: z.string().uuid(), proofId: z.string().uuid() });
const proofQuerySchema = z.object({ layout: z.coerce.number().int().min(1).max(50) });

/** What a proof may be: a picture the browser draws safely, or a PDF. Decided by the bytes. */
export function proofType(head: Buffer): string | null {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return sniffRasterImage(head);
}

export async function quoteRoutes(app: FastifyInstance, opts: { deps: QuoteDeps; onMailQueued: () => void }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;
  const db = app.db;

  const orderOr404 = (id: string) => requireOrder(db, id);

  await app.register(multipart, { limits: { fileSize: app.config.MAX_FILE_BYTES, files: 1, fields: 0, parts: 1 } });

  api.get(
    '/api/orders/:id/quote',
    { schema: { params: orderIdParamsSchema } },
    async (request): Promise<StaffQuoteState> => staffQuoteState(deps, await orderOr404(request.params.id)),
  );

  api.post(
    '/api/orders/:id/quote/preview',
    { schema: { params: orderIdParamsSchema, body: quoteLinesBodySchema } },
    async (request): Promise<QuotePreview> => ({
      quote: computeForOrder(await orderOr404(request.params.id), request.body, deps),
    }),
  );

  api.put(
    '/api/orders/:id/quote/draft',
    { schema: { params: orderIdParamsSchema, body: quoteLinesBodySchema } },
    async (request, reply) => {
      await saveDraft(deps, request.params.id, request.body, request.staff!.email);
      return reply.code(204).send();
    },
  );

  api.post(
    '/api/orders/:id/quote/send',
    { schema: { params: orderIdParamsSchema, body: sendQuoteBodySchema } },
    async (request, reply) => {
      const sent = await sendQuote(deps, request.params.id, request.body, request.staff!.email);
      opts.onMailQueued();
      return reply.code(201).send(sent);
    },
  );

  // One proof per request: a picture (PNG, JPEG, GIF, WebP) or a PDF, judged by its bytes.
  api.post(
    '/api/orders/:id/proofs',
    { schema: { params: orderIdParamsSchema, querystring: proofQuerySchema } },
    async (request, reply) => {
      const order = await orderOr404(request.params.id);
      const doc = fromJson(order.document);
      const layout = request.query.layout;
      if (!doc.layouts[String(layout)])
        throw new AppError(422, 'no_such_layout', `The order has no layout ${layout}.`, ['layout'], {
          messageFr: `La commande n'a pas de disposition ${layout}.`,
        });
      if (!request.isMultipart())
        throw new AppError(415, 'multipart_required', 'Send the proof as multipart/form-data.', undefined, {
          messageFr: 'Envoyez l’épreuve en multipart/form-data.',
        });
      if (await app.files.isLowOnSpace()) throw diskFull();
      assertBodyCanArrive(request);
      const part = await request.file();
      if (!part)
        throw new AppError(400, 'no_file', 'Choose a proof file to upload.', undefined, {
          messageFr: 'Choisissez un fichier d’épreuve à téléverser.',
        });
      const staging = app.files.newStaging({
        maxFileBytes: app.config.MAX_FILE_BYTES,
        maxOrderBytes: app.config.MAX_FILE_BYTES,
        maxFiles: 1,
      });
      try {
        const staged = await staging.writeStream(part.file, part.filename || 'proof', part.mimetype);
        if (part.file.truncated)
          throw new AppError(413, 'file_too_large', 'This proof is larger than the file limit.', undefined, {
            messageFr: 'Cette épreuve dépasse la taille maximale d’un fichier.',
          });
        const fh = await fs.open(staged.tmpPath, 'r');
        const head = Buffer.alloc(16);
        try {
          await fh.read(head, 0, 16, 0);
        } finally {
          await fh.close();
        }
        const type = proofType(head);
        if (!type || staged.size === 0) {
          throw new AppError(
            415,
            'unsupported_proof',
            'A proof must be a PNG, JPEG, GIF or WebP picture, or a PDF. Export SVG or other formats to one of these.',
            undefined,
            {
              messageFr:
                'Une épreuve est une image PNG, JPEG, GIF ou WebP, ou un PDF. Exportez les fichiers SVG ou d’autres formats dans l’un de ceux-ci.',
            },
          );
        }
        const keys = await staging.moveInto(order.id);
        const row = {
          id: staged.id,
          order_id: order.id,
          layout_number: layout,
          name: cleanFileName(staged.rawName) || 'proof',
          media_type: type,
          size: staged.size,
          sha256: staged.sha256,
          storage_key: keys.get(staged.id)!,
          uploaded_by: request.staff!.email,
          uploaded_at: new Date().toISOString(),
        };
        await insertProof(db, row);
        return reply.code(201).send(proofInfo(row));
      } finally {
        await staging.discard();
      }
    },
  );

  const proofOr404 = async (params: { id: string; proofId: string }) => {
    const proof = await findProof(db, params.id, params.proofId);
    if (!proof)
      throw new AppError(404, 'not_found', 'No such proof.', undefined, { messageFr: 'Cette épreuve n’existe pas.' });
    return proof;
  };

  api.delete('/api/orders/:id/proofs/:proofId', { schema: { params: proofParamsSchema } }, async (request, reply) => {
    const storageKey = await removeProof(deps, request.params.id, request.params.proofId);
    // Committed: the proof is gone from the quote. Bytes left by a failure here go with the order.
    await app.files
      .removeFile(storageKey)
      .catch((err: unknown) => request.log.warn({ err }, 'a removed proof’s file was not deleted'));
    return reply.code(204).send();
  });

  api.get('/api/orders/:id/proofs/:proofId', { schema: { params: proofParamsSchema } }, async (request, reply) => {
    const proof = await proofOr404(request.params);
    const { stream, size } = await app.files.open(proof.storage_key);
    return reply
      .headers({
        ...DOWNLOAD_HEADERS,
        'content-type': 'application/octet-stream',
        'content-disposition': attachmentDisposition(proof.name),
        'content-length': String(size),
      })
      .send(stream);
  });

  api.get(
    '/api/orders/:id/proofs/:proofId/preview',
    { schema: { params: proofParamsSchema } },
    async (request, reply) => {
      const proof = await proofOr404(request.params);
      if (!/^image\//.test(proof.media_type))
        throw new AppError(415, 'no_preview', 'This proof has no preview.', undefined, {
          messageFr: 'Cette épreuve n’a pas d’aperçu.',
        });
      const { stream } = await app.files.open(proof.storage_key);
      return reply
        .headers({ ...DOWNLOAD_HEADERS, 'content-type': proof.media_type, 'content-disposition': 'inline' })
        .send(stream);
    },
  );
}
