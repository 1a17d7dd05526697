// Artwork checks are fair: first come, first served by the time each order has used, and one
// order's files share a time budget. An order of slow files (an SVG under a turbulence filter
// over a huge region takes the reader's whole time limit) no longer holds another customer's
// thumbnail behind all of them, and its files past the budget are marked, not read.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pageToken,
  sampleOrder,
  startTestApp,
  submitMultipart,
  type TestApp,
  until,
} from '../../../tests/support/harness.js';
import { heavySvg } from '../../../tests/support/heavy-svg.js';

describe('fair artwork checks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', {
      ARTWORK_POLL_MS: '100',
      ARTWORK_TIMEOUT_MS: '3000',
      ARTWORK_ORDER_BUDGET_MS: '4000',
    });
  });
  afterAll(async () => t?.close());

  const rows = () =>
    t.app.db
      .selectFrom('artwork')
      .innerJoin('attachments', 'attachments.id', 'artwork.attachment_id')
      .select(['attachments.name', 'artwork.status', 'artwork.note', 'artwork.analysed_at', 'artwork.spent_ms'])
      .execute();

  it('reads a later customer’s picture before the rest of a heavy order, and stops the heavy one at its budget', async () => {
    const svg = heavySvg();
    expect(svg.length).toBeLessThan(20_000);
    const heavy = sampleOrder();
    const names = ['heavy-1.svg', 'heavy-2.svg', 'heavy-3.svg', 'heavy-4.svg'];
    Object.assign(heavy.layouts['1'], {
      files: names.map((name) => ({ name, type: 'image/svg+xml', role: 'mockup' })),
    });
    await submitMultipart(
      t.app,
      heavy,
      names.map((name) => ({ name, type: 'image/svg+xml', data: svg })),
      { 'x-form-token': pageToken(t) },
    );
    // While the heavy order's first file is being read, a customer sends a plain picture.
    await until(async () => (await rows()).some((r) => r.status === 'working'));
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#16a34a' } })
      .png()
      .toBuffer();
    const customer = sampleOrder();
    Object.assign(customer.layouts['1'], { files: [{ name: 'logo.png', type: 'image/png', role: 'mockup' }] });
    await submitMultipart(t.app, customer, [{ name: 'logo.png', type: 'image/png', data: png }], {
      'x-form-token': pageToken(t),
    });

    const done = await until(async () => {
      const all = await rows();
      return all.length === 5 && all.every((r) => r.status !== 'working') && all;
    }, 60_000);
    const byName = new Map(done.map((r) => [r.name, r]));
    const at = (name: string) => Date.parse(byName.get(name)!.analysed_at!);

    // The picture was read right after the file in progress, before the heavy order's second.
    expect(byName.get('logo.png')).toMatchObject({ status: 'done' });
    expect(at('logo.png')).toBeLessThan(at('heavy-2.svg'));
    // The heavy files that were read ran out of time and are marked so; once the order had used
    // its 4 s, the rest were marked without being read.
    // (Its size is read at once; the preview is what runs out of time.)
    expect(byName.get('heavy-1.svg')!.note).toBe('Reading the file took longer than 3 s.');
    expect(byName.get('heavy-1.svg')!.spent_ms).toBeGreaterThanOrEqual(3000);
    const skipped = names.filter((n) => byName.get(n)!.note?.startsWith('Not checked'));
    expect(skipped.length).toBeGreaterThanOrEqual(1);
    for (const name of skipped) expect(byName.get(name)).toMatchObject({ status: 'failed', spent_ms: null });
    const spent = names.reduce((sum, n) => sum + (byName.get(n)!.spent_ms ?? 0), 0);
    // At most the budget, plus the one file that began within it, plus the reader's start-up.
    expect(spent).toBeLessThan(4000 + 3000 + 2000);
  }, 90_000);
});

describe('fair artwork checks per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', {
      ARTWORK_POLL_MS: '100',
      ARTWORK_TIMEOUT_MS: '3000',
      // Each order could use a minute; what stops the address is its own budget.
      ARTWORK_ORDER_BUDGET_MS: '60000',
      // The first file's 3 s plus its start and save stay under it on a busy machine, where the
      // customer's picture is read at the same time in the raster lane.
      ARTWORK_CLIENT_BUDGET_MS: '4500',
    });
  });
  afterAll(async () => t?.close());

  const rows = () =>
    t.app.db
      .selectFrom('artwork')
      .innerJoin('attachments', 'attachments.id', 'artwork.attachment_id')
      .select(['attachments.name', 'artwork.status', 'artwork.note', 'artwork.analysed_at', 'artwork.spent_ms'])
      .execute();
  const heavyOrder = (name: string) => {
    const order = sampleOrder();
    Object.assign(order.layouts['1'], { files: [{ name, type: 'image/svg+xml', role: 'mockup' }] });
    const files = [{ name, type: 'image/svg+xml', data: heavySvg() }];
    return [order, files] as [typeof order, typeof files];
  };
  const attacker = '203.0.113.7';

  it('serves another address before the next order of an address that used its time, and stops that address at its budget', async () => {
    await submitMultipart(t.app, ...heavyOrder('a-1.svg'), { 'x-form-token': pageToken(t) }, attacker);
    await until(async () => (await rows()).some((r) => r.status === 'working'));
    // While its first file is read, the same address sends a second order, then a customer sends a picture.
    await submitMultipart(t.app, ...heavyOrder('a-2.svg'), { 'x-form-token': pageToken(t) }, attacker);
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2563eb' } })
      .png()
      .toBuffer();
    const customer = sampleOrder();
    Object.assign(customer.layouts['1'], { files: [{ name: 'photo.png', type: 'image/png', role: 'mockup' }] });
    await submitMultipart(
      t.app,
      customer,
      [{ name: 'photo.png', type: 'image/png', data: png }],
      {
        'x-form-token': pageToken(t),
      },
      '198.51.100.20',
    );

    const first = await until(async () => {
      const all = await rows();
      return all.length === 3 && all.every((r) => r.status !== 'working') && all;
    }, 60_000);
    const byName = new Map(first.map((r) => [r.name, r]));
    const at = (name: string) => Date.parse(byName.get(name)!.analysed_at!);
    // Both new orders had used nothing; the customer's address had used nothing either.
    expect(byName.get('photo.png')).toMatchObject({ status: 'done' });
    expect(at('photo.png')).toBeLessThan(at('a-2.svg'));
    // The address's second order got what the address had left (4.5 s less the first file's 3 s).
    expect(byName.get('a-1.svg')!.spent_ms).toBeGreaterThanOrEqual(3000);
    expect(byName.get('a-2.svg')!.spent_ms).toBeLessThan(3000);

    // A third order from that address, within the hour: marked without being read.
    await submitMultipart(t.app, ...heavyOrder('a-3.svg'), { 'x-form-token': pageToken(t) }, attacker);
    const third = await until(async () => {
      const row = (await rows()).find((r) => r.name === 'a-3.svg');
      return row && row.status !== 'working' && row;
    }, 30_000);
    expect(third).toMatchObject({
      status: 'failed',
      spent_ms: null,
      note: 'Not checked: files sent from this address in the last hour already used the time allowed for checks.',
    });
  }, 90_000);
});
