// Load test: many customers submitting real multipart orders with files at once,
// against the real server; then a burst of retries with the same idempotency keys.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { startBuiltServer } from './built-server.mjs';
import path from 'node:path';
import autocannon from 'autocannon';
import { Sqlite as Database } from '../dist/server/storage/sqlite-driver.js';

const KEY = 'load-test-public-key';

export async function runLoad({ connections = 50, seconds = 30, fileBytes = 256 * 1024 } = {}) {
  const {
    child: server,
    port,
    dataDir,
  } = await startBuiltServer(
    {
      PUBLIC_API_KEY: KEY,
      LOG_LEVEL: 'fatal',
      SUBMIT_RATE_LIMIT: '100000000',
      MAIL_POLL_MS: '1000',
      // autocannon can stop with a request's body half-sent and its socket left open; the
      // retry of that key waits for the request holding it, which the server cuts once no
      // byte has come for this window (60 s by default: the test's whole time limit).
      UPLOAD_RATE_WINDOW_SECONDS: '5',
    },
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  try {
    const order = {
      layouts: {
        1: {
          mockupOption: 'upload',
          garmentOption: 'pick',
          files: [{ name: 'Layout_1_Mockup_1.png', type: 'image/png', role: 'mockup' }],
          mockupImages: ['Layout_1_Mockup_1.png'],
          viewData: { Front: { image: 'Layout_1_Front.png', dimensions: '10" wide', decoration: 'dtf' } },
          billing: {
            firstName: 'Load',
            lastName: 'Test',
            address: '1 Main St',
            city: 'Halifax',
            province: 'NS',
            postalCode: 'B3H 1A1',
            phone: '902-555-0100',
            email: 'load@example.com',
          },
        },
      },
      isResalePartner: false,
      includePolyBags: false,
    };
    const form = new FormData();
    form.append('order', JSON.stringify(order));
    form.append('files', new Blob([randomBytes(fileBytes)], { type: 'image/png' }), 'Layout_1_Mockup_1.png');
    form.append('files', new Blob([randomBytes(fileBytes / 2)], { type: 'image/png' }), 'Layout_1_Front.png');
    const response = new Response(form);
    const body = Buffer.from(await response.arrayBuffer());
    const contentType = response.headers.get('content-type');

    const keys = [];
    const statuses = new Map();
    const result = await autocannon({
      url: `http://127.0.0.1:${port}/functions/v1/submit-order`,
      method: 'POST',
      connections,
      duration: seconds,
      timeout: 60,
      headers: { apikey: KEY, 'content-type': contentType },
      body,
      requests: [
        {
          setupRequest: (req) => {
            const key = randomUUID();
            keys.push(key);
            return { ...req, headers: { ...req.headers, 'idempotency-key': key } };
          },
          onResponse: (status) => statuses.set(status, (statuses.get(status) ?? 0) + 1),
        },
      ],
    });

    const db = new Database(path.join(dataDir, 'orders.sqlite'), { readonly: true });
    const countOrders = () => db.prepare('select count(*) as n from orders').get().n;
    // Requests whose whole body was sent before the run stopped are still being committed.
    let storedBeforeRetries = countOrders();
    for (let settled = 0; settled < 3;) {
      await new Promise((r) => setTimeout(r, 200));
      const now = countOrders();
      settled = now === storedBeforeRetries ? settled + 1 : 0;
      storedBeforeRetries = now;
    }

    // Every request again with its key, as retries after lost answers: the ones that were
    // stored are replayed, the ones cut off when the run ended are stored now, once.
    const replayed = { same: 0, created: 0, other: 0 };
    const queue = [...keys];
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let key = queue.pop(); key; key = queue.pop()) {
          const res = await fetch(`http://127.0.0.1:${port}/functions/v1/submit-order`, {
            method: 'POST',
            headers: { apikey: KEY, 'content-type': contentType, 'idempotency-key': key },
            body,
          });
          await res.arrayBuffer();
          replayed[
            res.status !== 201 ? 'other' : res.headers.get('idempotent-replayed') === 'true' ? 'same' : 'created'
          ]++;
        }
      }),
    );

    const stored = countOrders();
    const attachments = db.prepare('select count(*) as n from attachments').get().n;
    db.close();
    const ok = statuses.get(201) ?? 0;
    return {
      connections,
      seconds,
      requests: result.requests.total,
      created: ok,
      errors:
        result.errors +
        result.timeouts +
        [...statuses.entries()].filter(([s]) => s !== 201).reduce((n, [, c]) => n + c, 0),
      cutOffAtEnd: keys.length - ok,
      storedBeforeRetries,
      keys: keys.length,
      stored,
      attachments,
      retriesReplayed: replayed.same,
      retriesStoredNow: replayed.created,
      retryErrors: replayed.other,
      ordersPerSecond: +(ok / seconds).toFixed(1),
      latencyP50: result.latency.p50,
      latencyP99: result.latency.p99,
      uploadMBPerSecond: +((ok * body.length) / seconds / 1024 / 1024).toFixed(1),
    };
  } finally {
    server.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
