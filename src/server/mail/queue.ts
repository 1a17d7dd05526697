// The mail queue: rows written in the order's own transaction, sent after the commit by a
// worker in every process. A crash or an SMTP outage loses nothing; failures back off.
import type { Kysely } from 'kysely';
import { startBackgroundLoop, type BackgroundLoop } from '../background-loop.js';
import { claimMail, dueMails, markMailFailed, markMailSent } from '../storage/mail-queue.js';
import type { Database, MailAttachmentRef } from '../storage/schema.js';
import { redactPersonalData } from '../redact.js';
import type { Mailer, OutgoingMail } from './mailer.js';
import { fromJson } from '../storage/json.js';

export const MAX_ATTEMPTS = 12;

export interface MailWorker {
  /** Sends what is due now (called after each new order, and on a timer). */
  kick(): Promise<void>;
  stop(): Promise<void>;
}

export interface MailWorkerOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  intervalMs: number;
  retryBaseMs: number;
  /** While a process sends a message, others leave it alone for this long. */
  leaseMs: number;
  log: { warn: (obj: object, msg: string) => void };
  /** A sending attempt failed (the metrics). */
  onFailure?: () => void;
  /** The stored documents a message carries, as files (invoices/invoice-store.ts). */
  attachmentsOf?: (refs: MailAttachmentRef[]) => Promise<NonNullable<OutgoingMail['attachments']>>;
}

export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, mailer } = options;

  const backoff = (attempts: number) => Math.min(options.retryBaseMs * 2 ** (attempts - 1), 60 * 60 * 1000);

  async function sendDue(loop: BackgroundLoop): Promise<void> {
    for (;;) {
      const due = await dueMails(db, new Date(), 20);
      if (due.length === 0 || loop.stopped) return;
      for (const mail of due) {
        if (loop.stopped) return;
        // Claim it: only one process sends a given message.
        const lease = await claimMail(db, mail, options.leaseMs);
        if (!lease) continue;
        try {
          await mailer.send({
            id: mail.id,
            orderId: mail.order_id,
            to: mail.recipient,
            subject: mail.subject,
            text: mail.text_body,
            html: mail.html_body,
            ...(mail.attachments && options.attachmentsOf
              ? { attachments: await options.attachmentsOf(fromJson(mail.attachments)) }
              : {}),
          });
          if (!(await markMailSent(db, lease))) {
            // Sent after the lease ran out (the mailer's timeouts keep well inside it): another
            // process may hold the message now; its outcome stands, this one is not written.
            options.log.warn({ mailId: mail.id }, 'mail sent after its lease ran out; outcome left to the holder');
          }
        } catch (err) {
          options.onFailure?.();
          const attempts = mail.attempts + 1;
          const message = String((err as Error).message ?? err).slice(0, 500);
          // SMTP errors often quote the recipient's address: never into the log.
          options.log.warn(
            { mailId: mail.id, attempts, err: redactPersonalData(message) },
            'mail not sent; will retry',
          );
          await markMailFailed(db, lease, {
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            nextAttemptAt: new Date(Date.now() + backoff(attempts)),
            error: message,
          });
        }
      }
    }
  }

  const loop = startBackgroundLoop({
    work: sendDue,
    intervalMs: options.intervalMs,
    onError: (err) => options.log.warn({ err: String(err) }, 'mail queue check failed'),
  });
  return {
    kick: loop.kick,
    stop: async () => {
      await loop.stop();
      mailer.close();
    },
  };
}
