// Pictures and drawings wait in separate lanes, and a drawing has a budget of processor time
// (docs/decisions/017-artwork-lanes-and-cpu-budget.md). The attacker's review: six small SVGs
// whose filters take seconds each, sent from six addresses (fairness by address cannot help
// when the attacker has addresses), held another customer's PNG thumbnail for 35 to 47 s.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworkLine, TOO_COMPLEX_TO_PREVIEW } from '../../shared/artwork-report.js';
import { addStaff } from '../staff/staff-service.js';
import { mintOrderLink } from '../storage/order-links.js';
import {
  pageToken,
  sampleOrder,
  signIn,
  startTestApp,
  submitMultipart,
  type TestApp,
  until,
} from '../../../tests/support/harness.js';
import { heavySvg } from '../../../tests/support/heavy-svg.js';
import { startArtworkQueue, type ArtworkQueue } from './artwork-queue.js';
import { claimNextArtwork } from './artwork-store.js';
import { detectFormat, readHeadAndTail } from './detect-format.js';
import { LANE_SLOTS, processArtwork, takeLanePlace } from './process-artwork.js';

type Upload = { name: string; type: string; data: Buffer };

function orderWith(file: Upload, view = false) {
  const order = sampleOrder();
  Object.assign(
    order.layouts['1'],
    view
      ? { viewData: { Front: { image: file.name, dimensions: '10 in', decoration: 'dtf' } } }
      : { files: [{ name: file.name, type: file.type, role: 'mockup' }] },
  );
  return order;
}

const send = (t: TestApp, file: Upload, address: string, view = false) =>
  submitMultipart(t.app, orderWith(file, view), [file], { 'x-form-token': pageToken(t) }, address);

const svgFile = (name: string): Upload => ({ name, type: 'image/svg+xml', data: heavySvg() });
const pngFile = async (): Promise<Upload> => ({
  name: 'photo.png',
  type: 'image/png',
  data: await sharp({ create: { width: 800, height: 600, channels: 3, background: '#16a34a' } })
    .png()
    .toBuffer(),
});

function rowsOf(t: TestApp) {
  return t.app.db
    .selectFrom('artwork')
    .innerJoin('attachments', 'attachments.id', 'artwork.attachment_id')
    .select([
      'attachments.name',
      'artwork.status',
      'artwork.claimed_until',
      'artwork.thumbnail',
      'artwork.note',
      'artwork.analysed_at',
    ])
    .execute();
}

describe('six heavy drawings from six addresses, then a picture', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Each drawing would be read to its end: nothing here stops it but closing.
    t = await startTestApp('sqlite', {
      ARTWORK_POLL_MS: '100',
      ARTWORK_TIMEOUT_MS: '300000',
      ARTWORK_RENDER_CPU_MS: '300000',
    });
  });
  afterAll(async () => t?.close());

  it('previews the picture while the first drawing is still being read', async () => {
    for (let i = 1; i <= 6; i++) await send(t, svgFile(`heavy-${i}.svg`), `203.0.113.${i}`);
    await until(async () => (await rowsOf(t)).some((r) => r.status === 'working' && r.claimed_until !== null));
    await send(t, await pngFile(), '198.51.100.20');

    const png = await until(async () => {
      const row = (await rowsOf(t)).find((r) => r.name === 'photo.png');
      return row && row.status !== 'working' && row;
    }, 90_000);
    expect(png).toMatchObject({ status: 'done', thumbnail: 1 });
    // It waited for no drawing: not one of them has been read to its end.
    const drawings = (await rowsOf(t)).filter((r) => r.name.endsWith('.svg'));
    expect(drawings.map((r) => r.status)).toEqual(Array(6).fill('working'));
  }, 120_000);
});

describe('the lanes, with a reader that holds drawings until let go', () => {
  let t: TestApp;
  let queue: ArtworkQueue | undefined;
  beforeAll(async () => {
    // The app's own queue is off: this test runs one with the stand-in reader.
    t = await startTestApp('sqlite', { ARTWORK_CHECKS: 'false' });
  });
  afterAll(async () => {
    await queue?.stop();
    await t?.close();
  });

  it('reads a picture while drawings hold every place in the vector lane, and no more drawings at once', async () => {
    const holds: (() => void)[] = [];
    let drawing = 0;
    let mostAtOnce = 0;
    const reader: typeof processArtwork = async (source, thumbPath, options) => {
      const { head } = await readHeadAndTail(source);
      if (detectFormat(head) !== 'svg') return processArtwork(source, thumbPath, options);
      drawing++;
      mostAtOnce = Math.max(mostAtOnce, drawing);
      await new Promise<void>((resolve) => holds.push(resolve));
      drawing--;
      return { ok: false, code: 'too-complex', reason: 'let go', lane: 'vector', elapsedMs: 0 };
    };
    queue = startArtworkQueue({
      db: t.app.db,
      files: t.app.files,
      shop: { shopEmail: t.config.SHOP_EMAIL, publicUrl: 'http://localhost' },
      intervalMs: 100,
      leaseMs: 60_000,
      timeoutMs: 60_000,
      renderCpuMs: 10_000,
      orderBudgetMs: 60_000,
      clientBudgetMs: 300_000,
      onMailQueued: () => {},
      log: { warn: () => {} },
      process: reader,
    });
    const drawings = LANE_SLOTS.vector + 2;
    for (let i = 1; i <= drawings; i++) await send(t, svgFile(`held-${i}.svg`), `203.0.113.${i}`);
    await until(() => holds.length === LANE_SLOTS.vector);
    await send(t, await pngFile(), '198.51.100.20');

    const png = await until(async () => {
      const row = (await rowsOf(t)).find((r) => r.name === 'photo.png');
      return row && row.status !== 'working' && row;
    });
    expect(png).toMatchObject({ status: 'done', thumbnail: 1 });
    // Every drawing that started is still held; the others still wait in their lane.
    expect(holds).toHaveLength(LANE_SLOTS.vector);
    const lanes = await t.app.db.selectFrom('artwork').select(['lane', 'status']).execute();
    expect(lanes.filter((r) => r.lane === 'vector').map((r) => r.status)).toEqual(Array(drawings).fill('working'));
    expect(lanes.filter((r) => r.lane === 'raster')).toHaveLength(1);

    // Let them go, one lane's worth at a time: all end too complex, never more at once than the lane's places.
    const done = await until(async () => {
      holds.splice(0).forEach((letGo) => letGo());
      const svgs = (await rowsOf(t)).filter((r) => r.name.endsWith('.svg'));
      return svgs.every((r) => r.status !== 'working') && svgs;
    });
    expect(done.map((r) => r.note)).toEqual(Array(drawings).fill(TOO_COMPLEX_TO_PREVIEW));
    expect(mostAtOnce).toBe(LANE_SLOTS.vector);
  }, 60_000);
});

describe('the lanes shared with the files on messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { ARTWORK_POLL_MS: '100' });
  });
  afterAll(async () => t?.close());

  it('claims no drawing while message files hold every place in its lane: its lease and checking time wait too', async () => {
    // What message PDFs being read hold (checkMessageFile, through processArtwork).
    const places = await Promise.all(Array.from({ length: LANE_SLOTS.vector }, () => takeLanePlace('vector')));
    const logo = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#c03"/></svg>',
    );
    try {
      await send(t, { name: 'logo.svg', type: 'image/svg+xml', data: logo }, '203.0.113.30');
      await until(async () => (await t.app.db.selectFrom('artwork').select('lane').execute()).length === 1);
      // Ten turns of the queue's loops.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await rowsOf(t)).toMatchObject([{ name: 'logo.svg', status: 'working', claimed_until: null }]);
    } finally {
      for (const release of places) release?.();
    }
    const done = await until(async () => {
      const [row] = await rowsOf(t);
      return row && row.status !== 'working' && row;
    });
    expect(done).toMatchObject({ name: 'logo.svg', status: 'done', thumbnail: 1 });
  }, 60_000);
});

describe('a drawing over its budget of processor time', () => {
  let t: TestApp;
  let cookie = '';
  beforeAll(async () => {
    // The wall clock is far: what stops the drawing is its processor time.
    t = await startTestApp('sqlite', {
      ARTWORK_POLL_MS: '100',
      ARTWORK_TIMEOUT_MS: '300000',
      ARTWORK_RENDER_CPU_MS: '1000',
    });
    await addStaff(t.app.db, 'clerk@shop.ca', 'a long enough password');
    cookie = await signIn(t.app, 'clerk@shop.ca', 'a long enough password');
  });
  afterAll(async () => t?.close());

  const svgRow = async () => (await rowsOf(t)).find((r) => r.name === 'logo.svg');

  it('is too complex to preview, says so in the inbox and on the customer’s page, and is never read again', async () => {
    const { orderId } = await send(t, svgFile('logo.svg'), '203.0.113.9', true);
    const first = await until(async () => {
      const row = await svgRow();
      return row && row.status !== 'working' && row;
    }, 90_000);
    // Its size was read before the preview ran out of processor time.
    expect(first).toMatchObject({ status: 'done', thumbnail: 0, note: TOO_COMPLEX_TO_PREVIEW });

    const detail = (await t.app.inject({ url: `/api/orders/${orderId}`, headers: { cookie } })).json();
    const artwork = detail.attachments.find((a: { name: string }) => a.name === 'logo.svg').artwork;
    expect(artworkLine(artwork, '10 in').text).toBe('SVG · vector · too complex to preview');
    expect(artworkLine(artwork, '10 in', 'fr').text).toBe('SVG · vectoriel · trop complexe pour un aperçu');
    const token = await mintOrderLink(t.app.db, orderId);
    const page = (await t.app.inject({ url: `/api/o/${token}` })).json();
    expect(page.attachments).toMatchObject([{ name: 'logo.svg', preview: false, tooComplex: true }]);

    // A restart does not try it again: no lane gives it out, and the restarted queue, having
    // read a later picture, has left it as it was.
    await t.restart();
    expect(await claimNextArtwork(t.app.db, 60_000, 'vector')).toBeNull();
    expect(await claimNextArtwork(t.app.db, 60_000, 'raster')).toBeNull();
    await send(t, await pngFile(), '198.51.100.20');
    await until(async () => (await rowsOf(t)).find((r) => r.name === 'photo.png' && r.status === 'done'));
    expect(await svgRow()).toEqual(first);
  }, 120_000);
});
