// Each process, hourly: moves to Balance due the orders whose terms' date has come, and reminds
// customers of an amount due now (the deposit, or the balance once due) N days (the terms'
// reminderDays; 0 turns it off) after the invoice, at most once a week per order, through the
// mail queue. Only orders the account asks money of now: never a cancelled, credited, paid or
// completed-and-paid one. Safe with several processes: the reminder is claimed by a conditional
// update in the mail's own transaction.
import type { Kysely } from 'kysely';
import { startBackgroundLoop } from '../background-loop.js';
import { enqueueMails, mailRows } from '../storage/mail-queue.js';
import { mintOrderLink } from '../storage/order-links.js';
import type { Database } from '../storage/schema.js';
import { composeReminderMail } from './invoice-mail.js';
import { howToPay, orderAccount, payOnlineOf, refreshPaymentState, type InvoiceDeps } from './accounts.js';
import { payPageUrl } from './invoice-service.js';
import { invoicesOfOrder, readTerms } from './invoice-store.js';
import { fromJson } from '../storage/json.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const REMINDER_GAP_MS = 7 * DAY_MS;

export async function sendDepositReminders(deps: InvoiceDeps, now = new Date()): Promise<number> {
  const db: Kysely<Database> = deps.db;
  // Balances that came due by the calendar (terms of N days) show as such.
  const waiting = await db
    .selectFrom('orders')
    .select('id')
    .where('payment_state', 'in', ['deposit_paid', 'deposit_due'])
    .limit(1000)
    .execute();
  for (const { id } of waiting) await refreshPaymentState(db, deps.books, id, now);

  const terms = await readTerms(db, deps.shop.shopEmail);
  if (terms.reminderDays === 0) return 0;
  const lastGap = new Date(now.getTime() - REMINDER_GAP_MS).toISOString();
  const issuedBefore = new Date(now.getTime() - terms.reminderDays * DAY_MS).toISOString();
  const candidates = await db
    .selectFrom('orders')
    .select(['id', 'deposit_reminded_at'])
    .where('payment_state', 'in', ['deposit_due', 'balance_due'])
    .where('status', '!=', 'cancelled')
    .where((eb) => eb.or([eb('deposit_reminded_at', 'is', null), eb('deposit_reminded_at', '<', lastGap)]))
    .limit(100)
    .execute();
  let sent = 0;
  for (const candidate of candidates) {
    const queued = await db.transaction().execute(async (trx) => {
      const order = await trx.selectFrom('orders').selectAll().where('id', '=', candidate.id).executeTakeFirst();
      if (!order || order.status === 'cancelled') return false;
      const invoices = await invoicesOfOrder(trx, order.id);
      const latest = [...invoices].reverse().find((r) => r.kind === 'invoice');
      if (!latest || latest.issued_at > issuedBefore) return false;
      const account = await orderAccount(trx, deps.books, order, now);
      if (account.dueNowCents <= 0) return false;
      // Claimed only if no other process reminded it since this one looked.
      const claim = await trx
        .updateTable('orders')
        .set({ deposit_reminded_at: now.toISOString() })
        .where('id', '=', order.id)
        .where((eb) =>
          candidate.deposit_reminded_at === null
            ? eb('deposit_reminded_at', 'is', null)
            : eb('deposit_reminded_at', '=', candidate.deposit_reminded_at),
        )
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) return false;
      const doc = fromJson(order.document);
      const lang = doc.language === 'fr' ? 'fr' : 'en';
      const token = await mintOrderLink(trx, order.id);
      // The card first when the owner takes this amount by card, with what its Pay button charges.
      const charge = payOnlineOf(deps, terms, account, order);
      const mail = composeReminderMail(
        { id: order.id, reference: order.reference, document: doc },
        latest.number,
        account,
        howToPay(
          terms,
          order,
          deps.seller,
          account.dueNowCents,
          lang,
          charge ? { url: payPageUrl(deps.shop.publicUrl, token), charge } : undefined,
        ),
        token,
        deps.shop,
      );
      await enqueueMails(trx, mailRows(order.id, [mail], now));
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}

export function startDepositReminders(options: {
  deps: InvoiceDeps;
  intervalMs: number;
  onMailQueued: () => void;
  log: { warn: (obj: object, msg: string) => void };
}) {
  const loop = startBackgroundLoop({
    work: async () => {
      if ((await sendDepositReminders(options.deps)) > 0) options.onMailQueued();
    },
    intervalMs: options.intervalMs,
    onError: (err) => options.log.warn({ err: String(err) }, 'deposit reminders failed; will retry'),
  });
  return { kick: loop.kick, stop: loop.stop };
}
