// Price drafts are bounded: a staff member keeps at most MAX_DRAFTS_PER_STAFF waiting,
// the shop MAX_DRAFTS in all, each at most the route's 8 MiB; past a cap the save is refused with
// words in both languages, even when the saves arrive at once. On SQLite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startShopApp, type TestApp } from '../../../tests/support/harness.js';
import { MAX_DRAFTS, MAX_DRAFTS_PER_STAFF } from './price-draft-store.js';

describe.each(backends())('bounded price drafts on %s', (backend) => {
  let t: TestApp;
  let owner = '';
  let clerk = '';
  let racer = '';
  beforeAll(async () => {
    ({
      t,
      staff: { owner, clerk, racer },
    } = await startShopApp(backend, {
      staff: {
        owner: { email: 'owner@shop.ca', role: 'owner' },
        clerk: { email: 'clerk@shop.ca', role: 'staff' },
        racer: { email: 'racer@shop.ca', role: 'staff' },
      },
    }));
  });
  afterAll(async () => t?.close());

  const save = (cookie: string, document: object) =>
    t.app.inject({ method: 'POST', url: '/api/prices/drafts', headers: { cookie }, payload: { document } });
  const drafts = async () => t.app.db.selectFrom('price_drafts').select(['id', 'saved_by']).execute();

  it('keeps a few drafts a person, then refuses with words', async () => {
    for (let i = 0; i < MAX_DRAFTS_PER_STAFF; i++) expect((await save(clerk, { n: i })).statusCode).toBe(201);
    const over = await save(clerk, { n: 99 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({
      code: 'too_many_drafts',
      message: expect.stringContaining('ask an owner to publish or discard one'),
      message_fr: expect.stringContaining('demandez à un propriétaire'),
    });
    expect((await drafts()).filter((d) => d.saved_by === 'clerk@shop.ca')).toHaveLength(MAX_DRAFTS_PER_STAFF);
    // Once an owner discards one, the clerk may save again.
    const [first] = await drafts();
    const discarded = await t.app.inject({
      method: 'DELETE',
      url: `/api/prices/drafts/${first!.id}`,
      headers: { cookie: owner },
    });
    expect(discarded.statusCode).toBe(204);
    expect((await save(clerk, { n: 100 })).statusCode).toBe(201);
  });

  it('holds the cap a person when the saves arrive at once', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => save(racer, { n })));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(MAX_DRAFTS_PER_STAFF);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(8 - MAX_DRAFTS_PER_STAFF);
    expect((await drafts()).filter((d) => d.saved_by === 'racer@shop.ca')).toHaveLength(MAX_DRAFTS_PER_STAFF);
  });

  it('refuses past the cap in all, and a draft past 8 MiB', async () => {
    // Other staff's drafts up to the shop's cap.
    const have = (await drafts()).length;
    for (let i = have; i < MAX_DRAFTS; i++)
      await t.app.db
        .insertInto('price_drafts')
        .values({ id: randomUUID(), document: '{}', saved_at: new Date().toISOString(), saved_by: `s${i}@shop.ca` })
        .execute();
    const full = await save(owner, { n: 1 });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe(
      `${MAX_DRAFTS} drafts are already waiting for an owner: ask an owner to publish or discard some, then save again.`,
    );
    expect(await drafts()).toHaveLength(MAX_DRAFTS);

    const huge = await save(owner, { notes: 'x'.repeat(9 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toMatchObject({ message_fr: expect.any(String) });
  });
});
