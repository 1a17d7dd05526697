// Receivables an accountant closes a month on (docs/accounts.md): an open balance keeps its
// order, duplicate payments caught on any order, voids, closed periods, the PDF reading the
// account, aged receivables. Through the real routes, on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxDirOf } from '../mail/outbox.js';
import { runHousekeeping, startHousekeeping } from '../privacy/housekeeping.js';
import {
  backends,
  pageToken,
  sampleOrder,
  startShopApp,
  submitMultipart,
  type TestApp,
} from '../../../tests/support/harness.js';
import { builtServer } from '../../../tests/support/built-server.js';
import { hasPoppler, pdfText } from '../../../tests/support/pdf.js';
import { runCli } from '../../../tests/support/cli.js';
import { orderAccount, todayOf, type InvoiceDeps } from './accounts.js';
import type { AgedReceivables } from '../../shared/invoices/ageing.js';
import { recordPayment } from './invoice-service.js';

await builtServer();

const shopDate = () => todayOf({ timeZone: 'America/Toronto' });
const DAY_MS = 24 * 60 * 60 * 1000;
/** $600.00 + HST 13 % $78.00 = $678.00; deposit 50 % $339.00. */
const FIFTY_AT_12 = [{ description: 'Gildan 5000, Black, printed', quantity: 50, unitPriceCents: 1200, taxable: true }];

/** The invoices capability's dependencies as the app builds them, for calls a route does not make. */
function invoiceDeps(t: TestApp): InvoiceDeps {
  return {
    db: t.app.db,
    dialect: t.config.DATABASE_URL ? 'postgres' : 'sqlite',
    seller: { legalName: 'Maple Print Works Inc.', address: '', gstHst: '123456782 RT0001', qst: '', email: '' },
    shop: { name: 'Shop', contact: 'c', shopEmail: 'orders@example.com', publicUrl: 'http://localhost' },
    books: { timeZone: 'America/Toronto', fiscalYearEnd: '12-31', shopProvince: 'ON' },
  };
}

function ontarioOrder() {
  const order = sampleOrder();
  const first = order.layouts['1'];
  first.variations = [{ type: 'Gildan 5000', color: 'Black', sizes: 'S:10, M:20, L:20', supplyingGoods: 'no' }];
  first.billing = { ...first.billing, city: 'Toronto', province: 'ON', postalCode: 'M5V 2T6' };
  first.shipping = { sameAsBilling: true, localPickup: false };
  return { ...order, includePolyBags: false };
}

describe.each(backends())('receivables on %s', (backend) => {
  let t: TestApp;
  let staff: { owner: string; clerk: string };

  beforeAll(async () => {
    ({ t, staff } = await startShopApp(backend, {
      env: {
        SHOP_PROVINCE: 'ON',
        SHOP_LEGAL_NAME: 'Maple Print Works Inc.',
        GST_HST_NUMBER: '123456782 RT0001',
        ORDER_LINK_RATE_LIMIT: '100000',
      },
      staff: { owner: { email: 'owner@shop.ca', role: 'owner' }, clerk: { email: 'clerk@shop.ca', role: 'staff' } },
    }));
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who = staff.clerk) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: who },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** An Ontario order invoiced $678.00 (deposit $339.00), approved through its link. */
  const invoiced = async (lines = FIFTY_AT_12, existing?: { orderId: string; reference: string }) => {
    const { orderId, reference } =
      existing ?? (await submitMultipart(t.app, ontarioOrder(), [], { 'x-form-token': pageToken(t) }));
    const sent = await call('POST', `/api/orders/${orderId}/quote/send`, { lines, confirmNoProofs: true });
    expect(sent.statusCode, sent.body).toBe(201);
    const { mintOrderLink } = await import('../storage/order-links.js');
    const token = await t.app.db.transaction().execute((trx) => mintOrderLink(trx, orderId));
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/approve`,
      headers: { 'user-agent': 'Test/1.0' },
      payload: { version: sent.json<{ version: number }>().version, fullName: 'Marie Curie', agree: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    return { orderId, reference };
  };

  const pay = (orderId: string, body: Record<string, unknown>) =>
    call('POST', `/api/orders/${orderId}/payments`, { method: 'etransfer', receivedOn: shopDate(), ...body });

  const errorOf = (res: { json: () => unknown }) =>
    (res.json() as { error: { code: string; message: string; message_fr: string } }).error;

  it('keeps an order that owes or is owed money: the owner’s delete, the command line and retention refuse it', async () => {
    const owing = await invoiced();
    const refused = await call('DELETE', `/api/orders/${owing.orderId}`, { reference: owing.reference }, staff.owner);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      code: 'open_balance',
      message: `Order ${owing.reference} still has $678.00 owed by the customer, so it is kept. Settle it first: record a payment, or issue a credit note for what will not be paid.`,
      message_fr: expect.stringContaining('678,00\u00a0$ dû par le client'),
    });
    const cli = await runCli('orders', ['delete', owing.reference, '--yes'], {
      env: { DATA_DIR: t.config.DATA_DIR, DATABASE_URL: t.config.DATABASE_URL },
    });
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain('$678.00 owed by the customer');

    // Completed with money owed, unchanged for 10 days, RETENTION_DAYS 3: kept, and the log says why.
    const tenDaysAgo = new Date(Date.now() - 10 * DAY_MS).toISOString();
    await t.app.db
      .updateTable('orders')
      .set({ status: 'completed', created_at: tenDaysAgo })
      .where('id', '=', owing.orderId)
      .execute();
    await t.app.db
      .updateTable('status_history')
      .set({ changed_at: tenDaysAgo })
      .where('order_id', '=', owing.orderId)
      .execute();
    const housekeeping = { db: t.app.db, files: t.app.files, outboxDir: outboxDirOf(t.dataDir), retentionDays: 3 };
    const run = await runHousekeeping(housekeeping);
    expect(run.ordersKeptOwing).toContainEqual({
      reference: owing.reference,
      message: expect.stringContaining('$678.00 owed by the customer'),
    });
    const logged: [object, string][] = [];
    const log = {
      info: (o: object, m: string) => logged.push([o, m]),
      warn: (o: object, m: string) => logged.push([o, m]),
    };
    const loop = startHousekeeping({ ...housekeeping, intervalMs: 60 * 60_000, log });
    await loop.first;
    await loop.stop();
    expect(logged).toContainEqual([
      { order: owing.reference, reason: expect.stringContaining('$678.00 owed by the customer') },
      'order past retention kept: an amount is owed',
    ]);
    expect(await t.app.db.selectFrom('orders').select('id').where('id', '=', owing.orderId).executeTakeFirst()).toEqual(
      { id: owing.orderId },
    );

    // The shop owes the customer: a refund settles it.
    const owed = await invoiced();
    expect((await pay(owed.orderId, { amount: '700.00', confirmOverpayment: true })).statusCode).toBe(201);
    const refund = await call('DELETE', `/api/orders/${owed.orderId}`, { reference: owed.reference }, staff.owner);
    expect(errorOf(refund)).toMatchObject({
      code: 'open_balance',
      message: `The shop still owes the customer $22.00 on order ${owed.reference}, so it is kept. Settle it first: record a refund of the money paid back.`,
    });

    // Paid in full: the order may go.
    expect((await pay(owing.orderId, { amount: '678.00' })).statusCode).toBe(201);
    const deleted = await call('DELETE', `/api/orders/${owing.orderId}`, { reference: owing.reference }, staff.owner);
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('refuses the same cheque or e-Transfer twice, on any order and however typed, unless confirmed', async () => {
    const first = await invoiced();
    const other = await invoiced();
    const cheque = await pay(first.orderId, { amount: '100.00', method: 'cheque', reference: '000123' });
    expect(cheque.statusCode, cheque.body).toBe(201);
    const receipt = cheque.json<{ receiptNumber: string }>().receiptNumber;
    // Another order, a minute later in the clerk's day, the number typed with spaces and a dash.
    const again = await pay(other.orderId, { amount: '50.00', method: 'cheque', reference: ' 000-1 23 ' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({
      code: 'duplicate_reference',
      message: `Cheque 000-1 23 was already recorded: receipt ${receipt}, $100.00 received ${shopDate()} on order ${first.reference}, by clerk@shop.ca. Is this another payment? Confirm to record it too.`,
      message_fr: `Chèque 000-1 23 a déjà été inscrit\u00a0: reçu ${receipt}, 100,00\u00a0$ reçu le ${shopDate()} sur la commande ${first.reference}, par clerk@shop.ca. Est-ce un autre paiement\u00a0? Confirmez pour l’inscrire aussi.`,
      fields: ['reference'],
    });
    // The same order, another amount: still the same cheque.
    expect(errorOf(await pay(first.orderId, { amount: '25.00', method: 'cheque', reference: '000123' })).code).toBe(
      'duplicate_reference',
    );
    // An e-Transfer's reference, case aside; the same number under another method is another payment.
    expect((await pay(first.orderId, { amount: '10.00', reference: 'CA7xQ2-ab' })).statusCode).toBe(201);
    expect(errorOf(await pay(other.orderId, { amount: '11.00', reference: 'ca7xq2ab' })).code).toBe(
      'duplicate_reference',
    );
    expect((await pay(other.orderId, { amount: '12.00', method: 'in_store', reference: '000123' })).statusCode).toBe(
      201,
    );
    // Confirmed: recorded.
    const confirmed = await pay(other.orderId, {
      amount: '50.00',
      method: 'cheque',
      reference: '000 123',
      confirmDuplicate: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    // A payment provider's webhook dedupes by its own ids: no duplicate check stops it.
    const viaProvider = await recordPayment(
      invoiceDeps(t),
      other.orderId,
      { amount: '13.00', method: 'cheque', receivedOn: shopDate(), reference: '000123' },
      { email: 'stripe', allowed: new Set() },
      { skipDuplicateChecks: true },
    );
    expect(viaProvider.receiptNumber).toMatch(/^R-\d{4}-\d{4}$/);
  });

  it('voids a payment recorded in error: kept and marked VOID, counted nowhere, mailed to nobody', async () => {
    const o = await invoiced();
    const typo = await pay(o.orderId, {
      amount: '1000.00',
      method: 'cheque',
      reference: 'VD-77',
      confirmOverpayment: true,
    });
    expect(typo.statusCode, typo.body).toBe(201);
    const { id, receiptNumber } = typo.json<{ id: string; receiptNumber: string }>();
    const mails = async () =>
      (await t.app.db.selectFrom('mail_queue').select('id').where('order_id', '=', o.orderId).execute()).length;
    const mailsBefore = await mails();
    const voidIt = (reason: string) => call('POST', `/api/orders/${o.orderId}/payments/${id}/void`, { reason });
    expect(errorOf(await voidIt(' \u200b '))).toMatchObject({ code: 'void_reason_required' });
    // A clerk (who records payments, without the refund right) voids it.
    const voided = await voidIt('Typed $1,000.00 for $100.00');
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({ receiptNumber, account: { paidCents: 0, balanceCents: 67800 } });
    expect(await mails()).toBe(mailsBefore);
    expect(errorOf(await voidIt('again'))).toMatchObject({ code: 'already_voided' });
    const view = (await call('GET', `/api/orders/${o.orderId}/account`)).json<{
      account: { state: string; paidCents: number };
      payments: { receiptNumber: string; voided: unknown }[];
    }>();
    expect(view.account).toMatchObject({ state: 'deposit_due', paidCents: 0 });
    expect(view.payments).toEqual([
      expect.objectContaining({
        receiptNumber,
        voided: { reason: 'Typed $1,000.00 for $100.00', on: shopDate(), by: 'clerk@shop.ca' },
      }),
    ]);
    if (hasPoppler) {
      const pdf = (await call('GET', `/api/orders/${o.orderId}/payments/${id}/receipt`)).rawPayload;
      const text = pdfText(pdf);
      expect(text).toContain('VOID');
      expect(text).toContain(`Voided ${shopDate()}, clerk@shop.ca: Typed $1,000.00 for $100.00`);
      expect(text).toContain(receiptNumber);
    }
    // The reports leave it out; the same cheque may be recorded right; the numbering goes on unbroken.
    const report = (
      await call('GET', `/api/reports/payments?from=${shopDate()}&to=${shopDate()}`, undefined, staff.owner)
    ).json<{
      rows: { receiptNumber: string }[];
    }>();
    expect(report.rows.map((r) => r.receiptNumber)).not.toContain(receiptNumber);
    const right = await pay(o.orderId, { amount: '100.00', method: 'cheque', reference: 'VD-77' });
    expect(right.statusCode, right.body).toBe(201);
    const next = right.json<{ receiptNumber: string }>().receiptNumber;
    expect(Number(next.slice(-4))).toBe(Number(receiptNumber.slice(-4)) + 1);
  });

  it.skipIf(!hasPoppler)('prints on a v2 invoice what the account asks, not the invoice’s whole deposit', async () => {
    const o = await invoiced();
    expect((await pay(o.orderId, { amount: '565.00' })).statusCode).toBe(201);
    // v2: 100 × $12.00 = $1,200.00 + HST $156.00 = $1,356.00, deposit $678.00; $565.00 paid: $113.00 due.
    await invoiced([{ ...FIFTY_AT_12[0]!, quantity: 100 }], o);
    const view = (await call('GET', `/api/orders/${o.orderId}/account`)).json<{
      account: { dueNowCents: number };
      invoices: { id: string; kind: string; totalCents: number }[];
    }>();
    expect(view.account.dueNowCents).toBe(11300);
    const v2 = view.invoices.filter((i) => i.kind === 'invoice').at(-1)!;
    expect(v2.totalCents).toBe(135600);
    const text = pdfText((await call('GET', `/api/orders/${o.orderId}/invoices/${v2.id}/pdf`)).rawPayload).replace(
      /\s+/g,
      ' ',
    );
    expect(text).toContain('Send $113.00 by Interac e-Transfer');
    expect(text).toContain('Deposit due: $113.00');
    expect(text).not.toContain('Send $678.00');
    expect(text).not.toMatch(/Deposit due \(50%\)/);
  });

  it('ages the receivables as of any date, adding up to the open accounts to the cent, as JSON and CSV', async () => {
    const o = await invoiced();
    expect((await pay(o.orderId, { amount: '100.00' })).statusCode).toBe(201);
    const aged = await call('GET', `/api/reports/aged?asOf=${shopDate()}`);
    expect(aged.statusCode, aged.body).toBe(200);
    const report = aged.json<AgedReceivables>();
    expect(report.orders.find((r) => r.orderReference === o.reference)).toMatchObject({
      bucket: 'current',
      balanceCents: 57800,
      daysPastDue: 0,
    });
    // Every order with records (this file's earlier ones too), each through the one account.
    const ids = [
      ...new Set((await t.app.db.selectFrom('invoices').select('order_id').execute()).map((r) => r.order_id)),
    ];
    let open = 0;
    for (const id of ids)
      open += (await orderAccount(t.app.db, { timeZone: 'America/Toronto' }, { id, status: 'approved' })).balanceCents;
    expect(report.totalCents).toBe(open);
    expect(report.customers.reduce((sum, c) => sum + c.totalCents, 0)).toBe(open);
    // Ninety-one days on, the same balance is over 90 days past due.
    const later = todayOf({ timeZone: 'America/Toronto' }, new Date(Date.now() + 91 * DAY_MS));
    const then = (await call('GET', `/api/reports/aged?asOf=${later}`)).json<AgedReceivables>();
    expect(then.orders.find((r) => r.orderReference === o.reference)).toMatchObject({ bucket: 'over90' });
    const csv = (await call('GET', `/api/reports/aged?asOf=${shopDate()}&format=csv`)).body.trim().split('\n');
    expect(csv[0]).toBe(
      '"Customer","Order","Due on","Days past due","Current","1–30 days","31–60 days","61–90 days","Over 90 days","Balance (CAD)"',
    );
    expect(csv.at(-1)!.split(',').at(-1)).toBe((open / 100).toFixed(2));
  });
});
