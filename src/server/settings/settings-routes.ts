// The shop's settings over HTTP (docs/settings.md), inside the inbox's staff session:
// - GET /api/settings/shop: the profile in force and its version (any staff member);
// - PUT /api/settings/shop: a new version (owners), refused whole naming each field at fault;
// - GET /api/settings/checklist and POST /api/settings/checklist/dismiss: the owner's first steps.
import type { FastifyInstance } from 'fastify';
import { CHECKLIST_STEPS, type Checklist, type ShopSettings } from '../../shared/shop-profile.js';
import { requireOwner } from '../staff/index.js';
import { dismissChecklist, readChecklist } from './checklist-store.js';
import { readShopProfile } from './profile-schema.js';
import { saveProfile } from './profile-store.js';
import type { ShopInForce, ShopProfileSource } from './shop-in-force.js';

const PROFILE_BYTES = 64 * 1024;

export async function settingsRoutes(app: FastifyInstance, opts: { source: ShopProfileSource }): Promise<void> {
  const { db } = app;
  const view = (shop: ShopInForce, role: string | undefined): ShopSettings => ({
    profile: shop.profile,
    version: shop.saved,
    canEdit: role === 'owner',
  });

  app.get('/api/settings/shop', async (request) => view(await opts.source.refresh(), request.staff?.role));

  app.put('/api/settings/shop', { bodyLimit: PROFILE_BYTES }, async (request, reply) => {
    requireOwner(request, { en: 'change the shop’s settings', fr: 'modifier les réglages de la boutique' });
    const reading = readShopProfile(request.body);
    if (!reading.ok) {
      return reply.code(422).send({
        error: {
          code: 'invalid_shop_profile',
          message: `The shop’s settings were not saved: ${reading.reasons.join('; ')}.`,
          message_fr: `Les réglages de la boutique n’ont pas été enregistrés : vérifiez ${reading.fields.join(', ')}.`,
          fields: reading.fields,
        },
      });
    }
    const saved = await saveProfile(db, reading.profile, request.staff!.email);
    request.log.info({ version: saved.version }, 'shop profile saved');
    return view(opts.source.use(saved), request.staff?.role);
  });

  app.get('/api/settings/checklist', async (request): Promise<Checklist> => {
    const facts = await readChecklist(db);
    const steps = CHECKLIST_STEPS.map((step) => ({ step, done: facts[step] }));
    return {
      steps,
      show: request.staff?.role === 'owner' && !facts.dismissed && steps.some((s) => !s.done),
    };
  });

  app.post('/api/settings/checklist/dismiss', async (request, reply) => {
    requireOwner(request, { en: 'dismiss the checklist', fr: 'fermer la liste de départ' });
    await dismissChecklist(db, request.staff!.email);
    return reply.code(204).send();
  });
}
