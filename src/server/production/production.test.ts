// The production floor through its routes, on SQLite and PostgreSQL: an approved order becomes a
// job with an imprint per decorated view and its readiness; imprints move through their method's
// stages with who and when; a stale move is answered with where the card is; the calendar counts
// pieces against capacity; owners set the stages.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addStaff } from '../staff/staff-service.js';
import {
  backends,
  pageToken,
  sampleOrder,
  signIn,
  startTestApp,
  submitMultipart,
  type TestApp,
  orderLinkToken,
} from '../../../tests/support/harness.js';
import type { Board, JobCard, RoomForOrder } from '../../shared/production/production-api.js';
import { addBusinessDays } from '../../shared/production/jobs.js';
import { DEFAULT_PRODUCTION_SETTINGS } from '../../shared/production/stages.js';
import { todayOf } from '../invoices/index.js';

const PASSWORD = 'correct horse battery staple';

/**
 * The shop's clock, set by the test (docs/testing-clock.md): noon in Toronto on `day`. The app runs in
 * this process, so its "today" (dates.ts `dateIn`) reads this clock too.
 */
const setShopDay = (day: string) => vi.setSystemTime(new Date(`${day}T17:00:00Z`));
/** A Saturday: the day this file used to fail on (the room test runs every weekday itself). */
const SATURDAY = '2026-11-28';

describe.each(backends())('the production floor on %s', (backend) => {
  let t: TestApp;
  let owner = '';
  let clerk = '';
  /** Signs both in again: a session lasts 12 hours of the (moved) clock. */
  const signBothIn = async () => {
    owner = await signIn(t.app, 'owner@shop.ca', PASSWORD);
    clerk = await signIn(t.app, 'clerk@shop.ca', PASSWORD);
  };
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setShopDay(SATURDAY);
    t = await startTestApp(backend, { GST_HST_NUMBER: '123456782 RT0001', ARTWORK_CHECKS: 'false' });
    await addStaff(t.app.db, 'owner@shop.ca', PASSWORD, 'en', 'owner');
    await addStaff(t.app.db, 'clerk@shop.ca', PASSWORD, 'en', 'staff');
    await signBothIn();
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  const staff = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, who = clerk) =>
    t.app.inject({ method, url, headers: { cookie: who }, ...(payload ? { payload } : {}) });

  /** An order with a screen-printed front and an embroidered back, quoted and approved. */
  const approvedJob = async (
    deadline = '',
    viewData: object = {
      Front: { image: '', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 },
      Back: { image: '', dimensions: '3.5 x 2 in', decoration: 'embroidery' },
    },
  ) => {
    const order = sampleOrder();
    const first = order.layouts['1'];
    Object.assign(first, {
      variations: [{ type: 'Gildan 5000', color: 'Black', sizes: 'S:10, M:20, L:18', supplyingGoods: 'no' }],
      viewData,
      deadline: { hasCriticalDeadline: deadline !== '', date: deadline },
    });
    const { orderId } = await submitMultipart(t.app, order, [], { 'x-form-token': pageToken(t) });
    const lines = [{ description: 'Tees', quantity: 48, unitPriceCents: 1500, taxable: true }];
    expect(
      (await staff('POST', `/api/orders/${orderId}/quote/send`, { lines, confirmNoProofs: true })).statusCode,
    ).toBe(201);
    const token = await orderLinkToken(t, orderId);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/approve`,
      payload: { version: 1, fullName: 'Ada Lovelace', agree: true },
    });
    expect(approve.statusCode).toBe(200);
    return orderId;
  };

  const boardOf = async (query = '') => (await staff('GET', `/api/production/board${query}`)).json<Board>();
  const jobOf = async (orderId: string) => (await boardOf()).jobs.find((j) => j.orderId === orderId)!;

  it('makes an approved order a job: an imprint per decorated view, its due date and its three flags', async () => {
    const orderId = await approvedJob();
    const job = await jobOf(orderId);
    expect(job.imprints.map((i) => [i.location, i.method, i.stageName.en, i.pieces])).toEqual([
      ['Front', 'screen-printing', 'Art', 48],
      ['Back', 'embroidery', 'Digitize', 48],
    ]);
    expect(job.imprints[0]).toMatchObject({ inkColours: 2, nextStageName: { en: 'Screens', fr: 'Écrans' } });
    expect(job.imprints[1]).toMatchObject({ stitches: 7000 });
    // No proof went with the quote, the deposit is due, the blanks are to order: not ready.
    expect(job.readiness).toEqual({ proof: 'none', deposit: 'due', blanks: 'to_order' });
    expect(job.ready).toBe(false);
    expect(job.pieces).toBe(48);
    // Ten business days from today's approval.
    const today = todayOf({ timeZone: 'America/Toronto' });
    expect(job.dueOn > today).toBe(true);
    expect((await boardOf('?notReady=1')).jobs.map((j) => j.orderId)).toContain(orderId);
  });

  it('estimates an imprint’s stitches with the graphic’s proportions the form sent, as the pricing does', async () => {
    // A square logo 3.5" wide on the left chest: 3.5 × 3.5 in, not the location's usual 3.5 × 2.
    const orderId = await approvedJob('', {
      Front: { image: '', dimensions: '3.5" wide', decoration: 'embroidery', location: 'left-chest', aspect: 1 },
      Back: { image: '', dimensions: '3.5" wide', decoration: 'embroidery', location: 'full-back' },
    });
    const [square, usual] = (await jobOf(orderId)).imprints;
    // Without a picture's proportions, the full back's usual 12 × 14: 3.5 × 4.083 in.
    expect([square!.stitches, usual!.stitches]).toEqual([12_250, 14_292]);
  });

  it('takes the customer’s critical deadline as the due date, and filters by method, stage and week', async () => {
    const today = todayOf({ timeZone: 'America/Toronto' });
    const soon = new Date(`${today}T12:00:00Z`);
    soon.setUTCDate(soon.getUTCDate() + 3);
    const deadline = soon.toISOString().slice(0, 10);
    const orderId = await approvedJob(deadline);
    expect((await jobOf(orderId)).dueOn).toBe(deadline);
    expect((await boardOf('?due=week')).jobs.map((j) => j.orderId)).toContain(orderId);
    expect((await boardOf('?method=embroidery&stage=0')).jobs.map((j) => j.orderId)).toContain(orderId);
    expect((await boardOf('?method=embroidery&stage=1')).jobs.map((j) => j.orderId)).not.toContain(orderId);
  });

  it('moves imprints through their stages with who and when; a stale move gets the card where it is', async () => {
    const orderId = await approvedJob();
    const [front, back] = (await jobOf(orderId)).imprints;
    const move = (id: string, from: number, to: number, who = clerk) =>
      staff('POST', `/api/production/imprints/${id}/move`, { from, to }, who);
    // The first move starts the order (docs/production.md, "The status follows the floor"): the
    // deposit is due, so the gate asks a reason, and a clerk without the override may not give it.
    const gated = await move(front!.id, 0, 1);
    expect(gated.statusCode, gated.body).toBe(409);
    expect(gated.json().error.code).toBe('gate_closed');
    expect((await jobOf(orderId)).imprints[0]!.stage).toBe(0);
    const reason = { reason: 'Deposit promised by phone' };
    const refused = await staff('POST', `/api/production/imprints/${front!.id}/move`, {
      from: 0,
      to: 1,
      override: reason,
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect((await jobOf(orderId)).status).toBe('approved');
    const first = await staff(
      'POST',
      `/api/production/imprints/${front!.id}/move`,
      { from: 0, to: 1, override: reason },
      owner,
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<JobCard>()).toMatchObject({ status: 'in_production' });
    expect(first.json<JobCard>().imprints[0]).toMatchObject({
      stage: 1,
      stageName: { en: 'Screens' },
      movedBy: 'owner@shop.ca',
    });
    // A second clerk who still saw it at Art: answered, not applied.
    const stale = await move(front!.id, 0, 2, owner);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('moved_meanwhile');
    expect((await jobOf(orderId)).imprints[0]!.stage).toBe(1);
    expect((await move(front!.id, 1, 9)).statusCode).toBe(422);
    // Both to Pack: the job is packed.
    for (const [id, from, to] of [
      [front!.id, 1, 4],
      [back!.id, 0, 3],
    ] as const)
      expect((await move(id, from, to)).statusCode).toBe(200);
    expect((await jobOf(orderId)).packed).toBe(true);
    const detail = (await staff('GET', `/api/orders/${orderId}`)).json();
    const moves = detail.history.filter((h: { event: { kind: string } | null }) => h.event?.kind === 'imprint_moved');
    expect(
      moves.map((h: { changed_by: string; event: { to: { en: string } } }) => [h.changed_by, h.event.to.en]),
    ).toEqual([
      ['owner@shop.ca', 'Screens'],
      ['clerk@shop.ca', 'Pack'],
      ['clerk@shop.ca', 'Pack'],
    ]);
    // The scan page's job.
    const scan = await staff('GET', `/api/production/jobs/${orderId}`);
    expect(scan.json<JobCard>()).toMatchObject({ orderId, packed: true });
    // The order moved once, with the owner's reason, as a clerk's move through the gate records it.
    const started = detail.history.filter(
      (h: { from_status: string; to_status: string }) =>
        h.to_status === 'in_production' && h.from_status === 'approved',
    );
    expect(started).toHaveLength(1);
    expect(JSON.stringify(started[0])).toContain('Deposit promised by phone');
  });

  it('finds a job by the reference typed from its ticket, in any case and with or without its dash', async () => {
    const orderId = await approvedJob();
    const { reference } = await jobOf(orderId);
    for (const typed of [reference, reference.toLowerCase(), ` ${reference.replace('-', ' ')} `]) {
      const res = await staff('GET', `/api/production/jobs?reference=${encodeURIComponent(typed)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<JobCard>()).toMatchObject({ orderId, reference });
    }
    const missing = await staff('GET', '/api/production/jobs?reference=ZZZZ-ZZZZ');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({
      code: 'no_job',
      message: 'No job has the reference ZZZZ-ZZZZ: check it on the ticket.',
      fields: ['reference'],
    });
    expect((await staff('GET', '/api/production/jobs?reference=')).statusCode).toBe(400);
    // Staff only.
    expect((await t.app.inject({ method: 'GET', url: `/api/production/jobs?reference=${reference}` })).statusCode).toBe(
      401,
    );
  });

  it('counts pieces due each day against the capacity', async () => {
    const today = todayOf({ timeZone: 'America/Toronto' });
    const settings = (await staff('GET', '/api/production/settings')).json();
    expect(
      (
        await staff('PUT', '/api/production/settings', {
          ...settings,
          capacity: { ...settings.capacity, embroidery: 50 },
        })
      ).statusCode,
    ).toBe(403);
    const saved = await staff(
      'PUT',
      '/api/production/settings',
      { ...settings, capacity: { ...settings.capacity, embroidery: 50 } },
      owner,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const to = new Date(`${today}T12:00:00Z`);
    to.setUTCDate(to.getUTCDate() + 60);
    const cal = (
      await staff('GET', `/api/production/calendar?from=${today}&to=${to.toISOString().slice(0, 10)}`)
    ).json();
    const embroidery = cal.loads.filter((l: { method: string }) => l.method === 'embroidery');
    expect(embroidery.some((l: { pieces: number; over: boolean }) => l.pieces > 50 && l.over)).toBe(true);
    expect((await staff('GET', `/api/production/calendar?from=${today}&to=2026-13-45`)).statusCode).toBe(400);
  });

  // Every day of the week, Monday to Sunday, each in a week of its own far from the other tests'
  // jobs (theirs are due within weeks of SATURDAY): a job due on the next business day fills it, so
  // the editor is offered the one after. It used to read the real clock and failed on Saturdays,
  // when another test's job (due three calendar days on) fell on the second business day.
  const weekdays = ['2027-03-01', '2027-03-09', '2027-03-17', '2027-03-25', '2027-04-02', '2027-04-10', '2027-04-18'];
  it('proposes to the quote editor the first business day with room for the order’s pieces, any day of the week', async () => {
    expect(weekdays.map((d) => new Date(`${d}T12:00:00Z`).getUTCDay())).toEqual([1, 2, 3, 4, 5, 6, 0]);
    for (const day of weekdays) {
      setShopDay(day);
      await signBothIn();
      const today = todayOf({ timeZone: 'America/Toronto' });
      expect(today).toBe(day);
      const [d1, d2] = [addBusinessDays(today, 1), addBusinessDays(today, 2)];
      const settings = (await staff('GET', '/api/production/settings')).json();
      const capacity = (embroidery: number) => ({ ...settings, capacity: { ...settings.capacity, embroidery } });
      expect((await staff('PUT', '/api/production/settings', capacity(60), owner)).statusCode).toBe(200);
      await approvedJob(d1); // 48 embroidered pieces due on the next business day
      const order = sampleOrder();
      Object.assign(order.layouts['1'], {
        variations: [{ type: 'Gildan 5000', color: 'Navy', sizes: 'M:24, L:24', supplyingGoods: 'no' }],
        viewData: { Front: { image: '', dimensions: '3.5 x 2 in', decoration: 'embroidery' } },
      });
      const { orderId } = await submitMultipart(t.app, order, [], { 'x-form-token': pageToken(t) });

      const room = await staff('GET', `/api/production/orders/${orderId}/room`);
      expect(room.statusCode, room.body).toBe(200);
      // 48 + 48 pieces do not fit 60 a day on the next business day: the one after.
      expect(room.json<RoomForOrder>(), day).toMatchObject({ today, pieces: { embroidery: 48 }, firstDay: d2 });
      expect((await staff('PUT', '/api/production/settings', capacity(1000), owner)).statusCode).toBe(200);
      expect((await staff('GET', `/api/production/orders/${orderId}/room`)).json<RoomForOrder>().firstDay, day).toBe(
        d1,
      );
    }

    const unknown = await staff('GET', '/api/production/orders/00000000-0000-4000-8000-000000000000/room');
    expect(unknown.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/production/orders/00000000-0000-4000-8000-000000000000/room' }))
        .statusCode,
    ).toBe(401);
  });

  it('keeps the owner’s settings for every other method when a method is added to the catalogue', async () => {
    const settings = (await staff('GET', '/api/production/settings')).json();
    const owners = {
      ...settings,
      stages: {
        ...settings.stages,
        embroidery: [
          { en: 'Punch', fr: 'Perforation' },
          { en: 'Done', fr: 'Fini' },
        ],
      },
      capacity: { ...settings.capacity, embroidery: 75, dtf: 40 },
      turnaroundDays: 15,
    };
    expect((await staff('PUT', '/api/production/settings', owners, owner)).statusCode).toBe(200);
    // As if saved before sewing was a method: the stored settings lack it, the catalogue has it.
    const row = await t.app.db
      .selectFrom('shop_settings')
      .select('value')
      .where('key', '=', 'production')
      .executeTakeFirstOrThrow();
    const saved = JSON.parse(row.value);
    delete saved.stages.sewing;
    delete saved.capacity.sewing;
    await t.app.db
      .updateTable('shop_settings')
      .set({ value: JSON.stringify(saved) })
      .where('key', '=', 'production')
      .execute();
    const read = (await staff('GET', '/api/production/settings')).json();
    expect(read.stages.embroidery).toEqual(owners.stages.embroidery);
    expect(read.capacity).toMatchObject({
      embroidery: 75,
      dtf: 40,
      sewing: DEFAULT_PRODUCTION_SETTINGS.capacity.sewing,
    });
    expect(read.stages.sewing).toEqual(DEFAULT_PRODUCTION_SETTINGS.stages.sewing);
    expect(read.turnaroundDays).toBe(15);
  });

  it('lets owners rename stages in both languages, and refuses a method with one stage', async () => {
    const settings = (await staff('GET', '/api/production/settings')).json();
    const one = { ...settings, stages: { ...settings.stages, sewing: [{ en: 'Pack', fr: 'Emballage' }] } };
    expect((await staff('PUT', '/api/production/settings', one, owner)).statusCode).toBe(400);
  });
});
