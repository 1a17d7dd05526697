// The signed-in staff member's own settings: the inbox language they chose, kept on the server
// so it follows them to another browser (docs/product.md, the inbox's languages).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountLanguageSchema, languageChangeSchema } from '../../shared/inbox-api.js';
import { setStaffLanguage, staffLanguage } from './staff-service.js';
import { AppError } from '../errors.js';

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
        throw new AppError(401, 'unauthenticated', 'Please sign in.');
      }
      return { language };
    },
  );
}
