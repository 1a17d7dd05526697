// The shop's settings over HTTP (docs/settings.md), inside the inbox's staff session:
// - GET /api/settings/shop: the profile in force and its version (any staff member);
// - PUT /api/settings/shop: a new version (owners), refused whole naming each field at fault;
// - PUT /api/settings/shop/logo: a PNG or SVG as the body (owners), read and drawn in the artwork's
//   child process (logo.ts), in force on its own: no version of the rest is saved;
// - GET /api/settings/checklist and POST /api/settings/checklist/dismiss: the owner's first steps.
// And, public: GET /api/shop/logo, the logo in force.
import type { FastifyInstance } from 'fastify';
import { CHECKLIST_STEPS, type Checklist, type ShopSettings } from '../../shared/shop-profile.js';
import { requireOwner } from '../staff/index.js';
import { dismissChecklist, readChecklist } from './checklist-store.js';
import { checkLogo, findLogo, MAX_LOGO_BYTES, storeLogo } from './logo.js';
import { refuseUnknownFields } from '../http/strict-bodies.js';
import { readShopProfile, shopProfileSchema } from './profile-schema.js';
import { saveProfile, setLogoInForce } from './profile-store.js';
import type { ShopInForce, ShopProfileSource } from './shop-in-force.js';

const PROFILE_BYTES = 64 * 1024;

export async function settingsRoutes(
  app: FastifyInstance,
  opts: { source: ShopProfileSource; cardKeysSet?: boolean },
): Promise<void> {
  const { db } = app;
  const view = (shop: ShopInForce, role: string | undefined): ShopSettings => ({
    profile: shop.profile,
    version: shop.saved,
    canEdit: role === 'owner',
  });

  app.get('/api/settings/shop', async (request) => view(await opts.source.refresh(), request.staff?.role));

  app.put('/api/settings/shop', { bodyLimit: PROFILE_BYTES }, async (request, reply) => {
    requireOwner(request, { en: 'change the shop’s settings', fr: 'modifier les réglages de la boutique' });
    refuseUnknownFields(shopProfileSchema, request.body);
    const reading = readShopProfile(request.body);
    if (!reading.ok) {
      return reply.code(422).send({
        error: {
          code: 'invalid_shop_profile',
          message: `The shop’s settings were not saved: ${reading.reasons.join('; ')}.`,
          message_fr: `Les réglages de la boutique n’ont pas été enregistrés\u00a0: vérifiez ${reading.fields.join(', ')}.`,
          fields: reading.fields,
        },
      });
    }
    if (reading.profile.logo && !(await findLogo(db, reading.profile.logo))) {
      return reply.code(422).send({
        error: {
          code: 'invalid_shop_profile',
          message: 'The shop’s settings were not saved: logo: no such logo was uploaded.',
          message_fr: 'Les réglages de la boutique n’ont pas été enregistrés\u00a0: vérifiez logo.',
          fields: ['logo'],
        },
      });
    }
    const saved = await saveProfile(db, reading.profile, request.staff!.email);
    await setLogoInForce(db, saved.profile.logo, request.staff!.email);
    request.log.info({ version: saved.version }, 'shop profile saved');
    return view(opts.source.use(saved), request.staff?.role);
  });

  // The logo travels as the request's body; a refusal of its size is the check's own, in words.
  app.addContentTypeParser(
    ['image/png', 'image/svg+xml'],
    { parseAs: 'buffer', bodyLimit: 2 * MAX_LOGO_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.put('/api/settings/shop/logo', { bodyLimit: 2 * MAX_LOGO_BYTES }, async (request, reply) => {
    requireOwner(request, { en: 'change the shop’s settings', fr: 'modifier les réglages de la boutique' });
    const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    // Read in the artwork's child process, in its lane (the owner waits on it, like a message's file).
    const check = await checkLogo(bytes, { cpuBudgetMs: app.config.ARTWORK_RENDER_CPU_MS });
    if (!check.ok) {
      return reply.code(422).send({
        error: { code: 'invalid_logo', message: check.reason.en, message_fr: check.reason.fr, fields: ['logo'] },
      });
    }
    await storeLogo(db, check);
    // The logo alone: the name, address and the rest stay as saved (or as the environment says),
    // and no version is saved that the owner did not (the checklist's "Shop details" stays as it is).
    await setLogoInForce(db, check.sha256, request.staff!.email);
    await opts.source.refresh();
    request.log.info({ logo: check.sha256.slice(0, 12) }, 'shop logo saved');
    return view(opts.source.useLogo(check.sha256), request.staff?.role);
  });

  app.get('/api/settings/checklist', async (request): Promise<Checklist> => {
    const facts = await readChecklist(db);
    // Card payments are a step only once the provider's keys are set (docs/payments.md).
    const steps = CHECKLIST_STEPS.filter((step) => step !== 'cardPayments' || opts.cardKeysSet).map((step) => ({
      step,
      done: facts[step],
    }));
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

/**
 * GET /api/shop/logo, public: the logo in force, 404 without one. Served so that it can never act
 * as a page of this site (an SVG opened on its own): a sandboxing policy, no sniffing.
 */
export async function publicLogoRoutes(app: FastifyInstance, opts: { source: ShopProfileSource }): Promise<void> {
  app.get('/api/shop/logo', async (request, reply) => {
    const { logo } = (await opts.source.currentShop()).profile;
    const found = logo ? await findLogo(app.db, logo) : undefined;
    if (!found) {
      return reply.code(404).send({
        error: { code: 'not_found', message: 'The shop has no logo.', message_fr: 'La boutique n’a pas de logo.' },
      });
    }
    const etag = `"${logo.slice(0, 16)}"`;
    void reply
      .header('etag', etag)
      .header('cache-control', 'no-cache')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline; filename="logo"');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(found.media_type).send(Buffer.from(found.bytes));
  });
}
