// One account everywhere: an order walked through every status and payment, in English and in
// French, on SQLite and PostgreSQL. At each step the customer's page, the inbox panel, the
// inbox list's filter, the email the step sends and the receipt PDF must say the same thing:
// the headline shared/invoices/account.ts words for the one account. The accountant's review
// found them disagreeing at these very steps: Ready after a part payment, Ready with nothing
// paid, Completed, Cancelled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountHeadline, type Account } from '../../shared/invoices/account.js';
import { addStaff } from '../staff/staff-service.js';
import {
  backends,
  deliveredText,
  pageToken,
  sampleOrder,
  signIn,
  startTestApp,
  submitMultipart,
  type TestApp,
} from '../../../tests/support/harness.js';
import { hasPoppler, pdfText } from '../../../tests/support/pdf.js';
import { sendDepositReminders } from './reminders.js';
import { todayOf } from './accounts.js';

const PASSWORD = 'correct horse battery staple';
const today = () => todayOf({ timeZone: 'America/Toronto' });
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

describe.each(backends())('one account in every place, on %s', (backend) => {
  let t: TestApp;
  let owner = '';

  beforeAll(async () => {
    t = await startTestApp(backend, {
      SHOP_PROVINCE: 'ON',
      GST_HST_NUMBER: '123456782 RT0001',
      ORDER_LINK_RATE_LIMIT: '100000',
    });
    await addStaff(t.app.db, 'owner@shop.ca', PASSWORD, 'en', 'owner');
    owner = await signIn(t.app, 'owner@shop.ca', PASSWORD);
  });
  afterAll(async () => t?.close());

  const staff = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: owner }, ...(payload ? { payload } : {}) });

  /** The customer mails of an order, oldest first, with their delivered text. */
  const mails = async (orderId: string) => {
    const rows = await t.app.db
      .selectFrom('mail_queue')
      .select(['id', 'order_id', 'subject', 'created_at'])
      .where('order_id', '=', orderId)
      .where('kind', '=', 'customer_update')
      .orderBy('created_at')
      .execute();
    return Promise.all(rows.map(async (r) => ({ subject: r.subject, text: await deliveredText(t, r) })));
  };
  const lastMail = async (orderId: string) => (await mails(orderId)).at(-1)!;
  const tokenOf = (text: string) => /\/o\/([A-Za-z0-9_-]{43})/.exec(text)![1]!;

  /** A $600.00 order to Ontario (HST 13 %: $678.00), quoted and approved, in `language`. */
  const approvedOrder = async (language: 'en' | 'fr') => {
    const order = sampleOrder();
    const first = order.layouts['1'];
    first.billing = { ...first.billing, city: 'Toronto', province: 'ON', postalCode: 'M5V 2T6' };
    const { orderId } = await submitMultipart(t.app, { ...order, includePolyBags: false, language }, [], {
      'x-form-token': pageToken(t),
    });
    const lines = [{ description: 'Gildan 5000, printed', quantity: 50, unitPriceCents: 1200, taxable: true }];
    expect(
      (await staff('POST', `/api/orders/${orderId}/quote/send`, { lines, confirmNoProofs: true })).statusCode,
    ).toBe(201);
    const token = tokenOf((await lastMail(orderId)).text);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/o/${token}/approve`,
      payload: { version: 1, fullName: 'Ada Lovelace', agree: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    return { orderId, token };
  };

  /**
   * The same account in the page, the inbox panel and the list's filter; and, when given, in the
   * email the step sent and the PDF it attached. Returns the headline all of them show.
   */
  const sameEverywhere = async (
    orderId: string,
    token: string,
    language: 'en' | 'fr',
    expected: Partial<Account>,
    also: { mail?: boolean; receiptId?: string } = {},
  ) => {
    const page = (await t.app.inject({ method: 'GET', url: `/api/o/${token}` })).json();
    const inbox = (await staff('GET', `/api/orders/${orderId}/account`)).json();
    expect(page.account.account).toMatchObject(expected);
    expect(inbox.account).toEqual(page.account.account);
    const headline = accountHeadline(page.account.account as Account, language);
    // The list's filter finds the order under its state, and only there.
    const state = (page.account.account as Account).state!;
    const listed = (await staff('GET', `/api/orders?payment=${state}&pageSize=100`)).json();
    expect(listed.orders.map((o: { id: string }) => o.id)).toContain(orderId);
    // How to pay asks exactly what is due now, or nothing.
    const due = (page.account.account as Account).dueNowCents;
    expect(page.account.howToPay.length > 0).toBe(due > 0);
    if (also.mail) expect(oneLine((await lastMail(orderId)).text)).toContain(oneLine(headline));
    if (also.receiptId && hasPoppler) {
      const pdf = await staff('GET', `/api/orders/${orderId}/payments/${also.receiptId}/receipt`);
      expect(oneLine(pdfText(pdf.rawPayload))).toContain(oneLine(headline));
    }
    return headline;
  };

  const pay = async (orderId: string, amount: string, extra: object = {}) => {
    const res = await staff('POST', `/api/orders/${orderId}/payments`, {
      method: 'cheque',
      receivedOn: today(),
      amount,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };
  const move = async (orderId: string, status: string, extra: object = {}) => {
    const res = await staff('PATCH', `/api/orders/${orderId}/status`, { status, ...extra });
    expect(res.statusCode, res.body).toBe(200);
  };
  const override = { override: { reason: 'Known customer' } };

  for (const language of ['en', 'fr'] as const) {
    it(`walks deposit due, part paid, Ready, paid, overpaid and refunded (${language})`, async () => {
      const { orderId, token } = await approvedOrder(language);
      // Approved: the invoice's email asks the deposit.
      expect(
        await sameEverywhere(orderId, token, language, { state: 'deposit_due', dueNowCents: 33900 }, { mail: true }),
      ).toBe(language === 'en' ? 'Deposit due: $339.00' : 'Acompte dû\u00a0: 339,00\u00a0$');
      // $200 by cheque: the deposit is still due, less what came in.
      let receipt = await pay(orderId, '200.00');
      await sameEverywhere(
        orderId,
        token,
        language,
        { state: 'deposit_due', dueNowCents: 13900 },
        { mail: true, receiptId: receipt },
      );
      await move(orderId, 'in_production', override);
      // Ready: the whole remainder is due, whatever the deposit (the Ready email, the page and the inbox agree).
      await move(orderId, 'ready', override);
      expect(
        await sameEverywhere(orderId, token, language, { state: 'balance_due', dueNowCents: 47800 }, { mail: true }),
      ).toBe(language === 'en' ? 'Balance due: $478.00' : 'Solde dû\u00a0: 478,00\u00a0$');
      receipt = await pay(orderId, '478.00');
      await sameEverywhere(
        orderId,
        token,
        language,
        { state: 'paid', dueNowCents: 0 },
        { mail: true, receiptId: receipt },
      );
      receipt = await pay(orderId, '12.00', { confirmOverpayment: true });
      await sameEverywhere(
        orderId,
        token,
        language,
        { state: 'overpaid', refundCents: 1200, dueNowCents: 0 },
        { mail: true, receiptId: receipt },
      );
      receipt = await pay(orderId, '-12.00', { reason: 'Paid twice' });
      await sameEverywhere(orderId, token, language, { state: 'paid' }, { mail: true, receiptId: receipt });
      await move(orderId, 'completed');
      await sameEverywhere(orderId, token, language, { state: 'paid', dueNowCents: 0 });
    });

    it(`asks the whole balance at Ready and Completed with nothing paid, and stops reminding once cancelled (${language})`, async () => {
      const { orderId, token } = await approvedOrder(language);
      await move(orderId, 'in_production', override);
      await move(orderId, 'ready', override);
      await sameEverywhere(orderId, token, language, { state: 'balance_due', dueNowCents: 67800 }, { mail: true });
      await move(orderId, 'completed', override);
      await sameEverywhere(orderId, token, language, { state: 'balance_due', dueNowCents: 67800 });
      // The weekly reminder asks the balance of a completed order, never "deposit".
      const deps = {
        db: t.app.db,
        dialect: backend,
        seller: { legalName: 'Shop', address: '', gstHst: '', qst: '', email: '' },
        shop: { name: 'Shop', contact: 'c', shopEmail: 'orders@example.com', publicUrl: 'http://localhost' },
        books: { timeZone: 'America/Toronto', fiscalYearEnd: '12-31', shopProvince: 'ON' },
      };
      const reminders = async (at: Date) => {
        await sendDepositReminders(deps, at);
        // Queued for the day the reminder runs (in the future here): read from the queue, not the outbox.
        return t.app.db
          .selectFrom('mail_queue')
          .select('subject')
          .where('order_id', '=', orderId)
          .where('subject', 'like', language === 'en' ? 'Reminder:%' : 'Rappel%')
          .execute();
      };
      const sent = await reminders(new Date(Date.now() + 8 * 86_400_000));
      expect(sent.map((r) => r.subject)).toEqual([
        language === 'en'
          ? expect.stringContaining('Reminder: balance of $678.00 due')
          : expect.stringContaining('Rappel\u00a0: solde de 678,00\u00a0$ dû'),
      ]);
      // Cancelled: nothing is asked, how-to-pay goes, reminders stop.
      await move(orderId, 'cancelled');
      expect(
        await sameEverywhere(orderId, token, language, { state: 'cancelled', dueNowCents: 0, notAskedCents: 67800 }),
      ).toBe(language === 'en' ? 'Order cancelled: nothing is asked' : 'Commande annulée\u00a0: rien n’est demandé');
      expect(await reminders(new Date(Date.now() + 30 * 86_400_000))).toHaveLength(1);
      // Payments on a cancelled order are still recorded (money does arrive), and show as owed back.
    });

    it(`cancels an invoiced, part-paid order crediting what is unpaid (${language})`, async () => {
      const { orderId, token } = await approvedOrder(language);
      await pay(orderId, '200.00');
      const preview = (await staff('GET', `/api/orders/${orderId}/status-preview?status=cancelled`)).json();
      expect(preview).toMatchObject({ unpaidCents: 47800, gate: null, may: { credit: true } });
      await move(orderId, 'cancelled', { creditUnpaid: true });
      // The credit note's email, the page and the inbox: the $200 paid stays invoiced and paid.
      await sameEverywhere(
        orderId,
        token,
        language,
        { state: 'paid', balanceCents: 0, invoicedCents: 20000 },
        { mail: true },
      );
      const view = (await staff('GET', `/api/orders/${orderId}/account`)).json();
      expect(view.invoices.map((i: { kind: string; totalCents: number }) => [i.kind, i.totalCents])).toEqual([
        ['invoice', 67800],
        ['credit_note', 47800],
      ]);
      // Crediting the rest of the invoice now leaves the shop owing the $200 back.
      const rest = await staff('POST', `/api/orders/${orderId}/credit-notes`, {
        invoiceNumber: view.invoices[0].number,
        rest: true,
        reason: 'Refund the deposit',
      });
      expect(rest.statusCode, rest.body).toBe(201);
      await sameEverywhere(orderId, token, language, { state: 'overpaid', refundCents: 20000 }, { mail: true });
      // "Credit the rest" once more finds nothing left: a refusal in words, in both languages.
      const again = await staff('POST', `/api/orders/${orderId}/credit-notes`, {
        invoiceNumber: view.invoices[0].number,
        rest: true,
        reason: 'Refund the deposit',
      });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().error).toMatchObject({
        code: 'nothing_to_credit',
        message: `Invoice ${view.invoices[0].number} is already fully credited: there is nothing left to credit.`,
        message_fr: `La facture ${view.invoices[0].number} est déjà entièrement créditée\u00a0: il ne reste rien à créditer.`,
      });
      const receipt = await pay(orderId, '-200.00', { reason: 'Deposit refunded' });
      await sameEverywhere(
        orderId,
        token,
        language,
        { state: 'credited', balanceCents: 0 },
        { mail: true, receiptId: receipt },
      );
    });
  }
});
