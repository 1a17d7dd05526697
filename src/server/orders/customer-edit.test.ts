// The customer changes their own order before approval, from the order's page (docs/product.md,
// "Changing an order"), on SQLite and PostgreSQL: the change is the order's next version with the
// customer as author and a reason; a quote already sent is withdrawn (the shop revises it) and
// the order is New again; once approved, the page's change is refused and nothing is saved; an
// unknown link answers as an unknown path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import example from '../../shared/prices/example-price-list.json' with { type: 'json' };
import {
  backends,
  deliveredText,
  pageToken,
  sampleOrder,
  startShopApp,
  submitMultipart,
  type TestApp,
} from '../../../tests/support/harness.js';
import type { OrderVersionInfo } from '../../shared/inbox-api.js';
import type { CustomerOrderView } from '../../shared/quote-api.js';

describe.each(backends())('the customer’s own change on %s', (backend) => {
  let t: TestApp;
  let clerk = '';
  beforeAll(async () => {
    ({
      t,
      staff: { clerk },
    } = await startShopApp(backend, {
      env: { GST_HST_NUMBER: '123456782 RT0001', ARTWORK_CHECKS: 'false' },
      staff: { clerk: { email: 'clerk@shop.ca', role: 'staff' } },
      priceList: example,
    }));
  });
  afterAll(async () => t?.close());

  const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: clerk }, ...(payload ? { payload } : {}) });
  const twoTees = () => {
    const order = sampleOrder();
    Object.assign(order.layouts['1'], {
      variations: [{ type: 'G5000', color: 'Black', sizes: 'M:1, L:1', supplyingGoods: 'no' }],
      viewData: { Front: { image: '', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 } },
    });
    return order;
  };
  const tokenOf = async (orderId: string) => {
    const mails = await t.app.db
      .selectFrom('mail_queue')
      .select(['id', 'order_id'])
      .where('order_id', '=', orderId)
      .where('kind', '=', 'customer_update')
      .orderBy('created_at', 'desc')
      .execute();
    return /\/o\/([A-Za-z0-9_-]{43})/.exec(await deliveredText(t, mails[0]!))![1]!;
  };
  const page = async (token: string) => (await t.app.inject({ url: `/api/o/${token}` })).json<CustomerOrderView>();
  const change = (token: string, body: object) =>
    t.app.inject({ method: 'POST', url: `/api/o/${token}/versions`, payload: body });
  const sendQuote = async (orderId: string) => {
    const lines = [{ description: 'Tees', quantity: 2, unitPriceCents: 1500, taxable: true }];
    const sent = await staff('POST', `/api/orders/${orderId}/quote/send`, { lines, confirmNoProofs: true });
    expect(sent.statusCode, sent.body).toBe(201);
  };

  it('saves the customer’s change as the next version, withdraws the sent quote, and refuses once approved', async () => {
    const { orderId } = await submitMultipart(t.app, twoTees(), [], { 'x-form-token': pageToken(t) });
    await sendQuote(orderId);
    const token = await tokenOf(orderId);
    const before = await page(token);
    expect(before).toMatchObject({ status: 'quoted', version: 1 });

    // A change without a reason, or from a stale version: refused, nothing saved.
    const doc = structuredClone(before.document);
    doc.layouts['1']!.variations[0]!.sizes = 'S:3, M:7, L:6, XL:4';
    doc.layouts['1']!.jobNotes = 'Team crest on the front';
    expect((await change(token, { document: doc, reason: ' ', baseVersion: 1 })).json()).toMatchObject({
      error: { code: 'reason_required' },
    });
    expect((await change(token, { document: doc, reason: 'More players', baseVersion: 2 })).statusCode).toBe(409);
    expect((await page(token)).version).toBe(1);

    const saved = await change(token, { document: doc, reason: 'More players joined', baseVersion: 1 });
    expect(saved.statusCode, saved.body).toBe(201);
    const answer = saved.json<{ version: number; view: CustomerOrderView }>();
    expect(answer.version).toBe(2);
    // The sent quote is withdrawn: the order is New again and the shop prepares a new quote.
    expect(answer.view).toMatchObject({ status: 'new', version: 2 });
    expect(answer.view.document.layouts['1']!.variations[0]!.sizes).toBe('S:3, M:7, L:6, XL:4');
    const versions = (await staff('GET', `/api/orders/${orderId}/versions`)).json<{ versions: OrderVersionInfo[] }>()
      .versions;
    expect(versions.at(-1)).toMatchObject({ number: 2, authorKind: 'customer', reason: 'More players joined' });
    const detail = (await staff('GET', `/api/orders/${orderId}`)).json<{
      order: { status: string };
      history: { changed_by: string; event?: { kind: string; withdrew?: string | null } | null }[];
    }>();
    expect(detail.order.status).toBe('new');
    // The inbox's list flags it as changed by the customer.
    const listed = (await staff('GET', '/api/orders')).json<{
      orders: { id: string; edited_by_customer?: boolean }[];
    }>();
    expect(listed.orders.find((o) => o.id === orderId)?.edited_by_customer).toBe(true);
    expect(detail.history.at(-1)).toMatchObject({
      changed_by: 'customer',
      event: { kind: 'order_edited', withdrew: 'quote' },
    });

    // Quoted again and approved: the page's change is refused, nothing saved.
    await sendQuote(orderId);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/approve`,
      payload: { version: 2, fullName: 'Ada Lovelace', agree: true },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const late = await change(token, { document: doc, reason: 'One more', baseVersion: 2 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: { code: 'order_approved' } });
    expect((await page(token)).version).toBe(2);

    // An unknown link: the answer of an unknown path.
    const unknown = await change('A'.repeat(43), { document: doc, reason: 'x', baseVersion: 1 });
    expect(unknown.statusCode).toBe(404);
  });

  it('says on the page who made the version it shows: the customer’s own change, then the shop’s', async () => {
    const { orderId } = await submitMultipart(t.app, twoTees(), [], { 'x-form-token': pageToken(t) });
    await sendQuote(orderId);
    const token = await tokenOf(orderId);
    expect(await page(token)).toMatchObject({ changedVersion: null, changedBy: null });
    const doc = structuredClone((await page(token)).document);
    doc.layouts['1']!.variations[0]!.sizes = 'S:3, M:7, L:6, XL:4';
    const saved = await change(token, { document: doc, reason: 'More players joined', baseVersion: 1 });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json<{ view: CustomerOrderView }>().view).toMatchObject({ changedVersion: 2, changedBy: 'customer' });
    doc.layouts['1']!.jobNotes = 'Names on the back';
    const edited = await staff('POST', `/api/orders/${orderId}/versions`, {
      document: doc,
      reason: 'Marie called',
      baseVersion: 2,
    });
    expect(edited.statusCode, edited.body).toBe(201);
    expect(await page(token)).toMatchObject({ changedVersion: 3, changedBy: 'shop' });
  });

  it('saves the customer’s names list as the next version and names a refused line, saving nothing', async () => {
    const { orderId } = await submitMultipart(t.app, twoTees(), [], { 'x-form-token': pageToken(t) });
    await sendQuote(orderId);
    const token = await tokenOf(orderId);
    const before = await page(token);
    const doc = structuredClone(before.document);
    doc.layouts['1']!.teamNames = [
      { name: 'Maxime Lavoie', size: 'L', printName: 'LAVOIE', printNumber: '12' },
      { name: 'Geneviève Beaulieu-Tremblay', size: 'M', printName: '', printNumber: '1234' },
    ];
    const refused = await change(token, { document: doc, reason: 'Names for the back', baseVersion: before.version });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      error: { code: 'invalid_order', fields: ['layouts.1.teamNames.1.printNumber'] },
    });
    expect((await page(token)).version).toBe(before.version);

    doc.layouts['1']!.teamNames[1]!.printNumber = '7';
    const saved = await change(token, { document: doc, reason: 'Names for the back', baseVersion: before.version });
    expect(saved.statusCode, saved.body).toBe(201);
    expect((await page(token)).document.layouts['1']!.teamNames).toEqual(doc.layouts['1']!.teamNames);
    const versions = (await staff('GET', `/api/orders/${orderId}/versions`)).json<{ versions: OrderVersionInfo[] }>()
      .versions;
    expect(versions.at(-1)).toMatchObject({ authorKind: 'customer', reason: 'Names for the back' });
  });

  it('saves a change of decorations as the next version, names a wrong field beside it, and refuses once approved', async () => {
    const { orderId } = await submitMultipart(t.app, twoTees(), [], { 'x-form-token': pageToken(t) });
    await sendQuote(orderId);
    const token = await tokenOf(orderId);
    const before = await page(token);
    expect(before).toMatchObject({ status: 'quoted', version: 1 });

    // The front's screen print becomes a left-chest embroidery, and a back print is added.
    const doc = structuredClone(before.document);
    const views = doc.layouts['1']!.viewData;
    Object.assign(views.Front!, { decoration: 'embroidery', location: 'left-chest', dimensions: '3.5" wide' });
    delete views.Front!.colours;
    views.Back = {
      image: '',
      decoration: 'screen-printing',
      location: 'upper-back',
      dimensions: '11" wide',
      colours: 3,
    };

    // Wrong input, a location of another view or no ink colours: refused with the field named, nothing saved.
    const refusal = async (wrongly: (d: typeof doc) => void) => {
      const wrong = structuredClone(doc);
      wrongly(wrong);
      const refused = await change(token, { document: wrong, reason: 'New crest', baseVersion: 1 });
      expect(refused.statusCode).toBe(422);
      return refused.json<{ error: { code: string; fields: string[]; message: string; message_fr: string } }>().error;
    };
    const nape = await refusal((d) => void (d.layouts['1']!.viewData.Front!.location = 'nape'));
    expect(nape).toMatchObject({ code: 'invalid_order', fields: ['layouts.1.viewData.Front.location'] });
    expect(nape.message).toMatch(/layouts\.1\.viewData\.Front\.location: must be one of full-front, left-chest/);
    const noInks = await refusal((d) => void (d.layouts['1']!.viewData.Back!.colours = 0));
    expect(noInks).toMatchObject({ code: 'invalid_order', fields: ['layouts.1.viewData.Back.colours'] });
    expect(noInks.message_fr).toBe('La commande n’est pas valide\u202f: vérifiez layouts.1.viewData.Back.colours.');
    expect((await page(token)).version).toBe(1);

    const saved = await change(token, { document: doc, reason: 'Embroidered crest, name on the back', baseVersion: 1 });
    expect(saved.statusCode, saved.body).toBe(201);
    const answer = saved.json<{ version: number; view: CustomerOrderView }>();
    expect(answer.version).toBe(2);
    expect(answer.view.document.layouts['1']!.viewData).toEqual({
      Front: { image: '', decoration: 'embroidery', location: 'left-chest', dimensions: '3.5" wide' },
      Back: { image: '', decoration: 'screen-printing', location: 'upper-back', dimensions: '11" wide', colours: 3 },
    });
    const versions = (await staff('GET', `/api/orders/${orderId}/versions`)).json<{ versions: OrderVersionInfo[] }>()
      .versions;
    expect(versions.map((v) => [v.number, v.authorKind])).toEqual([
      [1, 'customer'],
      [2, 'customer'],
    ]);
    expect(versions[1]).toMatchObject({ reason: 'Embroidered crest, name on the back' });

    // Approved: a decoration change is refused in both languages, and nothing is saved.
    await sendQuote(orderId);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/approve`,
      payload: { version: 2, fullName: 'Ada Lovelace', agree: true },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const later = structuredClone(answer.view.document);
    later.layouts['1']!.viewData.Back!.colours = 4;
    const late = await change(token, { document: later, reason: 'One more ink', baseVersion: 2 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      error: {
        code: 'order_approved',
        message: 'This order is approved and being made: ask the shop for a change in a message.',
        message_fr:
          'Cette commande est approuvée et en préparation\u00a0: demandez un changement à la boutique dans un message.',
      },
    });
    expect((await page(token)).document.layouts['1']!.viewData.Back!.colours).toBe(3);
  });
});
