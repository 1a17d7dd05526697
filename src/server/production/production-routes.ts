// The production floor in the inbox (every route needs a staff session): the board, a job (the
// scan page's) and its ticket, moves between stages, the calendar, and the floor's settings (owners change them).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isCalendarDate } from '../../shared/dates.js';
import { boardQuerySchema, moveBodySchema } from '../../shared/production/production-api.js';
import { productionSettingsSchema } from '../../shared/production/stages.js';
import { AppError, noSuchOrder, periodEndsBeforeStart } from '../errors.js';
import { attachmentDisposition, DOWNLOAD_HEADERS } from '../http/downloads.js';
import { requireOwner } from '../staff/index.js';
import { jobTicket } from './job-ticket.js';
import {
  board,
  calendar,
  jobByReference,
  jobCard,
  moveImprint,
  roomForOrder,
  type ProductionDeps,
} from './production-service.js';
import { readProductionSettings, saveProductionSettings } from './production-store.js';

const orderParams = z.object({ orderId: z.string().uuid() });
const imprintParams = z.object({ id: z.string().uuid() });
const day = z.string().refine(isCalendarDate, 'A real date, written YYYY-MM-DD.');
/**
 * A reference as a clerk types it from the ticket: any case, spaces or not, the dash optional
 * ("7kq4 m2xd" is 7KQ4-M2XD; docs/production.md, The scan page).
 */
const referenceQuery = z.object({
  reference: z
    .string()
    .trim()
    .min(1, 'Type the job’s reference.')
    .max(40)
    .transform((r) => r.toUpperCase().replace(/[\s-]+/g, ''))
    .transform((r) => (/^[0-9A-Z]{8}$/.test(r) ? `${r.slice(0, 4)}-${r.slice(4)}` : r)),
});
const periodQuery = z.object({ from: day, to: day });

export async function productionRoutes(app: FastifyInstance, opts: { deps: ProductionDeps }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = opts;

  api.get('/api/production/board', { schema: { querystring: boardQuerySchema } }, async (request) =>
    board(deps, request.query),
  );

  api.get('/api/production/jobs', { schema: { querystring: referenceQuery } }, async (request) => {
    const { reference } = request.query;
    const job = await jobByReference(deps, reference);
    if (!job) {
      throw new AppError(
        404,
        'no_job',
        `No job has the reference ${reference}: check it on the ticket.`,
        ['reference'],
        {
          messageFr: `Aucune commande en production n’a la référence ${reference}\u00a0: vérifiez-la sur la fiche de travail.`,
        },
      );
    }
    return job;
  });

  api.get('/api/production/jobs/:orderId', { schema: { params: orderParams } }, async (request) => {
    const job = await jobCard(deps, request.params.orderId);
    if (!job)
      throw new AppError(404, 'not_found', 'This order is not a job: its quote is not approved yet.', undefined, {
        messageFr: 'Cette commande n’est pas un travail\u00a0: sa soumission n’est pas encore approuvée.',
      });
    return job;
  });

  // The job ticket, in the language of whoever prints it (their inbox language, else English).
  api.get('/api/production/jobs/:orderId/ticket.pdf', { schema: { params: orderParams } }, async (request, reply) => {
    const ticket = await jobTicket(
      { ...deps, files: app.files, publicUrl: app.config.publicUrl, cpuBudgetMs: app.config.ARTWORK_RENDER_CPU_MS },
      request.params.orderId,
      request.staff?.language ?? 'en',
    );
    if (!ticket)
      throw new AppError(404, 'not_found', 'This order is not a job: its quote is not approved yet.', undefined, {
        messageFr: 'Cette commande n’est pas un travail\u00a0: sa soumission n’est pas encore approuvée.',
      });
    return reply
      .headers({
        ...DOWNLOAD_HEADERS,
        'content-type': 'application/pdf',
        'content-disposition': attachmentDisposition(ticket.name),
        'content-length': String(ticket.pdf.length),
      })
      .send(ticket.pdf);
  });

  api.post(
    '/api/production/imprints/:id/move',
    { schema: { params: imprintParams, body: moveBodySchema } },
    async (request) => moveImprint(deps, request.params.id, request.body, request.staff!),
  );

  api.get('/api/production/calendar', { schema: { querystring: periodQuery } }, async (request) => {
    const { from, to } = request.query;
    if (from > to) throw periodEndsBeforeStart();
    return calendar(deps, from, to);
  });

  // The quote editor's proposed due date: the first day with room for the order's pieces.
  api.get('/api/production/orders/:orderId/room', { schema: { params: orderParams } }, async (request) => {
    const room = await roomForOrder(deps, request.params.orderId);
    if (!room) throw noSuchOrder();
    return room;
  });

  api.get('/api/production/settings', async () => readProductionSettings(deps.db));

  api.put('/api/production/settings', { schema: { body: productionSettingsSchema } }, async (request) => {
    requireOwner(request, { en: 'change the production settings', fr: 'modifier les réglages de production' });
    await saveProductionSettings(deps.db, request.body, request.staff!.email);
    return readProductionSettings(deps.db);
  });
}
