import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { addStaff } from '../auth/staff.js';
import { authHeaders, backends, multipartBody, sampleOrder, startTestApp, type TestApp } from '../testing/harness.js';

interface Received {
  to: string[];
  mail: ParsedMail;
}

function startSmtp(port = 0): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
        callback();
      }, callback);
    },
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ server, port: (server.server.address() as net.AddressInfo).port, received })));
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

async function until<T>(what: () => Promise<T | false | undefined> | T | false | undefined, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v) return v as T;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function submit(t: TestApp, order = sampleOrder()) {
  const { payload, contentType } = await multipartBody(order, [{ name: 'art.pdf', type: 'application/pdf', data: '%PDF' }]);
  const res = await t.app.inject({ method: 'POST', url: '/functions/v1/submit-order', headers: { ...authHeaders, 'content-type': contentType }, payload });
  expect(res.statusCode).toBe(201);
  return res.json() as { orderId: string; reference: string };
}

const FAST = { MAIL_POLL_MS: '100', MAIL_RETRY_BASE_MS: '100', SHOP_EMAIL: 'shop@shop.example', SHOP_NAME: 'Maple Print Co.', SHOP_CONTACT: '1 Main St, Halifax NS, 902-555-0199', PUBLIC_URL: 'https://orders.shop.example' };

describe.each(backends())('notifications on %s', (backend) => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  it('sends the shop and the customer their emails, with the reference and escaped customer text', async () => {
    const smtp = await startSmtp();
    cleanup.push(() => new Promise<void>((r) => smtp.server.close(() => r())));
    const t = await startTestApp(backend, { ...FAST, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    cleanup.push(() => t.close());
    const order = sampleOrder();
    order.layouts['1'].billing.firstName = '<b>Ada</b>';
    order.layouts['1'].jobNotes = '<script>alert("x")</script> & more';
    Object.assign(order.layouts['1'], { deadline: { hasCriticalDeadline: true, date: '2026-12-18' } });
    const { orderId, reference } = await submit(t, order);

    await until(() => smtp.received.length >= 2 && smtp.received);
    const shop = smtp.received.find((r) => r.to.includes('shop@shop.example'))!;
    const customer = smtp.received.find((r) => r.to.includes('ada@example.com'))!;
    expect(shop.mail.subject).toBe(`New order ${reference}: <b>Ada</b> Lovelace (Analytical Tees) [RUSH]`);
    expect(shop.mail.text).toContain(`https://orders.shop.example/inbox/orders/${orderId}`);
    expect(shop.mail.text).toContain('Deadline: Critical deadline: 2026-12-18');
    expect(shop.mail.text).toContain('art.pdf');
    expect(shop.mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    expect(shop.mail.html).not.toContain('<script>');
    expect(shop.mail.html).not.toContain('<b>Ada');
    expect(customer.mail.subject).toBe(`We received your order ${reference}`);
    expect(customer.mail.text).toContain(`Your order reference is ${reference}.`);
    expect(customer.mail.text).toContain('Maple Print Co. Contact: 1 Main St, Halifax NS, 902-555-0199.');
    expect(customer.mail.html).toContain('Thank you, &lt;b&gt;Ada&lt;/b&gt;.');
    await until(async () => {
      const rows = await t.app.db.selectFrom('mail_queue').select('status').where('order_id', '=', orderId).execute();
      return rows.length === 2 && rows.every((r) => r.status === 'sent');
    });
  });

  it('keeps the order when SMTP is down, and delivers the mail once it is back', async () => {
    const port = await freePort();
    const t = await startTestApp(backend, { ...FAST, SMTP_URL: `smtp://127.0.0.1:${port}` });
    cleanup.push(() => t.close());
    const { orderId, reference } = await submit(t);
    // Saved, and the failures recorded and visible to the shop.
    const failing = await until(async () => {
      const rows = await t.app.db.selectFrom('mail_queue').selectAll().where('order_id', '=', orderId).execute();
      return rows.length === 2 && rows.every((r) => r.attempts >= 1 && r.last_error) && rows;
    });
    expect(failing.every((r) => r.status === 'pending')).toBe(true);
    expect(failing[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);
    // The shop sees it in the inbox.
    await addStaff(t.app.db, 'clerk@shop.ca', 'a long enough password');
    const login = await t.app.inject({ method: 'POST', url: '/api/session', payload: { email: 'clerk@shop.ca', password: 'a long enough password' } });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const mailStatus = async () => (await t.app.inject({ url: '/api/orders', headers: { cookie } })).json().orders[0].mail_status;
    expect(await mailStatus()).toBe('pending');
    const detail = (await t.app.inject({ url: `/api/orders/${orderId}`, headers: { cookie } })).json();
    expect(detail.mails.every((m: { attempts: number; last_error: string }) => m.attempts >= 1 && m.last_error)).toBe(true);

    const smtp = await startSmtp(port);
    cleanup.push(() => new Promise<void>((r) => smtp.server.close(() => r())));
    await until(() => smtp.received.length >= 2 && smtp.received);
    expect(smtp.received.map((r) => r.mail.subject).sort()).toEqual([`New order ${reference}: Ada Lovelace (Analytical Tees)`, `We received your order ${reference}`]);
    await until(async () => (await t.app.db.selectFrom('mail_queue').select('status').where('order_id', '=', orderId).execute()).every((r) => r.status === 'sent'));
    expect(await mailStatus()).toBe('sent');
  });

  it('writes the customer their confirmation in French when they used the French form', async () => {
    const smtp = await startSmtp();
    cleanup.push(() => new Promise<void>((r) => smtp.server.close(() => r())));
    const t = await startTestApp(backend, { ...FAST, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    cleanup.push(() => t.close());
    const { reference } = await submit(t, { ...sampleOrder(), language: 'fr' } as ReturnType<typeof sampleOrder>);
    await until(() => smtp.received.length >= 2 && smtp.received);
    const customer = smtp.received.find((r) => r.to.includes('ada@example.com'))!;
    const shop = smtp.received.find((r) => r.to.includes('shop@shop.example'))!;
    expect(customer.mail.subject).toBe(`Nous avons reçu votre commande ${reference}`);
    expect(customer.mail.text).toContain(`Le numéro de référence de votre commande est ${reference}.`);
    expect(customer.mail.text).toContain('Disposition graphique 1');
    expect(customer.mail.text).toContain('Vêtement : Gildan 5000, Black, S: 5, M: 10');
    expect(customer.mail.text).toContain('Maple Print Co. Pour nous joindre : 1 Main St, Halifax NS, 902-555-0199.');
    // The shop reads English.
    expect(shop.mail.subject).toBe(`New order ${reference}: Ada Lovelace (Analytical Tees)`);
  });

  it('writes .eml files to DATA_DIR/outbox when no SMTP server is configured', async () => {
    const t = await startTestApp(backend, FAST);
    cleanup.push(() => t.close());
    const { reference } = await submit(t);
    const outbox = path.join(t.dataDir, 'outbox');
    const files = await until(() => {
      const f = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((n) => n.endsWith('.eml')) : [];
      return f.length === 2 && f;
    });
    const subjects = await Promise.all(files.map(async (f) => (await simpleParser(fs.readFileSync(path.join(outbox, f)))).subject));
    expect(subjects.sort()).toEqual([`New order ${reference}: Ada Lovelace (Analytical Tees)`, `We received your order ${reference}`]);
  });
});
