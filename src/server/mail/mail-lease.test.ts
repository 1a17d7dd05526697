// A mail is sent once even when an SMTP server stalls: the mailer gives up well inside the
// queue's lease, and only the holder of a message's lease may write its outcome.
import net from 'node:net';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from '../../../tests/support/harness.js';
import { claimMail, dueMails, mailRows, enqueueMails, markMailFailed, markMailSent } from '../storage/mail-queue.js';
import { createMailer, smtpTimeouts } from './mailer.js';

describe('the SMTP timeouts', () => {
  it('stay well inside the lease, and at most the usual limits', () => {
    expect(smtpTimeouts(5 * 60_000)).toEqual({
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    const short = smtpTimeouts(1000);
    expect(short.connectionTimeout + short.greetingTimeout + short.socketTimeout).toBeLessThan(1000);
  });

  it('give up on a server that accepts the connection and never speaks, before the lease runs out', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const leaseMs = 1500;
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'shop@shop.example',
      outboxDir: os.tmpdir(),
      leaseMs,
    });
    const started = Date.now();
    try {
      await expect(
        mailer.send({ to: 'ada@example.com', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' }),
      ).rejects.toThrow(/Greeting never received/);
      expect(Date.now() - started).toBeLessThan(leaseMs);
    } finally {
      mailer.close();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

describe.each(backends())('the mail lease on %s', (backend) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('lets only the holder of the lease write the outcome: a sender whose lease ran out writes nothing', async () => {
    // The app's own worker polls once an hour here and is never kicked: this test plays two processes.
    t = await startTestApp(backend, { MAIL_POLL_MS: '3600000' });
    const db = t.app.db;
    const order = await db.selectFrom('orders').select('id').executeTakeFirst();
    expect(order).toBeUndefined();
    // A mail row needs an order: the smallest one the schema takes.
    await db
      .insertInto('orders')
      .values({
        id: '00000000-0000-4000-8000-0000000000aa',
        reference: 'LEAS-E001',
        created_at: new Date().toISOString(),
        status: 'new',
        customer_name: 'Ada',
        customer_email: 'ada@example.com',
        company_name: '',
        is_resale_partner: 0,
        include_poly_bags: 0,
        has_critical_deadline: 0,
        deadline_date: null,
        layout_count: 1,
        attachment_count: 0,
        total_bytes: 0,
        document: '{"layouts":{}}',
        search_text: '',
      })
      .execute();
    const [row] = mailRows('00000000-0000-4000-8000-0000000000aa', [
      { kind: 'shop', to: 'shop@shop.example', subject: 'New order', text: 'text', html: '<p>html</p>' },
    ]);
    await enqueueMails(db, [row!]);

    // Process A claims it for 50 ms, and stalls past its lease.
    const [dueForA] = await dueMails(db, new Date(), 10);
    const leaseA = await claimMail(db, dueForA!, 50);
    expect(leaseA).not.toBeNull();
    expect(await claimMail(db, dueForA!, 50)).toBeNull(); // nobody else wins it meanwhile
    await new Promise((resolve) => setTimeout(resolve, 80));

    // Process B finds it due again, claims it and sends it.
    const [dueForB] = await dueMails(db, new Date(), 10);
    const leaseB = await claimMail(db, dueForB!, 60_000);
    expect(leaseB).not.toBeNull();
    expect(await markMailSent(db, leaseB!)).toBe(true);

    // A's late outcome, a failure or a success, is not written over B's.
    expect(await markMailFailed(db, leaseA!, { status: 'pending', nextAttemptAt: new Date(), error: 'timeout' })).toBe(
      false,
    );
    expect(await markMailSent(db, leaseA!)).toBe(false);
    const stored = await db.selectFrom('mail_queue').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(await dueMails(db, new Date(Date.now() + 3_600_000), 10)).toEqual([]);
  });
});
