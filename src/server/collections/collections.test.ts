// Size collections (docs/collections.md) on SQLite and PostgreSQL: an organiser makes one for a
// shop garment; members add and change their own entries by their own keys and never read
// anyone else's; the organiser's roll-up counts them by the garment's sizes; a closed collection
// refuses entries; any other link or key answers 404; only hashes of secrets are stored; every
// path is rate-limited per address.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import example from '../../shared/prices/example-price-list.json' with { type: 'json' };
import type { CreatedCollection, RollUp } from '../../shared/collections-api.js';
import { addDays, dateIn } from '../../shared/dates.js';
import { publishPriceList } from '../prices/index.js';
import { addStaff } from '../staff/index.js';
import {
  backends,
  pageToken,
  sampleOrder,
  signIn,
  startTestApp,
  submitMultipart,
  type TestApp,
} from '../../../tests/support/harness.js';
import { zipEntries } from '../../../tests/support/zip.js';
import { forgetOldCollections } from './collection-store.js';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe.each(backends())('size collections on %s', (backend) => {
  let t: TestApp;
  let today = '';
  beforeAll(async () => {
    t = await startTestApp(backend, { COLLECTION_CREATE_RATE_LIMIT: '1000', COLLECTION_RATE_LIMIT: '1000' });
    await publishPriceList(t.app.db, example, 'owner@shop.ca');
    today = dateIn(t.config.timeZone);
  });
  afterAll(async () => t?.close());

  const create = async (payload: object, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/collections', payload, remoteAddress });
  const made = async (title = 'Lions U12') => {
    const res = await create({ title, garment: 'Gildan 5000 T-shirt', closesOn: addDays(today, 7) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CreatedCollection>();
  };
  const enter = (link: string, payload: object, memberKey?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/c/${link}/entry`,
      payload,
      headers: memberKey ? { 'x-member-key': memberKey } : {},
    });
  const memberView = (link: string, memberKey?: string) =>
    t.app.inject({ method: 'GET', url: `/api/c/${link}`, headers: memberKey ? { 'x-member-key': memberKey } : {} });
  const rollUp = (organiserKey: string) =>
    t.app.inject({ method: 'GET', url: '/api/collections/roll-up', headers: { 'x-organiser-key': organiserKey } });

  it('takes members’ entries, each changeable by its own key only, and rolls them up by the garment’s sizes', async () => {
    const { link, organiserKey } = await made();
    const view = await memberView(link);
    expect(view.statusCode).toBe(200);
    expect(view.headers['cache-control']).toBe('private, no-store');
    expect(view.json()).toEqual({
      title: 'Lions U12',
      garment: 'Gildan 5000 T-shirt',
      sizes: ['S', 'M', 'L', 'XL', '2XL', '3XL'],
      closesOn: addDays(today, 7),
      open: true,
      asksPrint: true,
      entry: null,
    });

    const ada = await enter(link, { name: ' Ada ', size: 'M', printName: 'ADA', printNumber: '10' });
    expect(ada.statusCode, ada.body).toBe(201);
    const adaKey = ada.json<{ memberKey: string }>().memberKey;
    expect(ada.json()).toEqual({
      memberKey: adaKey,
      entry: { name: 'Ada', size: 'M', printName: 'ADA', printNumber: '10' },
    });
    const bob = await enter(link, { name: 'Bob', size: 'L' });
    const bobKey = bob.json<{ memberKey: string }>().memberKey;
    expect(bob.statusCode).toBe(201);
    expect((await enter(link, { name: 'Cy', size: '2XL', printNumber: '7' })).statusCode).toBe(201);

    // Each member reads their own entry, and nobody else's: no key, another key, no entry.
    expect((await memberView(link, adaKey)).json<{ entry: unknown }>().entry).toEqual({
      name: 'Ada',
      size: 'M',
      printName: 'ADA',
      printNumber: '10',
    });
    expect((await memberView(link, bobKey)).json<{ entry: unknown }>().entry).toEqual({
      name: 'Bob',
      size: 'L',
      printName: '',
      printNumber: '',
    });
    expect((await memberView(link)).json<{ entry: unknown }>().entry).toBeNull();
    expect(JSON.stringify((await memberView(link, bobKey)).json())).not.toContain('Ada');

    // Ada changes hers; Bob's key does not reach it (it changes Bob's own).
    const changed = await enter(link, { name: 'Ada', size: 'S', printName: 'ADA', printNumber: '10' }, adaKey);
    expect(changed.statusCode).toBe(200);
    expect(changed.json<{ memberKey: string }>().memberKey).toBe(adaKey);

    const res = await rollUp(organiserKey);
    expect(res.statusCode).toBe(200);
    expect(res.json<RollUp>()).toEqual({
      title: 'Lions U12',
      garment: 'Gildan 5000 T-shirt',
      sizes: ['S', 'M', 'L', 'XL', '2XL', '3XL'],
      closesOn: addDays(today, 7),
      open: true,
      asksPrint: true,
      entries: [
        { id: expect.any(String), name: 'Ada', size: 'S', printName: 'ADA', printNumber: '10' },
        { id: expect.any(String), name: 'Bob', size: 'L', printName: '', printNumber: '' },
        { id: expect.any(String), name: 'Cy', size: '2XL', printName: '', printNumber: '7' },
      ],
      counts: [
        { size: 'S', quantity: 1 },
        { size: 'M', quantity: 0 },
        { size: 'L', quantity: 1 },
        { size: 'XL', quantity: 0 },
        { size: '2XL', quantity: 1 },
        { size: '3XL', quantity: 0 },
      ],
    });
  });

  it('stores only the SHA-256 of the link, the organiser’s key and each member’s key', async () => {
    const { link, organiserKey } = await made('Hashes');
    const entry = await enter(link, { name: 'Dee', size: 'S' });
    const memberKey = entry.json<{ memberKey: string }>().memberKey;
    const row = await t.app.db
      .selectFrom('size_collections')
      .selectAll()
      .where('title', '=', 'Hashes')
      .executeTakeFirstOrThrow();
    expect(row.link_hash).toBe(sha256(link));
    expect(row.organiser_hash).toBe(sha256(organiserKey));
    const entries = await t.app.db
      .selectFrom('size_collection_entries')
      .selectAll()
      .where('collection_id', '=', row.id)
      .execute();
    expect(entries.map((e) => e.member_hash)).toEqual([sha256(memberKey)]);
    const everything = JSON.stringify([row, entries]);
    for (const secret of [link, organiserKey, memberKey]) expect(everything).not.toContain(secret);
  });

  it('answers 404 to another collection’s link or key, a member key of another collection, and the members’ link used as the organiser’s key', async () => {
    const lions = await made('Lions');
    const tigers = await made('Tigers');
    const lionKey = (await enter(lions.link, { name: 'Leo', size: 'M' })).json<{ memberKey: string }>().memberKey;
    const madeUp = 'A'.repeat(43);

    for (const link of [madeUp, 'short', lions.organiserKey]) {
      expect((await memberView(link)).statusCode).toBe(404);
      expect((await enter(link, { name: 'X', size: 'M' })).statusCode).toBe(404);
    }
    for (const key of [madeUp, lions.link, lionKey, 'not-a-key']) {
      expect((await rollUp(key)).statusCode).toBe(404);
      const close = await t.app.inject({
        method: 'POST',
        url: '/api/collections/close',
        headers: { 'x-organiser-key': key },
      });
      expect(close.statusCode).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/collections/roll-up' })).json<{ error: { code: string } }>().error
        .code,
    ).toBe('not_found');
    // A Lions member's key changes nothing at the Tigers, and reads nothing there.
    expect((await enter(tigers.link, { name: 'Leo', size: 'S' }, lionKey)).statusCode).toBe(404);
    expect((await memberView(tigers.link, lionKey)).json<{ entry: unknown }>().entry).toBeNull();
    // Each organiser sees only their own collection's entries.
    expect((await rollUp(tigers.organiserKey)).json<RollUp>().entries).toEqual([]);
    expect((await rollUp(lions.organiserKey)).json<RollUp>().entries.map((e) => e.name)).toEqual(['Leo']);
  });

  it('refuses sizes the garment does not have, over-long fields and numbers that are not up to 3 digits, beside the field', async () => {
    const { link } = await made('Checks');
    const refusals = [
      [{ name: 'Eve', size: 'XXS' }, 'size_unknown', 'size'],
      [{ name: '   ', size: 'M' }, 'name_missing', 'name'],
      [{ name: 'E'.repeat(81), size: 'M' }, 'name_too_long', 'name'],
      [{ name: 'Eve', size: 'M', printName: 'E'.repeat(31) }, 'print_name_too_long', 'printName'],
      [{ name: 'Eve', size: 'M', printNumber: '1234' }, 'print_number_invalid', 'printNumber'],
      [{ name: 'Eve', size: 'M', printNumber: '7a' }, 'print_number_invalid', 'printNumber'],
    ] as const;
    for (const [payload, code, field] of refusals) {
      const res = await enter(link, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const error = res.json<{ error: { code: string; fields: string[]; message_fr: string } }>().error;
      expect(error.code).toBe(code);
      expect(error.fields).toEqual([field]);
      expect(error.message_fr).toBeTruthy();
    }
  });

  it('refuses a garment the price list lacks, a closing date in the past or too far ahead, and an empty title', async () => {
    const refusals = [
      [{ title: 'T', garment: 'Nope 9000', closesOn: addDays(today, 3) }, 'garment_unknown'],
      [{ title: 'T', garment: 'G5000', closesOn: addDays(today, -1) }, 'closing_date_invalid'],
      [{ title: 'T', garment: 'G5000', closesOn: addDays(today, 121) }, 'closing_date_invalid'],
      [{ title: 'T', garment: 'G5000', closesOn: '2026-02-30' }, 'closing_date_invalid'],
      [{ title: ' ', garment: 'G5000', closesOn: addDays(today, 3) }, 'title_invalid'],
    ] as const;
    for (const [payload, code] of refusals) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toBe(code);
    }
    // Closing today is allowed: entries are taken until the day is over in the shop's calendar.
    expect((await create({ title: 'Today', garment: 'g5000', closesOn: today })).statusCode).toBe(201);
  });

  it('refuses a title carrying a link, an email address or a phone number, and takes out controls', async () => {
    for (const title of [
      'Lions — www.prizes.example',
      'Win at evil.com',
      'Lions https://x.y/z',
      'Write prizes@evil.ca',
      'Call 416-555-0100',
      'Call +1 (416) 555 0100',
      'Lions \uff45\uff56\uff49\uff4c.\uff43\uff4f\uff4d',
    ]) {
      const res = await create({ title, garment: 'G5000', closesOn: addDays(today, 3) });
      expect(res.statusCode, title).toBe(400);
      expect(res.json().error).toEqual({
        code: 'title_contact',
        message: 'A title names the team: leave out web and email addresses and phone numbers.',
        message_fr: 'Un titre nomme l’équipe\u00a0: n’y mettez ni adresse web ou courriel ni numéro de téléphone.',
        fields: ['title'],
      });
    }
    // A team's name with digits and a dot is a title: "U12", "St. Mary's 2026".
    const ok = await create({ title: 'St. Mary’s U12 — 2026', garment: 'G5000', closesOn: addDays(today, 3) });
    expect(ok.statusCode, ok.body).toBe(201);
    // A reversed title is stored, and shown, with its override and controls taken out.
    const reversed = await create({ title: 'Lions\u202e21U\u0007', garment: 'G5000', closesOn: addDays(today, 3) });
    expect(reversed.statusCode).toBe(201);
    const view = await memberView(reversed.json<CreatedCollection>().link);
    expect(view.json().title).toBe('Lions21U');
  });

  it('gives a collection the form makes (no order yet) at most 30 days, and forgets it 14 days after if no order took it', async () => {
    expect((await create({ title: 'T', garment: 'G5000', closesOn: addDays(today, 31) })).json().error).toMatchObject({
      code: 'closing_date_invalid',
      message: 'Choose a closing date from today to 30 days ahead.',
      message_fr: 'Choisissez une date de clôture d’aujourd’hui à 30 jours d’ici.',
    });
    expect((await create({ title: 'Thirty', garment: 'G5000', closesOn: addDays(today, 30) })).statusCode).toBe(201);
    const { orderId } = await submitMultipart(t.app, sampleOrder(), [], { 'x-form-token': pageToken(t) });
    const kinds = [
      ['Orphan 15', -15, null],
      ['Orphan 13', -13, null],
      ['Ordered 15', -15, orderId],
      ['Ordered 61', -61, orderId],
    ] as const;
    for (const [title, days, order] of kinds) {
      await made(title);
      await t.app.db
        .updateTable('size_collections')
        .set({ closes_on: addDays(today, days), order_id: order })
        .where('title', '=', title)
        .execute();
    }
    await forgetOldCollections(t.app.db, today);
    const left = await t.app.db
      .selectFrom('size_collections')
      .select('title')
      .where(
        'title',
        'in',
        kinds.map((k) => k[0]),
      )
      .orderBy('title')
      .execute();
    expect(left.map((r) => r.title)).toEqual(['Ordered 15', 'Orphan 13']);
  });

  it('serves the members’ page as not to be indexed (meta robots and X-Robots-Tag)', async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-client-'));
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html><head><title>x</title></head><body><script id="app-config" type="application/json">{}</script></body></html>',
    );
    const paged = await startTestApp(backend, {}, { clientDir });
    try {
      await publishPriceList(paged.app.db, example, 'owner@shop.ca');
      const res = await paged.app.inject({
        method: 'POST',
        url: '/api/collections',
        payload: { title: 'Page', garment: 'G5000', closesOn: addDays(today, 3) },
      });
      const page = await paged.app.inject({ url: `/c/${res.json<CreatedCollection>().link}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-robots-tag']).toMatch(/noindex/);
      expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    } finally {
      await paged.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });

  it('refuses entries once the organiser closes it, and once its closing date is past', async () => {
    const { link, organiserKey } = await made('Closing');
    const key = (await enter(link, { name: 'Fay', size: 'M' })).json<{ memberKey: string }>().memberKey;
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/collections/close',
      headers: { 'x-organiser-key': organiserKey },
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json<RollUp>()).toMatchObject({ open: false, entries: [{ name: 'Fay', size: 'M' }] });
    expect((await memberView(link, key)).json()).toMatchObject({ open: false, entry: { name: 'Fay' } });
    for (const attempt of [enter(link, { name: 'Fay', size: 'L' }, key), enter(link, { name: 'Gus', size: 'L' })]) {
      const res = await attempt;
      expect(res.statusCode).toBe(409);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('collection_closed');
    }
    expect((await rollUp(organiserKey)).json<RollUp>().entries).toEqual([
      { id: expect.any(String), name: 'Fay', size: 'M', printName: '', printNumber: '' },
    ]);

    // A collection whose closing date was yesterday (made earlier, dated back here).
    const late = await made('Late');
    await t.app.db
      .updateTable('size_collections')
      .set({ closes_on: addDays(today, -1) })
      .where('title', '=', 'Late')
      .execute();
    expect((await enter(late.link, { name: 'Hal', size: 'S' })).statusCode).toBe(409);
    expect((await rollUp(late.organiserKey)).json<RollUp>().open).toBe(false);
  });

  it('lets the organiser remove an entry while open; its member may then enter again, and nobody else removes one', async () => {
    const { link, organiserKey } = await made('Removal');
    const other = await made('Other team');
    const ada = (await enter(link, { name: 'Ada', size: 'M' })).json<{ memberKey: string }>().memberKey;
    await enter(link, { name: 'Ada again', size: 'M' });
    const [first, duplicate] = (await rollUp(organiserKey)).json<RollUp>().entries;
    const remove = (entryId: string, key: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/collections/entries/${entryId}`,
        headers: { 'x-organiser-key': key },
      });
    // Another collection's organiser, a member's key, a made-up id: the same 404, nothing removed.
    for (const res of [
      await remove(duplicate!.id, other.organiserKey),
      await remove(duplicate!.id, ada),
      await remove('not-an-id', organiserKey),
      await remove('00000000-0000-4000-8000-000000000000', organiserKey),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await rollUp(organiserKey)).json<RollUp>().entries).toHaveLength(2);

    expect((await remove(duplicate!.id, organiserKey)).statusCode).toBe(204);
    expect((await rollUp(organiserKey)).json<RollUp>().entries.map((e) => e.id)).toEqual([first!.id]);
    // Ada's own entry removed: her key now holds nothing, and a new entry is hers again.
    expect((await remove(first!.id, organiserKey)).statusCode).toBe(204);
    expect((await memberView(link, ada)).json<{ entry: unknown }>().entry).toBeNull();
    expect((await enter(link, { name: 'Ada', size: 'L' })).statusCode).toBe(201);

    await t.app.inject({ method: 'POST', url: '/api/collections/close', headers: { 'x-organiser-key': organiserKey } });
    const last = (await rollUp(organiserKey)).json<RollUp>().entries[0]!;
    const closed = await remove(last.id, organiserKey);
    expect(closed.statusCode).toBe(409);
    expect(closed.json<{ error: { code: string } }>().error.code).toBe('collection_closed');
  });

  it('takes at most 500 entries in one collection', async () => {
    const { link } = await made('Full');
    const row = await t.app.db
      .selectFrom('size_collections')
      .select('id')
      .where('title', '=', 'Full')
      .executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    const rows = Array.from({ length: 500 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      collection_id: row.id,
      member_hash: sha256(`member ${i}`),
      name: `Member ${i}`,
      size: 'M',
      print_name: '',
      print_number: '',
      created_at: at,
      updated_at: at,
    }));
    for (let i = 0; i < rows.length; i += 100) {
      await t.app.db
        .insertInto('size_collection_entries')
        .values(rows.slice(i, i + 100))
        .execute();
    }
    const res = await enter(link, { name: 'One too many', size: 'M' });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('collection_full');
  });

  it('takes bidi overrides and controls out of member names and names to print', async () => {
    const { link, organiserKey } = await made('Clean names');
    const res = await enter(link, {
      name: '\u202eadA\u0000',
      size: 'M',
      printName: 'ADA\u2067\u0008',
      printNumber: '7',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().entry).toEqual({ name: 'adA', size: 'M', printName: 'ADA', printNumber: '7' });
    expect((await rollUp(organiserKey)).json<RollUp>().entries).toEqual([
      { id: expect.any(String), name: 'adA', size: 'M', printName: 'ADA', printNumber: '7' },
    ]);
    expect((await enter(link, { name: '\u202e\u202c', size: 'M' })).json().error.code).toBe('name_missing');
  });

  it('takes exactly up to 500 entries when 20 members enter at once at 495', async () => {
    const { link } = await made('Burst');
    const row = await t.app.db
      .selectFrom('size_collections')
      .select('id')
      .where('title', '=', 'Burst')
      .executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    await t.app.db
      .insertInto('size_collection_entries')
      .values(
        Array.from({ length: 495 }, (_, i) => ({
          id: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
          collection_id: row.id,
          member_hash: sha256(`burst ${i}`),
          name: `Member ${i}`,
          size: 'M',
          print_name: '',
          print_number: '',
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => enter(link, { name: `Late ${i}`, size: 'L' })),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 409).map((r) => r.json().error.code)).toEqual(
      Array.from({ length: 15 }, () => 'collection_full'),
    );
    const { n } = await t.app.db
      .selectFrom('size_collection_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('collection_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(500);
  });

  it('writes no entry after the organiser closed the collection, however the requests race', async () => {
    for (let round = 0; round < 3; round++) {
      const title = `Race ${round}`;
      const { link, organiserKey } = await made(title);
      const member = await enter(link, { name: 'First', size: 'S' });
      const memberKey = member.json<{ memberKey: string }>().memberKey;
      const entries = Array.from({ length: 24 }, (_, i) =>
        i % 4 === 0
          ? enter(link, { name: `Change ${i}`, size: 'L' }, memberKey)
          : enter(link, { name: `M ${i}`, size: 'M' }),
      );
      const close = t.app.inject({
        method: 'POST',
        url: '/api/collections/close',
        headers: { 'x-organiser-key': organiserKey },
      });
      const answers = await Promise.all([...entries, close]);
      expect(answers.at(-1)!.statusCode).toBe(200);
      expect(answers.slice(0, -1).every((r) => [200, 201, 409].includes(r.statusCode))).toBe(true);
      const c = await t.app.db
        .selectFrom('size_collections')
        .select(['id', 'closed_at'])
        .where('title', '=', title)
        .executeTakeFirstOrThrow();
      const late = await t.app.db
        .selectFrom('size_collection_entries')
        .select(['name', 'updated_at'])
        .where('collection_id', '=', c.id)
        .where('updated_at', '>', c.closed_at!)
        .execute();
      expect(late).toEqual([]);
      // Every save the server accepted is in the collection, and every refusal said it was closed.
      const accepted = answers.slice(0, -1).filter((r) => r.statusCode === 201).length;
      const { n } = await t.app.db
        .selectFrom('size_collection_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('collection_id', '=', c.id)
        .executeTakeFirstOrThrow();
      expect(Number(n)).toBe(accepted + 1);
      for (const r of answers.slice(0, -1).filter((a) => a.statusCode === 409))
        expect(r.json().error.code).toBe('collection_closed');
    }
  });

  it('carries the names list with the order: kept in its document, a CSV in its ZIP; an order without one is unchanged', async () => {
    await addStaff(t.app.db, 'clerk@shop.ca', 'correct horse battery staple', 'en', 'owner');
    const clerk = await signIn(t.app, 'clerk@shop.ca', 'correct horse battery staple');
    const teamNames = [
      { name: 'Ada', size: 'M', printName: 'ADA', printNumber: '10' },
      { name: '=HYPERLINK("x")', size: 'L', printName: 'Zoë, "Z"', printNumber: '07' },
    ];
    const order = sampleOrder();
    Object.assign(order.layouts['1'], { teamNames });
    const { orderId } = await submitMultipart(t.app, order, [], { 'x-form-token': pageToken(t) });
    const staff = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: clerk } });
    type Detail = { document: { layouts: Record<string, { teamNames?: unknown }> } };
    const detail = await staff(`/api/orders/${orderId}`);
    expect(detail.json<Detail>().document.layouts['1']!.teamNames).toEqual(teamNames);
    const zip = await zipEntries((await staff(`/api/orders/${orderId}/files.zip`)).rawPayload);
    expect([...zip.keys()]).toEqual(['Layout_1_names_and_numbers.csv']);
    expect(zip.get('Layout_1_names_and_numbers.csv')!.toString('utf8')).toBe(
      '\ufeff"Name","Size","Name to print","Number to print"\r\n' +
        '"Ada","M","ADA","10"\r\n' +
        `"'=HYPERLINK(""x"")","L","Zoë, ""Z""","07"\r\n`,
    );

    // An order of the published wire format (no list): accepted as before, its ZIP holds no CSV.
    const plain = await submitMultipart(t.app, sampleOrder(), [], { 'x-form-token': pageToken(t) });
    const plainZip = await zipEntries((await staff(`/api/orders/${plain.orderId}/files.zip`)).rawPayload);
    expect([...plainZip.keys()]).toEqual([]);
    const plainDetail = await staff(`/api/orders/${plain.orderId}`);
    expect('teamNames' in plainDetail.json<Detail>().document.layouts['1']!).toBe(false);
  });
});

describe('size collections’ rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { COLLECTION_CREATE_RATE_LIMIT: '2', COLLECTION_RATE_LIMIT: '5' });
  });
  afterAll(async () => t?.close());

  it('limits making collections, and every collection path, per address across processes (429)', async () => {
    const make = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/collections',
        remoteAddress: '10.0.0.9',
        payload: { title: 'T', garment: 'G5000', closesOn: '2026-01-01' },
      });
    // No price list here: refused (400), yet counted.
    expect((await make()).statusCode).toBe(400);
    expect((await make()).statusCode).toBe(400);
    const third = await make();
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();

    const look = () => t.app.inject({ method: 'GET', url: `/api/c/${'B'.repeat(43)}`, remoteAddress: '10.0.0.10' });
    for (let i = 0; i < 5; i++) expect((await look()).statusCode).toBe(404);
    expect((await look()).statusCode).toBe(429);
    // The count is in the shared store, which every process reads.
    const keys = await t.app.db.selectFrom('rate_limits').select('key').execute();
    expect(keys.some((k) => k.key.includes('collections'))).toBe(true);
  });
});
