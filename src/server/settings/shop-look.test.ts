// The shop's look beyond its documents (docs/settings.md, "Mail the shop writes" and "Brand
// colour"), through the real routes on SQLite and PostgreSQL: the greeting and signature an
// owner writes per language open and close every customer mail from then on (the version in
// force when the mail is made), the logo heads the mail's HTML by absolute address, a wording
// that could carry a link or a header is refused beside its field, and the pages learn the
// brand colour with their run-time settings.
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxDirOf, outboxFileName } from '../mail/outbox.js';
import {
  backends,
  pageToken,
  sampleOrder,
  signInRequestsTaken,
  startShopApp,
  submitMultipart,
  until,
  type TestApp,
} from '../../../tests/support/harness.js';

const clientDir = path.resolve('dist/client');
const built = fs.existsSync(path.join(clientDir, 'index.html'));

describe.each(backends())('the shop’s mail and look on %s', (backend) => {
  let t: TestApp;
  let owner = '';
  beforeAll(async () => {
    ({
      t,
      staff: { owner },
    } = await startShopApp(backend, {
      env: {
        SHOP_NAME: 'Maple Threads',
        SHOP_EMAIL: 'orders@maplethreads.ca',
        PUBLIC_URL: 'https://print.maplethreads.ca',
      },
      overrides: built ? { clientDir } : {},
      staff: { owner: { email: 'owner@shop.ca', role: 'owner' } },
    }));
  });
  afterAll(async () => t?.close());

  const profile = async () =>
    (await t.app.inject({ url: '/api/settings/shop', headers: { cookie: owner } })).json().profile as Record<
      string,
      unknown
    >;
  const put = async (change: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/settings/shop',
      headers: { cookie: owner },
      payload: { ...(await profile()), ...change },
    });
  /** The order's latest mail of that kind, as delivered. */
  const delivered = async (orderId: string, kind: 'customer' | 'customer_update'): Promise<ParsedMail> => {
    const row = await t.app.db
      .selectFrom('mail_queue')
      .select(['id', 'order_id'])
      .where('order_id', '=', orderId)
      .where('kind', '=', kind)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const file = path.join(outboxDirOf(t.dataDir), outboxFileName(row.order_id, row.id));
    return simpleParser(await until(() => fs.existsSync(file) && fs.readFileSync(file)));
  };
  let lastOrder = '';
  /** The customer's confirmation of a new order in that language. */
  const confirmation = async (language: 'en' | 'fr'): Promise<ParsedMail> => {
    const order = { ...sampleOrder(), language };
    lastOrder = (await submitMultipart(t.app, order, [], { 'x-form-token': pageToken(t) })).orderId;
    return delivered(lastOrder, 'customer');
  };

  it('refuses a greeting or signature that could carry a link, markup or a header, naming the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ mailGreetingEn: 'Hello {name}\nBcc: everyone@example.com' }, 'mailGreetingEn'],
      [{ mailGreetingFr: 'Bonjour <b>{name}</b>' }, 'mailGreetingFr'],
      [{ mailSignatureEn: 'Win a prize at https://evil.example.com' }, 'mailSignatureEn'],
      [{ mailSignatureFr: 'Écrivez à promo@ailleurs.com' }, 'mailSignatureFr'],
      [{ mailSignatureFr: '1\n2\n3\n4\n5' }, 'mailSignatureFr'],
    ];
    for (const [change, field] of cases) {
      const res = await put(change);
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json().error.fields).toEqual([field]);
    }
  });

  it('opens and closes each customer mail with the wording in force, the logo atop its HTML', async () => {
    const before = await confirmation('fr');
    expect(before.text).toContain('Bonjour Ada.');
    expect(before.html).not.toContain('<img');

    const logo = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/shop/logo',
      headers: { cookie: owner, 'content-type': 'image/svg+xml' },
      payload: '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="20"><rect width="80" height="20"/></svg>',
    });
    expect(logo.statusCode, logo.body).toBe(200);
    const saved = await put({
      mailGreetingFr: 'Allô {name}, merci de faire affaire avec nous.',
      mailSignatureFr: 'L’équipe Maple Threads\n  \nÀ bientôt · www.maplethreads.ca',
      mailGreetingEn: 'Hi {name}, thanks for choosing us.',
      mailSignatureEn: 'The Maple Threads team',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Stored as sent, blank signature lines dropped; a new version like any change to the profile
    // (the first: the logo was saved on its own).
    expect(saved.json().profile.mailSignatureFr).toBe('L’équipe Maple Threads\nÀ bientôt · www.maplethreads.ca');
    expect(saved.json().version.version).toBe(1);

    const fr = await confirmation('fr');
    expect(fr.text).toMatch(/^Allô Ada, merci de faire affaire avec nous\.$/m);
    expect(fr.text).not.toContain('Bonjour Ada.');
    // The signature after the body, before the fixed footer, which stays.
    const text = fr.text ?? '';
    expect(text.indexOf('L’équipe Maple Threads')).toBeGreaterThan(text.indexOf('Allô Ada'));
    expect(text.indexOf('L’équipe Maple Threads')).toBeLessThan(text.indexOf('Maple Threads. Pour nous joindre'));
    expect(text).toContain('Vous recevez ce courriel parce qu’une commande a été passée');
    expect(fr.html).toContain('<p>L’équipe Maple Threads<br>À bientôt · www.maplethreads.ca</p>');
    expect(fr.html).toMatch(
      /<img src="https:\/\/print\.maplethreads\.ca\/api\/shop\/logo\?v=[0-9a-f]{12}" alt="Maple Threads"/,
    );
    const en = await confirmation('en');
    expect(en.text).toContain('Hi Ada, thanks for choosing us.');
    expect(en.text).toContain('The Maple Threads team');
    expect(en.text).not.toContain('Allô');

    // A mail without the first name: the sign-in link to My orders (sent about the newest order).
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/portal/sign-in',
      payload: { email: 'ada@example.com', language: 'fr' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    await signInRequestsTaken(t.app);
    const link = await delivered(lastOrder, 'customer_update');
    expect(link.text).toMatch(/^Allô, merci de faire affaire avec nous\.$/m);
    expect(link.text).toContain('À bientôt · www.maplethreads.ca');
  });

  it.skipIf(!built)('tells every page the brand colour in force and the logo', async () => {
    expect((await put({ brandColour: '#7c2d12' })).statusCode).toBe(200);
    for (const url of ['/', '/inbox', '/my-orders']) {
      const html = (await t.app.inject({ url, headers: { accept: 'text/html' } })).body;
      const settings = JSON.parse(/<script id="app-config" type="application\/json">(.*?)<\/script>/.exec(html)![1]!);
      expect(settings.brandColour, url).toBe('#7c2d12');
      expect(settings.logo, url).toMatchObject({ alt: 'Maple Threads' });
    }
  });
});
