// Quotes, proofs, the customer's link and their answers, through the real routes, on SQLite and PostgreSQL.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff } from '../staff/staff-service.js';
import {
  backends,
  deliveredText,
  localFilePath,
  pageToken,
  sampleOrder,
  signIn,
  startTestApp,
  submitMultipart,
  type TestApp,
} from '../../../tests/support/harness.js';
import { zipEntries } from '../../../tests/support/zip.js';

const PASSWORD = 'correct horse battery staple';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a60000000049454e44ae426082',
  'hex',
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** An order shipped to Quebec: 50 pieces. */
function quebecOrder(language: 'en' | 'fr' = 'en', localPickup = false) {
  const order = sampleOrder();
  const first = order.layouts['1'];
  first.variations = [{ type: 'Gildan 5000', color: 'Black', sizes: 'S:10, M:20, L:20', supplyingGoods: 'no' }];
  first.billing = { ...first.billing, city: 'Montréal', province: 'QC', postalCode: 'H2X 1Y4' };
  first.shipping = { sameAsBilling: true, localPickup };
  return { ...order, includePolyBags: false, language };
}

const FIFTY_AT_12 = [{ description: 'Gildan 5000, Black, printed', quantity: 50, unitPriceCents: 1200, taxable: true }];

async function multipartProof(name: string, type: string, data: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type')! };
}

describe.each(backends())('quotes and approval on %s', (backend) => {
  let t: TestApp;
  let cookie = '';

  beforeAll(async () => {
    t = await startTestApp(backend, {
      SHOP_PROVINCE: 'ON',
      GST_HST_NUMBER: '123456782 RT0001',
      QST_NUMBER: '1234567890 TQ0001',
      ORDER_LINK_RATE_LIMIT: '1000',
    });
    await addStaff(t.app.db, 'clerk@shop.ca', PASSWORD);
    cookie = await signIn(t.app, 'clerk@shop.ca', PASSWORD);
  });
  afterAll(async () => t?.close());

  const newOrder = async (language: 'en' | 'fr' = 'en', pickup = false) =>
    (await submitMultipart(t.app, quebecOrder(language, pickup), [], { 'x-form-token': pageToken(t) })).orderId;

  const staff = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const customer = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      headers: { 'user-agent': 'TestBrowser/1.0', ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** The customer emails queued for an order, newest last, with their text and the link each carries. */
  const customerMails = async (orderId: string) => {
    const rows = await t.app.db
      .selectFrom('mail_queue')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('kind', '=', 'customer_update')
      .orderBy('created_at')
      .execute();
    return Promise.all(
      rows.map(async (r) => {
        const text = await deliveredText(t, { id: r.id, order_id: r.order_id });
        return { ...r, text, token: /\/o\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '' };
      }),
    );
  };

  // Most of these quotes go without proofs: the clerk confirmed it (quote-exemptions.test.ts has the refusal).
  const sendQuote = async (orderId: string, lines: unknown[] = FIFTY_AT_12) => {
    const res = await staff('POST', `/api/orders/${orderId}/quote/send`, { lines, confirmNoProofs: true });
    expect(res.statusCode, res.body).toBe(201);
    const mails = await customerMails(orderId);
    return { ...res.json<{ version: number; sha256: string; totalCents: number }>(), token: mails.at(-1)!.token };
  };

  it('previews the worked example for Quebec: GST $30.00, QST $59.85, total $689.85', async () => {
    const id = await newOrder();
    const res = await staff('POST', `/api/orders/${id}/quote/preview`, { lines: FIFTY_AT_12 });
    expect(res.statusCode, res.body).toBe(200);
    const { quote } = res.json();
    expect(quote.province).toBe('QC');
    expect(quote.subtotalCents).toBe(60000);
    expect(quote.taxes.map((x: { code: string; amountCents: number }) => [x.code, x.amountCents])).toEqual([
      ['GST', 3000],
      ['QST', 5985],
    ]);
    expect(quote.totalCents).toBe(68985);
  });

  it('starts the editor from the order: place of supply, registration numbers and suggested lines', async () => {
    const id = await newOrder();
    const state = (await staff('GET', `/api/orders/${id}/quote`)).json();
    expect(state.province).toBe('QC');
    expect(state.registration).toEqual({ gstHst: '123456782 RT0001', qst: '1234567890 TQ0001' });
    expect(state.suggestions).toHaveLength(1);
    expect(state.suggestions[0]).toMatchObject({ kind: 'garment', quantity: 50, needsQuantity: false });
    expect(state.versions).toEqual([]);
    // A local pickup is supplied in the shop's province.
    const pickup = await newOrder('en', true);
    expect((await staff('GET', `/api/orders/${pickup}/quote`)).json().province).toBe('ON');
  });

  it('recomputes every amount on the server: a total or tax from the browser is refused, named', async () => {
    const id = await newOrder();
    const tampered = FIFTY_AT_12.map((l) => ({ ...l, lineTotalCents: 1, totalCents: 1 }));
    const refused = await staff('POST', `/api/orders/${id}/quote/send`, {
      lines: tampered,
      confirmNoProofs: true,
      totalCents: 1,
      taxes: [{ code: 'GST', amountCents: 0 }],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.fields).toEqual([
      'lines.0.lineTotalCents',
      'lines.0.totalCents',
      'totalCents',
      'taxes',
    ]);
    const res = await staff('POST', `/api/orders/${id}/quote/send`, { lines: FIFTY_AT_12, confirmNoProofs: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().totalCents).toBe(68985);
    const row = await t.app.db.selectFrom('quotes').selectAll().where('order_id', '=', id).executeTakeFirstOrThrow();
    expect(row.total_cents).toBe(68985);
    const doc = JSON.parse(row.document!);
    expect(doc.lines[0].lineTotalCents).toBe(60000);
    expect(doc.totalCents).toBe(68985);
  });

  it('refuses lines that are not a quote, naming each field', async () => {
    const id = await newOrder();
    const res = await staff('POST', `/api/orders/${id}/quote/send`, {
      lines: [{ description: ' ', quantity: 0, unitPriceCents: 12.5, taxable: true }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('invalid_quote');
    expect(res.json().error.fields).toEqual(['lines.0.description', 'lines.0.quantity', 'lines.0.unitPriceCents']);
    expect(await customerMails(id)).toEqual([]);
  });

  it('keeps a draft that is not sent, and sending replaces it with v1', async () => {
    const id = await newOrder();
    expect((await staff('PUT', `/api/orders/${id}/quote/draft`, { lines: FIFTY_AT_12 })).statusCode).toBe(204);
    let state = (await staff('GET', `/api/orders/${id}/quote`)).json();
    expect(state.draft).toEqual(FIFTY_AT_12);
    expect(state.versions).toEqual([]);
    expect(await customerMails(id)).toEqual([]);
    await sendQuote(id);
    state = (await staff('GET', `/api/orders/${id}/quote`)).json();
    expect(state.draft).toBeNull();
    expect(state.versions.map((v: { version: number }) => v.version)).toEqual([1]);
  });

  it('stores proofs that are pictures or PDFs, refuses SVG, and serves them as sandboxed downloads', async () => {
    const id = await newOrder();
    const upload = async (name: string, type: string, data: Buffer, layout = 1) => {
      const { payload, contentType } = await multipartProof(name, type, data);
      return t.app.inject({
        method: 'POST',
        url: `/api/orders/${id}/proofs?layout=${layout}`,
        headers: { cookie, 'content-type': contentType },
        payload,
      });
    };
    const svg = await upload('proof.svg', 'image/svg+xml', SVG);
    expect(svg.statusCode).toBe(415);
    // Claimed to be a PNG: the bytes decide.
    expect((await upload('fake.png', 'image/png', SVG)).statusCode).toBe(415);
    expect((await upload('proof.png', 'image/png', PNG, 9)).statusCode).toBe(422);
    const ok = await upload('proof.png', 'image/png', PNG);
    expect(ok.statusCode, ok.body).toBe(201);
    const proof = ok.json();
    expect(proof).toMatchObject({ layout: 1, name: 'proof.png', mediaType: 'image/png', isImage: true });
    const pdf = await upload('proof v2.pdf', 'application/pdf', Buffer.from('%PDF-1.4 proof'));
    expect(pdf.json()).toMatchObject({ mediaType: 'application/pdf', isImage: false });

    const file = await staff('GET', `/api/orders/${id}/proofs/${proof.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="proof.png"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect((await staff('GET', `/api/orders/${id}/proofs/${pdf.json().id}/preview`)).statusCode).toBe(415);

    // Sent with the quote, and covered by its hash.
    const sent = await sendQuote(id);
    const view = (await customer('GET', `/api/o/${sent.token}`)).json();
    expect(view.proofs.map((p: { name: string }) => p.name)).toEqual(['proof.png', 'proof v2.pdf']);
    expect(view.quote.quote.proofs).toEqual([
      { layout: 1, name: 'proof.png', sha256: sha256(PNG) },
      { layout: 1, name: 'proof v2.pdf', sha256: sha256(Buffer.from('%PDF-1.4 proof')) },
    ]);
    const preview = await customer('GET', `/api/o/${sent.token}/proofs/${proof.id}/preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    expect(preview.headers['content-security-policy']).toContain('sandbox');
    const download = await customer('GET', `/api/o/${sent.token}/proofs/${pdf.json().id}`);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['content-type']).toBe('application/octet-stream');
  });

  it('takes back a proof uploaded by mistake, bytes and all, but keeps one that went with a quote', async () => {
    const id = await newOrder();
    const upload = async (name: string) => {
      const { payload, contentType } = await multipartProof(name, 'image/png', PNG);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${id}/proofs?layout=1`,
        headers: { cookie, 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string }>().id;
    };
    const kept = await upload('front.png');
    const wrong = await upload('other-customer.png');
    const row = await t.app.db.selectFrom('quote_proofs').selectAll().where('id', '=', wrong).executeTakeFirstOrThrow();
    expect(fs.existsSync(localFilePath(t.app, row.storage_key))).toBe(true);

    expect((await staff('DELETE', `/api/orders/${id}/proofs/${wrong}`)).statusCode).toBe(204);
    expect(fs.existsSync(localFilePath(t.app, row.storage_key))).toBe(false);
    expect((await staff('GET', `/api/orders/${id}/proofs/${wrong}`)).statusCode).toBe(404);
    expect((await staff('DELETE', `/api/orders/${id}/proofs/${wrong}`)).statusCode).toBe(404);
    // Not without a session.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${id}/proofs/${kept}` })).statusCode).toBe(401);

    // The version sent carries only the proof that stayed, and keeps it.
    const sent = await sendQuote(id);
    expect((await customer('GET', `/api/o/${sent.token}`)).json().proofs.map((p: { name: string }) => p.name)).toEqual([
      'front.png',
    ]);
    const refused = await staff('DELETE', `/api/orders/${id}/proofs/${kept}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'proof_sent',
      message:
        'This proof went to the customer with quote v1, so it is kept. Upload the corrected proof and send a new version.',
    });
    expect((await staff('GET', `/api/orders/${id}/proofs/${kept}`)).statusCode).toBe(200);
  });

  it('sends v1: frozen with its hash, the order Quoted with a note, the customer emailed a link in their language', async () => {
    const id = await newOrder('fr');
    const sent = await sendQuote(id);
    expect(sent.version).toBe(1);
    const row = await t.app.db.selectFrom('quotes').selectAll().where('order_id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    expect(row.sha256).toBe(sha256(row.document!));
    expect(sent.sha256).toBe(row.sha256);
    const detail = (await staff('GET', `/api/orders/${id}`)).json();
    expect(detail.order.status).toBe('quoted');
    expect(detail.history.at(-1)).toMatchObject({
      from_status: 'new',
      to_status: 'quoted',
      changed_by: 'clerk@shop.ca',
    });
    expect(detail.history.at(-1)).toMatchObject({ event: { kind: 'quote_sent', version: 1 }, note: null });
    expect(detail.history.at(-1).event.hash).toMatch(/^[0-9a-f]{64}$/);
    const [mail] = await customerMails(id);
    expect(mail!.recipient).toBe('ada@example.com');
    expect(mail!.subject).toBe(`Votre soumission pour la commande ${detail.order.reference}`);
    expect(mail!.text).toContain('689,85\u00a0$');
    expect(mail!.token).toHaveLength(43);
    // Only the link's hash is stored.
    const links = await t.app.db.selectFrom('order_links').selectAll().where('order_id', '=', id).execute();
    expect(links.map((l) => l.token_hash)).toEqual([sha256(mail!.token)]);
    expect(JSON.stringify(links)).not.toContain(mail!.token);
  });

  it('opens the order with its link, never indexed, never leaking a Referer', async () => {
    const id = await newOrder();
    const { token } = await sendQuote(id);
    const res = await customer('GET', `/api/o/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const view = res.json();
    expect(view).toMatchObject({ status: 'quoted', language: 'en', fulfilment: null });
    expect(view.quote).toMatchObject({ version: 1, status: 'sent', response: null });
    expect(view.quote.quote.totalCents).toBe(68985);
    expect(view.registration).toEqual({ gstHst: '123456782 RT0001', qst: '1234567890 TQ0001' });
    expect(Object.keys(view.steps)).toEqual(['new', 'quoted']);
    expect(view.document.layouts['1'].billing.province).toBe('QC');
  });

  it('answers a tampered, unknown or malformed link, or one of a deleted order, exactly as an unknown path', async () => {
    const id = await newOrder();
    const { token } = await sendQuote(id);
    const unknownPath = await customer('GET', '/api/no-such-thing');
    const bodyFor = (url: string) => unknownPath.body.replaceAll('/api/no-such-thing', url);
    const flipped = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    for (const bad of [flipped, 'A'.repeat(43), 'short', `${token}x`, encodeURIComponent('../../etc')]) {
      for (const url of [`/api/o/${bad}`, `/api/o/${bad}/proofs/00000000-0000-4000-8000-000000000000`]) {
        const res = await customer('GET', url);
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).toBe(bodyFor(url));
      }
      const approve = await customer('POST', `/api/o/${bad}/approve`, {
        version: 1,
        fullName: 'Ada Lovelace',
        agree: true,
      });
      expect(approve.statusCode).toBe(404);
      expect(approve.json().error.code).toBe('not_found');
    }
    expect((await customer('GET', `/api/o/${token}`)).statusCode).toBe(200);
    // The shop deletes the order, as the inbox does.
    const reference = (await staff('GET', `/api/orders/${id}`)).json().order.reference as string;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${id}`,
      headers: { cookie },
      payload: { reference },
    });
    expect(deleted.statusCode).toBe(200);
    const gone = await customer('GET', `/api/o/${token}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toBe(bodyFor(`/api/o/${token}`));
  });

  it('supersedes v1 with v2: approving v1 is refused with the current quote, the old link still opens the order', async () => {
    const id = await newOrder();
    const v1 = await sendQuote(id);
    const v2 = await sendQuote(id, [{ ...FIFTY_AT_12[0]!, unitPriceCents: 1100 }]);
    expect(v2.version).toBe(2);
    expect(v2.token).not.toBe(v1.token);
    const statuses = await t.app.db
      .selectFrom('quotes')
      .select(['version', 'status'])
      .where('order_id', '=', id)
      .orderBy('version')
      .execute();
    expect(statuses).toEqual([
      { version: 1, status: 'superseded' },
      { version: 2, status: 'sent' },
    ]);
    const refused = await customer('POST', `/api/o/${v1.token}/approve`, {
      version: 1,
      fullName: 'Ada Lovelace',
      agree: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('quote_superseded');
    expect(refused.json().error.message).toBe(
      'Quote v1 has been replaced by v2. Please review the current quote before approving it.',
    );
    expect(refused.json().view.quote.version).toBe(2);
    expect(refused.json().view.quote.quote.totalCents).toBe(63236);
    expect(await t.app.db.selectFrom('quote_responses').selectAll().where('order_id', '=', id).execute()).toEqual([]);
  });

  it('refuses an answer once the order is cancelled: cancelling supersedes the open quote, the shop hears nothing', async () => {
    const id = await newOrder('fr');
    const { token, version } = await sendQuote(id);
    expect((await staff('PATCH', `/api/orders/${id}/status`, { status: 'cancelled' })).statusCode).toBe(200);
    const quotes = await t.app.db
      .selectFrom('quotes')
      .select(['version', 'status'])
      .where('order_id', '=', id)
      .execute();
    expect(quotes).toEqual([{ version, status: 'superseded' }]);
    const mailsBefore = await t.app.db.selectFrom('mail_queue').select('id').where('order_id', '=', id).execute();

    const approve = await customer('POST', `/api/o/${token}/approve`, {
      version,
      fullName: 'Ada Lovelace',
      agree: true,
    });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().error).toMatchObject({
      code: 'quote_closed',
      message: 'This order was cancelled, so its quote can no longer be approved or changed.',
      message_fr: 'Cette commande a été annulée\u00a0: sa soumission ne peut plus être approuvée ni modifiée.',
    });
    const changes = await customer('POST', `/api/o/${token}/changes`, { comment: 'Navy, please.' });
    expect(changes.statusCode).toBe(409);
    expect(changes.json().error.code).toBe('quote_closed');

    const detail = (await staff('GET', `/api/orders/${id}`)).json();
    expect(detail.order.status).toBe('cancelled');
    expect(detail.history.at(-1)).toMatchObject({ from_status: 'quoted', to_status: 'cancelled' });
    expect(await t.app.db.selectFrom('quote_responses').selectAll().where('order_id', '=', id).execute()).toEqual([]);
    expect(await t.app.db.selectFrom('mail_queue').select('id').where('order_id', '=', id).execute()).toEqual(
      mailsBefore,
    );
  });

  it('refuses changes requested on an order the shop has moved on (Completed): it stays Completed', async () => {
    const id = await newOrder();
    const { token, version } = await sendQuote(id);
    // Completed with no approved quote passes the gate only with a reason (docs/accounts.md).
    const completed = { status: 'completed', override: { reason: 'Settled at the counter' } };
    expect((await staff('PATCH', `/api/orders/${id}/status`, completed)).statusCode).toBe(200);
    const changes = await customer('POST', `/api/o/${token}/changes`, { comment: 'Navy, please.' });
    expect(changes.statusCode).toBe(409);
    expect(changes.json().error).toMatchObject({
      code: 'quote_closed',
      message:
        'This order is at “Completed” now, so its quote can no longer be approved or changed. Contact the shop if something should change.',
    });
    expect(changes.json().error.message_fr).toContain('«\u00a0Terminée\u00a0»');
    const approve = await customer('POST', `/api/o/${token}/approve`, {
      version,
      fullName: 'Ada Lovelace',
      agree: true,
    });
    expect(approve.statusCode).toBe(409);
    const detail = (await staff('GET', `/api/orders/${id}`)).json();
    expect(detail.order.status).toBe('completed');
    expect(detail.history.at(-1)).toMatchObject({ from_status: 'quoted', to_status: 'completed' });
  });

  it('records an approval once, with name, time, address, browser and the hash of the exact version', async () => {
    const id = await newOrder();
    const { token, sha256: hash } = await sendQuote(id);
    const before = Date.now();
    const noAgree = await customer('POST', `/api/o/${token}/approve`, {
      version: 1,
      fullName: 'Ada Lovelace',
      agree: false,
    });
    expect(noAgree.statusCode).toBe(400);
    expect(noAgree.json().error.fields).toEqual(['agree']);
    // A client without the page's limit is told which field and the limit.
    const longName = await customer('POST', `/api/o/${token}/approve`, {
      version: 1,
      fullName: 'x'.repeat(5000),
      agree: true,
    });
    expect(longName.statusCode).toBe(400);
    expect(longName.json().error).toEqual({
      code: 'bad_request',
      message: 'fullName is too long: at most 200 characters.',
      message_fr: 'fullName est trop long\u202f: au plus 200 caractères.',
      fields: ['fullName'],
    });
    const noName = await customer('POST', `/api/o/${token}/approve`, { version: 1, fullName: ' ', agree: true });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().error.fields).toEqual(['fullName']);

    const res = await customer('POST', `/api/o/${token}/approve`, {
      version: 1,
      fullName: '  Ada   Lovelace ',
      agree: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().view.status).toBe('approved');
    expect(res.json().view.quote.response).toMatchObject({
      kind: 'approved',
      fullName: 'Ada Lovelace',
      quoteSha256: hash,
    });

    const [record] = await t.app.db.selectFrom('quote_responses').selectAll().where('order_id', '=', id).execute();
    expect(record).toMatchObject({
      kind: 'approved',
      version: 1,
      full_name: 'Ada Lovelace',
      quote_sha256: hash,
      client_address: '127.0.0.1',
      user_agent: 'TestBrowser/1.0',
    });
    expect(Date.parse(record!.created_at)).toBeGreaterThanOrEqual(before - 1000);

    const again = await customer('POST', `/api/o/${token}/approve`, { version: 1, fullName: 'Mallory', agree: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_answered');
    const changes = await customer('POST', `/api/o/${token}/changes`, { comment: 'Make it blue' });
    expect(changes.statusCode).toBe(409);
    const after = await t.app.db.selectFrom('quote_responses').selectAll().where('order_id', '=', id).execute();
    expect(after).toEqual([record]);

    const detail = (await staff('GET', `/api/orders/${id}`)).json();
    expect(detail.order.status).toBe('approved');
    // The approval's move, then the invoice it issued (invoices/, tested in invoices.test.ts).
    expect(detail.history.at(-2)).toMatchObject({
      from_status: 'quoted',
      to_status: 'approved',
      changed_by: 'customer',
    });
    expect(detail.history.at(-2).event).toMatchObject({ kind: 'quote_approved', version: 1, fullName: 'Ada Lovelace' });
    expect(detail.history.at(-1)).toMatchObject({
      from_status: 'approved',
      to_status: 'approved',
      changed_by: 'customer',
    });
    expect(detail.history.at(-1).event).toMatchObject({ kind: 'invoice_issued', totalCents: 68985 });
    const shopMail = await t.app.db
      .selectFrom('mail_queue')
      .selectAll()
      .where('order_id', '=', id)
      .where('kind', '=', 'shop')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(shopMail.subject).toBe(`Quote v1 approved for order ${detail.order.reference}: Ada Lovelace`);
    const versions = (await staff('GET', `/api/orders/${id}/quote`)).json().versions;
    expect(versions[0].response).toMatchObject({
      fullName: 'Ada Lovelace',
      clientAddress: '127.0.0.1',
      userAgent: 'TestBrowser/1.0',
    });

    // The customer's access request includes the quotes and what their approval recorded.
    const zip = await zipEntries((await staff('GET', `/api/orders/${id}/data.zip`)).rawPayload);
    const data = JSON.parse(zip.get('order.json')!.toString());
    expect(data.quotes).toMatchObject([{ version: 1, status: 'approved', sha256: hash, total_cents: 68985 }]);
    expect(data.quotes[0].quote.totalCents).toBe(68985);
    expect(data.quoteAnswers).toEqual([
      {
        version: 1,
        kind: 'approved',
        full_name: 'Ada Lovelace',
        comment: null,
        quote_sha256: hash,
        client_address: '127.0.0.1',
        user_agent: 'TestBrowser/1.0',
        created_at: record!.created_at,
      },
    ]);
  });

  it('takes a change request: the order goes back to New with the comment, and the shop is told', async () => {
    const id = await newOrder();
    const { token } = await sendQuote(id);
    expect((await customer('POST', `/api/o/${token}/changes`, { comment: '   ' })).statusCode).toBe(422);
    expect(
      (await customer('POST', `/api/o/${token}/changes`, { comment: 'y'.repeat(4001) })).json().error.message,
    ).toBe('comment is too long: at most 4000 characters.');
    const res = await customer('POST', `/api/o/${token}/changes`, { comment: 'Navy instead of black, please.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().view.status).toBe('new');
    const detail = (await staff('GET', `/api/orders/${id}`)).json();
    expect(detail.history.at(-1)).toMatchObject({ from_status: 'quoted', to_status: 'new', changed_by: 'customer' });
    expect(detail.history.at(-1).event).toEqual({
      kind: 'changes_requested',
      version: 1,
      comment: 'Navy instead of black, please.',
    });
    const shopMail = await t.app.db
      .selectFrom('mail_queue')
      .selectAll()
      .where('order_id', '=', id)
      .where('subject', 'like', 'Changes requested%')
      .executeTakeFirstOrThrow();
    expect(await deliveredText(t, { id: shopMail.id, order_id: shopMail.order_id })).toContain(
      'Navy instead of black, please.',
    );
    // Answered: approving it now is refused; a new version can be approved.
    expect(
      (await customer('POST', `/api/o/${token}/approve`, { version: 1, fullName: 'Ada Lovelace', agree: true }))
        .statusCode,
    ).toBe(409);
    const v2 = await sendQuote(id);
    expect(
      (await customer('POST', `/api/o/${v2.token}/approve`, { version: 2, fullName: 'Ada Lovelace', agree: true }))
        .statusCode,
    ).toBe(200);
  });

  it('emails the customer when the quote is sent and when the order is ready, and for no other status', async () => {
    const id = await newOrder('en', true);
    const { token } = await sendQuote(id);
    expect(await customerMails(id)).toHaveLength(1);
    await customer('POST', `/api/o/${token}/approve`, { version: 1, fullName: 'Ada Lovelace', agree: true });
    // The approval sends the invoice (invoices/).
    expect((await customerMails(id)).map((m) => m.subject.split(' ')[0])).toEqual(['Your', 'Invoice']);
    // The deposit is unpaid here: each move into or past production gives the reason it goes anyway.
    const reason = { withoutDeposit: { reason: 'Paying at pickup' } };
    for (const status of ['in_production', 'cancelled', 'in_production', 'approved', 'in_production']) {
      const body = status === 'in_production' ? { status, ...reason } : { status };
      expect((await staff('PATCH', `/api/orders/${id}/status`, body)).statusCode).toBe(200);
    }
    expect(await customerMails(id)).toHaveLength(2);
    // Ready with the deposit unpaid passes the gate too, with its own reason.
    const ready = { status: 'ready', override: { reason: 'Paying at pickup' } };
    expect((await staff('PATCH', `/api/orders/${id}/status`, ready)).statusCode).toBe(200);
    // The same status again changes nothing and sends nothing.
    expect((await staff('PATCH', `/api/orders/${id}/status`, ready)).statusCode).toBe(200);
    const mails = await customerMails(id);
    expect(mails).toHaveLength(3);
    expect(mails[2]!.subject).toBe(
      `Your order ${(await staff('GET', `/api/orders/${id}`)).json().order.reference} is ready`,
    );
    expect(mails[2]!.text).toContain('It is waiting for you at the shop for pickup.');
    expect(mails[2]!.text).toContain('Balance due: $678.00.'); // pickup in Ontario: $600.00 + HST
    const view = (await customer('GET', `/api/o/${mails[2]!.token}`)).json();
    expect(view.fulfilment).toBe('pickup');
    expect(Object.keys(view.steps)).toEqual(['new', 'quoted', 'approved', 'in_production', 'ready']);
    const done = { status: 'completed', override: { reason: 'Paid cash at pickup, recorded later' } };
    expect((await staff('PATCH', `/api/orders/${id}/status`, done)).statusCode).toBe(200);
    expect(await customerMails(id)).toHaveLength(3);
  });

  it('refuses staff quote routes without a session, and cross-site changes from staff and customers', async () => {
    const id = await newOrder();
    for (const [method, url] of [
      ['GET', `/api/orders/${id}/quote`],
      ['POST', `/api/orders/${id}/quote/preview`],
      ['POST', `/api/orders/${id}/quote/send`],
      ['PUT', `/api/orders/${id}/quote/draft`],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : { lines: FIFTY_AT_12 } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    const crossStaff = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/quote/send`,
      headers: { cookie, origin: 'https://evil.example' },
      payload: { lines: FIFTY_AT_12 },
    });
    expect(crossStaff.statusCode).toBe(403);
    const { token } = await sendQuote(id);
    const crossCustomer = await customer(
      'POST',
      `/api/o/${token}/approve`,
      { version: 1, fullName: 'Ada Lovelace', agree: true },
      { origin: 'https://evil.example' },
    );
    expect(crossCustomer.statusCode).toBe(403);
    expect((await customer('GET', `/api/o/${token}`)).json().status).toBe('quoted');
  });

  it('never writes a link token to the log', async () => {
    const { requestForLog } = await import('../http/logging.js');
    const token = 'A'.repeat(43);
    expect(requestForLog({ method: 'GET', url: `/o/${token}` }).path).toBe('/o/…');
    expect(requestForLog({ method: 'POST', url: `/api/o/${token}/approve?x=1` }).path).toBe('/api/o/…/approve');
    expect(requestForLog({ method: 'GET', url: '/inbox/orders/x' }).path).toBe('/inbox/orders/x');
  });
});

describe('the order link rate limit', () => {
  it('answers 429 with Retry-After past ORDER_LINK_RATE_LIMIT requests from one address', async () => {
    const t = await startTestApp('sqlite', { ORDER_LINK_RATE_LIMIT: '3', ORDER_LINK_RATE_WINDOW_SECONDS: '600' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push((await t.app.inject({ method: 'GET', url: `/api/o/${'B'.repeat(43)}` })).statusCode);
      expect(codes).toEqual([404, 404, 404, 429]);
      const limited = await t.app.inject({ method: 'GET', url: `/api/o/${'C'.repeat(43)}` });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json().error.code).toBe('rate_limited');
      // Another address is not affected.
      const other = await t.app.inject({ method: 'GET', url: `/api/o/${'B'.repeat(43)}`, remoteAddress: '10.0.0.9' });
      expect(other.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
