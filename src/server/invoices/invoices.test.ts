// Invoices, credit notes and payments through the real routes, on SQLite and PostgreSQL:
// numbering under concurrent approvals (two app instances on one database), immutability,
// credit notes, balances, refunds, the deposit gate, reminders, the tax report and retention.
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff } from '../staff/staff-service.js';
import { buildApp } from '../app.js';
import { outboxDirOf, outboxFileName } from '../mail/outbox.js';
import { runHousekeeping } from '../privacy/housekeeping.js';
import { deleteOrder } from '../privacy/order-data.js';
import {
  backends,
  pageToken,
  sampleOrder,
  sha256,
  signIn,
  startTestApp,
  submitMultipart,
  until,
  type TestApp,
} from '../../../tests/support/harness.js';
import { hasPoppler, pdfImages, pdfText } from '../../../tests/support/pdf.js';
import { sendDepositReminders } from './reminders.js';
import { todayOf } from './accounts.js';

const shopDate = () => todayOf({ timeZone: 'America/Toronto' });

const PASSWORD = 'correct horse battery staple';
const FIFTY_AT_12 = [{ description: 'Gildan 5000, Black, printed', quantity: 50, unitPriceCents: 1200, taxable: true }];
if (!hasPoppler) console.log('invoices.test: pdftotext (poppler-utils) not installed; the PDF text checks are skipped');

function orderTo(province: 'QC' | 'ON', language: 'en' | 'fr' = 'en', name?: { firstName: string; lastName: string }) {
  const order = sampleOrder();
  const first = order.layouts['1'];
  if (name) first.billing = { ...first.billing, ...name };
  first.variations = [{ type: 'Gildan 5000', color: 'Black', sizes: 'S:10, M:20, L:20', supplyingGoods: 'no' }];
  first.billing =
    province === 'QC'
      ? { ...first.billing, city: 'Montréal', province: 'QC', postalCode: 'H2X 1Y4' }
      : { ...first.billing, city: 'Toronto', province: 'ON', postalCode: 'M5V 2T6' };
  first.shipping = { sameAsBilling: true, localPickup: false };
  return { ...order, includePolyBags: false, language };
}

describe.each(backends())('invoices and payments on %s', (backend) => {
  let t: TestApp;
  let owner = '';
  let clerk = '';
  const year = Number(shopDate().slice(0, 4));

  beforeAll(async () => {
    t = await startTestApp(backend, {
      SHOP_PROVINCE: 'ON',
      SHOP_LEGAL_NAME: 'Maple Print Works Inc.',
      SHOP_ADDRESS: '12 King St W, Toronto ON M5H 1A1',
      GST_HST_NUMBER: '123456782 RT0001',
      QST_NUMBER: '1234567890 TQ0001',
      ORDER_LINK_RATE_LIMIT: '100000',
    });
    await addStaff(t.app.db, 'owner@shop.ca', PASSWORD, 'en', 'owner');
    await addStaff(t.app.db, 'clerk@shop.ca', PASSWORD, 'en', 'staff');
    owner = await signIn(t.app, 'owner@shop.ca', PASSWORD);
    clerk = await signIn(t.app, 'clerk@shop.ca', PASSWORD);
  });
  afterAll(async () => t?.close());

  const staff = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, who = clerk) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: who },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const latestToken = async (orderId: string) => {
    const rows = await t.app.db
      .selectFrom('mail_queue')
      .select(['id', 'order_id'])
      .where('order_id', '=', orderId)
      .where('kind', '=', 'customer_update')
      .orderBy('created_at')
      .execute();
    const last = rows.at(-1)!;
    const file = path.join(outboxDirOf(t.dataDir), outboxFileName(last.order_id, last.id));
    const mail = await simpleParser(await until(() => fs.existsSync(file) && fs.readFileSync(file)));
    return /\/o\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')![1]!;
  };

  /** An order quoted $689.85 to Quebec (or the same lines to Ontario), and its link's token. */
  const quoted = async (
    province: 'QC' | 'ON' = 'QC',
    language: 'en' | 'fr' = 'en',
    name?: { firstName: string; lastName: string },
  ) => {
    const { orderId } = await submitMultipart(t.app, orderTo(province, language, name), [], {
      'x-form-token': pageToken(t),
    });
    const sent = await staff('POST', `/api/orders/${orderId}/quote/send`, {
      lines: FIFTY_AT_12,
      confirmNoProofs: true,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    return { orderId, token: await latestToken(orderId), version: sent.json<{ version: number }>().version };
  };

  const approve = (app: TestApp['app'], token: string, version: number) =>
    app.inject({
      method: 'POST',
      url: `/api/o/${token}/approve`,
      headers: { 'user-agent': 'Test/1.0' },
      payload: { version, fullName: 'Marie Curie', agree: true },
    });

  const approved = async (province: 'QC' | 'ON' = 'QC', language: 'en' | 'fr' = 'en') => {
    const q = await quoted(province, language);
    const res = await approve(t.app, q.token, q.version);
    expect(res.statusCode, res.body).toBe(200);
    return q;
  };

  const account = async (orderId: string) => (await staff('GET', `/api/orders/${orderId}/account`)).json();

  const pay = (orderId: string, body: Record<string, unknown>) =>
    staff('POST', `/api/orders/${orderId}/payments`, { method: 'etransfer', receivedOn: shopDate(), ...body });

  it.skipIf(!hasPoppler)(
    'prints the logo in force at the head of the invoice and receipt (pdfimages sees it)',
    async () => {
      const before = await approved('ON');
      const plain = (await account(before.orderId)).invoices[0];
      const plainPdf = (await staff('GET', `/api/orders/${before.orderId}/invoices/${plain.id}/pdf`)).rawPayload;
      expect(pdfImages(plainPdf)).toEqual([]);
      const svg =
        '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="20"><rect width="80" height="20" fill="#1d4ed8"/></svg>';
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/settings/shop/logo',
        headers: { cookie: owner, 'content-type': 'image/svg+xml' },
        payload: svg,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const { orderId } = await approved('ON');
      const invoice = (await account(orderId)).invoices[0];
      const pdf = (await staff('GET', `/api/orders/${orderId}/invoices/${invoice.id}/pdf`)).rawPayload;
      // The SVG drawn once, when saved, 140 px high (4:1: the print raster), on the first page.
      expect(pdfImages(pdf)).toMatchObject([{ page: 1, width: 560, height: 140 }]);
      const paid = await pay(orderId, { amount: '100.00' });
      expect(paid.statusCode, paid.body).toBe(201);
      const receipt = (await account(orderId)).payments[0];
      const receiptPdf = (await staff('GET', `/api/orders/${orderId}/payments/${receipt.id}/receipt`)).rawPayload;
      expect(pdfImages(receiptPdf)).toHaveLength(1);
      // Frozen: the invoice issued before the logo still has none.
      expect(
        pdfImages((await staff('GET', `/api/orders/${before.orderId}/invoices/${plain.id}/pdf`)).rawPayload),
      ).toEqual([]);
      const removed = await t.app.inject({
        method: 'PUT',
        url: '/api/settings/shop',
        headers: { cookie: owner },
        payload: { ...(await staff('GET', '/api/settings/shop', undefined, owner)).json().profile, logo: '' },
      });
      expect(removed.statusCode, removed.body).toBe(200);
    },
  );

  it('issues the invoice of the approved version: numbered, frozen with its SHA-256, mailed as a PDF with the deposit due', async () => {
    const { orderId, token } = await approved();
    const view = await account(orderId);
    expect(view.invoices).toHaveLength(1);
    const invoice = view.invoices[0];
    expect(invoice.number).toMatch(new RegExp(`^${year}-\\d{4}$`));
    expect(invoice.totalCents).toBe(68985);
    expect(invoice.depositCents).toBe(34493);
    expect(view.account).toMatchObject({ state: 'deposit_due', dueNowCents: 34493, balanceCents: 68985 });
    const pdf = await staff('GET', `/api/orders/${orderId}/invoices/${invoice.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(sha256(pdf.rawPayload)).toBe(invoice.sha256);
    if (hasPoppler) {
      const text = pdfText(pdf.rawPayload);
      for (const expected of [
        invoice.number,
        'Maple Print Works Inc.',
        '123456782 RT0001',
        '1234567890 TQ0001',
        '$689.85',
        '$344.93',
        'GST',
        'QST',
        // The order is shipped: its invoice's terms say so, whatever the shop's default.
        'Balance due before shipping.',
      ]) {
        expect(text).toContain(expected);
      }
    }
    // The customer's email carries the PDF, byte for byte.
    const rows = await t.app.db
      .selectFrom('mail_queue')
      .select(['id', 'order_id', 'subject'])
      .where('order_id', '=', orderId)
      .where('kind', '=', 'customer_update')
      .orderBy('created_at')
      .execute();
    const invoiceMail = rows.find((r) => r.subject.startsWith(`Invoice ${invoice.number}`))!;
    expect(invoiceMail.subject).toContain('deposit due $344.93');
    const file = path.join(outboxDirOf(t.dataDir), outboxFileName(invoiceMail.order_id, invoiceMail.id));
    const mail = await simpleParser(await until(() => fs.existsSync(file) && fs.readFileSync(file)));
    expect(mail.attachments.map((a) => a.filename)).toEqual([`${invoice.number}.pdf`]);
    expect(sha256(mail.attachments[0]!.content)).toBe(invoice.sha256);
    // The customer's page: the invoice, what is due now, and how to pay it.
    const page = (await t.app.inject({ method: 'GET', url: `/api/o/${token}` })).json();
    expect(page.account.account.dueNowCents).toBe(34493);
    const etransfer = page.account.howToPay.find((m: { id: string }) => m.id === 'etransfer');
    const reference = (
      await t.app.db.selectFrom('orders').select('reference').where('id', '=', orderId).executeTakeFirstOrThrow()
    ).reference;
    expect(etransfer.instructions.join(' ')).toContain(`write: ${reference}`);
    const own = await t.app.inject({ method: 'GET', url: `/api/o/${token}/invoices/${invoice.id}` });
    expect(sha256(own.rawPayload)).toBe(invoice.sha256);
    // Another order's link cannot fetch it.
    const other = await quoted();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/o/${other.token}/invoices/${invoice.id}` })).statusCode,
    ).toBe(404);
  });

  it('prints every customer’s name as typed, in French, with French amounts', async () => {
    const q = await quoted('QC', 'fr', { firstName: 'Łukasz', lastName: 'Nguyễn-Ōta' });
    expect((await approve(t.app, q.token, q.version)).statusCode).toBe(200);
    const [invoice] = (await account(q.orderId)).invoices;
    const pdf = await staff('GET', `/api/orders/${q.orderId}/invoices/${invoice.id}/pdf`);
    if (!hasPoppler) return;
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      'FACTURE',
      'Łukasz Nguyễn-Ōta',
      'Montréal',
      '689,85',
      '344,93',
      'TPS',
      'TVQ',
      'Acompte de cette facture (50 %)',
      'Dû maintenant',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('numbers concurrent approvals through two app instances without a gap or a repeat', async () => {
    const second = await buildApp(t.config);
    try {
      const orders = await Promise.all(Array.from({ length: 8 }, () => quoted()));
      const results = await Promise.all(orders.map((q, i) => approve(i % 2 ? second : t.app, q.token, q.version)));
      expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      // Approving twice at once still makes one invoice.
      const again = await Promise.all([approve(t.app, orders[0]!.token, 1), approve(second, orders[0]!.token, 1)]);
      expect(again.map((r) => r.statusCode)).toEqual([409, 409]);
      const numbers = (await t.app.db.selectFrom('invoices').select('number').where('kind', '=', 'invoice').execute())
        .map((r) => Number(r.number.slice(5)))
        .sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
      const perOrder = await t.app.db
        .selectFrom('invoices')
        .select('order_id')
        .where(
          'order_id',
          'in',
          orders.map((o) => o.orderId),
        )
        .execute();
      expect(perOrder).toHaveLength(8);
    } finally {
      await second.close();
    }
  });

  it('never changes an invoice: the database refuses, and a new approval credits it and issues the next', async () => {
    const { orderId } = await approved();
    const [first] = (await account(orderId)).invoices;
    await expect(
      t.app.db.updateTable('invoices').set({ total_cents: 1 }).where('id', '=', first.id).execute(),
    ).rejects.toThrow(/never changed/);
    // The customer asks for a change after approving? The shop sends v2; the customer approves it.
    const v2 = await staff('POST', `/api/orders/${orderId}/quote/send`, {
      lines: [...FIFTY_AT_12, { description: 'Rush', quantity: 1, unitPriceCents: 5000, taxable: true }],
      confirmNoProofs: true,
    });
    expect(v2.statusCode, v2.body).toBe(201);
    const token = await latestToken(orderId);
    expect((await approve(t.app, token, 2)).statusCode).toBe(200);
    const view = await account(orderId);
    expect(view.invoices.map((i: { kind: string }) => i.kind)).toEqual(['invoice', 'credit_note', 'invoice']);
    const [, note, next] = view.invoices;
    expect(note.number).toMatch(new RegExp(`^CN-${year}-\\d{4}$`));
    expect(note.credits).toBe(first.number);
    expect(note.totalCents).toBe(first.totalCents);
    expect(next.totalCents).toBe(74734); // $650.00 + GST $32.50 + QST $64.84
    expect(view.account.invoicedCents).toBe(74734);
    const again = await staff('GET', `/api/orders/${orderId}/invoices/${first.id}/pdf`);
    expect(sha256(again.rawPayload)).toBe(first.sha256);
  });

  it('records payments: refusals name the field, partial payments move the state, refunds need a reason', async () => {
    const { orderId } = await approved();
    const refusals = [
      [{ amount: '0' }, 422, 'amount_zero', 'amount'],
      [{ amount: '12.345' }, 422, 'amount_decimals', 'amount'],
      [{ amount: 'twelve' }, 422, 'amount_invalid', 'amount'],
      [{ amount: '700.00' }, 409, 'overpayment_unconfirmed', 'amount'],
      [{ amount: '10', receivedOn: '2999-01-01' }, 422, 'received_on_future', 'receivedOn'],
      // A mistyped year once filed a payment ten years back, where retention dropped it.
      [
        { amount: '10', receivedOn: `${year - 10}${shopDate().slice(4)}` },
        422,
        'received_on_before_order',
        'receivedOn',
      ],
      [{ amount: ' 1 0 ' }, 422, 'amount_invalid', 'amount'],
    ] as const;
    for (const [body, status, code, field] of refusals) {
      const res = await pay(orderId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error.code).toBe(code);
      expect(res.json().error.fields).toContain(field);
    }
    expect((await account(orderId)).payments).toHaveLength(0);

    const detailOf = (await staff('GET', `/api/orders/${orderId}`)).json().order;
    const approvedAt = (await t.app.inject({ method: 'GET', url: `/api/o/${await latestToken(orderId)}` })).json().steps
      .approved;
    const deposit = await pay(orderId, { amount: '344.93', reference: 'CA1a2B3c' });
    // A payment is not an approval: the customer's timeline keeps the time the quote was approved.
    const stepsAfter = (await t.app.inject({ method: 'GET', url: `/api/o/${await latestToken(orderId)}` })).json()
      .steps;
    expect(stepsAfter.approved).toBe(approvedAt);
    expect(deposit.statusCode, deposit.body).toBe(201);
    expect(deposit.json().receiptNumber).toMatch(new RegExp(`^R-${year}-\\d{4}$`));
    expect(deposit.json().account.state).toBe('deposit_paid');
    // The same amount again within a minute, by another clerk: a warning first.
    const twice = await staff(
      'POST',
      `/api/orders/${orderId}/payments`,
      { method: 'etransfer', receivedOn: shopDate(), amount: '344.93' },
      owner,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('possible_duplicate');
    expect(twice.json().error.message).toContain('clerk@shop.ca');
    // Ready: the balance comes due and the customer's email asks for it.
    expect((await staff('PATCH', `/api/orders/${orderId}/status`, { status: 'in_production' })).statusCode).toBe(200);
    expect((await staff('PATCH', `/api/orders/${orderId}/status`, { status: 'ready' })).statusCode).toBe(200);
    expect((await account(orderId)).account).toMatchObject({ state: 'balance_due', dueNowCents: 34492 });
    const ready = await t.app.db
      .selectFrom('mail_queue')
      .select(['id', 'order_id', 'subject'])
      .where('order_id', '=', orderId)
      .where('subject', 'like', '%is ready%')
      .executeTakeFirstOrThrow();
    const readyFile = path.join(outboxDirOf(t.dataDir), outboxFileName(ready.order_id, ready.id));
    const readyMail = await simpleParser(await until(() => fs.existsSync(readyFile) && fs.readFileSync(readyFile)));
    expect(readyMail.text).toContain('Balance due: $344.92.');
    // How to pay: each instruction on its own line, never run together ("…write: 3SJ5-DHPY Autodeposit…").
    const ref = detailOf.reference;
    expect(readyMail.text).toMatch(new RegExp(`write: ${ref}\\n`));
    expect(readyMail.text).not.toContain(`${ref} Autodeposit`);
    expect(readyMail.text).not.toContain(`${ref} Send us`);
    const rest = await pay(orderId, { amount: '344.92', method: 'in_store' });
    expect(rest.json().account.state).toBe('paid');
    // A refund: only those the owner allows (the owner by default); more than was paid is refused;
    // a reason is needed; and it gives back only what the customer is owed back, so a paid-up
    // order refunds nothing until a credit note says what is given back.
    const byClerk = await pay(orderId, { amount: '-20.00', reason: 'Two shirts misprinted', method: 'in_store' });
    expect(byClerk.statusCode).toBe(403);
    expect(byClerk.json().error.code).toBe('not_allowed');
    const refundBy = (body: Record<string, unknown>) =>
      staff('POST', `/api/orders/${orderId}/payments`, { method: 'in_store', receivedOn: shopDate(), ...body }, owner);
    const tooMuch = await refundBy({ amount: '-700', reason: 'Misprint' });
    expect(tooMuch.json().error.code).toBe('refund_exceeds_paid');
    expect((await refundBy({ amount: '-20' })).json().error).toMatchObject({
      code: 'refund_reason_required',
      fields: ['reason'],
    });
    const invisible = await refundBy({ amount: '-20.00', reason: '\u200b' });
    expect(invisible.json().error.code).toBe('refund_reason_required');
    const nothing = await refundBy({ amount: '-20.00', reason: 'Two shirts misprinted' });
    expect(nothing.statusCode, nothing.body).toBe(409);
    expect(nothing.json().error).toMatchObject({
      code: 'nothing_to_refund',
      fields: ['amount'],
      message: expect.stringContaining(
        'There is nothing to refund: the customer is owed nothing back, and refunding $20.00 would bill them $20.00 again.',
      ),
      message_fr: expect.stringContaining(
        'Il n’y a rien à rembourser\u00a0: rien n’est dû au client, et rembourser 20,00\u00a0$ lui facturerait 20,00\u00a0$ de nouveau.',
      ),
    });
    expect((await account(orderId)).account).toMatchObject({ paidCents: 68985, balanceCents: 0, state: 'paid' });
    // The credit note for the two shirts ($20.00 and its tax) is what there is to refund, and no more.
    const invoiceNumber = (await account(orderId)).invoices[0].number;
    const note = await staff(
      'POST',
      `/api/orders/${orderId}/credit-notes`,
      { invoiceNumber, amount: '20.00', reason: 'Two shirts misprinted' },
      owner,
    );
    expect(note.statusCode, note.body).toBe(201);
    const owed = (await account(orderId)).account.refundCents as number;
    expect(owed).toBeGreaterThan(2000);
    const beyond = await refundBy({ amount: `-${((owed + 1) / 100).toFixed(2)}`, reason: 'Two shirts misprinted' });
    expect(beyond.statusCode, beyond.body).toBe(409);
    expect(beyond.json().error.code).toBe('refund_exceeds_credit');
    expect(beyond.json().error.message).toContain(`The customer is owed $${(owed / 100).toFixed(2)} back`);
    const refund = await refundBy({ amount: `-${(owed / 100).toFixed(2)}`, reason: 'Two shirts misprinted' });
    expect(refund.statusCode, refund.body).toBe(201);
    const after = await account(orderId);
    expect(after.account).toMatchObject({ paidCents: 68985 - owed, balanceCents: 0, state: 'paid' });
    expect(
      after.payments.map((p: { amountCents: number; recordedBy: string }) => [p.amountCents, p.recordedBy]),
    ).toEqual([
      [34493, 'clerk@shop.ca'],
      [34492, 'clerk@shop.ca'],
      [-owed, 'owner@shop.ca'],
    ]);
    const receipt = await staff('GET', `/api/orders/${orderId}/payments/${after.payments[0].id}/receipt`);
    if (hasPoppler) {
      const text = pdfText(receipt.rawPayload);
      expect(text).toContain(deposit.json().receiptNumber);
      expect(text).toContain('$344.93');
      expect(text).toContain('123456782 RT0001');
    }
    // Each payment is in the history with who recorded it.
    const detail = (await staff('GET', `/api/orders/${orderId}`)).json();
    const recorded = detail.history.filter(
      (h: { event: { kind: string } | null }) => h.event?.kind === 'payment_recorded',
    );
    expect(recorded.map((h: { changed_by: string }) => h.changed_by)).toEqual([
      'clerk@shop.ca',
      'clerk@shop.ca',
      'owner@shop.ca',
    ]);
    // Payments are events of the order, never moves: no "Approved → Approved".
    expect(recorded.every((h: { from_status: string; to_status: string }) => h.from_status === h.to_status)).toBe(true);
    // The list filters by payment state.
    const list = (await staff('GET', `/api/orders?payment=paid&pageSize=100`)).json();
    expect(list.orders.map((o: { id: string }) => o.id)).toContain(orderId);
    expect(list.orders.every((o: { payment_state: string }) => o.payment_state === 'paid')).toBe(true);
  });

  it('gates every move that starts or passes production: a visible reason, from someone allowed, recorded', async () => {
    const { orderId } = await approved();
    const move = (status: string, extra: object = {}, who = owner) =>
      staff('PATCH', `/api/orders/${orderId}/status`, { status, ...extra }, who);
    for (const status of ['in_production', 'ready', 'completed']) {
      const refused = await move(status);
      expect(refused.statusCode, status).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'gate_closed', fields: ['reason'] });
      expect(refused.json().error.message).toContain('$344.93');
    }
    // A reason of nothing a person can see is no reason.
    expect((await move('in_production', { override: { reason: '\u200b \u200d' } })).json().error.code).toBe(
      'gate_closed',
    );
    // A clerk may not override until an owner allows it.
    const byClerk = await move('in_production', { override: { reason: 'Regular customer' } }, clerk);
    expect(byClerk.statusCode).toBe(403);
    const preview = (await staff('GET', `/api/orders/${orderId}/status-preview?status=ready`, undefined, clerk)).json();
    expect(preview).toMatchObject({
      gate: { depositDueCents: 34493, withoutApprovedQuote: false },
      may: { override: false },
    });
    expect(preview.mails).toHaveLength(1);
    expect(preview.mails[0].text).toContain('Balance due: $689.85.');
    const moved = await move('in_production', { override: { reason: 'Long-standing customer, pays on pickup' } });
    expect(moved.statusCode, moved.body).toBe(200);
    // Passing production is gated again: Ready with nothing paid needs its own reason.
    expect((await move('ready')).json().error.code).toBe('gate_closed');
    expect((await move('ready', { override: { reason: 'Pays at pickup' } })).statusCode).toBe(200);
    const detail = (await staff('GET', `/api/orders/${orderId}`)).json();
    const overrides = detail.history.filter(
      (h: { event: { kind: string } | null }) => h.event?.kind === 'gate_overridden',
    );
    expect(overrides).toEqual([
      expect.objectContaining({
        to_status: 'in_production',
        changed_by: 'owner@shop.ca',
        event: {
          kind: 'gate_overridden',
          reason: 'Long-standing customer, pays on pickup',
          depositDueCents: 34493,
          withoutApprovedQuote: false,
        },
      }),
      expect.objectContaining({ to_status: 'ready', event: expect.objectContaining({ reason: 'Pays at pickup' }) }),
    ]);
    // An order with no approved quote is gated too.
    const fresh = await submitMultipart(t.app, orderTo('ON'), [], { 'x-form-token': pageToken(t) });
    const noQuote = await staff('PATCH', `/api/orders/${fresh.orderId}/status`, { status: 'in_production' }, owner);
    expect(noQuote.json().error.message).toContain('has not approved a quote');
    // Once the owner allows the clerk, the clerk may.
    const clerkId = (
      await t.app.db.selectFrom('staff').select('id').where('email', '=', 'clerk@shop.ca').executeTakeFirstOrThrow()
    ).id;
    expect(
      (await staff('PUT', '/api/money-permissions', { refund: [], credit: [], override: [clerkId] }, clerk)).statusCode,
    ).toBe(403);
    expect(
      (await staff('PUT', '/api/money-permissions', { refund: [], credit: [], override: [clerkId] }, owner)).statusCode,
    ).toBe(200);
    const allowed = await staff(
      'PATCH',
      `/api/orders/${fresh.orderId}/status`,
      { status: 'in_production', override: { reason: 'Sample run' } },
      clerk,
    );
    expect(allowed.statusCode, allowed.body).toBe(200);
    await staff('PUT', '/api/money-permissions', { refund: [], credit: [], override: [] }, owner);
  });

  it('holds the gate when a void and a move to production arrive together (the order row is locked)', async () => {
    // A bounced e-Transfer is money that never arrived: voided, not refunded (nothing is owed back).
    const orders = await Promise.all(Array.from({ length: 6 }, () => approved()));
    const deposits = new Map<string, string>();
    for (const { orderId } of orders) {
      const deposit = await pay(orderId, { amount: '344.93' });
      expect(deposit.statusCode).toBe(201);
      deposits.set(orderId, deposit.json().id);
    }
    const answers = await Promise.all(
      orders.flatMap(({ orderId }) => [
        staff('PATCH', `/api/orders/${orderId}/status`, { status: 'in_production' }, owner),
        staff('POST', `/api/orders/${orderId}/payments/${deposits.get(orderId)}/void`, { reason: 'Bounced' }, owner),
      ]),
    );
    // Every void is taken, whichever came first.
    for (const [k, answer] of answers.entries()) if (k % 2 === 1) expect(answer.statusCode, answer.body).toBe(200);
    for (const { orderId } of orders) {
      const detail = (await staff('GET', `/api/orders/${orderId}`)).json();
      const view = await account(orderId);
      // Whichever came first, an order never sits in production with its deposit unpaid and no override.
      if (detail.order.status === 'in_production') {
        const overridden = detail.history.some(
          (h: { event: { kind: string } | null }) => h.event?.kind === 'gate_overridden',
        );
        const paidWhenMoved =
          detail.history.findIndex(
            (h: { to_status: string; from_status: string }) =>
              h.from_status !== h.to_status && h.to_status === 'in_production',
          ) < detail.history.findIndex((h: { event: { kind: string } | null }) => h.event?.kind === 'payment_voided');
        expect(overridden || paidWhenMoved).toBe(true);
      } else expect(view.account.state).toBe('deposit_due');
    }
  });

  it('credits part of an invoice, never more than it', async () => {
    const { orderId } = await approved();
    const [invoice] = (await account(orderId)).invoices;
    const credit = (body: object, who = owner) => staff('POST', `/api/orders/${orderId}/credit-notes`, body, who);
    expect((await credit({ invoiceNumber: invoice.number, amount: '10', reason: 'Goodwill' }, clerk)).statusCode).toBe(
      403,
    );
    const tooMuch = await credit({ invoiceNumber: invoice.number, amount: '600.01', reason: 'Goodwill' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error).toMatchObject({ code: 'credit_exceeds_invoice', fields: ['amount'] });
    const noReason = await credit({ invoiceNumber: invoice.number, amount: '10', reason: ' ' });
    expect(noReason.json().error.fields).toEqual(['reason']);
    const part = await credit({ invoiceNumber: invoice.number, amount: '100.00', reason: 'Goodwill' });
    expect(part.statusCode, part.body).toBe(201);
    const view = await account(orderId);
    // $100.00 + GST $5.00 + QST $9.98 (9.975 % of $100, rounded half-up).
    expect(view.invoices[1].totalCents).toBe(11498);
    expect(view.account.invoicedCents).toBe(68985 - 11498);
    const rest = await credit({ invoiceNumber: invoice.number, amount: '500.01', reason: 'More' });
    expect(rest.json().error.code).toBe('credit_exceeds_invoice');
  });

  it('reports sales taxes by tax and province, and the payments received, as JSON and CSV', async () => {
    // Numbers of this month only: the report of a fresh database holds what this file made.
    const today = shopDate();
    const before = (await staff('GET', `/api/reports/taxes?from=${today}&to=${today}`)).json();
    const qc = await approved('QC');
    const on = await approved('ON', 'fr');
    await pay(on.orderId, { amount: '339.00', method: 'cheque', reference: '000123' });
    const report = (await staff('GET', `/api/reports/taxes?from=${today}&to=${today}`)).json();
    const delta = (code: string, province: string) => {
      const now =
        report.rows.find((r: { code: string; province: string }) => r.code === code && r.province === province)
          ?.amountCents ?? 0;
      const was =
        before.rows.find((r: { code: string; province: string }) => r.code === code && r.province === province)
          ?.amountCents ?? 0;
      return now - was;
    };
    expect(delta('GST', 'QC')).toBe(3000);
    expect(delta('QST', 'QC')).toBe(5985);
    expect(delta('HST', 'ON')).toBe(7800);
    const csv = await staff('GET', `/api/reports/taxes?from=${today}&to=${today}&format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toBe(
      '"Tax","Province","Rate","Taxable (CAD)","Tax (CAD)","Adjusted taxable (CAD)","Adjusted tax (CAD)","Documents","Note"',
    );
    expect(csv.body).toMatch(/"HST","ON","13%",\d+\.\d{2},\d+\.\d{2},\d+\.\d{2},\d+\.\d{2},\d+,""/);
    const payments = (await staff('GET', `/api/reports/payments?from=${today}&to=${today}`)).json();
    expect(
      payments.rows.some(
        (r: { method: string; reference: string; amountCents: number }) =>
          r.method === 'cheque' && r.reference === '000123' && r.amountCents === 33900,
      ),
    ).toBe(true);
    expect((await staff('GET', `/api/reports/taxes?from=${today}&to=2000-01-01`)).statusCode).toBe(422);
    void qc;
  });

  it('keeps the shop terms for owners only, and checks them', async () => {
    const terms = (await staff('GET', '/api/terms')).json();
    expect(terms).toMatchObject({ depositPercent: 50, balanceDue: 'when_ready', reminderDays: 7 });
    expect((await staff('PUT', '/api/terms', { ...terms, depositPercent: 30 })).statusCode).toBe(403);
    const bad = await staff('PUT', '/api/terms', { ...terms, depositPercent: 130, etransferEmail: 'nope' }, owner);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual(expect.arrayContaining(['depositPercent', 'etransferEmail']));
    const ok = await staff('PUT', '/api/terms', { ...terms, depositPercent: 30, autodeposit: true }, owner);
    expect(ok.statusCode).toBe(200);
    const { orderId } = await approved();
    expect((await account(orderId)).invoices[0].depositCents).toBe(20696); // 30 % of $689.85, rounded half-up
    await staff('PUT', '/api/terms', terms, owner);
  });

  it('reminds an unpaid deposit after the terms’ days, at most once a week', async () => {
    const { orderId } = await approved();
    const deps = {
      db: t.app.db,
      dialect: backend,
      seller: { legalName: 'M', address: '', gstHst: '', qst: '', email: '' },
      shop: { name: 'Shop', contact: 'c', shopEmail: 'orders@example.com', publicUrl: 'http://localhost' },
      books: { timeZone: 'America/Toronto', fiscalYearEnd: '12-31', shopProvince: 'ON' },
    } as const;
    const reminders = async (at: Date) => {
      await sendDepositReminders(deps, at);
      return t.app.db
        .selectFrom('mail_queue')
        .select('subject')
        .where('order_id', '=', orderId)
        .where('subject', 'like', 'Reminder:%')
        .execute();
    };
    const day = 24 * 60 * 60 * 1000;
    expect(await reminders(new Date(Date.now() + 3 * day))).toHaveLength(0); // 7 days by default
    expect(await reminders(new Date(Date.now() + 8 * day))).toHaveLength(1);
    expect(await reminders(new Date(Date.now() + 9 * day))).toHaveLength(1);
    expect(await reminders(new Date(Date.now() + 16 * day))).toHaveLength(2);
    expect((await reminders(new Date(Date.now() + 16 * day)))[0]!.subject).toContain('deposit of $344.93');
    await pay(orderId, { amount: '344.93' });
    expect(await reminders(new Date(Date.now() + 30 * day))).toHaveLength(2);
  });

  it('keeps invoices and payments when the order is deleted, and drops them after six years', async () => {
    const { orderId } = await approved();
    await pay(orderId, { amount: '344.93' });
    // Settled first: an open balance keeps its order (docs/accounts.md, "Records").
    expect((await pay(orderId, { amount: '344.92', method: 'cheque' })).statusCode).toBe(201);
    const ids = await t.app.db
      .selectFrom('invoices')
      .select(['id', 'number'])
      .where('order_id', '=', orderId)
      .execute();
    expect(await deleteOrder(t.app.db, t.app.files, outboxDirOf(t.dataDir), orderId, 'owner@shop.ca')).toBe(true);
    expect(
      await t.app.db.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst(),
    ).toBeUndefined();
    const kept = await t.app.db
      .selectFrom('invoices')
      .select(['id', 'document'])
      .where('order_id', '=', orderId)
      .execute();
    expect(kept.map((r) => r.id)).toEqual(ids.map((r) => r.id));
    // What an invoice needs stays (name, billing address); the email and phone are gone with the order.
    expect(kept[0]!.document).toContain('Montréal');
    expect(kept[0]!.document).not.toContain('ada@example.com');
    expect(kept[0]!.document).not.toContain('902-555-0100');
    expect(await t.app.db.selectFrom('payments').select('id').where('order_id', '=', orderId).execute()).toHaveLength(
      2,
    );
    // What the invoice needs stays: the addresses (the place of supply), the approved version and the approval.
    const evidence = await t.app.db
      .selectFrom('order_evidence')
      .select('document')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const kept2 = JSON.parse(evidence.document);
    expect(kept2.billing).toMatchObject({ city: 'Montréal', province: 'QC' });
    expect(kept2.billing.email).toBeUndefined();
    expect(kept2.approvals).toEqual([
      expect.objectContaining({
        version: 1,
        fullName: 'Marie Curie',
        quoteSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    ]);
    expect(JSON.parse(kept2.approvals[0].versionText)).toMatchObject({ format: 'quote-version/1', totalCents: 68985 });
    // The invoice of a deleted order can still be credited (from the Accounts page).
    const credited = await staff(
      'POST',
      `/api/invoices/${ids[0]!.id}/credit-notes`,
      { invoiceNumber: '', rest: true, reason: 'Order cancelled after deletion' },
      owner,
    );
    expect(credited.statusCode, credited.body).toBe(201);
    // Crediting "the rest" again finds nothing left: a refusal in words, not a 500.
    const again = await staff(
      'POST',
      `/api/invoices/${ids[0]!.id}/credit-notes`,
      { invoiceNumber: '', rest: true, reason: 'Again' },
      owner,
    );
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'nothing_to_credit',
      message: `Invoice ${ids[0]!.number} is already fully credited: there is nothing left to credit.`,
      message_fr: `La facture ${ids[0]!.number} est déjà entièrement créditée\u00a0: il ne reste rien à créditer.`,
    });
    const housekeep = (now: Date) =>
      runHousekeeping({ db: t.app.db, files: t.app.files, outboxDir: outboxDirOf(t.dataDir), retentionDays: 0, now });
    // An owner's hold keeps everything, whatever its age; it says why.
    expect((await staff('PUT', '/api/records-hold', { hold: true, reason: ' ' }, owner)).json().error).toMatchObject({
      code: 'reason_required',
      fields: ['reason'],
    });
    const hold = await staff('PUT', '/api/records-hold', { hold: true, reason: 'CRA audit of 2026' }, owner);
    expect(hold.json()).toMatchObject({ hold: true, reason: 'CRA audit of 2026', by: 'owner@shop.ca' });
    expect((await staff('PUT', '/api/records-hold', { hold: false }, clerk)).statusCode).toBe(403);
    expect((await housekeep(new Date(`${year + 9}-01-02T12:00:00Z`))).financialRecordsDropped).toBe(0);
    // (Housekeeping nine years on also ended every session.)
    owner = await signIn(t.app, 'owner@shop.ca', PASSWORD);
    clerk = await signIn(t.app, 'clerk@shop.ca', PASSWORD);
    expect((await staff('PUT', '/api/records-hold', { hold: false, reason: '' }, owner)).statusCode).toBe(200);
    expect((await housekeep(new Date(`${year + 6}-12-31T12:00:00Z`))).financialRecordsDropped).toBe(0);
    const dropped = await housekeep(new Date(`${year + 7}-01-02T12:00:00Z`));
    expect(dropped.financialRecordsDropped).toBeGreaterThan(0);
    expect(await t.app.db.selectFrom('invoices').select('id').execute()).toHaveLength(0);
    expect(await t.app.db.selectFrom('order_evidence').select('order_id').execute()).toHaveLength(0);
  });
});
