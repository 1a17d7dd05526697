// The mail worker as a plugin: it decorates `mailWorker` (others call `kick()` after queuing a
// mail) and stops it when the app closes. Needs the database and the configuration.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from './mailer.js';
import { outboxDirOf } from './outbox.js';
import { startMailWorker, type MailWorker, type MailWorkerOptions } from './queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailWorker: MailWorker;
  }
}

export interface MailPluginOptions {
  /** Replaces the mailer made from the configuration (tests). */
  mailer?: Mailer;
  /** The files a queued mail names (invoices, receipts), read when it is sent. */
  attachmentsOf?: MailWorkerOptions['attachmentsOf'];
}

async function mail(app: FastifyInstance, opts: MailPluginOptions): Promise<void> {
  const { config, db } = app;
  const mailer =
    opts.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: outboxDirOf(config.dataDir),
      leaseMs: config.MAIL_LEASE_MS,
    });
  const mailWorker = startMailWorker({
    db,
    mailer,
    intervalMs: config.MAIL_POLL_MS,
    retryBaseMs: config.MAIL_RETRY_BASE_MS,
    leaseMs: config.MAIL_LEASE_MS,
    log: app.log,
    attachmentsOf: opts.attachmentsOf,
    onFailure: () => app.metrics.mailFailures.inc(),
  });
  app.decorate('mailWorker', mailWorker);
  app.addHook('onClose', () => mailWorker.stop());
}

export const mailPlugin = fp(mail, { name: 'mail', decorators: { fastify: ['db', 'config', 'metrics'] } });
