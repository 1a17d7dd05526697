// Time limits per route, over real sockets: short everywhere, long only for an upload that keeps moving.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { authHeaders, multipartBody, sampleOrder, startTestApp, type TestApp } from '../../../tests/support/harness.js';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

async function listening(env: Record<string, string>) {
  const t = await startTestApp('sqlite', { IDLE_TIMEOUT_MS: '60000', ...env });
  apps.push(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, port: (t.app.server.address() as net.AddressInfo).port };
}

/** Resolves with what the server wrote and how long the socket stayed open. */
function watch(socket: net.Socket, ms: number) {
  return new Promise<{ answer: string; openMs: number }>((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const timer = setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms);
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, openMs: Date.now() - started });
    });
  });
}

describe('timeouts per route', () => {
  it('cuts a sign-in whose body never finishes after ROUTE_TIMEOUT_MS, with a 408', async () => {
    const { port } = await listening({ ROUTE_TIMEOUT_MS: '1000' });
    const socket = net.connect(port, '127.0.0.1');
    const closed = watch(socket, 8_000);
    socket.write(
      'POST /api/session HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"em',
    );
    const { answer, openMs } = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('request_timeout');
    expect(openMs).toBeGreaterThanOrEqual(900);
  });

  it('lets an upload that keeps moving run past ROUTE_TIMEOUT_MS', async () => {
    const { port } = await listening({
      ROUTE_TIMEOUT_MS: '1000',
      MIN_UPLOAD_BYTES_PER_SECOND: '1000',
      UPLOAD_RATE_WINDOW_SECONDS: '1',
    });
    const { payload, contentType } = await multipartBody(sampleOrder(), [
      { name: 'big.bin', type: 'application/octet-stream', data: Buffer.alloc(60_000, 1) },
    ]);
    const socket = net.connect(port, '127.0.0.1');
    const closed = watch(socket, 15_000);
    socket.write(
      `POST /functions/v1/submit-order HTTP/1.1\r\nHost: x\r\nconnection: close\r\napikey: ${authHeaders.apikey}\r\ncontent-type: ${contentType}\r\ncontent-length: ${payload.length}\r\n\r\n`,
    );
    // About 20 kB a second for 3 seconds: well above the minimum rate, well past the route timeout.
    const chunk = Math.ceil(payload.length / 12);
    for (let i = 0; i < payload.length; i += chunk) {
      socket.write(payload.subarray(i, i + chunk));
      await new Promise((r) => setTimeout(r, 250));
    }
    const { answer, openMs } = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 201/);
    expect(openMs).toBeGreaterThan(2_500);
  });

  it('cuts an upload that falls below MIN_UPLOAD_BYTES_PER_SECOND', async () => {
    const { t, port } = await listening({
      MIN_UPLOAD_BYTES_PER_SECOND: '1000',
      UPLOAD_RATE_WINDOW_SECONDS: '1',
    });
    const { payload, contentType } = await multipartBody(sampleOrder(), [
      { name: 'big.bin', type: 'application/octet-stream', data: Buffer.alloc(60_000, 1) },
    ]);
    const socket = net.connect(port, '127.0.0.1');
    const closed = watch(socket, 8_000);
    socket.write(
      `POST /functions/v1/submit-order HTTP/1.1\r\nHost: x\r\napikey: ${authHeaders.apikey}\r\ncontent-type: ${contentType}\r\ncontent-length: ${payload.length}\r\n\r\n`,
    );
    socket.write(payload.subarray(0, 2000));
    // Then a trickle: 100 bytes every 300 ms, under the minimum; the idle timeout never fires.
    const trickle = setInterval(() => socket.write(payload.subarray(2000, 2100)), 300);
    try {
      const { openMs } = await closed;
      expect(openMs).toBeLessThan(4_000);
    } finally {
      clearInterval(trickle);
    }
    expect((await t.app.db.selectFrom('orders').select('id').execute()).length).toBe(0);
  });
});
