// The mail queue: rows written in the order's own transaction, sent after the commit by a
// worker in every process. A crash or an SMTP outage loses nothing; failures back off.
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, NewMailRow } from '../storage/schema.js';
import type { ComposedMail } from './compose.js';
import type { Mailer } from './mailer.js';

export const MAX_ATTEMPTS = 12;

export function mailRows(orderId: string, mails: ComposedMail[], now = new Date()): NewMailRow[] {
  return mails
    .filter((m) => m.to)
    .map((m) => ({
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
    }));
}

export async function enqueueMails(trx: Transaction<Database>, rows: NewMailRow[]): Promise<void> {
  if (rows.length) await trx.insertInto('mail_queue').values(rows).execute();
}

export interface MailWorker {
  /** Sends what is due now (called after each new order, and on a timer). */
  kick(): Promise<void>;
  stop(): Promise<void>;
}

export function startMailWorker(options: {
  db: Kysely<Database>;
  mailer: Mailer;
  intervalMs: number;
  retryBaseMs: number;
  /** While a process sends a message, others leave it alone for this long. */
  leaseMs: number;
  log: { warn: (obj: object, msg: string) => void };
}): MailWorker {
  const { db, mailer } = options;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const backoff = (attempts: number) => Math.min(options.retryBaseMs * 2 ** (attempts - 1), 60 * 60 * 1000);

  async function sendDue(): Promise<void> {
    for (;;) {
      const now = new Date();
      const due = await db
        .selectFrom('mail_queue')
        .selectAll()
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now.toISOString())
        .orderBy('next_attempt_at')
        .limit(20)
        .execute();
      if (due.length === 0 || stopped) return;
      for (const mail of due) {
        if (stopped) return;
        // Claim it: only one process sends a given message.
        const claimed = await db
          .updateTable('mail_queue')
          .set({ next_attempt_at: new Date(Date.now() + options.leaseMs).toISOString(), attempts: mail.attempts + 1 })
          .where('id', '=', mail.id)
          .where('status', '=', 'pending')
          .where('next_attempt_at', '=', mail.next_attempt_at)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) continue;
        try {
          await mailer.send({ to: mail.recipient, subject: mail.subject, text: mail.text_body, html: mail.html_body });
          await db.updateTable('mail_queue').set({ status: 'sent', sent_at: new Date().toISOString(), last_error: null }).where('id', '=', mail.id).execute();
        } catch (err) {
          const attempts = mail.attempts + 1;
          const message = String((err as Error).message ?? err).slice(0, 500);
          options.log.warn({ mailId: mail.id, attempts, err: message }, 'mail not sent; will retry');
          await db
            .updateTable('mail_queue')
            .set({
              status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
              next_attempt_at: new Date(Date.now() + backoff(attempts)).toISOString(),
              last_error: message,
            })
            .where('id', '=', mail.id)
            .execute();
        }
      }
    }
  }

  const kick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await sendDue().catch((err) => options.log.warn({ err: String(err) }, 'mail queue check failed'));
      } while (again && !stopped);
      running = null;
    })();
    return running;
  };

  const timer = setInterval(() => void kick(), options.intervalMs);
  timer.unref();
  void kick();
  return {
    kick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      mailer.close();
    },
  };
}
