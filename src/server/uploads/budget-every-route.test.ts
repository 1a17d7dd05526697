// One customer, one address, every route that makes the server keep bytes: resumable
// uploads, multipart orders, "Order again", a message's file, the shop's logo and a team's size
// collection. At the defaults, with only the daily budget scaled down (4 MiB, for a test's
// size), the address cannot make the server keep more than its budget: each route spends it,
// and once it is spent each route answers the upload's 413 and keeps nothing more.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import example from '../../shared/prices/example-price-list.json' with { type: 'json' };
import { COLLECTION_LIMITS } from '../../shared/collections-api.js';
import { addDays, dateIn } from '../../shared/dates.js';
import type { ReorderSource } from '../../shared/portal-api.js';
import { UPLOAD_PATH } from '../../shared/constants.js';
import { loadConfig } from '../config.js';
import { publishPriceList } from '../prices/index.js';
import { createSignInLink } from '../portal/portal-store.js';
import { addStaff } from '../staff/index.js';
import {
  API_KEY,
  authHeaders,
  backends,
  multipartBody,
  sampleOrder,
  signIn,
  startTestApp,
  type TestApp,
} from '../../../tests/support/harness.js';

const MiB = 1024 * 1024;
const BUDGET = 4 * MiB;
const ADDRESS = '10.39.7.7';
const PASSWORD = 'correct horse battery staple';

/** Bytes kept under DATA_DIR/files and the upload store, each inode once, but the server's own previews. */
function keptBytes(dataDir: string): number {
  const seen = new Set<number>();
  let total = 0;
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (!entry.name.endsWith('.webp')) {
        const st = fs.statSync(p);
        if (!seen.has(st.ino)) total += st.size;
        seen.add(st.ino);
      }
    }
  };
  walk(path.join(dataDir, 'files'));
  walk(path.join(dataDir, 'uploads'));
  return total;
}

describe.each(backends())('one address against the upload budget through every route, on %s', (backend) => {
  let t: TestApp;
  let owner = '';
  beforeAll(async () => {
    t = await startTestApp(backend, { UPLOAD_BUDGET_BYTES_PER_DAY: String(BUDGET) });
    await addStaff(t.app.db, 'owner@shop.ca', PASSWORD, 'en', 'owner');
    owner = await signIn(t.app, 'owner@shop.ca', PASSWORD);
    await publishPriceList(t.app.db, example, 'owner@shop.ca');
  });
  afterAll(async () => t?.close());

  const tus = (size: number, data: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: UPLOAD_PATH,
      remoteAddress: ADDRESS,
      headers: {
        ...authHeaders,
        'tus-resumable': '1.0.0',
        'upload-length': String(size),
        'upload-metadata': `filename ${Buffer.from('art.psd').toString('base64')}`,
        'content-type': 'application/offset+octet-stream',
      },
      payload: data,
    });
  const order = async (files: { name: string; data: Buffer }[], reorder?: object, cookie?: string) => {
    const o = sampleOrder();
    const first = o.layouts['1'] as Record<string, unknown>;
    first.billing = { ...(first.billing as object), email: 'ada@example.com' };
    const { payload, contentType } = await multipartBody(
      reorder ?? o,
      files.map((f) => ({ ...f, type: 'application/octet-stream' })),
    );
    return t.app.inject({
      method: 'POST',
      url: '/functions/v1/submit-order',
      remoteAddress: ADDRESS,
      headers: { ...authHeaders, 'content-type': contentType, ...(cookie ? { cookie } : {}) },
      payload,
    });
  };
  const message = async (orderId: string, cookie: string, file: Buffer) => {
    const form = new FormData();
    form.append('body', 'Here is the colour I meant.');
    form.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'colour.png');
    const response = new Response(form);
    return t.app.inject({
      method: 'POST',
      url: `/api/portal/orders/${orderId}/messages`,
      remoteAddress: ADDRESS,
      payload: Buffer.from(await response.arrayBuffer()),
      headers: { 'content-type': response.headers.get('content-type')!, cookie },
    });
  };
  const overBudget = (res: { statusCode: number; body: string }, route: string) => {
    expect(res.statusCode, `${route}: ${res.body}`).toBe(413);
    expect(JSON.parse(res.body).error.code, route).toBe('upload_budget_exceeded');
  };

  it('keeps no more than the budget whichever routes spend it, and refuses each route past it', async () => {
    // 1. A resumable upload of 1 MiB.
    const uploaded = await tus(MiB, Buffer.alloc(MiB, 1));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    // 2. A multipart order with a 1 MiB file.
    const placed = await order([{ name: 'art.psd', data: Buffer.alloc(MiB, 2) }]);
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId } = placed.json<{ orderId: string }>();
    // 3. The same order again from My orders: its 1 MiB copied.
    const token = await createSignInLink(t.app.db, 'ada@example.com');
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/portal/session',
      remoteAddress: ADDRESS,
      payload: { token },
    });
    const cookie = String(session.headers['set-cookie']).split(';')[0]!;
    const source = (
      await t.app.inject({ url: `/api/portal/orders/${orderId}/reorder`, remoteAddress: ADDRESS, headers: { cookie } })
    ).json<ReorderSource>();
    const again = {
      ...source.document,
      reorder: { orderId, files: source.files.map((f) => ({ id: f.id, name: f.name })) },
    };
    const reordered = await order([], again, cookie);
    expect(reordered.statusCode, reordered.body).toBe(201);
    // 4. A message with a picture of about 0.85 MiB (noise does not compress).
    const picture = await sharp(
      Buffer.from(Array.from({ length: 540 * 540 * 3 }, () => Math.floor(Math.random() * 256))),
      {
        raw: { width: 540, height: 540, channels: 3 },
      },
    )
      .png({ compressionLevel: 0 })
      .toBuffer();
    const sent = await message(orderId, cookie, picture);
    expect(sent.statusCode, sent.body).toBe(201);
    const kept = keptBytes(t.dataDir);
    expect(kept).toBeGreaterThan(3.8 * MiB);
    expect(kept).toBeLessThanOrEqual(BUDGET);

    // The budget is spent: every route refuses with the upload's 413 and keeps nothing more.
    overBudget(await tus(MiB, Buffer.alloc(MiB, 3)), 'resumable upload');
    overBudget(await order([{ name: 'art.psd', data: Buffer.alloc(MiB, 4) }]), 'multipart order');
    overBudget(await order([], again, cookie), 'reorder');
    overBudget(await message(orderId, cookie, picture), 'message file');
    expect(keptBytes(t.dataDir)).toBe(kept);

    // The logo is the owner's alone, and capped at 1 MB: a customer's is refused outright.
    const logo = (headers: Record<string, string>, body: Buffer) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/settings/shop/logo',
        remoteAddress: ADDRESS,
        headers: { 'content-type': 'image/png', ...headers },
        payload: body,
      });
    expect((await logo({}, picture)).statusCode).toBe(401);
    const big = await logo({ cookie: owner }, Buffer.concat([picture, Buffer.alloc(MiB)]));
    expect([413, 422]).toContain(big.statusCode);

    // A team's collection: rows only, each bounded, and few a day from one address at the
    // defaults: what one address can add in a day is far below its upload budget.
    const today = dateIn(t.config.timeZone);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/collections',
      remoteAddress: ADDRESS,
      payload: { title: 'Lions U12', garment: 'Gildan 5000 T-shirt', closesOn: addDays(today, 7) },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { link } = made.json<{ link: string }>();
    const tooLong = await t.app.inject({
      method: 'PUT',
      url: `/api/c/${link}/entry`,
      remoteAddress: ADDRESS,
      payload: { name: 'x'.repeat(COLLECTION_LIMITS.memberName + 1), size: 'M' },
    });
    expect(tooLong.statusCode).toBe(400);
    // The defaults as config.ts has them (the test's own budget is scaled down).
    const config = loadConfig({ DATA_DIR: t.dataDir, PUBLIC_API_KEY: API_KEY });
    const windowsADay = (24 * 3600) / config.COLLECTION_RATE_WINDOW_SECONDS;
    const entryBytes = COLLECTION_LIMITS.memberName + 200 + COLLECTION_LIMITS.printName + COLLECTION_LIMITS.printNumber;
    const rowsADay =
      windowsADay * config.COLLECTION_CREATE_RATE_LIMIT * (COLLECTION_LIMITS.title + 1_000) +
      windowsADay * config.COLLECTION_RATE_LIMIT * entryBytes * 4; // UTF-8: at most 4 bytes a character
    expect(rowsADay).toBeLessThan(config.UPLOAD_BUDGET_BYTES_PER_DAY);
  });
});
