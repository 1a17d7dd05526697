// Hostile logos (an attacker's), the actual files built in tests/support/hostile-pictures.ts, through
// the real routes on SQLite and PostgreSQL (docs/settings.md, "Logo"):
// - an RGBA PNG whose rows carry an invalid filter byte: PDFKit drawing it ends its process
//   (shown in a child process); saving it is refused, a logo kept before the fix is left out of
//   the documents, which are still issued, and renderPdf never lets it reach PDFKit;
// - SVGs that stopped every document (4096 × 1; nested <use>), that need more than the
//   processor time of ARTWORK_RENDER_CPU_MS, or that hide a script (<s:script>, an encoded
//   `javascript:`): refused at save, in English and French;
// - what is kept: a PNG decoded and encoded again, and the small raster documents draw.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backends,
  pageToken,
  sampleOrder,
  startShopApp,
  submitMultipart,
  type TestApp,
  orderLinkToken,
} from '../../../tests/support/harness.js';
import { heavySvg } from '../../../tests/support/heavy-svg.js';
import { nestedUseSvg, rgbaPng, wideSvg } from '../../../tests/support/hostile-pictures.js';
import { hasPoppler, pdfImages, pdfText } from '../../../tests/support/pdf.js';
import { LOGO_PRINT_BOX } from '../artwork/analyse.js';
import { renderPdf } from '../pdf/render.js';
import { MAX_SVG_INSTANCES, svgInstances } from './logo.js';

const run = promisify(execFile);
const CHILD = path.resolve(import.meta.dirname, '../../../tests/support/draw-pdf-child.ts');

/** Draws `picture` in a process of its own: its exit code, and what it printed. */
async function drawInChild(mode: 'pdfkit' | 'render', picture: Buffer, dir: string) {
  const file = path.join(dir, `picture-${mode}-${Date.now()}`);
  await writeFile(file, picture);
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', CHILD, mode, file], { timeout: 60_000 });
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code?: number; stderr?: string };
    return { code: e.code ?? -1, out: e.stderr ?? '' };
  }
}

const HOSTILE_PNG = rgbaPng(64, 16);

describe('a PNG logo whose rows cannot be decoded', () => {
  it('ends the process that gives it to PDFKit; renderPdf leaves it out and makes the document', async () => {
    const dir = (await import('node:os')).tmpdir();
    // The file is whole: its signature, header and CRCs check, and its header is a plain RGBA one.
    const meta = await sharp(HOSTILE_PNG).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 64, height: 16, channels: 4 });
    const direct = await drawInChild('pdfkit', HOSTILE_PNG, dir);
    expect(direct.code).not.toBe(0);
    expect(direct.out).toMatch(/Invalid filter algorithm: 7/);
    // Through the server's renderPdf: the document is made, without the picture.
    const rendered = await drawInChild('render', HOSTILE_PNG, dir);
    expect(rendered, rendered.out).toMatchObject({ code: 0 });
    expect(rendered.out).toMatch(/^pdf \d+/);
    const pdf = await renderPdf('Invoice', new Date(0), (doc) => doc.text('Invoice 1'), HOSTILE_PNG);
    if (hasPoppler) {
      expect(pdfText(pdf)).toContain('Invoice 1');
      expect(pdfImages(pdf)).toEqual([]);
    }
  });
});

describe('SVG references', () => {
  it('counts each shape as often as nested <use> references draw it', () => {
    expect(svgInstances('<svg><rect/><g><rect/></g></svg>')).toBe(4);
    expect(svgInstances(nestedUseSvg(3, 10).toString())).toBeGreaterThan(1000);
    expect(svgInstances(nestedUseSvg().toString())).toBeGreaterThan(MAX_SVG_INSTANCES);
    expect(svgInstances('<svg><g id="a"><use href="#a"/></g></svg>')).toBe(Infinity);
  });
});

describe.each(backends())('hostile logos on %s', (backend) => {
  let t: TestApp;
  let owner = '';
  let clerk = '';
  beforeAll(async () => {
    ({
      t,
      staff: { owner, clerk },
    } = await startShopApp(backend, {
      env: {
        GST_HST_NUMBER: '123456782 RT0001',
        ORDER_LINK_RATE_LIMIT: '100000',
        ARTWORK_RENDER_CPU_MS: '1500',
        ROUTE_TIMEOUT_MS: '600000',
      },
      staff: { owner: { email: 'owner@shop.ca', role: 'owner' }, clerk: { email: 'clerk@shop.ca', role: 'staff' } },
    }));
  });
  afterAll(async () => t?.close());

  const upload = (body: Buffer, type: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/settings/shop/logo',
      headers: { cookie: owner, 'content-type': type },
      payload: body,
    });
  const logoRow = (sha: string) =>
    t.app.db.selectFrom('shop_logos').selectAll().where('sha256', '=', sha).executeTakeFirstOrThrow();

  it('refuses the hostile files at save, beside the field, in English and French', async () => {
    const refusals: [string, Buffer, string, RegExp, RegExp][] = [
      ['bad rows', HOSTILE_PNG, 'image/png', /could not be read as a picture/, /n’a pas pu être lu/],
      ['4096 × 1', wideSvg(), 'image/svg+xml', /at most 16 times as wide as it is high/, /au plus 16 fois/],
      ['nested <use>', nestedUseSvg(), 'image/svg+xml', /repeats its shapes too often/, /répète trop ses formes/],
      ['heavy filters', heavySvg(200), 'image/svg+xml', /takes too long to draw/, /trop long à dessiner/],
      [
        '<s:script>',
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg" width="10" height="10"><s:script>alert(1)</s:script></svg>',
        ),
        'image/svg+xml',
        /scripts/,
        /scripts/,
      ],
      [
        'encoded javascript:',
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="9" height="9" style="fill:url(&#106;ava&#x73;cript&#58;alert(1))"/></svg>',
        ),
        'image/svg+xml',
        /scripts/,
        /scripts/,
      ],
    ];
    for (const [name, body, type, en, fr] of refusals) {
      const res = await upload(body, type);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(422);
      const { error } = res.json();
      expect(error, name).toMatchObject({ code: 'invalid_logo', fields: ['logo'] });
      expect(error.message, name).toMatch(en);
      expect(error.message_fr, name).toMatch(fr);
    }
    expect((await t.app.inject({ url: '/api/shop/logo' })).statusCode).toBe(404);
    // The heavy SVG runs at niceness 10 until its processor time is spent: slow on a busy machine.
  }, 180_000);

  it('keeps a PNG decoded and encoded again, and an SVG with the raster documents draw', async () => {
    const png = await sharp({
      create: { width: 600, height: 200, channels: 4, background: { r: 20, g: 80, b: 200, alpha: 0.6 } },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const saved = await upload(png, 'image/png');
    expect(saved.statusCode, saved.body).toBe(200);
    const sha = saved.json().profile.logo as string;
    const served = (await t.app.inject({ url: '/api/shop/logo' })).rawPayload;
    // What is served is what the child process encoded, not the upload, and it names it.
    expect(served.equals(png)).toBe(false);
    expect(createHash('sha256').update(served).digest('hex')).toBe(sha);
    expect(await sharp(served).metadata()).toMatchObject({ format: 'png', width: 600, height: 200 });
    const row = await logoRow(sha);
    const print = await sharp(Buffer.from(row.print_png!)).metadata();
    expect(print.format).toBe('png');
    expect(print.width <= LOGO_PRINT_BOX.width && print.height <= LOGO_PRINT_BOX.height).toBe(true);

    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><g id="a"><rect width="10" height="20" fill="#1d4ed8"/></g><use href="#a" x="20"/></svg>',
    );
    const savedSvg = await upload(svg, 'image/svg+xml');
    expect(savedSvg.statusCode, savedSvg.body).toBe(200);
    const svgRow = await logoRow(savedSvg.json().profile.logo);
    expect(Buffer.from(svgRow.bytes).equals(svg)).toBe(true);
    expect(await sharp(Buffer.from(svgRow.print_png!)).metadata()).toMatchObject({
      format: 'png',
      width: 280,
      height: 140,
    });
  });

  it('issues the invoice of an approval, without the logo, when a logo kept before the fix cannot be drawn', async () => {
    // Kept before the check decoded logos: the hostile PNG, with no print raster.
    const sha = createHash('sha256').update(HOSTILE_PNG).digest('hex');
    await t.app.db
      .insertInto('shop_logos')
      .values({
        sha256: sha,
        media_type: 'image/png',
        bytes: HOSTILE_PNG,
        print_png: null,
        saved_at: new Date().toISOString(),
      })
      .execute();
    const profile = (await t.app.inject({ url: '/api/settings/shop', headers: { cookie: owner } })).json().profile;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/shop',
      headers: { cookie: owner },
      payload: { ...profile, logo: sha },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const order = sampleOrder();
    order.layouts['1'].shipping = { sameAsBilling: true, localPickup: false };
    const { orderId } = await submitMultipart(t.app, order, [], { 'x-form-token': pageToken(t) });
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/quote/send`,
      headers: { cookie: clerk },
      payload: {
        lines: [{ description: 'Gildan 5000, printed', quantity: 10, unitPriceCents: 1500, taxable: true }],
        confirmNoProofs: true,
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const token = await orderLinkToken(t, orderId);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/approve`,
      payload: { version: sent.json().version, fullName: 'Marie Curie', agree: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const account = (await t.app.inject({ url: `/api/orders/${orderId}/account`, headers: { cookie: clerk } })).json();
    const invoice = account.invoices[0];
    const pdf = await t.app.inject({
      url: `/api/orders/${orderId}/invoices/${invoice.id}/pdf`,
      headers: { cookie: clerk },
    });
    expect(pdf.statusCode).toBe(200);
    if (hasPoppler) {
      expect(pdfText(pdf.rawPayload)).toContain(invoice.number);
      expect(pdfImages(pdf.rawPayload)).toEqual([]);
    }
    // The process is alive and answers.
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    // The raster was tried once, in the child process, and nothing was kept for it.
    expect((await logoRow(sha)).print_png).toBeNull();
  });
});
