// An order's versions through the inbox's routes, on SQLite and PostgreSQL (docs/product.md,
// "Changing an order"): version 1 is what the customer sent; a clerk's edit is checked like a
// submission (a refusal saves nothing) and saved as the next version with who and why; a change
// after approval withdraws it; what is made and bought (quotes/ orderToMake) stays the approved
// version until a quote of the new one is approved, then the job's imprints, the board, the
// ticket and the To order list follow it.
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
import { hasPoppler, pdfText } from '../../../tests/support/pdf.js';
import type { OrderVersionInfo } from '../../shared/inbox-api.js';
import type { Board, JobCard } from '../../shared/production/production-api.js';
import type { ToOrderList } from '../../shared/purchasing/purchasing-api.js';
import { orderToMake } from '../quotes/index.js';

describe.each(backends())('order versions on %s', (backend) => {
  let t: TestApp;
  let clerk = '';
  let owner = '';
  beforeAll(async () => {
    ({
      t,
      staff: { clerk, owner },
    } = await startShopApp(backend, {
      env: { GST_HST_NUMBER: '123456782 RT0001', ARTWORK_CHECKS: 'false' },
      staff: { clerk: { email: 'clerk@shop.ca', role: 'staff' }, owner: { email: 'owner@shop.ca', role: 'owner' } },
      priceList: { ...example, garments: [{ ...example.garments[0]!, supplier: 'SanMar Canada' }] },
    }));
  });
  afterAll(async () => t?.close());

  const staff = (method: 'GET' | 'POST', url: string, payload?: object, who = clerk) =>
    t.app.inject({ method, url, headers: { cookie: who }, ...(payload ? { payload } : {}) });

  /** Two black tees with a screen-printed front and an embroidered back. */
  const twoTees = () => {
    const order = sampleOrder();
    Object.assign(order.layouts['1'], {
      variations: [{ type: 'G5000', color: 'Black', sizes: 'M:1, L:1', supplyingGoods: 'no' }],
      viewData: {
        Front: { image: '', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 },
        Back: { image: '', dimensions: '3.5 x 2 in', decoration: 'embroidery' },
      },
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

  const sendAndApprove = async (orderId: string, version: number, quantity: number) => {
    const lines = [{ description: 'Tees', quantity, unitPriceCents: 1500, taxable: true }];
    const sent = await staff('POST', `/api/orders/${orderId}/quote/send`, { lines, confirmNoProofs: true });
    expect(sent.statusCode, sent.body).toBe(201);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/o/${await tokenOf(orderId)}/approve`,
      payload: { version, fullName: 'Ada Lovelace', agree: true },
    });
    expect(approve.statusCode, approve.body).toBe(200);
  };

  const versions = async (orderId: string) =>
    (await staff('GET', `/api/orders/${orderId}/versions`)).json<{ versions: OrderVersionInfo[] }>().versions;
  const detail = async (orderId: string) =>
    (await staff('GET', `/api/orders/${orderId}`)).json<{
      order: { status: string; version: number };
      document: ReturnType<typeof twoTees>;
      history: { changed_by: string; event?: { kind: string; version?: number; withdrew?: string | null } | null }[];
    }>();
  const edit = (orderId: string, body: object) => staff('POST', `/api/orders/${orderId}/versions`, body);
  /** The order's part of the To order list: [size, pieces]. */
  const toOrderOf = async (orderId: string) =>
    (await staff('GET', '/api/purchasing/to-order'))
      .json<ToOrderList>()
      .suppliers.flatMap((s) => s.lines)
      .flatMap((l) => l.orders.filter((o) => o.orderId === orderId).map((o) => [l.size, o.qty]));
  const jobOf = async (orderId: string) =>
    (await staff('GET', '/api/production/board')).json<Board>().jobs.find((j) => j.orderId === orderId);

  it('keeps what the customer sent as version 1', async () => {
    const { orderId } = await submitMultipart(t.app, twoTees(), [], { 'x-form-token': pageToken(t) });
    expect(await versions(orderId)).toEqual([
      expect.objectContaining({ number: 1, authorKind: 'customer', author: null, reason: '', toMake: true }),
    ]);
    const row = await t.app.db
      .selectFrom('order_versions')
      .select('document')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.document).layouts['1'].variations[0].sizes).toBe('M:1, L:1');
  });

  it('refuses a bad edit with the fields at fault and saves nothing', async () => {
    const { orderId } = await submitMultipart(t.app, twoTees(), [], { 'x-form-token': pageToken(t) });
    const doc = (await detail(orderId)).document;
    const noReason = await edit(orderId, { document: doc, reason: '  ', baseVersion: 1 });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json()).toMatchObject({ error: { code: 'reason_required', fields: ['reason'] } });
    const bad = structuredClone(doc);
    (bad.layouts['1'] as { garmentOption: string }).garmentOption = 'rent';
    const refused = await edit(orderId, { document: bad, reason: 'Typo', baseVersion: 1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: { code: 'invalid_order' } });
    expect(refused.json().error.fields).toContain('layouts.1.garmentOption');
    const noBilling = structuredClone(doc);
    (noBilling.layouts['1'].billing as { email: string }).email = '';
    const missing = await edit(orderId, { document: noBilling, reason: 'Typo', baseVersion: 1 });
    expect(missing.statusCode).toBe(422);
    const stranger = structuredClone(doc);
    (stranger.layouts['1'].viewData as Record<string, { image: string }>).Front!.image = 'someone-else.png';
    const unknownFile = await edit(orderId, { document: stranger, reason: 'Typo', baseVersion: 1 });
    expect(unknownFile.json()).toMatchObject({ error: { code: 'unknown_file' } });
    const stale = await edit(orderId, { document: doc, reason: 'Typo', baseVersion: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { code: 'order_changed_meanwhile' } });
    expect(await versions(orderId)).toHaveLength(1);
    expect((await detail(orderId)).order.version).toBe(1);
    expect((await detail(orderId)).history.some((h) => h.event?.kind === 'order_edited')).toBe(false);
  });

  it('saves an edit as version 2 with who and why, and the estimate made again', async () => {
    const { orderId } = await submitMultipart(t.app, twoTees(), [], { 'x-form-token': pageToken(t) });
    const doc = (await detail(orderId)).document;
    doc.layouts['1'].variations[0]!.sizes = 'S:3, M:7, L:6, XL:4';
    const saved = await edit(orderId, { document: doc, reason: 'Customer called: 20 hoodies', baseVersion: 1 });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toEqual({ version: 2, status: 'new' });
    expect(await versions(orderId)).toEqual([
      expect.objectContaining({ number: 1, toMake: false }),
      expect.objectContaining({
        number: 2,
        authorKind: 'staff',
        author: 'clerk@shop.ca',
        reason: 'Customer called: 20 hoodies',
        toMake: true,
      }),
    ]);
    const after = await detail(orderId);
    expect(after.order.version).toBe(2);
    expect(after.document.layouts['1'].variations[0]!.sizes).toBe('S:3, M:7, L:6, XL:4');
    expect(after.history.at(-1)).toMatchObject({
      changed_by: 'clerk@shop.ca',
      event: { kind: 'order_edited', version: 2, withdrew: null },
    });
    // The estimate made again for 20 pieces; version 1 keeps the one the customer saw for 2.
    const estimates = await t.app.db
      .selectFrom('order_versions')
      .select(['number', 'estimate'])
      .where('order_id', '=', orderId)
      .orderBy('number')
      .execute();
    const [seen, remade] = estimates.map((e) => JSON.parse(e.estimate!) as { subtotalCents: number; lines: object[] });
    const current = await t.app.db
      .selectFrom('orders')
      .select('estimate')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(current.estimate!)).toEqual(remade);
    expect(remade!.subtotalCents).toBeGreaterThan(seen!.subtotalCents * 2);
    expect(JSON.stringify(remade!.lines)).toContain('S 3, M 7, L 6, XL 4');
    // Version 1 is still exactly what was sent.
    const first = await t.app.db
      .selectFrom('order_versions')
      .select('document')
      .where('order_id', '=', orderId)
      .where('number', '=', 1)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(first.document).layouts['1'].variations[0].sizes).toBe('M:1, L:1');
  });

  it('withdraws an approval; the floor keeps the approved version until the next is approved, then follows it', async () => {
    const { orderId } = await submitMultipart(t.app, twoTees(), [], { 'x-form-token': pageToken(t) });
    await sendAndApprove(orderId, 1, 2);
    const before = (await jobOf(orderId))!;
    expect(before.pieces).toBe(2);
    // The front moves on a stage: it keeps it through the change.
    const [front, back] = before.imprints;
    // The first move starts the order through the gate (the deposit is due): a reason.
    const moved = await staff(
      'POST',
      `/api/production/imprints/${front!.id}/move`,
      { from: 0, to: 1, override: { reason: 'Deposit promised by phone' } },
      owner,
    );
    expect(moved.statusCode, moved.body).toBe(200);

    // The clerk: 20 pieces, the back's embroidery gone, a left sleeve printed instead.
    const doc = (await detail(orderId)).document;
    doc.layouts['1'].variations[0]!.sizes = 'S:3, M:7, L:6, XL:4';
    const views = doc.layouts['1'].viewData as Record<string, object>;
    delete views.Back;
    views['Left Sleeve'] = { image: '', dimensions: '3" wide', decoration: 'screen-printing', colours: 1 };
    const saved = await edit(orderId, { document: doc, reason: 'Customer wants 20', baseVersion: 1 });
    expect(saved.json()).toEqual({ version: 2, status: 'new' });
    const history = (await detail(orderId)).history;
    expect(history.at(-1)?.event).toMatchObject({ kind: 'order_edited', version: 2, withdrew: 'approval' });
    // Not approved yet: the floor still makes version 1's 2 pieces.
    expect(await orderToMake(t.app.db, orderId)).toMatchObject({ version: 1, approved: true });
    expect((await jobOf(orderId))!.pieces).toBe(2);
    expect(await toOrderOf(orderId)).toEqual([
      ['M', 1],
      ['L', 1],
    ]);
    // The customer's page no longer offers the withdrawn quote to approve.
    const stale = await t.app.inject({
      method: 'POST',
      url: `/api/o/${await tokenOf(orderId)}/approve`,
      payload: { version: 1, fullName: 'Ada Lovelace', agree: true },
    });
    expect(stale.statusCode).toBe(409);

    await sendAndApprove(orderId, 2, 20);
    const quote = await t.app.db
      .selectFrom('quotes')
      .select('order_version')
      .where('order_id', '=', orderId)
      .where('version', '=', 2)
      .executeTakeFirstOrThrow();
    expect(quote.order_version).toBe(2);
    expect(await orderToMake(t.app.db, orderId)).toMatchObject({ version: 2, approved: true });

    const job = (await jobOf(orderId))!;
    expect(job.pieces).toBe(20);
    expect(job.imprints.map((i) => [i.location, i.pieces, i.stage])).toEqual([
      ['Front', 20, 1],
      ['Left Sleeve', 20, 0],
    ]);
    expect(job.imprints[0]!.id).toBe(front!.id);
    expect(job.imprints.map((i) => i.id)).not.toContain(back!.id);

    const card = (await staff('GET', `/api/production/jobs/${orderId}`)).json<JobCard>();
    expect(card.pieces).toBe(20);
    if (hasPoppler) {
      const ticket = await staff('GET', `/api/production/jobs/${orderId}/ticket.pdf`);
      expect(ticket.statusCode).toBe(200);
      const text = pdfText(ticket.rawPayload);
      expect(text).toMatch(/Pieces\s+20/);
      expect(text).not.toMatch(/Pieces\s+2\b/);
      expect(text).toContain('JOB TICKET · Pieces: 20');
      expect(text).toMatch(/S\s+M\s+L\s+XL\s+Total\s*\n\s*Black\s+3\s+7\s+6\s+4\s+20/);
    }
    expect(await toOrderOf(orderId)).toEqual([
      ['S', 3],
      ['M', 7],
      ['L', 6],
      ['XL', 4],
    ]);
  });

  it("revises a quote from the order as it stands, priced again, with the clerk's price kept and marked", async () => {
    const { orderId } = await submitMultipart(t.app, twoTees(), [], { 'x-form-token': pageToken(t) });
    type Priced = { description: string; quantity: number; unitPriceCents: number; taxable: boolean; kind?: string };
    const state = async () =>
      (await staff('GET', `/api/orders/${orderId}/quote`)).json<{
        priced: { lines: Priced[] };
        revision: {
          fromVersion: number;
          fromStatus: string;
          lines: (Priced & { was: number | null; byHand: boolean; reason?: { en: string } })[];
        } | null;
      }>();
    const first = await state();
    expect(first.revision).toBeNull();
    const sendable = first.priced.lines.map(({ description, quantity, unitPriceCents, taxable }) => ({
      description,
      quantity,
      unitPriceCents,
      taxable,
    }));
    const garment = first.priced.lines.findIndex((l) => l.kind === 'garment');
    const front = first.priced.lines.findIndex((l) => l.kind === 'decoration');
    expect(first.priced.lines[garment]!.quantity).toBe(2);
    // The clerk's own price on the front print.
    sendable[front] = { ...sendable[front]!, unitPriceCents: 777 };
    const sent = await staff('POST', `/api/orders/${orderId}/quote/send`, { lines: sendable, confirmNoProofs: true });
    expect(sent.statusCode, sent.body).toBe(201);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/o/${await tokenOf(orderId)}/approve`,
      payload: { version: 1, fullName: 'Ada Lovelace', agree: true },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const doc = (await detail(orderId)).document;
    doc.layouts['1'].variations[0]!.sizes = 'S:3, M:7, L:6, XL:4';
    expect((await edit(orderId, { document: doc, reason: '20 now', baseVersion: 1 })).statusCode).toBe(201);

    const after = await state();
    const revision = after.revision!;
    expect(revision).toMatchObject({ fromVersion: 1, fromStatus: 'superseded' });
    // Each list line is the list's line for 20 pieces (its quantity break, its explanation)…
    const listed = revision.lines.filter((l) => !l.byHand);
    for (const l of listed) {
      const own = after.priced.lines.find((p) => p.description === l.description)!;
      expect([l.quantity, l.unitPriceCents]).toEqual([own.quantity, own.unitPriceCents]);
      expect(l.reason?.en).toBeTruthy();
    }
    expect(revision.lines.filter((l) => l.kind === 'garment').reduce((n, l) => n + l.quantity, 0)).toBe(20);
    // …but the front print keeps the clerk's price, marked, at the new quantity.
    const kept = revision.lines.find((l) => l.was === front)!;
    expect(kept).toMatchObject({ byHand: true, unitPriceCents: 777, quantity: 20 });
    const listFront = after.priced.lines.find((p) => p.description === kept.description)!;
    expect(listFront.unitPriceCents).not.toBe(777);
  });
});
