// Receivables at a date and customer statements (docs/accounts.md, "Deferred revenue",
// "Statements"), and the approval's time in the shop's zone on the invoice, through the real
// routes on SQLite and PostgreSQL. The clock is New Year's Eve at 23:30 in Toronto (already
// 2027 in UTC), then five days later.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { zipEntries } from '../../../tests/support/zip.js';
import {
  backends,
  deliveredText,
  pageToken,
  sampleOrder,
  signIn,
  startShopApp,
  STAFF_PASSWORD,
  submitMultipart,
  type TestApp,
} from '../../../tests/support/harness.js';
import { builtServer } from '../../../tests/support/built-server.js';
import { hasPoppler, pdfText } from '../../../tests/support/pdf.js';
import type { DeferredRevenue } from '../../shared/invoices/deferred.js';
import { createPortalSession, PORTAL_COOKIE } from '../portal/portal-store.js';
import { storedPdf } from './invoice-store.js';

await builtServer();

const NEW_YEARS_EVE = new Date('2027-01-01T04:30:00Z'); // 2026-12-31 23:30 in Toronto
const FIVE_DAYS_ON = new Date('2027-01-05T17:00:00Z'); // 2027-01-05 12:00 in Toronto
const FIFTY_AT_12 = [{ description: 'Gildan 5000, Black, printed', quantity: 50, unitPriceCents: 1200, taxable: true }];

function ontarioOrder(email: string) {
  const order = sampleOrder();
  const first = order.layouts['1'];
  first.variations = [{ type: 'Gildan 5000', color: 'Black', sizes: 'S:10, M:20, L:20', supplyingGoods: 'no' }];
  first.billing = { ...first.billing, email, city: 'Toronto', province: 'ON', postalCode: 'M5V 2T6' };
  first.shipping = { sameAsBilling: true, localPickup: false };
  return { ...order, includePolyBags: false };
}

const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');

describe.each(backends())('receivables at a date and statements on %s', (backend) => {
  let t: TestApp;
  let staff: { owner: string; clerk: string };

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NEW_YEARS_EVE);
    ({ t, staff } = await startShopApp(backend, {
      env: {
        SHOP_PROVINCE: 'ON',
        SHOP_LEGAL_NAME: 'Maple Print Works Inc.',
        GST_HST_NUMBER: '123456782 RT0001',
        ORDER_LINK_RATE_LIMIT: '100000',
        PORTAL_RATE_LIMIT: '100000',
      },
      staff: { owner: { email: 'owner@shop.ca', role: 'owner' }, clerk: { email: 'clerk@shop.ca', role: 'staff' } },
    }));
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, who = staff.clerk) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: who },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** An Ontario order invoiced $678.00 (deposit $339.00), approved through its link. */
  const invoiced = async (email: string) => {
    const { orderId, reference } = await submitMultipart(t.app, ontarioOrder(email), [], {
      'x-form-token': pageToken(t),
    });
    const sent = await call('POST', `/api/orders/${orderId}/quote/send`, { lines: FIFTY_AT_12, confirmNoProofs: true });
    expect(sent.statusCode, sent.body).toBe(201);
    const { mintOrderLink } = await import('../storage/order-links.js');
    const token = await t.app.db.transaction().execute((trx) => mintOrderLink(trx, orderId));
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/approve`,
      headers: { 'user-agent': 'Test/1.0' },
      payload: { version: sent.json<{ version: number }>().version, fullName: 'Ada Lovelace', agree: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    return { orderId, reference };
  };

  const pay = (orderId: string, body: Record<string, unknown>, who = staff.clerk) =>
    call('POST', `/api/orders/${orderId}/payments`, { method: 'etransfer', ...body }, who);

  const deferredAt = async (asOf: string) => {
    const res = await call('GET', `/api/reports/deferred?asOf=${asOf}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<DeferredRevenue>();
  };

  let ada: { orderId: string; reference: string };
  let bob: { orderId: string; reference: string };

  it('dates the approval on the invoice in the shop’s zone: 2026-12-31 at 23:30, not 2027-01-01', async () => {
    ada = await invoiced('ada@example.com');
    const account = (await call('GET', `/api/orders/${ada.orderId}/account`)).json<{
      invoices: { id: string; issueDate: string }[];
    }>();
    expect(account.invoices[0]!.issueDate).toBe('2026-12-31');
    if (!hasPoppler) return;
    const pdf = (await call('GET', `/api/orders/${ada.orderId}/invoices/${account.invoices[0]!.id}/pdf`)).rawPayload;
    expect(flat(pdf)).toContain('Approved online by Ada Lovelace on December 31, 2026 at 23:30 EST, quote v1');
    expect(flat(pdf)).not.toContain('2027-01-01');
  });

  it('lists the orders invoiced and not Completed at a date, as they stood that day, as JSON and CSV', async () => {
    bob = await invoiced('bob@example.com');
    expect(
      (await pay(ada.orderId, { amount: '339.00', receivedOn: '2026-12-31', reference: 'EFT-1' })).statusCode,
    ).toBe(201);
    // A payment typed in error and voided: counted nowhere.
    const typo = await pay(ada.orderId, { amount: '100.00', receivedOn: '2026-12-31', reference: 'EFT-2' });
    expect(typo.statusCode, typo.body).toBe(201);
    const voided = await call('POST', `/api/orders/${ada.orderId}/payments/${typo.json<{ id: string }>().id}/void`, {
      reason: 'Typed twice',
    });
    expect(voided.statusCode, voided.body).toBe(200);

    const yearEnd = await deferredAt('2026-12-31');
    expect(yearEnd.rows.find((r) => r.orderReference === ada.reference)).toEqual({
      orderReference: ada.reference,
      customer: expect.any(String),
      status: 'approved',
      firstInvoicedOn: '2026-12-31',
      subtotalCents: 60000,
      totalCents: 67800,
      receivedCents: 33900,
    });
    expect(yearEnd.subtotalCents).toBe(yearEnd.rows.reduce((s, r) => s + r.subtotalCents, 0));
    // Nothing was invoiced the day before.
    expect((await deferredAt('2026-12-30')).rows).toEqual([]);

    // Five days on: Ada's order is delivered (Completed), Bob's is not.
    vi.setSystemTime(FIVE_DAYS_ON);
    staff.clerk = await signIn(t.app, 'clerk@shop.ca', STAFF_PASSWORD);
    staff.owner = await signIn(t.app, 'owner@shop.ca', STAFF_PASSWORD);
    expect(
      (await pay(ada.orderId, { amount: '349.00', receivedOn: '2027-01-05', confirmOverpayment: true })).statusCode,
    ).toBe(201);
    for (const status of ['in_production', 'ready', 'completed']) {
      const moved = await call('PATCH', `/api/orders/${ada.orderId}/status`, { status });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const refund = await pay(
      ada.orderId,
      { amount: '-10.00', receivedOn: '2027-01-05', reason: 'Paid $10.00 too much' },
      staff.owner,
    );
    expect(refund.statusCode, refund.body).toBe(201);

    const now = await deferredAt('2027-01-05');
    expect(now.rows.map((r) => r.orderReference)).toEqual([bob.reference]);
    // The year end reads the same as before: Ada's order was Approved on that day.
    expect((await deferredAt('2026-12-31')).rows.map((r) => [r.orderReference, r.status])).toEqual(
      expect.arrayContaining([
        [ada.reference, 'approved'],
        [bob.reference, 'approved'],
      ]),
    );
    const csv = (await call('GET', '/api/reports/deferred?asOf=2027-01-05&format=csv')).body.trim().split('\n');
    expect(csv[0]).toBe(
      '"Order","Customer","Status","First invoiced on","Invoiced before taxes (CAD)","Invoiced with taxes (CAD)","Received (CAD)"',
    );
    expect(csv[1]).toContain(`"${bob.reference}"`);
    // The status as the inbox names it, not its code.
    expect(csv[1]).toContain('"Approved"');
    expect(csv.join('\n')).not.toContain('"approved"');
    expect(csv.at(-1)).toBe('"Total","","","",600.00,678.00,0.00');
  });

  it('draws the customer’s statement: brought forward, each entry, a void as void, closing, aged', async () => {
    const december = await call('GET', `/api/orders/${ada.orderId}/statement.pdf?from=2026-12-01&to=2026-12-31`);
    expect(december.statusCode, december.body).toBe(200);
    expect(december.headers['content-type']).toBe('application/pdf');
    const january = await call('GET', `/api/orders/${ada.orderId}/statement.pdf?from=2027-01-01&to=2027-01-31`);
    expect(january.statusCode).toBe(200);
    const backwards = await call('GET', `/api/orders/${ada.orderId}/statement.pdf?from=2027-01-31&to=2027-01-01`);
    expect(backwards.statusCode).toBe(422);
    if (!hasPoppler) return;
    const dec = flat(december.rawPayload);
    expect(dec).toContain('STATEMENT');
    expect(dec).toContain('Period: December 1, 2026 to December 31, 2026');
    expect(dec).toMatch(/2026-12-01 Balance brought forward \$0\.00/);
    expect(dec).toMatch(new RegExp(`2026-12-31 Invoice 2026-\\d{4} ${ada.reference} \\$678\\.00 \\$678\\.00`));
    expect(dec).toMatch(new RegExp(`Payment R-?[\\w-]+ ${ada.reference} -\\$339\\.00 \\$339\\.00`));
    // Voided on New Year's Eve in Toronto (already 2027 in UTC): shown, marked, counted nowhere.
    expect(dec).toMatch(/Payment \S+ — VOID \S+ \$0\.00 \$339\.00 voided on December 31, 2026: Typed twice/);
    expect(dec).toMatch(/2026-12-31 Closing balance \$339\.00/);
    expect(dec).toContain('Closing balance by age');
    // Current, 1–30, 31–60, 61–90, over 90, total: due when ready, so current on its own day.
    expect(dec).toMatch(/\$339\.00 \$0\.00 \$0\.00 \$0\.00 \$0\.00 \$339\.00/);
    expect(dec).not.toContain(bob.reference);

    const jan = flat(january.rawPayload);
    expect(jan).toMatch(/2027-01-01 Balance brought forward \$339\.00/);
    expect(jan).toMatch(/Payment \S+ \S+ -\$349\.00 -\$10\.00/);
    expect(jan).toMatch(/Refund \S+ \S+ \$10\.00 \$0\.00/);
    expect(jan).toMatch(/2027-01-31 Closing balance \$0\.00/);
  });

  it('mails the statement on request, in the customer’s language, with the PDF as sent', async () => {
    const mailed = await call('POST', `/api/orders/${ada.orderId}/statement/mail`, {
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(mailed.statusCode, mailed.body).toBe(202);
    expect(mailed.json()).toEqual({ email: 'ada@example.com' });
    const mail = await t.app.db
      .selectFrom('mail_queue')
      .select(['id', 'order_id', 'recipient', 'subject', 'attachments'])
      .where('order_id', '=', ada.orderId)
      .where('subject', 'like', '%statement%')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Your statement for 2026-12-01 to 2026-12-31');
    expect(mail.recipient).toBe('ada@example.com');
    const [ref] = JSON.parse(String(mail.attachments)) as { kind: string; id: string }[];
    expect(ref!.kind).toBe('statement');
    const kept = await storedPdf(t.app.db, 'statement', ref!.id);
    expect(kept?.name).toBe('statement-2026-12-01-2026-12-31.pdf');
    const text = await deliveredText(t, mail);
    expect(text).toContain('Here is your statement for 2026-12-01 to 2026-12-31, attached.');
    expect(text).toContain('Closing balance: $339.00.');
    if (hasPoppler) expect(flat(kept!.pdf)).toMatch(/Closing balance \$339\.00/);
  });

  it('gives a signed-in customer their own statement in My orders, and nobody else’s', async () => {
    const session = async (email: string) => `${PORTAL_COOKIE}=${(await createPortalSession(t.app.db, email)).token}`;
    const mine = (cookie?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/portal/statement.pdf?from=2026-12-01&to=2027-01-31',
        headers: cookie ? { cookie } : {},
      });
    expect((await mine()).statusCode).toBe(401);
    const asBob = await mine(await session('BOB@example.com'));
    expect(asBob.statusCode, asBob.body).toBe(200);
    // A customer's session opens no staff route: not another customer's order's statement.
    const bobAtAda = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${ada.orderId}/statement.pdf?from=2026-12-01&to=2027-01-31`,
      headers: { cookie: await session('bob@example.com') },
    });
    expect(bobAtAda.statusCode).toBe(401);
    if (!hasPoppler) return;
    const bobs = flat(asBob.rawPayload);
    expect(bobs).toContain(bob.reference);
    expect(bobs).not.toContain(ada.reference);
    expect(bobs).toMatch(/2027-01-31 Closing balance \$678\.00/);
    const adas = flat((await mine(await session('ada@example.com'))).rawPayload);
    expect(adas).toContain(ada.reference);
    expect(adas).not.toContain(bob.reference);
  });

  it('splits the QuickBooks Online invoices at 100 a file: a zip of numbered files, each invoice whole', async () => {
    const period = 'from=2026-12-01&to=2027-01-31';
    const one = await call('GET', `/api/reports/journal?${period}&format=quickbooks`);
    expect(one.headers['content-type']).toMatch(/^text\/csv/);
    // 99 more invoices in the period (copies of Ada's under new numbers): 101 in all.
    const source = await t.app.db
      .selectFrom('invoices')
      .selectAll()
      .where('order_id', '=', ada.orderId)
      .where('kind', '=', 'invoice')
      .executeTakeFirstOrThrow();
    for (let i = 1; i <= 99; i++) {
      const number = `2026-9${String(i).padStart(3, '0')}`;
      const document = JSON.stringify({ ...JSON.parse(String(source.document)), number });
      await t.app.db
        .insertInto('invoices')
        .values({ ...source, id: randomUUID(), quote_id: null, number, document: document as typeof source.document })
        .execute();
    }
    const split = await call('GET', `/api/reports/journal?${period}&format=quickbooks`);
    expect(split.statusCode).toBe(200);
    expect(split.headers['content-type']).toBe('application/zip');
    expect(split.headers['content-disposition']).toContain('quickbooks-invoices-2026-12-01-to-2027-01-31.zip');
    const files = await zipEntries(split.rawPayload);
    expect([...files.keys()]).toEqual([
      'quickbooks-invoices-2026-12-01-to-2027-01-31-1-of-2.csv',
      'quickbooks-invoices-2026-12-01-to-2027-01-31-2-of-2.csv',
    ]);
    const numbers = [...files.values()].map(
      (csv) =>
        new Set(
          csv
            .toString('utf8')
            .trim()
            .split('\n')
            .slice(1)
            .map((line) => line.split(',')[0]),
        ),
    );
    expect(numbers.map((n) => n.size)).toEqual([100, 1]);
    expect([...numbers[0]!].some((n) => numbers[1]!.has(n))).toBe(false);
    // Every file starts with the header row QuickBooks reads.
    for (const csv of files.values()) expect(csv.toString('utf8')).toMatch(/^"InvoiceNo","Customer",/);
  });
});
