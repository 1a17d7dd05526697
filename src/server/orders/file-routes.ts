// An order's files for staff: one at a time, a preview of real raster images, or all as a ZIP
// (with each layout's names-and-numbers list as a CSV).
// Always sandboxed: never rendered as a page, never sniffed.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import yazl from 'yazl';
import { archiveEntryName, uniqueName } from '../../shared/attachment-names.js';
import { fileParamsSchema, orderIdParamsSchema } from '../../shared/inbox-api.js';
import { AppError } from '../errors.js';
import { attachmentDisposition, DOWNLOAD_HEADERS, sniffRasterImage } from '../http/downloads.js';
import { fromJson } from '../storage/json.js';
import { findAttachment, listAttachments, requireOrder } from '../storage/orders.js';
import { teamNamesCsv, teamNamesFileName } from './team-names-csv.js';

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  const attachmentOf = async (params: { id: string; attachmentId: string }) => {
    const a = await findAttachment(db, params.id, params.attachmentId);
    if (!a) throw new AppError(404, 'not_found', 'No such file.', undefined, { messageFr: 'Ce fichier n’existe pas.' });
    return a;
  };

  api.get('/api/orders/:id/files/:attachmentId', { schema: { params: fileParamsSchema } }, async (request, reply) => {
    const a = await attachmentOf(request.params);
    const { stream, size } = await app.files.open(a.storage_key);
    return reply
      .headers({
        ...DOWNLOAD_HEADERS,
        'content-type': 'application/octet-stream',
        'content-disposition': attachmentDisposition(a.name),
        'content-length': String(size),
      })
      .send(stream);
  });

  // Thumbnails: only files whose bytes are really PNG, JPEG, GIF or WebP, sent with the
  // type their bytes show (never the type the customer's browser claimed).
  api.get(
    '/api/orders/:id/files/:attachmentId/preview',
    { schema: { params: fileParamsSchema } },
    async (request, reply) => {
      const a = await attachmentOf(request.params);
      const type = sniffRasterImage(await app.files.head(a.storage_key, 12));
      if (!type)
        throw new AppError(415, 'no_preview', 'This file has no preview.', undefined, {
          messageFr: 'Ce fichier n’a pas d’aperçu.',
        });
      const { stream } = await app.files.open(a.storage_key);
      return reply.headers({ ...DOWNLOAD_HEADERS, 'content-type': type, 'content-disposition': 'inline' }).send(stream);
    },
  );

  // Thumbnails the server made from the stored file (any artwork format, SVG rasterised).
  api.get(
    '/api/orders/:id/files/:attachmentId/thumbnail',
    { schema: { params: fileParamsSchema } },
    async (request, reply) => {
      const a = await attachmentOf(request.params);
      const stream = await app.files.openThumbnail(a.storage_key);
      if (!stream)
        throw new AppError(404, 'no_thumbnail', 'This file has no thumbnail (yet).', undefined, {
          messageFr: 'Ce fichier n’a pas (encore) de vignette.',
        });
      return reply
        .headers({ ...DOWNLOAD_HEADERS, 'content-type': 'image/webp', 'content-disposition': 'inline' })
        .send(stream);
    },
  );

  api.get('/api/orders/:id/files.zip', { schema: { params: orderIdParamsSchema } }, async (request, reply) => {
    const order = await requireOrder(db, request.params.id);
    const zip = new yazl.ZipFile();
    const taken = new Set<string>();
    for (const a of await listAttachments(db, order.id)) {
      const name = uniqueName(archiveEntryName(a.name), taken);
      taken.add(name.toLowerCase());
      // Opened when its turn comes (an order may hold hundreds of files). Stored, not deflated:
      // artwork is mostly compressed already, and storing streams at disk speed.
      zip.addReadStreamLazy(name, { compress: false, size: a.size }, (done) => {
        app.files.open(a.storage_key).then(
          ({ stream }) => done(null, stream),
          (err: Error) => done(err, undefined as never),
        );
      });
    }
    // Each layout's names and numbers collected from a team (docs/collections.md), as a CSV.
    for (const [layout, body] of Object.entries(fromJson(order.document).layouts)) {
      if (!body.teamNames?.length) continue;
      const name = uniqueName(teamNamesFileName(layout), taken);
      taken.add(name.toLowerCase());
      zip.addBuffer(Buffer.from(teamNamesCsv(body.teamNames), 'utf8'), name);
    }
    zip.end();
    return reply
      .headers({
        ...DOWNLOAD_HEADERS,
        'content-type': 'application/zip',
        'content-disposition': attachmentDisposition(`${order.reference}.zip`),
      })
      .send(zip.outputStream);
  });
}
