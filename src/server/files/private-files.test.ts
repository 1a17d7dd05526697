// Every file and folder the server creates is its user's alone, whatever the umask.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { authHeaders, multipartBody, sampleOrder, startTestApp } from '../../../tests/support/harness.js';

const mode = (p: string) => fs.statSync(p).mode & 0o777;

describe('files the server creates', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-modes-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('are 0600, and folders 0700: DATA_DIR, database, files, staging, outbox', async () => {
    // Wide open on purpose: the server must not rely on the umask or on an existing folder.
    fs.chmodSync(root, 0o755);
    const dataDir = path.join(root, 'data');
    const t = await startTestApp('sqlite', { DATA_DIR: dataDir });
    try {
      const order = sampleOrder();
      const { payload, contentType } = await multipartBody(order, [
        { name: 'art.txt', type: 'text/plain', data: 'artwork' },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/functions/v1/submit-order',
        headers: { ...authHeaders, 'content-type': contentType },
        payload,
      });
      expect(res.statusCode).toBe(201);
      const { orderId } = res.json<{ orderId: string }>();
      const outbox = path.join(dataDir, 'outbox');
      for (let i = 0; i < 100 && !(fs.existsSync(outbox) && fs.readdirSync(outbox).length >= 1); i++) {
        await t.app.mailWorker.kick();
        await new Promise((r) => setTimeout(r, 50));
      }
      const dirs = [
        dataDir,
        path.join(dataDir, 'files'),
        path.join(dataDir, 'tmp'),
        path.join(dataDir, 'files', orderId),
        outbox,
      ];
      const files = [
        ...['orders.sqlite', 'orders.sqlite-wal', 'orders.sqlite-shm'].map((f) => path.join(dataDir, f)),
        ...fs.readdirSync(path.join(dataDir, 'files', orderId)).map((f) => path.join(dataDir, 'files', orderId, f)),
        ...fs.readdirSync(outbox).map((f) => path.join(outbox, f)),
      ];
      expect(fs.readdirSync(outbox).length).toBeGreaterThanOrEqual(1);
      expect(Object.fromEntries(dirs.map((d) => [d, mode(d).toString(8)]))).toEqual(
        Object.fromEntries(dirs.map((d) => [d, '700'])),
      );
      expect(Object.fromEntries(files.map((f) => [f, mode(f).toString(8)]))).toEqual(
        Object.fromEntries(files.map((f) => [f, '600'])),
      );
    } finally {
      await t.close();
    }
  });

  it('stages uploads in a private folder', async () => {
    const dataDir = path.join(root, 'staging');
    const { LocalFileStore } = await import('./file-store.js');
    const store = new LocalFileStore(dataDir);
    await store.init();
    const staging = store.newStaging({ maxFileBytes: 1e9, maxOrderBytes: 1e9, maxFiles: 10 });
    const f = await staging.writeBuffer(Buffer.from('x'), 'x.txt', 'text/plain');
    expect(mode(staging.dir).toString(8)).toBe('700');
    expect(mode(f.tmpPath).toString(8)).toBe('600');
    await staging.discard();
  });
});
