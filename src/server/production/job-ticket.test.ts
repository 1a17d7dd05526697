// The job ticket through its route, on SQLite and PostgreSQL: an approved order with a
// screen-printed front, an embroidered back and a PNG proof prints a summary page and a page per
// imprint, with the garments by size, the proof printed large, no price anywhere, in the staff
// member's language; its QR code, drawn as a printer would and read back, opens the job.
import { dateInWords } from '../../shared/dates.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
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
import { hasPoppler, pdfImages, pdfPagePng, pdfText } from '../../../tests/support/pdf.js';
import { readQrCode } from '../../../tests/support/qr.js';
import type { TeamName } from '../../shared/collections-api.js';
import type { JobCard } from '../../shared/production/production-api.js';

const PASSWORD = 'correct horse battery staple';

if (!hasPoppler) console.log('job-ticket.test: poppler-utils not installed; these checks are skipped');

/** A flat picture of this size and colour, as a PNG (with an alpha channel when asked). */
const picture = (width: number, height: number, colour: string, alpha = false) =>
  sharp({ create: { width, height, channels: alpha ? 4 : 3, background: colour } })
    .png()
    .toBuffer();

async function multipartProof(name: string, type: string, data: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type')! };
}

/** The PDF's pages as pdftotext reads them (form feeds between pages). */
const pagesOf = (text: string) => text.split('\f').filter((page) => page.trim() !== '');

describe.skipIf(!hasPoppler).each(backends())('the job ticket on %s', (backend) => {
  let t: TestApp;
  let clerk = '';
  let commis = '';
  beforeAll(async () => {
    t = await startTestApp(backend, { GST_HST_NUMBER: '123456782 RT0001', ARTWORK_CHECKS: 'false' });
    await addStaff(t.app.db, 'clerk@shop.ca', PASSWORD, 'en', 'staff');
    await addStaff(t.app.db, 'commis@shop.ca', PASSWORD, 'fr', 'staff');
    clerk = await signIn(t.app, 'clerk@shop.ca', PASSWORD);
    commis = await signIn(t.app, 'commis@shop.ca', PASSWORD);
  });
  afterAll(async () => t?.close());

  const staff = (method: 'GET' | 'POST', url: string, payload?: object, who = clerk) =>
    t.app.inject({ method, url, headers: { cookie: who }, ...(payload ? { payload } : {}) });
  const ticket = (orderId: string, who = clerk) =>
    staff('GET', `/api/production/jobs/${orderId}/ticket.pdf`, undefined, who);

  /** Submitted with a mockup and the front's artwork (a transparent PNG), not yet quoted. */
  const submitted = async (teamNames?: TeamName[]) => {
    const mockup = await picture(300, 360, '#3355aa');
    const front = await picture(200, 120, '#cc2222', true);
    const order = sampleOrder();
    Object.assign(order.layouts['1'], {
      variations: [
        { type: 'Gildan 5000', color: 'Black', sizes: 'S:10, M:20, L:18', supplyingGoods: 'no' },
        { type: 'Gildan 5000', color: 'Black', sizes: 'XL: 2', supplyingGoods: 'no' },
        { type: 'Bella 3001', color: 'Heather Navy', sizes: 'M 6, L 4', supplyingGoods: 'no' },
      ],
      files: [{ name: 'Layout_1_Mockup_1.png', type: 'image/png', size: mockup.length, role: 'mockup' }],
      mockupImages: ['Layout_1_Mockup_1.png'],
      viewData: {
        Front: { image: 'Layout_1_Front.png', dimensions: '10" wide', decoration: 'screen-printing', colours: 2 },
        Back: { image: '', dimensions: '3.5 x 2 in', decoration: 'embroidery' },
      },
      jobNotes: 'Fold and bag each shirt by size.',
      ...(teamNames ? { teamNames } : {}),
    });
    return (
      await submitMultipart(
        t.app,
        order,
        [
          { name: 'Layout_1_Mockup_1.png', type: 'image/png', data: mockup },
          { name: 'Layout_1_Front.png', type: 'image/png', data: front },
        ],
        { 'x-form-token': pageToken(t) },
      )
    ).orderId;
  };

  /** Quoted with a PNG proof for layout 1, and approved by the customer. */
  const approved = async (orderId: string) => {
    const { payload, contentType } = await multipartProof('proof.png', 'image/png', await picture(640, 400, '#22aa44'));
    const proof = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/proofs?layout=1`,
      headers: { cookie: clerk, 'content-type': contentType },
      payload,
    });
    expect(proof.statusCode, proof.body).toBe(201);
    const lines = [{ description: 'Tees', quantity: 60, unitPriceCents: 1525, taxable: true }];
    const sent = await staff('POST', `/api/orders/${orderId}/quote/send`, { lines });
    expect(sent.statusCode, sent.body).toBe(201);
    const token = await orderLinkToken(t, orderId);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/approve`,
      payload: { version: 1, fullName: 'Ada Lovelace', agree: true },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    return orderId;
  };

  let orderId = '';
  let job: JobCard;
  beforeAll(async () => {
    orderId = await approved(await submitted());
    job = (await staff('GET', `/api/production/jobs/${orderId}`)).json<JobCard>();
  });

  it('prints a summary page and a page per imprint, with the garments by size and no price', async () => {
    const res = await ticket(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="ticket-${job.reference}.pdf"`);
    const text = pdfText(res.rawPayload);
    const pages = pagesOf(text);
    expect(pages).toHaveLength(3);

    const [summary, front, back] = pages as [string, string, string];
    expect(summary).toContain('JOB TICKET');
    expect(summary).toContain(job.reference);
    expect(summary).toContain('Ada Lovelace (Analytical Tees)');
    expect(summary).toMatch(new RegExp(`Due: ${dateInWords(job.dueOn, 'en')} \\(\\w+day\\)`));
    // The two Gildan variations are one garment: sizes over their quantities, the total last.
    expect(summary).toMatch(/Gildan 5000\s+S\s+M\s+L\s+XL\s+Total/);
    expect(summary).toMatch(/Black\s+10\s+20\s+18\s+2\s+50/);
    expect(summary).toMatch(/Bella 3001\s+M\s+L\s+Total/);
    expect(summary).toMatch(/Heather Navy\s+6\s+4\s+10/);
    expect(summary).toContain('Fold and bag each shirt by size.');
    expect(summary).toMatch(/1\. Front · Screen printing .*Ink colours: 2/);
    expect(summary).toMatch(/2\. Back · Embroidery .*Estimated stitches: 7,000/);

    expect(front).toContain('Imprint 1 of 2');
    expect(front).toContain(job.reference);
    expect(front).toMatch(/Front · Screen printing/);
    expect(front).toMatch(/Print size\s+10" wide/);
    expect(front).toMatch(/Ink colours\s+2/);
    expect(front).toMatch(/Pieces\s+60/);
    expect(front).toContain('Approved proof: proof.png');
    expect(front).toContain('Artwork: Layout_1_Front.png');
    expect(front).toContain('Mockup: Layout_1_Mockup_1.png');
    expect(back).toContain('Imprint 2 of 2');
    expect(back).toMatch(/Back · Embroidery/);
    expect(back).toMatch(/Estimated stitches\s+7,000/);
    expect(back).toContain('Approved proof: proof.png');
    expect(back).not.toContain('Artwork:');
    expect(back).not.toContain('Ink colours');

    // The quote was $15.25 a shirt: no amount, no currency anywhere on the floor's copy.
    expect(text).not.toMatch(/\$|CAD|15[.,]25/);

    // Each page has its QR code; the proof is printed large (its thumbnail, 400 pixels on the
    // long side, at least 4.5 inches wide on paper) on both imprints' pages, the mockup and the
    // front's artwork beside it, each from its thumbnail (at most 400 pixels a side).
    const images = pdfImages(res.rawPayload);
    const proofs = images.filter((i) => i.width === 400 && i.height === 250);
    expect(proofs.map((i) => i.page)).toEqual([2, 3]);
    for (const p of proofs) expect(400 / p.ppi).toBeGreaterThanOrEqual(4.5);
    expect(images.filter((i) => i.width === 300 && i.height === 360).map((i) => i.page)).toEqual([2, 3]);
    expect(images.filter((i) => i.width === 200 && i.height === 120).map((i) => i.page)).toEqual([2]);
    const qrs = images.filter((i) => i.width === i.height);
    expect(qrs.map((i) => i.page)).toEqual([1, 2, 3]);
  });

  it('carries a QR code that reads, from the printed page, as the job’s address', async () => {
    const pdf = (await ticket(orderId)).rawPayload;
    const url = `${t.config.publicUrl.replace(/\/$/, '')}/inbox/jobs/${orderId}`;
    expect(await readQrCode(pdfPagePng(pdf, 1, 150))).toBe(url);
    expect(await readQrCode(pdfPagePng(pdf, 3, 150))).toBe(url);
  });

  it('is in French for a staff member whose inbox is in French', async () => {
    const res = await ticket(orderId, commis);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="fiche-${job.reference}.pdf"`);
    const pages = pagesOf(pdfText(res.rawPayload));
    expect(pages).toHaveLength(3);
    const [summary, front, back] = pages as [string, string, string];
    expect(summary).toContain('FICHE DE TRAVAIL');
    expect(summary).toMatch(
      new RegExp(`Échéance\\s: ${dateInWords(job.dueOn, 'fr')} \\((lundi|mardi|mercredi|jeudi|vendredi)\\)`),
    );
    expect(summary).toMatch(/Vêtements/);
    expect(summary).toMatch(/Gildan 5000\s+S\s+M\s+L\s+XL\s+Total/);
    expect(summary).toContain('Notes sur le travail');
    expect(front).toContain('Impression 1 de 2');
    expect(front).toMatch(/Devant · Sérigraphie/);
    expect(front).toMatch(/Couleurs d’encre\s+2/);
    expect(front).toMatch(/Épreuve approuvée\s: proof\.png/);
    expect(back).toMatch(/Dos · Broderie/);
    expect(back).toMatch(/Points estimés\s+7\s000/);
    expect(pages.join('\n')).not.toMatch(/JOB TICKET|Imprint|Garments|\$/);
  });

  it('answers 404 for an order that is not a job, and 401 without a session', async () => {
    const notYet = await submitted();
    const res = await ticket(notYet);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect((await ticket('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/production/jobs/${orderId}/ticket.pdf` })).statusCode).toBe(
      401,
    );
  });

  it('ends with a page of the names and numbers a team gave (docs/collections.md), in the printer’s language', async () => {
    const names: TeamName[] = [
      { name: 'Ada Lovelace', size: 'M', printName: 'LOVELACE', printNumber: '10' },
      { name: 'Émile Nelligan', size: 'L', printName: '', printNumber: '7' },
    ];
    const teamOrder = await approved(await submitted(names));
    const english = pagesOf(pdfText((await ticket(teamOrder)).rawPayload));
    expect(english).toHaveLength(4);
    const last = english[3]!;
    expect(last).toContain('JOB TICKET · Names and numbers, layout 1');
    expect(last).toMatch(/Name\s+Size\s+Name to print\s+Number/);
    expect(last).toMatch(/Ada Lovelace\s+M\s+LOVELACE\s+10/);
    expect(last).toMatch(/Émile Nelligan\s+L\s+7/);
    const french = pagesOf(pdfText((await ticket(teamOrder, commis)).rawPayload));
    expect(french[3]).toContain('FICHE DE TRAVAIL · Noms et numéros, design 1');
    expect(french[3]).toMatch(/Nom\s+Taille\s+Nom à imprimer\s+Numéro/);
    // Without a list, no such page (the first order's ticket has 3 pages, above).
    expect(pagesOf(pdfText((await ticket(orderId)).rawPayload)).join('\n')).not.toContain('Names and numbers');
  });
});

// An attacker's order: 24 distinct 12-megapixel RGBA PNGs (about 1.3 MB uploaded in all) made a ticket take
// 41 s and 1.3 GB, with the event loop held. Each picture now prints from its thumbnail (at most
// 400 pixels a side), made once in the artwork's child process and kept beside the file.
describe.skipIf(!hasPoppler)('the job ticket of an order of many large pictures', () => {
  let t: TestApp;
  let clerk = '';
  beforeAll(async () => {
    t = await startTestApp('sqlite', {
      ARTWORK_CHECKS: 'false',
      IDLE_TIMEOUT_MS: '600000',
      ROUTE_TIMEOUT_MS: '600000',
    });
    await addStaff(t.app.db, 'clerk@shop.ca', PASSWORD, 'en', 'staff');
    clerk = await signIn(t.app, 'clerk@shop.ca', PASSWORD);
  });
  afterAll(async () => t?.close());

  it('prints 24 pictures of 12 megapixels each from rasters of at most 400 pixels, made once and kept', async () => {
    const files: { name: string; type: string; data: Buffer }[] = [];
    const big = (i: number) =>
      sharp({
        create: {
          width: 4000,
          height: 3000,
          channels: 4,
          background: { r: i * 10, g: 255 - i * 10, b: 90, alpha: 0.8 },
        },
      })
        .png({ compressionLevel: 1 })
        .toBuffer();
    const layouts: Record<string, unknown> = {};
    const base = sampleOrder().layouts['1'];
    for (let n = 1; n <= 4; n++) {
      const names = [
        `Layout_${n}_Front.png`,
        `Layout_${n}_Back.png`,
        ...[1, 2, 3, 4].map((m) => `Layout_${n}_Mockup_${m}.png`),
      ];
      for (const name of names) files.push({ name, type: 'image/png', data: await big(files.length) });
      layouts[String(n)] = {
        ...base,
        files: names.slice(2).map((name) => ({ name, type: 'image/png', size: 1, role: 'mockup' })),
        mockupImages: names.slice(2),
        viewData: {
          Front: { image: names[0], dimensions: '10" wide', decoration: 'screen-printing', colours: 2 },
          Back: { image: names[1], dimensions: '10" wide', decoration: 'screen-printing', colours: 1 },
        },
      };
    }
    for (const f of files)
      (layouts[f.name.split('_')[1]!] as { files: { name: string; size: number }[] }).files.forEach(
        (x) => x.name === f.name && (x.size = f.data.length),
      );
    expect(files).toHaveLength(24);
    const { orderId } = await submitMultipart(t.app, sampleOrder({ layouts }), files, { 'x-form-token': pageToken(t) });
    const lines = [{ description: 'Tees', quantity: 60, unitPriceCents: 1525, taxable: true }];
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/quote/send`,
      headers: { cookie: clerk },
      payload: { lines, confirmNoProofs: true },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const token = await orderLinkToken(t, orderId);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/approve`,
      payload: { version: 1, fullName: 'Ada Lovelace', agree: true },
    });
    expect(approve.statusCode, approve.body).toBe(200);

    const started = Date.now();
    const res = await t.app.inject({ url: `/api/production/jobs/${orderId}/ticket.pdf`, headers: { cookie: clerk } });
    expect(res.statusCode, res.body).toBe(200);
    console.log(
      `job ticket of 24 pictures of 12 MP: ${Date.now() - started} ms, ${files.reduce((n, f) => n + f.data.length, 0)} bytes uploaded`,
    );
    const images = pdfImages(res.rawPayload);
    const pictures = images.filter((i) => i.width !== i.height);
    // Every one of the 24 pictures is printed (each mockup on both of its layout's imprint pages),
    // and none from its 4000 × 3000 pixels: each from its 400 × 300 thumbnail.
    expect(pictures.length).toBeGreaterThanOrEqual(24);
    for (const image of images) expect(Math.max(image.width, image.height)).toBeLessThanOrEqual(400);
    expect(pictures.every((i) => i.width === 400 && i.height === 300)).toBe(true);
    // Made once: each file now has its thumbnail kept beside it.
    const stored = await t.app.db
      .selectFrom('attachments')
      .select('storage_key')
      .where('order_id', '=', orderId)
      .execute();
    expect(stored).toHaveLength(24);
    for (const { storage_key } of stored) expect(await t.app.files.openThumbnail(storage_key)).not.toBeNull();
  }, 300_000);
});
