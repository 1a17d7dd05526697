import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipEntries } from '../../../tests/support/zip.js';
import { addStaff, removeStaff, setPassword, StaffError } from '../staff/staff-service.js';
import {
  authHeaders,
  backends,
  multipartBody,
  pageToken,
  sampleOrder,
  sha256,
  startTestApp,
  type TestApp,
} from '../../../tests/support/harness.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a60000000049454e44ae426082',
  'hex',
);
const PASSWORD = 'correct horse battery staple';

describe.each(backends())('the shop inbox on %s', (backend) => {
  let t: TestApp;
  let cookie = '';
  let orderId = '';
  let reference = '';
  const html = Buffer.from('<html><script>alert(1)</script></html>');

  beforeAll(async () => {
    t = await startTestApp(backend);
    await addStaff(t.app.db, 'Clerk@Shop.ca', PASSWORD);
    const order = sampleOrder();
    // A formula, and one after a separator: a spreadsheet that splits on ";" would start a cell with it.
    order.layouts['1'].billing.companyName = `=HYPERLINK("http://evil");=cmd|' /C calc'!A0`;
    Object.assign(order.layouts['1'], {
      mockupImages: ['Layout_1_Mockup_1.png'],
      viewData: { Front: { image: 'Layout_1_Front.png', dimensions: '10" wide', decoration: 'embroidery' } },
      files: [{ name: 'Layout_1_Mockup_1.png', type: 'image/png', role: 'mockup' }],
    });
    const { payload, contentType } = await multipartBody(order, [
      { name: 'Layout_1_Mockup_1.png', type: 'image/png', data: PNG },
      { name: 'Layout_1_Front.png', type: 'image/png', data: html },
      { name: 'notes é.txt', type: 'text/plain', data: 'hello' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/submit-order',
      // As the page sends it: with its form token, so the customer gets a confirmation too.
      headers: { ...authHeaders, 'content-type': contentType, 'x-form-token': pageToken(t) },
      payload,
    });
    expect(res.statusCode).toBe(201);
    ({ orderId, reference } = res.json());
  });
  afterAll(async () => t?.close());

  const get = (url: string, withCookie = true) =>
    t.app.inject({ method: 'GET', url, headers: withCookie ? { cookie } : {} });

  it('refuses every inbox and file route without a session', async () => {
    const attachment = '00000000-0000-4000-8000-000000000000';
    const probes: [string, string][] = [
      ['GET', '/api/session'],
      ['GET', '/api/orders'],
      ['GET', `/api/orders?q=${reference}`],
      ['GET', '/api/orders/export.csv'],
      ['GET', `/api/orders/${orderId}`],
      ['GET', `/api/orders/${orderId}/files.zip`],
      ['GET', `/api/orders/${orderId}/files/${attachment}`],
      ['GET', `/api/orders/${orderId}/files/${attachment}/preview`],
      ['PATCH', `/api/orders/${orderId}/status`],
      // Input the routes would refuse: the session is asked for first, so nothing says which field.
      ['GET', '/api/orders?flag=no-such-flag&limit=-4'],
      ['GET', '/api/orders/export.csv?flag=no-such-flag'],
      ['GET', '/api/orders/not-an-id'],
      ['PATCH', `/api/orders/${orderId}/status?bad=1`],
    ];
    for (const [method, url] of probes) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        payload: method === 'PATCH' ? { status: url.includes('bad') ? 'no-such-status' : 'quoted' } : undefined,
        headers: { cookie: 'staff_session=forged' },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.body).not.toContain(reference);
      expect(res.json<{ error: { fields?: string[] } }>().error.fields ?? [], `${method} ${url}`).toEqual([]);
    }
  });

  it('throttles wrong passwords per account with 429 and Retry-After, even for the right one', async () => {
    await addStaff(t.app.db, 'victim@shop.ca', PASSWORD);
    const signIn = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/session', payload: { email: 'victim@shop.ca', password } });
    for (let i = 0; i < 5; i++) expect((await signIn('wrong password!')).statusCode).toBe(401);
    const blocked = await signIn(PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().error.code).toBe('too_many_attempts');
  });

  it('signs in with an HttpOnly, SameSite=Lax cookie', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: 'clerk@shop.ca', password: 'nope nope nope' },
    });
    expect(wrong.statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: 'CLERK@shop.ca', password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/staff_session=[\w-]+/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
    cookie = setCookie.split(';')[0]!;
    expect((await get('/api/session')).json()).toEqual({
      email: 'clerk@shop.ca',
      language: null,
      role: 'owner',
      timeZone: 'America/Toronto',
    });
  });

  it('marks the cookie Secure when served over https behind a trusted proxy', async () => {
    const proxied = await startTestApp(backend, { TRUST_PROXY: 'true' });
    try {
      await addStaff(proxied.app.db, 'clerk@shop.ca', PASSWORD);
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/session',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { email: 'clerk@shop.ca', password: PASSWORD },
      });
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await proxied.close();
    }
  });

  it('refuses a change that comes from another site', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}/status`,
      headers: { cookie, origin: 'https://evil.example' },
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode).toBe(403);
    expect((await get(`/api/orders/${orderId}`)).json().order.status).toBe('new');
  });

  it('lists newest first and finds orders by reference, name, email, company and status', async () => {
    const list = (await get('/api/orders')).json();
    expect(list.total).toBe(1);
    expect(list.orders[0]).toMatchObject({
      reference,
      customer_name: 'Ada Lovelace',
      status: 'new',
      attachment_count: 3,
      has_critical_deadline: false,
    });
    for (const q of [reference, reference.toLowerCase(), 'lovelace', 'ADA@EXAMPLE', 'hyperlink']) {
      expect((await get(`/api/orders?q=${encodeURIComponent(q)}`)).json().total, q).toBe(1);
    }
    expect((await get('/api/orders?q=nobody')).json().total).toBe(0);
    expect((await get('/api/orders?q=%25')).json().total).toBe(0);
    expect((await get('/api/orders?status=new')).json().total).toBe(1);
    expect((await get('/api/orders?status=quoted')).json().total).toBe(0);
  });

  it('shows the whole order: document, attachments with sizes, mail status', async () => {
    const d = (await get(`/api/orders/${orderId}`)).json();
    expect(d.order.reference).toBe(reference);
    expect(d.document.layouts['1'].viewData.Front).toEqual({
      image: 'Layout_1_Front.png',
      dimensions: '10" wide',
      decoration: 'embroidery',
    });
    expect(d.attachments.map((a: { name: string; size: number }) => [a.name, a.size])).toEqual([
      ['Layout_1_Mockup_1.png', PNG.length],
      ['Layout_1_Front.png', html.length],
      ['notes é.txt', 5],
    ]);
    expect(d.attachments[0].storage_key).toBeUndefined();
    expect(d.mails.map((m: { kind: string }) => m.kind).sort()).toEqual(['customer', 'shop']);
  });

  it('serves files only as downloads that cannot run, and previews only real images', async () => {
    const d = (await get(`/api/orders/${orderId}`)).json();
    const [png, disguised, text] = d.attachments;
    const file = await get(`/api/orders/${orderId}/files/${disguised.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(html)).toBe(true);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['content-disposition']).toBe('attachment; filename="Layout_1_Front.png"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect((await get(`/api/orders/${orderId}/files/${text.id}`)).headers['content-disposition']).toBe(
      `attachment; filename="notes _.txt"; filename*=UTF-8''notes%20%C3%A9.txt`,
    );
    const preview = await get(`/api/orders/${orderId}/files/${png.id}/preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    expect((await get(`/api/orders/${orderId}/files/${disguised.id}/preview`)).statusCode).toBe(415);
    // A file of another order is not reachable through this one.
    expect((await get(`/api/orders/00000000-0000-4000-8000-000000000000/files/${png.id}`)).statusCode).toBe(404);
  });

  it('downloads every file of the order as one ZIP named after the reference', async () => {
    const res = await get(`/api/orders/${orderId}/files.zip`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${reference}.zip"`);
    const entries = await zipEntries(res.rawPayload);
    expect([...entries.keys()]).toEqual(['Layout_1_Mockup_1.png', 'Layout_1_Front.png', 'notes é.txt']);
    expect(sha256(entries.get('Layout_1_Mockup_1.png')!)).toBe(sha256(PNG));
    expect(entries.get('notes é.txt')!.toString()).toBe('hello');
  });

  it('moves the order through statuses and records who and when', async () => {
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}/status`,
      headers: { cookie },
      payload: { status: 'shipped' },
    });
    expect(bad.statusCode).toBe(400);
    const move = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${orderId}/status`,
        headers: { cookie, origin: t.config.publicUrl },
        payload,
      });
    for (const status of ['quoted', 'approved']) expect((await move({ status })).statusCode).toBe(200);
    // Production without an approved quote: only with a reason, which the history keeps.
    const gated = await move({ status: 'in_production' });
    expect(gated.statusCode).toBe(409);
    expect(gated.json().error).toMatchObject({ code: 'gate_closed', fields: ['reason'] });
    expect(gated.json().error.message).toContain('has not approved a quote');
    expect((await move({ status: 'in_production', override: { reason: 'Approved by phone' } })).statusCode).toBe(200);
    const d = (await get(`/api/orders/${orderId}`)).json();
    expect(d.order.status).toBe('in_production');
    expect(
      d.history.map((h: { from_status: string; to_status: string; changed_by: string }) => [
        h.from_status,
        h.to_status,
        h.changed_by,
      ]),
    ).toEqual([
      ['new', 'quoted', 'clerk@shop.ca'],
      ['quoted', 'approved', 'clerk@shop.ca'],
      ['approved', 'in_production', 'clerk@shop.ca'],
    ]);
    expect((await get('/api/orders?status=in_production')).json().total).toBe(1);
  });

  it('exports the filtered list as CSV, with formulas made harmless', async () => {
    const res = await get('/api/orders/export.csv?status=in_production');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      '"Reference","Received","Status","Customer","Email","Company","Deadline","Rush","Layouts","Files","Total bytes","Resale partner","Poly bags","Artwork warnings"',
    );
    // Every cell quoted: the line is "…","…",… with nothing between the quotes and the commas.
    expect(lines[1]).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
    expect(lines[1]).toContain(`"${reference}",`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"");'=cmd|' /C calc'!A0"`);
    expect(lines[1]).toContain('In production');
    expect((await get('/api/orders/export.csv?status=cancelled')).body.trim().split('\n')).toHaveLength(1);
  });

  it('ends the session on sign-out, and on a password change', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/session', headers: { cookie } })).statusCode).toBe(204);
    expect((await get('/api/orders')).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: 'clerk@shop.ca', password: PASSWORD },
    });
    const second = String(again.headers['set-cookie']).split(';')[0]!;
    await setPassword(t.app.db, 'clerk@shop.ca', 'another long passphrase');
    expect((await t.app.inject({ url: '/api/orders', headers: { cookie: second } })).statusCode).toBe(401);
  });

  it('makes accounts only with a real email and a long password', async () => {
    await expect(addStaff(t.app.db, 'not-an-email', PASSWORD)).rejects.toThrow(StaffError);
    await expect(addStaff(t.app.db, 'new@shop.ca', 'short')).rejects.toThrow(/at least 12/);
    await expect(addStaff(t.app.db, 'clerk@shop.ca', PASSWORD)).rejects.toThrow(/already/);
    await expect(removeStaff(t.app.db, 'ghost@shop.ca')).rejects.toThrow(/No account/);
    const row = await t.app.db
      .selectFrom('staff')
      .select('password_hash')
      .where('email', '=', 'clerk@shop.ca')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(row.password_hash).not.toContain('passphrase');
  });
});
