// The server measures every stored file after the commit and makes thumbnails: through the
// real submit-order route, on SQLite and PostgreSQL, read back through the inbox API.
import { PDFDocument } from 'pdf-lib';
import { pngBomb } from '../../../tests/support/png-bomb.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworkLine } from '../../shared/artwork-report.js';
import { addStaff } from '../staff/staff-service.js';
import {
  backends,
  deliveredText,
  pageToken,
  sampleOrder,
  signIn,
  startTestApp,
  submitMultipart,
  type TestApp,
  until,
} from '../../../tests/support/harness.js';

const raster = (width: number, height: number, format: 'png' | 'tiff') =>
  sharp({ create: { width, height, channels: 3, background: '#2563eb' } })
    .toFormat(format)
    .toBuffer();

async function pdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 2; i++) doc.addPage([720, 720]).drawText(`Logo page ${i + 1}`, { x: 50, y: 600, size: 48 });
  return Buffer.from(await doc.save());
}

// How long the checks of a submitted order may take: 30 s was not enough on a CI machine loaded
// by other suites (PDF and TIFF thumbnails are made in child processes, one at a time).
const ARTWORK_WAIT_MS = 100_000;
describe.each(backends())('artwork checks on %s', (backend) => {
  let t: TestApp;
  let cookie = '';
  beforeAll(async () => {
    // The wall-clock backstop raised from its 20 s default: on a CI runner whose two cores also run
    // other test files, a niced vector reader can wait that long for a core; the processor-time
    // budget still applies, and the deadline has its own test (process-artwork.test.ts).
    t = await startTestApp(backend, { ARTWORK_POLL_MS: '200', MAIL_POLL_MS: '200', ARTWORK_TIMEOUT_MS: '60000' });
    await addStaff(t.app.db, 'clerk@shop.ca', 'a long enough password');
    cookie = await signIn(t.app, 'clerk@shop.ca', 'a long enough password');
  });
  afterAll(async () => t?.close());

  const get = (url: string) => t.app.inject({ url, headers: { cookie } });

  async function submit(views: Record<string, { name: string; type: string; data: Buffer; dimensions: string }>) {
    const order = sampleOrder();
    Object.assign(order.layouts['1'], {
      viewData: Object.fromEntries(
        Object.entries(views).map(([view, f]) => [
          view,
          { image: f.name, dimensions: f.dimensions, decoration: 'dtf' },
        ]),
      ),
      files: [{ name: 'po.txt', type: 'text/plain', role: 'po' }],
    });
    return submitMultipart(
      t.app,
      order,
      [...Object.values(views), { name: 'po.txt', type: 'text/plain', data: 'PO 1234' }],
      { 'x-form-token': pageToken(t) },
    );
  }

  it(
    'measures each view after the commit, makes thumbnails of a PDF and a TIFF, and warns the shop once',
    { timeout: 3 * ARTWORK_WAIT_MS },
    async () => {
      const { orderId, reference } = await submit({
        Front: {
          name: 'Layout_1_Front.png',
          type: 'image/png',
          data: await raster(640, 480, 'png'),
          dimensions: '10" wide',
        },
        Back: { name: 'Layout_1_Back.pdf', type: 'application/pdf', data: await pdf(), dimensions: '10" wide' },
        'Left Sleeve': {
          name: 'Layout_1_Left_Sleeve.tif',
          type: 'image/tiff',
          data: await raster(900, 900, 'tiff'),
          dimensions: '3 in',
        },
      });
      const detail = await until(async () => {
        const d = (await get(`/api/orders/${orderId}`)).json();
        return (
          d.attachments.every(
            (a: { artwork: { status: string } | null }) => a.artwork && a.artwork.status !== 'working',
          ) && d
        );
      }, ARTWORK_WAIT_MS);
      const byName = new Map<string, any>(detail.attachments.map((a: { name: string }) => [a.name, a]));

      const front = byName.get('Layout_1_Front.png');
      expect(front.artwork).toMatchObject({ status: 'done', format: 'png', width: 640, height: 480, isVector: false });
      expect(artworkLine(front.artwork, '10" wide')).toEqual({
        text: '640×480 px · 64 ppi at 10 in wide · low',
        rating: 'low',
      });
      const back = byName.get('Layout_1_Back.pdf');
      expect(back.artwork).toMatchObject({ status: 'done', format: 'pdf', isVector: true, pages: 2 });
      expect(back.has_thumbnail).toBe(true);
      const sleeve = byName.get('Layout_1_Left_Sleeve.tif');
      expect(sleeve.artwork).toMatchObject({ format: 'tiff', width: 900, height: 900 });
      expect(artworkLine(sleeve.artwork, '3 in').text).toBe('900×900 px · 300 ppi at 3 in wide · sharp');
      expect(byName.get('po.txt').artwork).toMatchObject({ status: 'done', format: null, note: 'not artwork' });

      for (const a of [back, sleeve]) {
        const thumb = await get(`/api/orders/${orderId}/files/${a.id}/thumbnail`);
        expect(thumb.statusCode).toBe(200);
        expect(thumb.headers['content-type']).toBe('image/webp');
        expect(thumb.headers['content-security-policy']).toContain('sandbox');
        const meta = await sharp(thumb.rawPayload).metadata();
        expect(meta.format).toBe('webp');
        expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(400);
      }
      expect((await get(`/api/orders/${orderId}/files/${byName.get('po.txt').id}/thumbnail`)).statusCode).toBe(404);

      // The shop hears about the blurry front once, with the same words as the inbox.
      const mails = await until(async () => {
        const rows = await t.app.db.selectFrom('mail_queue').selectAll().where('order_id', '=', orderId).execute();
        return rows.length === 3 && rows;
      }, ARTWORK_WAIT_MS);
      const warning = mails.find((m) => m.subject === `Artwork to check for order ${reference}`)!;
      expect(warning.recipient).toBe(t.config.SHOP_EMAIL);
      const csv = (await get('/api/orders/export.csv')).body;
      expect(csv).toContain('Layout 1 Front: 640×480 px · 64 ppi at 10 in wide · low');
      expect(await deliveredText(t, warning)).toContain(
        'Design Layout 1, Front: 640×480 px · 64 ppi at 10 in wide · low',
      );
    },
  );

  it(
    'ends a hostile file cleanly and keeps serving: a truncated PDF and a decompression bomb',
    { timeout: 3 * ARTWORK_WAIT_MS },
    async () => {
      const bomb = pngBomb();
      const { orderId } = await submit({
        Front: {
          name: 'Layout_1_Front.pdf',
          type: 'application/pdf',
          data: (await pdf()).subarray(0, 300),
          dimensions: '',
        },
        Back: { name: 'Layout_1_Back.png', type: 'image/png', data: bomb, dimensions: '10 in' },
      });
      const detail = await until(async () => {
        const d = (await get(`/api/orders/${orderId}`)).json();
        return (
          d.attachments.every(
            (a: { artwork: { status: string } | null }) => a.artwork && a.artwork.status !== 'working',
          ) && d
        );
      }, ARTWORK_WAIT_MS);
      const front = detail.attachments.find((a: { name: string }) => a.name === 'Layout_1_Front.pdf');
      expect(front.artwork.status).toBe('failed');
      expect(front.has_thumbnail).toBe(false);
      const back = detail.attachments.find((a: { name: string }) => a.name === 'Layout_1_Back.png');
      // Measured from its header, never decoded: no thumbnail, a reason instead.
      expect(back.artwork).toMatchObject({ width: 100_000, height: 100_000 });
      expect(back.has_thumbnail).toBe(false);
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    },
  );
});
