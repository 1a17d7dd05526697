// A team's sizes and the order they fill (docs/collections.md, "The order"), on SQLite and
// PostgreSQL. Sent from the form: the server refuses while entries are open and takes the final
// entries itself, whatever the browser wrote. Started from My orders for an order already sent:
// closing the entries updates the order while it is New, leaves it once the shop has quoted, and
// another customer's order or collection answers 404.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import example from '../../shared/prices/example-price-list.json' with { type: 'json' };
import type { CreatedCollection, OrderCollectionLink, OrderTeamSizes } from '../../shared/collections-api.js';
import { addDays, dateIn } from '../../shared/dates.js';
import type { HistoryEvent } from '../../shared/history-events.js';
import { createSignInLink } from '../portal/portal-store.js';
import { publishPriceList } from '../prices/index.js';
import { addStaff } from '../staff/index.js';
import {
  authHeaders,
  backends,
  deliveredText,
  sampleOrder,
  signIn,
  startTestApp,
  type TestApp,
} from '../../../tests/support/harness.js';

type Stored = {
  status: string;
  document: { layouts: Record<string, { variations: { sizes: string }[]; teamNames?: unknown[] }> };
  estimate: { totalCents: number } | null;
  history: { event: HistoryEvent | null }[];
};

describe.each(backends())('a team’s sizes and their order on %s', (backend) => {
  let t: TestApp;
  let today = '';
  let clerk = '';
  beforeAll(async () => {
    t = await startTestApp(backend, { COLLECTION_CREATE_RATE_LIMIT: '1000', COLLECTION_RATE_LIMIT: '1000' });
    await publishPriceList(t.app.db, example, 'owner@shop.ca');
    today = dateIn(t.config.timeZone);
    await addStaff(t.app.db, 'clerk@shop.ca', 'correct horse battery staple', 'en', 'owner');
    clerk = await signIn(t.app, 'clerk@shop.ca', 'correct horse battery staple');
  });
  afterAll(async () => t?.close());

  /** An order of the shop's Gildan 5000 (its id in the price list), by `email`. */
  const orderOf = (email: string, layout: Record<string, unknown> = {}) => {
    const o = sampleOrder();
    const first = o.layouts['1'] as Record<string, unknown>;
    first.variations = [{ type: 'G5000', color: 'Black', sizes: 'S:5', supplyingGoods: 'no' }];
    first.billing = { ...(first.billing as object), email };
    Object.assign(first, layout);
    return o;
  };
  const submit = (order: object): Promise<LightMyRequestResponse> =>
    t.app.inject({ method: 'POST', url: '/functions/v1/submit-order', headers: authHeaders, payload: order });
  const stored = async (orderId: string) =>
    (await t.app.inject({ url: `/api/orders/${orderId}`, headers: { cookie: clerk } })).json<Stored>();
  const enter = (link: string, name: string, size: string) =>
    t.app.inject({ method: 'PUT', url: `/api/c/${link}/entry`, payload: { name, size, printNumber: '9' } });
  const session = async (email: string) => {
    const token = await createSignInLink(t.app.db, email);
    const res = await t.app.inject({ method: 'POST', url: '/api/portal/session', payload: { token } });
    expect(res.statusCode, res.body).toBe(200);
    return String(res.headers['set-cookie']).split(';')[0]!;
  };
  const portal = (
    cookie: string | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  /** The mails queued for an order since its confirmation: the shop's and the customer's updates. */
  const mailsOf = (orderId: string) =>
    t.app.db
      .selectFrom('mail_queue')
      .select(['id', 'order_id', 'kind', 'recipient', 'subject'])
      .where('order_id', '=', orderId)
      .where('kind', 'in', ['shop', 'customer_update'])
      .where('subject', 'like', '%team%')
      .orderBy('created_at')
      // Queued in one transaction, the two may share a time: the shop's first.
      .orderBy('kind', 'desc')
      .execute();
  const code = (res: { json: <T>() => T }) => res.json<{ error: { code: string } }>().error.code;

  it('sent from the form: refused while entries are open; then its sizes and names are the entries’, never the browser’s', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/collections',
      payload: { title: 'Lions', garment: 'G5000', closesOn: addDays(today, 5) },
    });
    const { link, organiserKey } = made.json<CreatedCollection>();
    await enter(link, 'Ada', 'M');
    await enter(link, 'Bob', 'L');
    await enter(link, 'Cy', 'M');
    // What a browser might claim: other sizes and names.
    const order = orderOf('lions@example.com', {
      teamCollection: { organiserKey, variation: 0 },
      teamNames: [{ name: 'Mallory', size: 'S', printName: '', printNumber: '' }],
    });
    const before = await t.app.db.selectFrom('orders').select('id').execute();

    const open = await submit(order);
    expect(open.statusCode).toBe(409);
    expect(open.json()).toMatchObject({
      error: { code: 'team_entries_open', fields: ['layouts.1.teamCollection'] },
    });
    expect(await t.app.db.selectFrom('orders').select('id').execute()).toHaveLength(before.length);

    await t.app.inject({ method: 'POST', url: '/api/collections/close', headers: { 'x-organiser-key': organiserKey } });
    const sent = await submit(order);
    expect(sent.statusCode, sent.body).toBe(201);
    const { orderId } = sent.json<{ orderId: string }>();
    const doc = (await stored(orderId)).document.layouts['1']!;
    expect(doc.variations[0]!.sizes).toBe('M:2, L:1');
    expect(doc.teamNames).toEqual([
      { name: 'Ada', size: 'M', printName: '', printNumber: '9' },
      { name: 'Bob', size: 'L', printName: '', printNumber: '9' },
      { name: 'Cy', size: 'M', printName: '', printNumber: '9' },
    ]);
    // The key never stays with the order; the collection is now this order's.
    const row = await t.app.db
      .selectFrom('orders')
      .select('document')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(row.document).not.toContain(organiserKey);
    expect(row.document).not.toContain('teamCollection');
    const tied = await t.app.db
      .selectFrom('size_collections')
      .select(['order_id', 'layout_key', 'variation_index', 'outcome'])
      .where('title', '=', 'Lions')
      .executeTakeFirstOrThrow();
    expect(tied).toEqual({ order_id: orderId, layout_key: '1', variation_index: 0, outcome: 'applied' });

    // The same key again, or a made-up one: refused beside the layout, nothing saved.
    for (const key of [organiserKey, 'A'.repeat(43)]) {
      const again = await submit(orderOf('lions@example.com', { teamCollection: { organiserKey: key, variation: 0 } }));
      expect(again.statusCode).toBe(422);
      expect(code(again)).toBe('team_collection_unknown');
    }
  });

  it('sent from the form while entries are open, when the organiser chooses: the order takes them so far, then the final ones', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/collections',
      payload: { title: 'Early', garment: 'G5000', closesOn: addDays(today, 5) },
    });
    const { link, organiserKey } = made.json<CreatedCollection>();
    await enter(link, 'Ada', 'M');
    const sent = await submit(
      orderOf('early@example.com', { teamCollection: { organiserKey, variation: 0, whileOpen: true } }),
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const { orderId } = sent.json<{ orderId: string }>();
    expect((await stored(orderId)).document.layouts['1']!.variations[0]!.sizes).toBe('M:1');

    // More members enter after the order went; the organiser follows and closes it in My orders.
    await enter(link, 'Bob', 'L');
    await enter(link, 'Cy', 'L');
    const cookie = await session('early@example.com');
    const url = `/api/portal/orders/${orderId}/team-sizes`;
    const view = (await portal(cookie, 'GET', url)).json<OrderTeamSizes>();
    expect(view.collections).toMatchObject([{ title: 'Early', open: true, outcome: null }]);
    const closed = await portal(cookie, 'POST', `${url}/${view.collections[0]!.id}/close`);
    expect(closed.json()).toMatchObject({ outcome: 'applied' });
    const after = (await stored(orderId)).document.layouts['1']!;
    expect(after.variations[0]!.sizes).toBe('M:1, L:2');
    expect(after.teamNames).toHaveLength(3);
  });

  it('keeps the organiser’s own pieces beside the entries: the order has their sum, priced as the form showed it', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/collections',
      payload: { title: 'Hawks', garment: 'G5000', closesOn: addDays(today, 5), asksPrint: false },
    });
    const { link, organiserKey } = made.json<CreatedCollection>();
    // Not asked for a name and number: the page says so and none is kept, whatever is sent.
    const page = await t.app.inject({ url: `/api/c/${link}` });
    expect(page.json()).toMatchObject({ asksPrint: false });
    await enter(link, 'Ada', 'M');
    await enter(link, 'Bob', 'L');
    await t.app.inject({ method: 'POST', url: '/api/collections/close', headers: { 'x-organiser-key': organiserKey } });
    // The browser showed M:8, L:7 (two entries and her 20) and sends her 20 as her extra pieces.
    const extras = 'S:3, M:7, L:6, XL:4';
    const sent = await submit(
      orderOf('hawks@example.com', {
        variations: [{ type: 'G5000', color: 'Black', sizes: 'S:3, M:8, L:7, XL:4', supplyingGoods: 'no' }],
        teamCollection: { organiserKey, variation: 0, extraSizes: extras },
      }),
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const order = await stored(sent.json<{ orderId: string }>().orderId);
    expect(order.document.layouts['1']!.variations[0]!.sizes).toBe('S:3, M:8, L:7, XL:4');
    expect(order.document.layouts['1']!.teamNames).toEqual([
      { name: 'Ada', size: 'M', printName: '', printNumber: '' },
      { name: 'Bob', size: 'L', printName: '', printNumber: '' },
    ]);
    // The same 22 typed without a team: the same estimate, the one the form showed.
    const typed = await submit(
      orderOf('typed@example.com', {
        variations: [{ type: 'G5000', color: 'Black', sizes: 'S:3, M:8, L:7, XL:4', supplyingGoods: 'no' }],
      }),
    );
    const plain = await stored(typed.json<{ orderId: string }>().orderId);
    expect(order.estimate?.totalCents).toBeGreaterThan(0);
    expect(order.estimate?.totalCents).toBe(plain.estimate?.totalCents);

    // Extra pieces in a size the garment lacks: refused beside the field, nothing saved.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/collections',
      payload: { title: 'Owls', garment: 'G5000', closesOn: addDays(today, 5) },
    });
    const owls = other.json<CreatedCollection>();
    expect((await t.app.inject({ url: `/api/c/${owls.link}` })).json()).toMatchObject({ asksPrint: true });
    await t.app.inject({
      method: 'POST',
      url: '/api/collections/close',
      headers: { 'x-organiser-key': owls.organiserKey },
    });
    const bad = await submit(
      orderOf('owls@example.com', {
        teamCollection: { organiserKey: owls.organiserKey, variation: 0, extraSizes: 'XXS:2' },
      }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      error: { code: 'team_extras_unread', fields: ['layouts.1.teamCollection.extraSizes'] },
    });
  });

  it('sent while open with the organiser’s pieces: the final entries are settled with them, not instead of them', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/collections',
      payload: { title: 'Owls early', garment: 'G5000', closesOn: addDays(today, 5) },
    });
    const { link, organiserKey } = made.json<CreatedCollection>();
    await enter(link, 'Ada', 'M');
    const sent = await submit(
      orderOf('owls-early@example.com', {
        teamCollection: { organiserKey, variation: 0, whileOpen: true, extraSizes: 'S:2' },
      }),
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const { orderId } = sent.json<{ orderId: string }>();
    expect((await stored(orderId)).document.layouts['1']!.variations[0]!.sizes).toBe('S:2, M:1');
    await enter(link, 'Bob', 'L');
    const cookie = await session('owls-early@example.com');
    const url = `/api/portal/orders/${orderId}/team-sizes`;
    const view = (await portal(cookie, 'GET', url)).json<OrderTeamSizes>();
    const closed = await portal(cookie, 'POST', `${url}/${view.collections[0]!.id}/close`);
    expect(closed.json()).toMatchObject({ outcome: 'applied' });
    expect((await stored(orderId)).document.layouts['1']!.variations[0]!.sizes).toBe('S:2, M:1, L:1');
  });

  it('started from My orders: the order takes the closed entries while New, its estimate made again', async () => {
    const sent = await submit(orderOf('ada@example.com'));
    const { orderId } = sent.json<{ orderId: string }>();
    const ada = await session('ada@example.com');
    const bob = await session('bob@example.com');
    const url = `/api/portal/orders/${orderId}/team-sizes`;

    const first = await portal(ada, 'GET', url);
    expect(first.statusCode).toBe(200);
    expect(first.json<OrderTeamSizes>()).toEqual({
      canStart: true,
      choices: [{ layout: '1', variation: 0, garment: 'Gildan 5000 T-shirt', color: 'Black', sizes: 'S:5' }],
      collections: [],
    });
    // Another customer, or nobody: as if the order did not exist.
    expect((await portal(bob, 'GET', url)).statusCode).toBe(404);
    expect((await portal(null, 'GET', url)).statusCode).toBe(401);
    expect(
      (await portal(bob, 'POST', url, { layout: '1', variation: 0, title: 'X', closesOn: today })).statusCode,
    ).toBe(404);

    const refusals = [
      [{ layout: '1', variation: 3, title: 'Lions', closesOn: today }, 'variation_unknown'],
      [{ layout: '9', variation: 0, title: 'Lions', closesOn: today }, 'variation_unknown'],
      [{ layout: '1', variation: 0, title: ' ', closesOn: today }, 'title_invalid'],
      [{ layout: '1', variation: 0, title: 'Lions', closesOn: addDays(today, -1) }, 'closing_date_invalid'],
    ] as const;
    for (const [payload, expected] of refusals) {
      const res = await portal(ada, 'POST', url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(code(res)).toBe(expected);
    }

    const started = await portal(ada, 'POST', url, { layout: '1', variation: 0, title: 'Lions', closesOn: today });
    expect(started.statusCode, started.body).toBe(201);
    const { collection, link } = started.json<OrderCollectionLink>();
    expect(collection).toMatchObject({ layout: '1', variation: 0, open: true, outcome: null, entries: [] });
    const again = await portal(ada, 'POST', url, { layout: '1', variation: 0, title: 'Two', closesOn: today });
    expect(again.statusCode).toBe(409);
    expect(code(again)).toBe('collection_exists');

    for (const [name, size] of [
      ['Ada', 'M'],
      ['Bob', 'XL'],
      ['Cy', 'M'],
      ['Di', 'S'],
    ] as const) {
      expect((await enter(link, name, size)).statusCode).toBe(201);
    }
    // The organiser removes a duplicate from My orders; another customer cannot.
    await enter(link, 'Di', 'S');
    const entries = (await portal(ada, 'GET', url)).json<OrderTeamSizes>().collections[0]!.entries;
    expect(entries.map((e) => e.name)).toEqual(['Ada', 'Bob', 'Cy', 'Di', 'Di']);
    const entryUrl = `${url}/${collection.id}/entries/${entries[4]!.id}`;
    expect((await t.app.inject({ method: 'DELETE', url: entryUrl, headers: { cookie: bob } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: entryUrl, headers: { cookie: ada } })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: entryUrl, headers: { cookie: ada } })).statusCode).toBe(404);

    // A new link: the old one stops opening the collection.
    const renewed = await portal(ada, 'POST', `${url}/${collection.id}/link`);
    expect(renewed.statusCode).toBe(200);
    const newLink = renewed.json<OrderCollectionLink>().link;
    expect((await t.app.inject({ url: `/api/c/${link}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/c/${newLink}` })).statusCode).toBe(200);

    const estimateBefore = (await stored(orderId)).estimate!.totalCents;
    expect((await portal(bob, 'POST', `${url}/${collection.id}/close`)).statusCode).toBe(404);
    expect((await portal(ada, 'POST', `${url}/${'0'.repeat(8)}-0000-4000-8000-000000000000/close`)).statusCode).toBe(
      404,
    );
    const closed = await portal(ada, 'POST', `${url}/${collection.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ open: false, outcome: 'applied' });

    const after = await stored(orderId);
    expect(after.document.layouts['1']!.variations[0]!.sizes).toBe('S:1, M:2, XL:1');
    expect(after.document.layouts['1']!.teamNames).toHaveLength(4);
    // Priced again on 4 pieces instead of 5.
    expect(after.estimate!.totalCents).not.toBe(estimateBefore);
    expect(after.history.map((h) => h.event).filter(Boolean)).toEqual([
      {
        kind: 'team_sizes_closed',
        layout: '1',
        variation: 0,
        title: 'Lions',
        entries: 4,
        sizes: 'S:1, M:2, XL:1',
        applied: true,
      },
    ]);
    // A new version of the order, by the team; version 1 is still what the customer sent.
    const versions = await t.app.db
      .selectFrom('order_versions')
      .select(['number', 'author_kind', 'reason', 'document'])
      .where('order_id', '=', orderId)
      .orderBy('number')
      .execute();
    expect(versions.map((v) => [v.number, v.author_kind, v.reason])).toEqual([
      [1, 'customer', ''],
      [2, 'team', 'Team entries closed: Lions'],
    ]);
    expect(JSON.parse(versions[0]!.document).layouts['1'].variations[0].sizes).not.toBe('S:1, M:2, XL:1');
    // The shop is told its order changed; the customer closed it and saw the outcome: no mail to them.
    const mails = await mailsOf(orderId);
    expect(mails.map((m) => [m.kind, m.subject])).toEqual([
      [
        'shop',
        `Order ${sent.json<{ reference: string }>().reference}: sizes updated from the team’s entries / Commande ${sent.json<{ reference: string }>().reference}\u00a0: tailles mises à jour par l’équipe`,
      ],
    ]);
    // As delivered: the worker may have sent it already, and the queue keeps no body once sent.
    const shopText = await deliveredText(t, mails[0]!);
    expect(shopText).toContain('Gildan 5000 T-shirt, Black');
    expect(shopText).toContain('4 entries (S:1, M:2, XL:1)');
    // My orders reads the order as it is now; closing twice changes nothing more.
    const view = (await portal(ada, 'GET', url)).json<OrderTeamSizes>();
    expect(view.choices[0]!.sizes).toBe('S:1, M:2, XL:1');
    expect(view.collections.map((c) => c.outcome)).toEqual(['applied']);
    expect((await portal(ada, 'POST', `${url}/${collection.id}/close`)).json()).toMatchObject({ outcome: 'applied' });
    expect((await stored(orderId)).history.filter((h) => h.event)).toHaveLength(1);
  });

  it('leaves an order the shop quoted before entries closed, and says so in its history', async () => {
    const { orderId } = (await submit(orderOf('quoted@example.com'))).json<{ orderId: string }>();
    const cookie = await session('quoted@example.com');
    const url = `/api/portal/orders/${orderId}/team-sizes`;
    const started = await portal(cookie, 'POST', url, {
      layout: '1',
      variation: 0,
      title: 'Late',
      closesOn: addDays(today, 2),
    });
    const { collection, link } = started.json<OrderCollectionLink>();
    await enter(link, 'Eve', 'L');
    const quote = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/quote/send`,
      headers: { cookie: clerk },
      payload: {
        lines: [{ description: 'Gildan 5000, printed', quantity: 5, unitPriceCents: 1200, taxable: true }],
        confirmNoProofs: true,
      },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const before = await stored(orderId);

    const closed = await portal(cookie, 'POST', `${url}/${collection.id}/close`);
    expect(closed.json()).toMatchObject({ outcome: 'quoted_first', entries: [{ name: 'Eve' }] });
    const after = await stored(orderId);
    expect(after.document).toEqual(before.document);
    expect(after.history.at(-1)!.event).toMatchObject({ kind: 'team_sizes_closed', applied: false, sizes: 'L:1' });
    expect((await mailsOf(orderId)).map((m) => [m.kind, m.subject.slice(0, 60)])).toEqual([
      ['shop', expect.stringContaining('team entries closed after the quote')],
    ]);
    const view = (await portal(cookie, 'GET', url)).json<OrderTeamSizes>();
    expect(view.canStart).toBe(false);
    const start = await portal(cookie, 'POST', url, { layout: '1', variation: 0, title: 'More', closesOn: today });
    expect(start.statusCode).toBe(409);
    expect(code(start)).toBe('order_quoted');
  });

  it('settles a collection whose closing date passed when My orders is read, and deletes it with the order', async () => {
    const { orderId, reference } = (await submit(orderOf('dated@example.com'))).json<{
      orderId: string;
      reference: string;
    }>();
    const cookie = await session('dated@example.com');
    const url = `/api/portal/orders/${orderId}/team-sizes`;
    const started = await portal(cookie, 'POST', url, { layout: '1', variation: 0, title: 'Dated', closesOn: today });
    const { collection, link } = started.json<OrderCollectionLink>();
    await enter(link, 'Flo', '2XL');
    await t.app.db
      .updateTable('size_collections')
      .set({ closes_on: addDays(today, -1) })
      .where('id', '=', collection.id)
      .execute();
    const view = (await portal(cookie, 'GET', url)).json<OrderTeamSizes>();
    expect(view.collections[0]).toMatchObject({ open: false, outcome: 'applied' });
    expect((await stored(orderId)).document.layouts['1']!.variations[0]!.sizes).toBe('2XL:1');
    // Closed by its date: the customer is mailed too, in their language, without the members'
    // names or the title they typed; reading again mails nobody again.
    await portal(cookie, 'GET', url);
    const mails = await mailsOf(orderId);
    expect(mails.map((m) => [m.kind, m.recipient])).toEqual([
      ['shop', expect.any(String)],
      ['customer_update', 'dated@example.com'],
    ]);
    const customerText = await deliveredText(t, mails[1]!);
    expect(customerText).toContain('Your order now has the sizes of 1 entry: 2XL:1.');
    expect(customerText).toContain('/my-orders');
    expect(customerText).not.toContain('Flo');
    expect(customerText).not.toContain('Dated');

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${orderId}`,
      headers: { cookie: clerk },
      payload: { reference },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await t.app.db.selectFrom('size_collections').select('id').where('id', '=', collection.id).execute();
    expect(left).toEqual([]);
    const entries = await t.app.db
      .selectFrom('size_collection_entries')
      .select('id')
      .where('collection_id', '=', collection.id)
      .execute();
    expect(entries).toEqual([]);
  });
});
