// A clerk's price list kept for an owner (docs/prices.md, "Drafts for review"): saved by any
// staff member, listed, opened and published by an owner (then gone), or discarded by one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff } from '../staff/staff-service.js';
import example from '../../shared/prices/example-price-list.json' with { type: 'json' };
import { backends, signIn, startTestApp, type TestApp } from '../../../tests/support/harness.js';

const PASSWORD = 'a long and unusual passphrase 7';

describe.each(backends())('price drafts on %s', (backend) => {
  let t: TestApp;
  let owner = '';
  let clerk = '';
  beforeAll(async () => {
    t = await startTestApp(backend);
    await addStaff(t.app.db, 'owner@shop.ca', PASSWORD);
    await addStaff(t.app.db, 'clerk@shop.ca', PASSWORD);
    owner = await signIn(t.app, 'owner@shop.ca', PASSWORD);
    clerk = await signIn(t.app, 'clerk@shop.ca', PASSWORD);
  });
  afterAll(async () => t?.close());

  const call = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('keeps a clerk’s draft, even half done, until an owner publishes it; then it is gone', async () => {
    const drafted = { ...structuredClone(example), customerGoodsCents: 175 };
    const saved = await call(clerk, 'POST', '/api/prices/drafts', { document: drafted });
    expect(saved.statusCode).toBe(201);
    const { id } = saved.json<{ id: string }>();
    // A half-done one is kept too: it is checked when published, not when saved.
    const half = await call(clerk, 'POST', '/api/prices/drafts', { document: { currency: 'CAD', garments: [] } });
    expect(half.statusCode).toBe(201);
    expect((await call(clerk, 'POST', '/api/prices/drafts', { document: 'prices' })).statusCode).toBe(400);

    const listed = (await call(owner, 'GET', '/api/prices')).json<{ drafts: { id: string; savedBy: string }[] }>();
    expect(listed.drafts.map((d) => d.savedBy)).toEqual(['clerk@shop.ca', 'clerk@shop.ca']);
    expect(listed.drafts.map((d) => d.id)).toContain(id);
    const opened = await call(owner, 'GET', `/api/prices/drafts/${id}`);
    expect(opened.json()).toMatchObject({ id, savedBy: 'clerk@shop.ca', document: drafted });

    // The clerk may not publish it, nor discard it.
    expect((await call(clerk, 'POST', `/api/prices?draft=${id}`, drafted)).statusCode).toBe(403);
    expect((await call(clerk, 'DELETE', `/api/prices/drafts/${id}`)).statusCode).toBe(403);
    const published = await call(
      owner,
      'POST',
      `/api/prices?draft=${id}`,
      opened.json<{ document: object }>().document,
    );
    expect(published.statusCode).toBe(201);
    expect((await call(owner, 'GET', '/api/price-list')).json()).toMatchObject({
      priceList: { customerGoodsCents: 175 },
    });
    expect((await call(owner, 'GET', `/api/prices/drafts/${id}`)).statusCode).toBe(404);

    const halfId = half.json<{ id: string }>().id;
    expect((await call(owner, 'DELETE', `/api/prices/drafts/${halfId}`)).statusCode).toBe(204);
    expect((await call(owner, 'DELETE', `/api/prices/drafts/${halfId}`)).statusCode).toBe(404);
    expect((await call(clerk, 'GET', '/api/prices')).json()).toMatchObject({ drafts: [] });
  });
});
