// The signed-in staff member's own settings: the inbox language they chose, kept on the server
// so it follows them to another browser (docs/product.md, the inbox's languages), and the name
// they sign the shop's messages with (docs/portal.md, "Messages on an order").
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountLanguageSchema, languageChangeSchema } from '../../shared/inbox-api.js';
import { z } from 'zod';
import { setStaffLanguage, setStaffName, staffLanguage, staffName, StaffError } from './staff-service.js';
import { AppError } from '../errors.js';
import { pleaseSignIn } from './staff-auth.js';

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  api.get('/api/account/language', { schema: { response: { 200: accountLanguageSchema } } }, async (request) => ({
    language: await staffLanguage(db, request.staff!.staffId),
  }));

  api.put(
    '/api/account/language',
    { schema: { body: languageChangeSchema, response: { 200: accountLanguageSchema } } },
    async (request) => {
      const { language } = request.body;
      // The session outlived its account (removed from the command line meanwhile).
      if (!(await setStaffLanguage(db, request.staff!.staffId, language))) {
        throw pleaseSignIn();
      }
      return { language };
    },
  );

  const nameSchema = z.object({ name: z.string().nullable() });
  api.get('/api/account/name', { schema: { response: { 200: nameSchema } } }, async (request) => ({
    name: await staffName(db, request.staff!.staffId),
  }));

  api.put(
    '/api/account/name',
    { schema: { body: z.object({ name: z.string().max(200) }), response: { 200: nameSchema } } },
    async (request) => {
      try {
        if (!(await setStaffName(db, request.staff!.staffId, request.body.name))) {
          throw pleaseSignIn();
        }
      } catch (err) {
        if (!(err instanceof StaffError)) throw err;
        throw new AppError(400, 'invalid_name', err.message, ['name'], {
          messageFr: 'Un nom compte au plus 60\u00a0caractères.',
        });
      }
      return { name: await staffName(db, request.staff!.staffId) };
    },
  );
}
