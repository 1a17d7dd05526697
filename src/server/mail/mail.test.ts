import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import type { ValidOrderBody } from '../../shared/order-schema.js';
import { addStaff } from '../staff/staff-service.js';
import { cleanFirstName, composeOrderMails, type Confirmation } from './compose.js';
import example from '../../shared/prices/example-price-list.json' with { type: 'json' };
import { frenchTypographyFaults } from '../../shared/french.js';
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
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({ server, port: (server.server.address() as net.AddressInfo).port, received }),
    ),
  );
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** An order sent as the page sends it (with its form token, unless `token` is null). */
const submit = (t: TestApp, order = sampleOrder(), token: string | null = pageToken(t), from?: string) =>
  submitMultipart(
    t.app,
    order,
    [{ name: 'art.pdf', type: 'application/pdf', data: '%PDF' }],
    { ...(token ? { 'x-form-token': token } : {}) },
    from,
  );

const FAST = {
  MAIL_POLL_MS: '100',
  MAIL_RETRY_BASE_MS: '100',
  SHOP_EMAIL: 'shop@shop.example',
  SHOP_NAME: 'Maple Print Co.',
  SHOP_CONTACT: '1 Main St, Halifax NS, 902-555-0199',
  PUBLIC_URL: 'https://orders.shop.example',
};

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
    expect(shop.mail.text).toContain('Deadline: Critical deadline: December 18, 2026');
    expect(shop.mail.text).toContain('art.pdf');
    expect(shop.mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    expect(shop.mail.html).not.toContain('<script>');
    expect(shop.mail.html).not.toContain('<b>Ada');
    expect(customer.mail.subject).toBe(`We received your order ${reference}`);
    expect(customer.mail.text).toContain(`Your order reference is ${reference}.`);
    expect(customer.mail.text).toContain('Maple Print Co. Contact: 1 Main St, Halifax NS, 902-555-0199.');
    // A first name with markup does not qualify for the greeting: the confirmation drops it.
    expect(customer.mail.text).toContain('Thank you. Maple Print Co. received your order');
    expect(customer.mail.html).not.toContain('Ada');
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
    const cookie = await signIn(t.app, 'clerk@shop.ca', 'a long enough password');
    const mailStatus = async () =>
      (await t.app.inject({ url: '/api/orders', headers: { cookie } })).json().orders[0].mail_status;
    expect(await mailStatus()).toBe('pending');
    const detail = (await t.app.inject({ url: `/api/orders/${orderId}`, headers: { cookie } })).json();
    expect(detail.mails.every((m: { attempts: number; last_error: string }) => m.attempts >= 1 && m.last_error)).toBe(
      true,
    );

    const smtp = await startSmtp(port);
    cleanup.push(() => new Promise<void>((r) => smtp.server.close(() => r())));
    await until(() => smtp.received.length >= 2 && smtp.received);
    expect(smtp.received.map((r) => r.mail.subject).sort()).toEqual([
      `New order ${reference}: Ada Lovelace (Analytical Tees)`,
      `We received your order ${reference}`,
    ]);
    await until(async () =>
      (await t.app.db.selectFrom('mail_queue').select('status').where('order_id', '=', orderId).execute()).every(
        (r) => r.status === 'sent',
      ),
    );
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
    expect(customer.mail.text).toContain('Bonjour Ada.');
    // The record of what was sent, guarded (docs/decisions/018-a-record-in-the-confirmation.md).
    expect(customer.mail.text).toContain('Design 1');
    expect(customer.mail.text).toContain('Vêtement\u00a0: Gildan 5000, Noir, S 5, M 10 (15 pièces)');
    expect(customer.mail.text).not.toContain('Please call before printing');
    const lines = customer.mail.text!.split('\n').filter((l) => !l.includes('://'));
    expect(lines.flatMap((l) => frenchTypographyFaults(l).map((f) => `${f}: ${l}`))).toEqual([]);
    expect(customer.mail.text).toContain(
      'Maple Print Co. Pour nous joindre\u00a0: 1 Main St, Halifax NS, 902-555-0199.',
    );
    // The shop reads English.
    expect(shop.mail.subject).toBe(`New order ${reference}: Ada Lovelace (Analytical Tees)`);
  });

  it('gives the customer a record: each layout, the estimate computed here and marked as one, and a link that opens the order', async () => {
    const smtp = await startSmtp();
    cleanup.push(() => new Promise<void>((r) => smtp.server.close(() => r())));
    const t = await startTestApp(backend, { ...FAST, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    cleanup.push(() => t.close());
    await addStaff(t.app.db, 'owner@shop.example', 'a long and unusual passphrase 7');
    const owner = await signIn(t.app, 'owner@shop.example', 'a long and unusual passphrase 7');
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/prices',
      headers: { cookie: owner },
      payload: example,
    });
    expect(published.statusCode).toBe(201);
    const order = sampleOrder();
    Object.assign(order.layouts['1'].viewData, {
      Front: { image: '', dimensions: '10 in wide', decoration: 'screen-printing', colours: 2 },
    });
    const { orderId, reference } = await submit(t, order);
    await until(() => smtp.received.length >= 2 && smtp.received);
    const text = smtp.received.find((r) => r.to.includes('ada@example.com'))!.mail.text!;
    expect(text).toContain('Design Layout 1\n  Garment: Gildan 5000, Black, S 5, M 10 (15 pieces)');
    expect(text).toContain('  Front: Screen printing, 2 colours, 10 in wide');
    expect(text).toContain('  Files: none');
    // The estimate is the server's, kept with the order, never a figure from the browser.
    const row = await t.app.db
      .selectFrom('orders')
      .select('estimate')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const estimate = typeof row.estimate === 'string' ? JSON.parse(row.estimate) : row.estimate;
    expect(estimate.totalCents).toBeGreaterThan(0);
    expect(text).toContain('Estimate (not a quote)');
    // Gildan 5000 is not in the example list: its garments are left to the quote, and the total says "so far".
    expect(estimate.onQuote.length).toBeGreaterThan(0);
    expect(text).toContain(`Estimated total so far, with taxes: $${(estimate.totalCents / 100).toFixed(2)}`);
    for (const q of estimate.onQuote) expect(text).toContain(`  ${q.en}`);
    expect(text).not.toContain('Please call before printing');
    const token = /https:\/\/orders\.shop\.example\/o\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    expect(token).toBeDefined();
    const page = await t.app.inject({ url: `/api/o/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ reference, status: 'new', quote: null });
    // The page shows the same record, in either language, until a quote replaces it.
    const record = page.json().record;
    expect(record.en[0]).toMatchObject({ heading: 'Design Layout 1' });
    expect(record.fr[0]).toMatchObject({ heading: 'Design 1' });
    expect(record.en.at(-1).lines).toContain(
      `Estimated total so far, with taxes: $${(estimate.totalCents / 100).toFixed(2)}`,
    );
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
    const subjects = await Promise.all(
      files.map(async (f) => (await simpleParser(fs.readFileSync(path.join(outbox, f)))).subject),
    );
    expect(subjects.sort()).toEqual([
      `New order ${reference}: Ada Lovelace (Analytical Tees)`,
      `We received your order ${reference}`,
    ]);
  });
});

describe('the customer confirmation relays nothing the submitter typed but the guarded record', () => {
  const shop = {
    name: 'Maple Print Co.',
    contact: '1 Main St, Halifax NS, 902-555-0199',
    shopEmail: 'shop@shop.example',
    publicUrl: 'https://orders.shop.example',
  };
  const spam = (language: 'en' | 'fr') => {
    const order = sampleOrder();
    const layout = order.layouts['1'] as ReturnType<typeof sampleOrder>['layouts']['1'] & Record<string, unknown>;
    layout.billing.firstName = 'Visit http://evil.example';
    layout.billing.lastName = 'Win a prize at evil.example';
    layout.billing.companyName = 'Call 1-900-PHISH now';
    layout.variations[0]!.type = 'Your account is locked, log in at http://phish.example';
    layout.jobNotes = 'Claim your refund: http://refund.example';
    return { ...order, language } as unknown as ValidOrderBody;
  };
  const mail = (document: ValidOrderBody, confirmation: Confirmation = 'send') =>
    composeOrderMails(
      {
        id: 'order-1',
        reference: 'AB12-CD34',
        createdAt: '2026-11-22T10:00:00.000Z',
        status: 'new',
        document,
        attachments: [{ name: 'Go to http://files.example.pdf', size: 10 }],
        confirmation,
      },
      shop,
      'America/Halifax',
    );

  it.each(['en', 'fr'] as const)(
    'in %s: the reference, the shop’s words and the guarded record, no link or name; the shop mail keeps it all',
    (lang) => {
      const [shopMail, customer] = mail(spam(lang));
      expect(customer!.kind).toBe('customer');
      for (const part of [customer!.subject, customer!.text, customer!.html]) {
        expect(part).not.toMatch(/evil|phish|PHISH|refund|prize|files\.example|http:/);
        expect(part).not.toMatch(/Lovelace|Analytical/);
      }
      // What was typed for the garment shows cut short and without its link.
      // The colour, a name src/shared/colour-names.ts describes, in the customer's language.
      expect(customer!.text).toContain(
        `Your account is locked, log in at …, ${lang === 'fr' ? 'Noir' : 'Black'}, S 5, M 10`,
      );
      expect(customer!.text).toContain('AB12-CD34');
      expect(customer!.text).toContain('1 Main St, Halifax NS, 902-555-0199');
      expect(customer!.text).toContain(
        lang === 'fr' ? 'Merci. Maple Print Co. a reçu' : 'Thank you. Maple Print Co. received',
      );
      for (const typed of [
        'Visit http://evil.example',
        'http://phish.example',
        'http://refund.example',
        'files.example',
      ])
        expect(shopMail!.text).toContain(typed);
    },
  );

  it('tells the shop and the customer the estimate the customer saw, and what it left for the quote', () => {
    const [shopMail, customer] = composeOrderMails(
      {
        id: 'order-1',
        reference: 'AB12-CD34',
        createdAt: '2026-11-22T10:00:00.000Z',
        status: 'new',
        document: sampleOrder() as unknown as ValidOrderBody,
        attachments: [],
        confirmation: 'send',
        estimate: {
          priceListVersion: 3,
          subtotalCents: 57_350,
          totalCents: 64_806,
          lines: [],
          onQuote: [{ en: '3 or more colours on the back: priced on your quote', fr: '…' }],
        },
      },
      shop,
      'America/Halifax',
    );
    expect(shopMail!.text).toContain('Estimate the customer saw\n  $648.06 with taxes (prices v3)');
    expect(shopMail!.text).toContain('Left for the quote: 3 or more colours on the back: priced on your quote');
    // The customer reads the same estimate, marked as one.
    expect(customer!.text).toContain('Estimate (not a quote)\n  An estimate from our price list (v3)');
    expect(customer!.text).toContain('Estimated total so far, with taxes: $648.06');
    expect(customer!.text).toContain('  3 or more colours on the back: priced on your quote');
    expect(mail(sampleOrder() as unknown as ValidOrderBody)[0]!.text).not.toContain('Estimate the customer saw');
  });

  it('greets with a short cleaned first name only', () => {
    expect(cleanFirstName('  Marie-Ève  ')).toBe('Marie-Ève');
    expect(cleanFirstName("D'Arcy Jean")).toBe("D'Arcy Jean");
    expect(cleanFirstName('Visit http://evil.example')).toBe('');
    expect(cleanFirstName('evil.example')).toBe('');
    expect(cleanFirstName('Ada2')).toBe('');
    expect(cleanFirstName('A'.repeat(31))).toBe('');
    expect(cleanFirstName('-Ada')).toBe('');
    const order = sampleOrder();
    order.layouts['1'].billing.firstName = 'Marie-Ève';
    const [, customer] = mail({ ...order, language: 'fr' } as unknown as ValidOrderBody);
    expect(customer!.text).toContain('Bonjour Marie-Ève.');
  });

  it('sends no confirmation when withheld, and tells the shop why in both languages', () => {
    const mails = mail(sampleOrder() as unknown as ValidOrderBody, 'address_cap');
    expect(mails.map((m) => m.kind)).toEqual(['shop']);
    expect(mails[0]!.text).toContain('No confirmation was sent to the customer');
    expect(mails[0]!.text).toContain('Aucune confirmation n’a été envoyée au client');
  });
});

describe.each(backends())('confirmation caps on %s', (backend) => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });
  // The worker sends each mail as soon as it is queued and then empties its body in the queue,
  // so what a mail said is read from what was delivered (deliveredText), never from the queue.
  const queued = async (t: TestApp) =>
    t.app.db.selectFrom('mail_queue').select(['id', 'order_id', 'kind', 'recipient']).orderBy('created_at').execute();

  it('sends at most 3 confirmations to one address in 24 hours; the order and the shop mail still go', async () => {
    const t = await startTestApp(backend, { ...FAST, MAIL_POLL_MS: '3600000' });
    cleanup.push(() => t.close());
    for (let i = 0; i < 4; i++) {
      const order = sampleOrder();
      // Any case of the same address counts.
      order.layouts['1'].billing.email = i % 2 ? 'ADA@example.com' : 'ada@example.com';
      await submit(t, order);
    }
    const rows = await queued(t);
    expect(rows.filter((r) => r.kind === 'customer')).toHaveLength(3);
    const shopMails = rows.filter((r) => r.kind === 'shop');
    expect(shopMails).toHaveLength(4);
    const shopTexts = await Promise.all(shopMails.map((mail) => deliveredText(t, mail)));
    expect(shopTexts.filter((text) => text.includes('No confirmation was sent'))).toHaveLength(1);
    expect((await t.app.db.selectFrom('orders').select('id').execute()).length).toBe(4);
  });

  it('counts victim+1@… and v.i.c.t.i.m@gmail.com as the mailbox they are, not as new people', async () => {
    const t = await startTestApp(backend, { ...FAST, MAIL_POLL_MS: '3600000' });
    cleanup.push(() => t.close());
    const addresses = ['victim@gmail.com', 'victim+1@gmail.com', 'v.i.c.t.i.m+2@googlemail.com', 'VICTIM+3@gmail.com'];
    for (const [i, email] of addresses.entries()) {
      const order = sampleOrder();
      order.layouts['1'].billing.email = email;
      // From four addresses: only the mailbox cap is at work here.
      await submit(t, order, pageToken(t), `10.4.0.${i + 1}`);
    }
    const rows = await queued(t);
    expect(rows.filter((r) => r.kind === 'customer').map((r) => r.recipient)).toEqual(addresses.slice(0, 3));
    const lastShopMail = rows.filter((r) => r.kind === 'shop').at(-1)!;
    expect(await deliveredText(t, lastShopMail)).toContain('their address already received the most confirmations');
  });

  it('caps confirmations per submitting address (CUSTOMER_MAIL_PER_CLIENT_PER_HOUR): one sender cannot use up the hourly cap', async () => {
    const t = await startTestApp(backend, { ...FAST, MAIL_POLL_MS: '3600000', CUSTOMER_MAIL_PER_CLIENT_PER_HOUR: '2' });
    cleanup.push(() => t.close());
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      const order = sampleOrder();
      order.layouts['1'].billing.email = email;
      await submit(t, order, pageToken(t), '10.5.0.1');
    }
    const other = sampleOrder();
    other.layouts['1'].billing.email = 'real.customer@example.com';
    await submit(t, other, pageToken(t), '10.5.0.2');
    const rows = await queued(t);
    expect(rows.filter((r) => r.kind === 'customer').map((r) => r.recipient)).toEqual([
      'a@example.com',
      'b@example.com',
      'real.customer@example.com',
    ]);
    const shopMails = rows.filter((r) => r.kind === 'shop');
    expect(await deliveredText(t, shopMails[2]!)).toContain(
      'the address the order was sent from already received the most confirmations allowed in an hour',
    );
    // The queue keeps a keyed hash of the sender, never the address itself.
    const keys = await t.app.db.selectFrom('mail_queue').select('client_key').where('kind', '=', 'customer').execute();
    expect(keys.every((k) => k.client_key && !k.client_key.includes('10.5'))).toBe(true);
  });

  it('caps all customer mail per hour (CUSTOMER_MAIL_PER_HOUR)', async () => {
    const t = await startTestApp(backend, { ...FAST, MAIL_POLL_MS: '3600000', CUSTOMER_MAIL_PER_HOUR: '2' });
    cleanup.push(() => t.close());
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      const order = sampleOrder();
      order.layouts['1'].billing.email = email;
      await submit(t, order);
    }
    const rows = await queued(t);
    expect(rows.filter((r) => r.kind === 'customer').map((r) => r.recipient)).toEqual([
      'a@example.com',
      'b@example.com',
    ]);
    expect(rows.filter((r) => r.kind === 'shop')).toHaveLength(3);
    expect(await deliveredText(t, rows.at(-1)!)).toContain('the hourly limit on customer emails was reached');
  });

  it('sends no confirmation for an order without a form token (API clients), only the shop mail', async () => {
    const t = await startTestApp(backend, { ...FAST, MAIL_POLL_MS: '3600000' });
    cleanup.push(() => t.close());
    await submit(t, sampleOrder(), null);
    const rows = await queued(t);
    expect(rows.map((r) => r.kind)).toEqual(['shop']);
    expect(await deliveredText(t, rows[0]!)).toContain('the order did not come from the order page');
  });
});
