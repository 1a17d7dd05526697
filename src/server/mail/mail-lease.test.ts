// A mail is sent once even when an SMTP server stalls: the mailer gives up well inside the
// queue's lease, and only the holder of a message's lease may write its outcome.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from '../../../scripts/built-server.mjs';
import { builtServer } from '../../../tests/support/built-server.js';
import {
  API_KEY,
  authHeaders,
  backends,
  freshPostgres,
  sampleOrder,
  startTestApp,
  type TestApp,
} from '../../../tests/support/harness.js';
import { sqlitePath } from '../storage/db.js';
import { claimMail, dueMails, mailRows, enqueueMails, markMailFailed, markMailSent } from '../storage/mail-queue.js';
import { createMailer, smtpTimeouts } from './mailer.js';
import { toJson } from '../storage/json.js';
import type { ValidOrderBody } from '../../shared/order-schema.js';

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
        document: toJson({ layouts: {} } as unknown as ValidOrderBody),
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

await builtServer();

/**
 * An SMTP server whose first delivery stalls: it reads the message, then says nothing for
 * `stallMs` before accepting it, as a server that hangs mid-transaction. A message counts as
 * delivered only if the sender is still connected to hear the "250 OK".
 */
function stallingSmtp(stallMs: number) {
  const delivered: string[] = [];
  const closed = new Set<string>();
  let sessions = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      sessions++;
      callback();
    },
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
      stream.on('end', () => {
        const accept = () => {
          if (closed.has(session.id)) return callback(new Error('the sender left'));
          delivered.push(/^Subject: (.*)$/m.exec(text)?.[1] ?? '?');
          callback();
        };
        if (sessions === 1) setTimeout(accept, stallMs);
        else accept();
      });
    },
  });
  return new Promise<{ server: SMTPServer; port: number; delivered: string[]; sessions: () => number }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        port: (server.server.address() as net.AddressInfo).port,
        delivered,
        sessions: () => sessions,
      }),
    ),
  );
}

/** The mail queue's rows, read straight from the processes' shared database. */
async function mailQueue(backend: string, dataDir: string, url: string | undefined) {
  if (backend === 'postgres') {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query('select status, attempts from mail_queue')).rows as {
        status: string;
        attempts: number;
      }[];
    } finally {
      await client.end();
    }
  }
  const db = new Database(sqlitePath(dataDir), { readonly: true });
  try {
    return db.prepare('select status, attempts from mail_queue').all() as { status: string; attempts: number }[];
  } finally {
    db.close();
  }
}

describe.each(backends())('two processes and a stalling SMTP server, on %s', (backend) => {
  const servers: BuiltServer[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) {
      s.child.kill('SIGTERM');
      await new Promise((resolve) => s.child.once('exit', resolve));
    }
    for (const clean of cleanups.splice(0)) await clean();
  });

  it('delivers the shop’s email once: the stalled sender gives up inside its lease and the other sends it', async () => {
    const leaseMs = 3000;
    // The first delivery hangs past the lease, then would be accepted if the sender were still there.
    const smtp = await stallingSmtp(leaseMs + 2000);
    cleanups.push(() => new Promise<void>((resolve) => smtp.server.close(() => resolve())));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-mail-lease-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const database = backend === 'postgres' ? await freshPostgres() : null;
    if (database) cleanups.push(database.drop);
    const env = {
      PUBLIC_API_KEY: API_KEY,
      ARTWORK_CHECKS: 'false',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_LEASE_MS: String(leaseMs),
      MAIL_POLL_MS: '200',
      MAIL_RETRY_BASE_MS: '500',
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    const quiet = { dataDir, stdio: ['ignore', 'ignore', 'ignore'] as ['ignore', 'ignore', 'ignore'] };
    servers.push(await startBuiltServer(env, quiet), await startBuiltServer(env, quiet));

    // An order without a form token: the shop's notification is its only email.
    const answer = await fetch(`${servers[0]!.url}/functions/v1/submit-order`, {
      method: 'POST',
      headers: { ...authHeaders, 'content-type': 'application/json' },
      body: JSON.stringify(sampleOrder()),
    });
    expect(answer.status).toBe(201);

    // Wait past the stall, so that a sender still waiting on the first delivery would be heard.
    const deadline = Date.now() + 20_000;
    let rows = await mailQueue(backend, dataDir, database?.url);
    while (Date.now() < deadline && !(rows.length === 1 && rows[0]!.status === 'sent' && smtp.sessions() >= 2)) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      rows = await mailQueue(backend, dataDir, database?.url);
    }
    await new Promise((resolve) => setTimeout(resolve, leaseMs + 2500));

    expect(smtp.sessions()).toBeGreaterThanOrEqual(2);
    expect(smtp.delivered).toHaveLength(1);
    expect(smtp.delivered[0]).toMatch(/order/i);
    rows = await mailQueue(backend, dataDir, database?.url);
    expect(rows).toEqual([{ status: 'sent', attempts: 2 }]);
  }, 60_000);
});
