// The inbox language each staff member chooses: stored with their account, so it follows them
// to another browser; only en and fr; only their own; only from the inbox's own site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff, removeStaff, StaffError } from './staff-service.js';
import { backends, signIn, startTestApp, type TestApp } from '../../../tests/support/harness.js';

const PASSWORD = 'correct horse battery staple';

describe.each(backends())('the inbox language of each staff member on %s', (backend) => {
  let t: TestApp;
  let clerk = '';
  let other = '';

  beforeAll(async () => {
    t = await startTestApp(backend);
    await addStaff(t.app.db, 'clerk@shop.ca', PASSWORD);
    await addStaff(t.app.db, 'other@shop.ca', PASSWORD);
    clerk = await signIn(t.app, 'clerk@shop.ca', PASSWORD);
    other = await signIn(t.app, 'other@shop.ca', PASSWORD);
  });
  afterAll(async () => t?.close());

  const read = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/account/language', headers: { cookie } });
  const change = (cookie: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url: '/api/account/language', headers: { cookie, ...headers }, payload });
  const session = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json<unknown>();

  it('is not chosen for a new account: the inbox follows the browser', async () => {
    const res = await read(clerk);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({ language: null });
    expect(await session(clerk)).toEqual({
      email: 'clerk@shop.ca',
      language: null,
      role: 'owner',
      timeZone: 'America/Toronto',
    });
  });

  it('is remembered per staff member, and follows them to a new sign-in', async () => {
    const res = await change(clerk, { language: 'fr' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ language: 'fr' });
    expect((await read(clerk)).json()).toEqual({ language: 'fr' });
    // Another staff member keeps theirs.
    expect((await read(other)).json()).toEqual({ language: null });

    // Another browser: a new session, the same choice, in the sign-in answer and the session.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: 'clerk@shop.ca', password: PASSWORD },
    });
    expect(login.json()).toEqual({
      email: 'clerk@shop.ca',
      language: 'fr',
      role: 'owner',
      timeZone: 'America/Toronto',
    });
    const elsewhere = String(login.headers['set-cookie']).split(';')[0]!;
    expect(await session(elsewhere)).toEqual({
      email: 'clerk@shop.ca',
      language: 'fr',
      role: 'owner',
      timeZone: 'America/Toronto',
    });

    // And after a restart of the server, from the database.
    await t.restart();
    expect((await read(elsewhere)).json()).toEqual({ language: 'fr' });

    expect((await change(elsewhere, { language: 'en' })).json()).toEqual({ language: 'en' });
    expect(await session(clerk)).toEqual({
      email: 'clerk@shop.ca',
      language: 'en',
      role: 'owner',
      timeZone: 'America/Toronto',
    });
  });

  it('takes only en or fr, and changes nothing otherwise', async () => {
    await change(other, { language: 'fr' });
    for (const payload of [
      { language: 'de' },
      { language: 'FR' },
      { language: null },
      {},
      { language: ['fr'] },
      { lang: 'en' },
    ]) {
      const res = await change(other, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      // A field the route does not take is named as such (http/strict-bodies.ts).
      expect(res.json().error.code).toBe('lang' in payload ? 'unknown_field' : 'bad_request');
    }
    expect((await read(other)).json()).toEqual({ language: 'fr' });
  });

  it('needs a session, and refuses a change sent from another site', async () => {
    expect((await read('staff_session=forged')).statusCode).toBe(401);
    expect((await change('staff_session=forged', { language: 'fr' })).statusCode).toBe(401);

    const crossSite = await change(other, { language: 'en' }, { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error.code).toBe('cross_site');
    const noOrigin = await change(other, { language: 'en' }, { 'sec-fetch-site': 'cross-site' });
    expect(noOrigin.statusCode).toBe(403);
    expect((await read(other)).json()).toEqual({ language: 'fr' });
  });

  it('ends with the account: a removed staff member cannot set it', async () => {
    await addStaff(t.app.db, 'leaving@shop.ca', PASSWORD);
    const leaving = await signIn(t.app, 'leaving@shop.ca', PASSWORD);
    await removeStaff(t.app.db, 'leaving@shop.ca');
    expect((await change(leaving, { language: 'fr' })).statusCode).toBe(401);
  });

  it('can be set when the account is made (npm run staff -- add EMAIL --lang fr)', async () => {
    await addStaff(t.app.db, 'commis@shop.ca', PASSWORD, 'fr');
    const commis = await signIn(t.app, 'commis@shop.ca', PASSWORD);
    expect((await read(commis)).json()).toEqual({ language: 'fr' });
    await expect(addStaff(t.app.db, 'clerk2@shop.ca', PASSWORD, 'es')).rejects.toThrow(
      new StaffError('The inbox speaks en or fr, not "es".'),
    );
  });
});
