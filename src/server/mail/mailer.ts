// Sends one message: nodemailer over SMTP when SMTP_URL is set, otherwise an .eml file in
// DATA_DIR/outbox (what a developer or a first install sees without a mail server).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createMailer(options: { smtpUrl: string; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl, { from: options.from });
    return {
      send: async (mail) => {
        await transport.sendMail({ from: options.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      const tmp = path.join(options.outboxDir, `.${name}`);
      await fs.writeFile(tmp, info.message as Buffer);
      await fs.rename(tmp, path.join(options.outboxDir, name));
    },
    close: () => transport.close(),
  };
}
