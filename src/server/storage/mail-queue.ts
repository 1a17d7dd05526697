// The mail queue's rows: written in the order's own transaction, claimed and updated by the
// mail worker of any process (mail/queue.ts), summarised for the inbox.
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction, Updateable } from 'kysely';
import { recipientKey } from '../mail/recipient-key.js';
import type {
  Database,
  MailAttachmentRef,
  MailKind,
  MailQueueTable,
  MailRow,
  MailStatus,
  NewMailRow,
} from './schema.js';
import { toJson } from './json.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface MailToQueue {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stored documents sent with it as PDFs (an invoice, a receipt). */
  attachments?: MailAttachmentRef[];
}

/** Rows for the queue; `clientKey` (the hashed submitting address) goes with a confirmation. */
export function mailRows(
  orderId: string,
  mails: MailToQueue[],
  now = new Date(),
  clientKey: string | null = null,
): NewMailRow[] {
  return mails
    .filter((m) => m.to)
    .map((m) => ({
      recipient_key: recipientKey(m.to),
      client_key: m.kind === 'customer' ? clientKey : null,
      id: randomUUID(),
      order_id: orderId,
      kind: m.kind,
      recipient: m.to,
      subject: m.subject,
      text_body: m.text,
      html_body: m.html,
      status: 'pending' as const,
      attempts: 0,
      next_attempt_at: now.toISOString(),
      last_error: null,
      created_at: now.toISOString(),
      sent_at: null,
      attachments: m.attachments && m.attachments.length > 0 ? toJson(m.attachments) : null,
    }));
}

/**
 * Queues mail; with `once`, a row whose id is already queued is left as it is. A test order's
 * mail to its customer is never queued (docs/settings.md, "A test order"): only the shop's own.
 */
export async function enqueueMails(trx: Db, all: NewMailRow[], once = false): Promise<void> {
  const toCustomers = [...new Set(all.filter((r) => r.kind !== 'shop').map((r) => r.order_id))];
  const tests =
    toCustomers.length === 0
      ? new Set<string>()
      : new Set(
          (
            await trx
              .selectFrom('orders')
              .select('id')
              .where('id', 'in', toCustomers)
              .where('is_test', '=', 1)
              .execute()
          ).map((r) => r.id),
        );
  const rows = all.filter((r) => r.kind === 'shop' || !tests.has(r.order_id));
  if (rows.length === 0) return;
  const insert = trx.insertInto('mail_queue').values(rows);
  await (once ? insert.onConflict((oc) => oc.column('id').doNothing()) : insert).execute();
}

/** Mail waiting to be sent whose time has come, oldest first. */
export async function dueMails(db: Db, now: Date, limit: number): Promise<MailRow[]> {
  return db
    .selectFrom('mail_queue')
    .selectAll()
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now.toISOString())
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
}

/**
 * A process's hold on one message while it sends it: the row as its claim left it. Another
 * process may claim the message again only once `until` has passed, which changes the row.
 */
export interface MailLease {
  id: string;
  attempts: number;
  until: string;
}

/**
 * Claims a due message for `leaseMs` and counts the attempt: the lease when this process won
 * it, else null. The claim compares next_attempt_at, so two processes cannot both win it.
 */
export async function claimMail(db: Db, mail: MailRow, leaseMs: number): Promise<MailLease | null> {
  const lease = { id: mail.id, attempts: mail.attempts + 1, until: new Date(Date.now() + leaseMs).toISOString() };
  const claimed = await db
    .updateTable('mail_queue')
    .set({ next_attempt_at: lease.until, attempts: lease.attempts })
    .where('id', '=', mail.id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '=', mail.next_attempt_at)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? lease : null;
}

/**
 * Writes the outcome of an attempt. Only the holder of the lease writes it: a process whose lease
 * ran out (another process holds the message now) writes nothing and gets false.
 */
async function settleMail(db: Db, lease: MailLease, outcome: Updateable<MailQueueTable>): Promise<boolean> {
  const updated = await db
    .updateTable('mail_queue')
    .set(outcome)
    .where('id', '=', lease.id)
    .where('status', '=', 'pending')
    .where('attempts', '=', lease.attempts)
    .where('next_attempt_at', '=', lease.until)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Marks the message sent; false when the lease was lost (another process holds the message now). */
export function markMailSent(db: Db, lease: MailLease): Promise<boolean> {
  // Sent: the bodies (the whole order, addresses included) are no longer needed here.
  return settleMail(db, lease, {
    status: 'sent',
    sent_at: new Date().toISOString(),
    last_error: null,
    text_body: '',
    html_body: '',
  });
}

/** Records a failed attempt; false when the lease was lost (the other holder's outcome stands). */
export function markMailFailed(
  db: Db,
  lease: MailLease,
  failure: { status: MailStatus; nextAttemptAt: Date; error: string },
): Promise<boolean> {
  return settleMail(db, lease, {
    status: failure.status,
    next_attempt_at: failure.nextAttemptAt.toISOString(),
    last_error: failure.error,
  });
}

/** The mail state of each order: failed if any failed, else pending if any waits, else sent. */
export async function mailStates(db: Db, orderIds: string[]): Promise<Map<string, MailStatus>> {
  const rank: Record<MailStatus, number> = { sent: 0, pending: 1, failed: 2 };
  const states = new Map<string, MailStatus>();
  if (orderIds.length === 0) return states;
  const rows = await db
    .selectFrom('mail_queue')
    .select(['order_id', 'status'])
    .where('order_id', 'in', orderIds)
    .execute();
  for (const row of rows) {
    const current = states.get(row.order_id);
    if (current === undefined || rank[row.status] > rank[current]) states.set(row.order_id, row.status);
  }
  return states;
}

/** An order's mails as the inbox shows them. */
export async function mailsOfOrder(db: Db, orderId: string) {
  return db
    .selectFrom('mail_queue')
    .select(['kind', 'recipient', 'status', 'attempts', 'last_error', 'sent_at', 'created_at'])
    .where('order_id', '=', orderId)
    .orderBy('kind')
    .execute();
}

/** How many customer mails were queued since `since`, to one address (any case) or to anyone. */
export async function customerMailsSince(
  db: Db,
  since: Date,
  of: { recipient?: string; clientKey?: string } = {},
): Promise<number> {
  let query = db
    .selectFrom('mail_queue')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('kind', '=', 'customer')
    .where('created_at', '>=', since.toISOString());
  if (of.recipient !== undefined) query = query.where('recipient_key', '=', recipientKey(of.recipient));
  if (of.clientKey !== undefined) query = query.where('client_key', '=', of.clientKey);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Messages not sent yet, and those given up on (the metrics' queue depth). */
export async function mailQueueDepth(db: Kysely<Database>): Promise<{ pending: number; failed: number }> {
  const rows = await db
    .selectFrom('mail_queue')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', 'in', ['pending', 'failed'])
    .groupBy('status')
    .execute();
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { pending: count('pending'), failed: count('failed') };
}
