// Sends one message: nodemailer over SMTP when SMTP_URL is set, otherwise an .eml file in
// DATA_DIR/outbox (what a developer or a first install sees without a mail server).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { mkdirPrivate, writePrivateFile } from '../files/private.js';
import { outboxFileName } from './outbox.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** PDFs sent with it (an invoice, a receipt). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** The queue row and its order: they name the outbox copy (mail/outbox.ts). */
  id?: string;
  orderId?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * How long SMTP may stay silent, as nodemailer's timeouts: well inside the queue's lease
 * (MAIL_LEASE_MS), so a stalled server fails the attempt before another process may claim the
 * message and send it again. nodemailer's own defaults wait up to 10 minutes on a silent socket.
 */
export function smtpTimeouts(leaseMs: number) {
  const part = Math.floor(leaseMs / 5);
  return {
    connectionTimeout: Math.min(30_000, part),
    greetingTimeout: Math.min(30_000, part),
    socketTimeout: Math.min(60_000, part),
  };
}

export function createMailer(options: { smtpUrl: string; from: string; outboxDir: string; leaseMs: number }): Mailer {
  if (options.smtpUrl) {
    // The URL's own settings (?socketTimeout=… included) apply where it sets them.
    const transport = nodemailer.createTransport(
      { url: options.smtpUrl, ...smtpTimeouts(options.leaseMs) },
      { from: options.from },
    );
    return {
      send: async (mail) => {
        await transport.sendMail({ from: options.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async ({ id, orderId, ...mail }) => {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await mkdirPrivate(options.outboxDir);
      const name =
        id && orderId
          ? outboxFileName(orderId, id)
          : `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      // A name of its own per attempt: a process killed between writing and renaming leaves its
      // copy behind, and the retry must not trip over it (housekeeping removes such leftovers).
      const tmp = path.join(options.outboxDir, `.${name}.${randomUUID()}.tmp`);
      await writePrivateFile(tmp, info.message as Buffer);
      await fs.rename(tmp, path.join(options.outboxDir, name));
    },
    close: () => transport.close(),
  };
}
