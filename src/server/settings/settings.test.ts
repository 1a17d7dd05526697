// The shop's settings through the real routes, on SQLite and PostgreSQL (docs/settings.md): the
// environment's values until an owner saves, then the database's whatever the environment says;
// owners alone save, each refusal naming its field; documents take the profile in force, and an
// invoice issued before a change keeps the name it printed.
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_WORDING } from '../../shared/mail-wording.js';
import type { ShopProfile } from '../../shared/shop-profile.js';
import { buildApp } from '../app.js';
import { outboxDirOf, outboxFileName } from '../mail/outbox.js';
import { addStaff } from '../staff/staff-service.js';
import {
  backends,
  pageToken,
  sampleOrder,
  signIn,
  startShopApp,
  startTestApp,
  submitMultipart,
  until,
  type TestApp,
} from '../../../tests/support/harness.js';
import { hasPoppler, pdfText } from '../../../tests/support/pdf.js';

const PASSWORD = 'a long and unusual passphrase 7';
/** A 1×1 red PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);
const ENV = {
  SHOP_NAME: 'Env Print Shop',
  SHOP_LEGAL_NAME: 'Env Print Shop Ltd.',
  SHOP_ADDRESS: '1 Env Road, Toronto ON',
  SHOP_EMAIL: 'env@shop.ca',
  SHOP_CONTACT: 'env@shop.ca or 416-555-0000',
  SHOP_PROVINCE: 'ON',
  GST_HST_NUMBER: '123456782 RT0001',
  PST_PROVINCES: 'BC',
  ORDER_LINK_RATE_LIMIT: '100000',
};

// Without the mail's wording and the quote's wait: a client that never sends them saves the product's own.
const SAVED: Omit<ShopProfile, keyof typeof DEFAULT_MAIL_WORDING | 'quoteWaitDays'> = {
  name: 'Maple Threads',
  legalName: 'Maple Threads Inc.',
  address: '12 King St W, Toronto ON M5H 1A1',
  province: 'ON',
  timeZone: 'America/Toronto',
  fiscalYearEnd: '03-31',
  gstHst: '123456782RT0001',
  qst: '',
  pst: [{ province: 'BC', number: 'PST-1234-5678' }],
  email: 'hello@maplethreads.ca',
  phone: '416-555-0100',
  brandColour: '#1D4ED8',
  logo: '',
};

describe.each(backends())('the shop’s settings on %s', (backend) => {
  let t: TestApp;
  let owner = '';
  let clerk = '';
  beforeAll(async () => {
    ({
      t,
      staff: { owner, clerk },
    } = await startShopApp(backend, {
      env: ENV,
      staff: { owner: { email: 'owner@shop.ca', role: 'owner' }, clerk: { email: 'clerk@shop.ca', role: 'staff' } },
    }));
  });
  afterAll(async () => t?.close());

  const get = async (cookie = clerk) => t.app.inject({ url: '/api/settings/shop', headers: { cookie } });
  const put = (payload: unknown, cookie = owner) =>
    t.app.inject({ method: 'PUT', url: '/api/settings/shop', headers: { cookie }, payload: payload as object });
  const checklist = async (cookie = owner) =>
    (await t.app.inject({ url: '/api/settings/checklist', headers: { cookie } })).json();

  const latestToken = async (orderId: string) => {
    const rows = await t.app.db
      .selectFrom('mail_queue')
      .select(['id', 'order_id'])
      .where('order_id', '=', orderId)
      .where('kind', '=', 'customer_update')
      .orderBy('created_at')
      .execute();
    const last = rows.at(-1)!;
    const file = path.join(outboxDirOf(t.dataDir), outboxFileName(last.order_id, last.id));
    const mail = await simpleParser(await until(() => fs.existsSync(file) && fs.readFileSync(file)));
    return { token: /\/o\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')![1]!, text: mail.text ?? '' };
  };

  /** An order to Ontario, quoted, approved: its invoice issued with the profile in force. */
  const invoiced = async () => {
    const order = sampleOrder();
    order.layouts['1'].shipping = { sameAsBilling: true, localPickup: false };
    const { orderId } = await submitMultipart(t.app, order, [], { 'x-form-token': pageToken(t) });
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/quote/send`,
      headers: { cookie: clerk },
      payload: {
        lines: [{ description: 'Gildan 5000, printed', quantity: 10, unitPriceCents: 1500, taxable: true }],
        confirmNoProofs: true,
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const quoteMail = await latestToken(orderId);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/o/${quoteMail.token}/approve`,
      headers: { 'user-agent': 'Test/1.0' },
      payload: { version: sent.json().version, fullName: 'Marie Curie', agree: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const account = (await t.app.inject({ url: `/api/orders/${orderId}/account`, headers: { cookie: clerk } })).json();
    const invoice = account.invoices[0];
    const pdf = async () =>
      (await t.app.inject({ url: `/api/orders/${orderId}/invoices/${invoice.id}/pdf`, headers: { cookie: clerk } }))
        .rawPayload;
    const seller = async () =>
      JSON.parse(
        String(
          (
            await t.app.db
              .selectFrom('invoices')
              .select('document')
              .where('id', '=', invoice.id)
              .executeTakeFirstOrThrow()
          ).document,
        ),
      ).seller;
    return { orderId, quoteMail, pdf, seller };
  };

  it('answers the environment’s values, no version, until an owner saves; only owners may edit', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      profile: {
        name: 'Env Print Shop',
        legalName: 'Env Print Shop Ltd.',
        address: '1 Env Road, Toronto ON',
        province: 'ON',
        timeZone: 'America/Toronto',
        fiscalYearEnd: '12-31',
        gstHst: '123456782 RT0001',
        qst: '',
        pst: [{ province: 'BC', number: '' }],
        email: 'env@shop.ca',
        phone: '',
        brandColour: '#1d4ed8',
        logo: '',
        quoteWaitDays: 7,
        ...DEFAULT_MAIL_WORDING,
      },
      version: null,
      canEdit: false,
    });
    expect((await get(owner)).json().canEdit).toBe(true);
    expect((await t.app.inject({ url: '/api/settings/shop' })).statusCode).toBe(401);
    const refused = await put(SAVED, clerk);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('owner_only');
    expect((await get()).json().version).toBeNull();
  });

  it('refuses a bad profile whole, naming each field at fault, and keeps what is in force', async () => {
    const cases: [Partial<Record<keyof ShopProfile, unknown>>, string[], RegExp][] = [
      [{ gstHst: '123456789 RT0001' }, ['gstHst'], /gstHst: must be 9 digits/],
      [{ qst: '12345 TQ' }, ['qst'], /qst: must be 10 digits, TQ and 4 digits/],
      // White on #777777 is 4.48:1, just under AA.
      [{ brandColour: '#777777' }, ['brandColour'], /brandColour: is too light: .* 4\.48:1/],
      [{ brandColour: 'blue' }, ['brandColour'], /must be a colour as #rrggbb/],
      [{ name: '  ' }, ['name'], /name: must not be empty/],
      [{ timeZone: 'Mars/Olympus' }, ['timeZone'], /timeZone/],
      [{ fiscalYearEnd: '02-30' }, ['fiscalYearEnd'], /fiscalYearEnd/],
      [{ email: 'not-mail' }, ['email'], /email: must be an email address/],
      [{ phone: 'call us' }, ['phone'], /phone/],
      [{ province: 'XX' }, ['province'], /province/],
      [
        {
          pst: [
            { province: 'BC', number: '' },
            { province: 'BC', number: '' },
          ],
        },
        ['pst'],
        /pst: names a province twice/,
      ],
      [{ gstHst: 'nope', brandColour: '#ffffff' }, ['gstHst', 'brandColour'], /gstHst: .*; brandColour: /],
      [{ logo: 'a'.repeat(64) }, ['logo'], /logo: no such logo/],
      // The days a quote waits before the inbox flags it: whole days, 1 to 90.
      [{ quoteWaitDays: 0 }, ['quoteWaitDays'], /quoteWaitDays: must be a whole number of days from 1 to 90/],
      [{ quoteWaitDays: 2.5 }, ['quoteWaitDays'], /quoteWaitDays: must be a whole number of days from 1 to 90/],
      [{ quoteWaitDays: 91 }, ['quoteWaitDays'], /quoteWaitDays: must be a whole number of days from 1 to 90/],
      [{ quoteWaitDays: null }, ['quoteWaitDays'], /quoteWaitDays: must be a whole number of days from 1 to 90/],
    ];
    for (const [change, fields, message] of cases) {
      const res = await put({ ...SAVED, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      const { error } = res.json();
      expect(error.code).toBe('invalid_shop_profile');
      expect(error.fields).toEqual(fields);
      expect(error.message).toMatch(message);
      expect(error.message_fr).toContain(fields[0]);
    }
    // A field the profile does not have is refused by name (http/strict-bodies.ts).
    expect((await put({ ...SAVED, favicon: 'x' })).json().error.fields).toEqual(['favicon']);
    expect((await get()).json().version).toBeNull();
  });

  it('saves numbered versions with who and when; the database then wins over the environment, in every process', async () => {
    const before = await invoiced();
    expect((await before.seller()).legalName).toBe('Env Print Shop Ltd.');

    const res = await put(SAVED);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.version).toMatchObject({ version: 1, savedBy: 'owner@shop.ca' });
    expect(Date.parse(body.version.savedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Stored as the checks print it: the GST/HST number spaced, the colour in lower case.
    expect(body.profile).toEqual({
      ...SAVED,
      ...DEFAULT_MAIL_WORDING,
      quoteWaitDays: 7,
      gstHst: '123456782 RT0001',
      brandColour: '#1d4ed8',
    });
    const second = await put({ ...SAVED, name: 'Maple Threads Co.' });
    expect(second.json().version.version).toBe(2);
    expect((await get()).json()).toMatchObject({ version: { version: 2 }, profile: { name: 'Maple Threads Co.' } });
    // The shop's name and address lose bidi overrides and controls (customers read them); only those, an empty name.
    const reversed = await put({
      ...SAVED,
      name: 'Maple Threads Co.\u202e',
      address: '\u2066100 King St. W\u0000, Toronto\u2069',
    });
    expect(reversed.json().profile).toMatchObject({ name: 'Maple Threads Co.', address: '100 King St. W, Toronto' });
    expect(reversed.json().version.version).toBe(3);
    expect((await put({ ...SAVED, name: '\u202e\u202c' })).json().error.fields).toEqual(['name']);
    await put({ ...SAVED, name: 'Maple Threads Co.' });

    // Another process, started with other environment values, reads the saved version.
    const other = await buildApp({ ...t.config, SHOP_NAME: 'Another Env Name', SHOP_EMAIL: 'other@env.ca' });
    try {
      const theirs = await other.inject({ url: '/api/settings/shop', headers: { cookie: clerk } });
      expect(theirs.json().profile.name).toBe('Maple Threads Co.');
      expect(theirs.json().profile.email).toBe('hello@maplethreads.ca');
    } finally {
      await other.close();
    }

    // An invoice issued before the change still prints, and keeps, the old name.
    expect((await before.seller()).legalName).toBe('Env Print Shop Ltd.');
    if (hasPoppler) {
      const text = pdfText(await before.pdf());
      expect(text).toContain('Env Print Shop Ltd.');
      expect(text).not.toContain('Maple Threads');
    }
    // A document made after it takes the new profile: the invoice, and the mails' signature.
    const after = await invoiced();
    expect(await after.seller()).toEqual({
      legalName: 'Maple Threads Inc.',
      address: '12 King St W, Toronto ON M5H 1A1',
      gstHst: '123456782 RT0001',
      qst: '',
      email: 'hello@maplethreads.ca',
    });
    if (hasPoppler) expect(pdfText(await after.pdf())).toContain('Maple Threads Inc.');
    expect(after.quoteMail.text).toContain('Maple Threads Co. Contact: hello@maplethreads.ca, 416-555-0100.');
    expect(before.quoteMail.text).toContain('Env Print Shop. Contact: env@shop.ca or 416-555-0000.');
  });

  it('takes a PNG or a plain SVG logo from an owner, in force on its own (no new version), served publicly so it cannot act as a page', async () => {
    expect((await t.app.inject({ url: '/api/shop/logo' })).statusCode).toBe(404);
    const upload = (body: Buffer | string, type: string, cookie = owner) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/settings/shop/logo',
        headers: { cookie, 'content-type': type },
        payload: body,
      });
    expect((await upload(PNG, 'image/png', clerk)).statusCode).toBe(403);
    const refusals: [Buffer | string, string, RegExp][] = [
      [Buffer.from('GIF89a....'), 'image/png', /PNG or an SVG/],
      [Buffer.concat([PNG.subarray(0, 30)]), 'image/png', /could not be read/],
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml', /scripts/],
      ['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'image/svg+xml', /scripts/],
      [
        '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>',
        'image/svg+xml',
        /links/,
      ],
      [
        '<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg"/>',
        'image/svg+xml',
        /PNG or an SVG|entities/,
      ],
      [Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]), 'image/png', /at most 1 MB/],
    ];
    for (const [body, type, message] of refusals) {
      const res = await upload(body, type);
      expect(res.statusCode, String(message)).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'invalid_logo', fields: ['logo'] });
      expect(res.json().error.message).toMatch(message);
    }
    const before = (await get()).json().version.version;
    const saved = await upload(PNG, 'image/png');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version.version).toBe(before);
    expect(saved.json().profile.logo).toMatch(/^[0-9a-f]{64}$/);
    expect((await get()).json()).toMatchObject({
      version: { version: before },
      profile: { logo: saved.json().profile.logo },
    });
    const served = await t.app.inject({ url: '/api/shop/logo' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // What is kept and served is the PNG as the artwork's child process decoded and encoded it again.
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });

    const svg =
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#1d4ed8"/></svg>';
    expect((await upload(svg, 'image/svg+xml')).statusCode).toBe(200);
    const servedSvg = await t.app.inject({ url: '/api/shop/logo' });
    expect(servedSvg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(servedSvg.body).toBe(svg);
    // Saving the profile without the logo removes it.
    const removed = await put({ ...(await get()).json().profile, logo: '' });
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/shop/logo' })).statusCode).toBe(404);
  });

  it('lists the owner’s first steps with their state, to owners only, until dismissed', async () => {
    // The profile is saved (above); prices and terms are not; there are two accounts.
    expect(await checklist()).toEqual({
      steps: [
        { step: 'shopDetails', done: true },
        { step: 'priceList', done: false },
        { step: 'paymentTerms', done: false },
        { step: 'staff', done: true },
        { step: 'testOrder', done: false },
      ],
      show: true,
    });
    expect((await checklist(clerk)).show).toBe(false);
    const clerkDismiss = await t.app.inject({
      method: 'POST',
      url: '/api/settings/checklist/dismiss',
      headers: { cookie: clerk },
    });
    expect(clerkDismiss.statusCode).toBe(403);
    const dismissed = await t.app.inject({
      method: 'POST',
      url: '/api/settings/checklist/dismiss',
      headers: { cookie: owner },
    });
    expect(dismissed.statusCode).toBe(204);
    expect((await checklist()).show).toBe(false);
  });
});

describe.each(backends())('a logo uploaded on a fresh shop, on %s', (backend) => {
  it('is saved on its own: no version of the environment’s name and address, "Shop details" still to do', async () => {
    const t = await startTestApp(backend, ENV);
    try {
      await addStaff(t.app.db, 'owner@shop.ca', PASSWORD, 'en', 'owner');
      const owner = await signIn(t.app, 'owner@shop.ca', PASSWORD);
      const settings = async () =>
        (await t.app.inject({ url: '/api/settings/shop', headers: { cookie: owner } })).json();
      const shopDetails = async () =>
        (await t.app.inject({ url: '/api/settings/checklist', headers: { cookie: owner } }))
          .json()
          .steps.find((s: { step: string }) => s.step === 'shopDetails').done;
      const upload = () =>
        t.app.inject({
          method: 'PUT',
          url: '/api/settings/shop/logo',
          headers: { cookie: owner, 'content-type': 'image/png' },
          payload: PNG,
        });
      const uploaded = await upload();
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      expect(uploaded.json()).toMatchObject({ version: null, profile: { name: 'Env Print Shop' } });
      const logo = uploaded.json().profile.logo;
      expect(logo).toMatch(/^[0-9a-f]{64}$/);
      expect(await settings()).toMatchObject({ version: null, profile: { logo } });
      expect(await t.app.db.selectFrom('shop_profiles').selectAll().execute()).toEqual([]);
      expect(await shopDetails()).toBe(false);
      expect((await t.app.inject({ url: '/api/shop/logo' })).statusCode).toBe(200);
      // The owner's own save is version 1, with the logo; a later upload saves no version 2.
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/settings/shop',
        headers: { cookie: owner },
        payload: { ...SAVED, ...DEFAULT_MAIL_WORDING, logo },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ version: { version: 1 }, profile: { name: 'Maple Threads', logo } });
      expect(await shopDetails()).toBe(true);
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20"/></svg>';
      const again = await t.app.inject({
        method: 'PUT',
        url: '/api/settings/shop/logo',
        headers: { cookie: owner, 'content-type': 'image/svg+xml' },
        payload: svg,
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ version: { version: 1 }, profile: { name: 'Maple Threads' } });
      expect(again.json().profile.logo).not.toBe(logo);
      expect(await t.app.db.selectFrom('shop_profiles').select('version').execute()).toHaveLength(1);
      expect((await t.app.inject({ url: '/api/shop/logo' })).body).toBe(svg);
    } finally {
      await t.close();
    }
  });
});

describe('a fresh shop', () => {
  it('shows the checklist with nothing done but the staff step once a second account exists', async () => {
    const t = await startTestApp('sqlite');
    try {
      await addStaff(t.app.db, 'owner@shop.ca', PASSWORD, 'en', 'owner');
      const owner = await signIn(t.app, 'owner@shop.ca', PASSWORD);
      const read = async () =>
        (await t.app.inject({ url: '/api/settings/checklist', headers: { cookie: owner } })).json();
      expect((await read()).steps.every((s: { done: boolean }) => !s.done)).toBe(true);
      await addStaff(t.app.db, 'clerk@shop.ca', PASSWORD, 'en', 'staff');
      expect((await read()).steps.find((s: { step: string }) => s.step === 'staff').done).toBe(true);
    } finally {
      await t.close();
    }
  });
});
