// A client that goes away while its order waits for an idempotency key must not hold the key:
// the next retry of that key is answered, over real sockets.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  authHeaders,
  multipartBody,
  sampleOrder,
  startTestApp,
  type TestApp,
  until,
} from '../../../tests/support/harness.js';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

/** Resolves with what the server wrote once the socket closes; rejects if it stays open for `ms`. */
function answerOf(socket: net.Socket, ms: number) {
  return new Promise<string>((resolve, reject) => {
    let answer = '';
    const timer = setTimeout(() => reject(new Error(`no answer after ${ms} ms`)), ms);
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(answer);
    });
  });
}

describe('a client that goes away', () => {
  it('while its order waits for the key: the key is freed and the next retry is saved', async () => {
    const t = await startTestApp('sqlite');
    apps.push(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as net.AddressInfo).port;
    const { payload, contentType } = await multipartBody(sampleOrder(), [
      { name: 'art.png', type: 'image/png', data: Buffer.alloc(200_000, 1) },
    ]);
    const key = 'gone-while-waiting-0001';
    const head =
      `POST /functions/v1/submit-order HTTP/1.1\r\nHost: x\r\nconnection: close\r\napikey: ${authHeaders.apikey}\r\n` +
      `idempotency-key: ${key}\r\ncontent-type: ${contentType}\r\ncontent-length: ${payload.length}\r\n\r\n`;
    const open = (bytes: number) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => {});
      socket.write(head);
      socket.write(payload.subarray(0, bytes));
      return socket;
    };

    // A holds the key, half sent; B, the same key, waits for it.
    const a = open(100_000);
    // (Stored scoped to its caller, orders/idempotency.ts: the only pending key here is A's.)
    await until(() =>
      t.app.db.selectFrom('idempotency_keys').selectAll().where('state', '=', 'pending').executeTakeFirst(),
    );
    const b = open(1_000);
    await new Promise((r) => setTimeout(r, 1_000));
    // B's customer leaves while B waits; then A's leaves too, which frees the key for B, whose
    // body can no longer come.
    b.destroy();
    await new Promise((r) => setTimeout(r, 100));
    a.destroy();
    // B polls for the key every 200 ms: let it take the key before the retry comes, or the
    // retry could take it first and pass whatever B does.
    await new Promise((r) => setTimeout(r, 1_000));

    // The customer's retry: saved, not left waiting behind B.
    const c = net.connect(port, '127.0.0.1');
    const answer = answerOf(c, 15_000);
    c.write(head);
    c.write(payload);
    expect(await answer).toMatch(/^HTTP\/1\.1 201/);
    expect(await t.app.db.selectFrom('orders').select('id').execute()).toHaveLength(1);
  }, 30_000);
});
