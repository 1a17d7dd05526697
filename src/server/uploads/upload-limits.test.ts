// One address cannot fill the disk: a daily upload budget per address, counted in the
// database, and a free-space reserve checked before an upload is accepted and as it arrives.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  authHeaders,
  backends,
  multipartBody,
  sampleOrder,
  startTestApp,
  type TestApp,
} from '../../../tests/support/harness.js';

const MiB = 1024 * 1024;

async function orderWith(bytes: number) {
  const order = sampleOrder();
  return multipartBody(order, [{ name: 'art.psd', type: 'image/vnd.adobe.photoshop', data: Buffer.alloc(bytes, 7) }]);
}

async function submit(t: TestApp, bytes: number, remoteAddress: string) {
  const { payload, contentType } = await orderWith(bytes);
  return t.app.inject({
    method: 'POST',
    url: '/functions/v1/submit-order',
    headers: { ...authHeaders, 'content-type': contentType },
    payload,
    remoteAddress,
  });
}

const leftovers = (dataDir: string) => fs.readdirSync(path.join(dataDir, 'tmp'));

describe.each(backends())('upload limits on %s', (backend) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('refuses an address over its daily budget with 413 in English and French, and lets another in', async () => {
    t = await startTestApp(backend, { UPLOAD_BUDGET_BYTES_PER_DAY: String(3 * MiB), MIN_FREE_DISK_BYTES: '0' });
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const res = await submit(t, MiB, '10.9.0.1');
      answers.push(res);
      if (res.statusCode !== 201) break;
    }
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 413]);
    const refused = answers[2]!;
    const error = refused.json().error;
    expect(error.code).toBe('upload_budget_exceeded');
    expect(error.message).toMatch(/^This order would take your uploads past the daily limit of 3 MB per connection/);
    expect(error.message_fr).toMatch(/^Cette commande dépasserait la limite quotidienne d'envoi de 3 Mo par connexion/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A request's staging folder is removed just after its answer leaves (the 413 can come
    // before the last 201's folder is gone): nothing is left once that is done.
    await expect.poll(() => leftovers(t!.dataDir)).toEqual([]);
    expect((await submit(t, MiB, '10.9.0.2')).statusCode).toBe(201);
  });

  it('refuses an upload with 507 in English and French when the disk is below its reserve', async () => {
    t = await startTestApp(backend, { MIN_FREE_DISK_BYTES: String(2 ** 50) });
    const res = await submit(t, 64 * 1024, '10.9.1.1');
    expect(res.statusCode).toBe(507);
    const error = res.json().error;
    expect(error.code).toBe('insufficient_storage');
    expect(error.message).toMatch(/short of disk space.*Nothing was saved/);
    expect(error.message_fr).toMatch(/manque d'espace disque.*Rien n'a été enregistré/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(leftovers(t.dataDir)).toEqual([]);
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'low_disk' });
  });
});

/** A small real volume: tmpfs, when this runs as root and may mount. */
function mountTmpfs(size: string): string | null {
  if (process.getuid?.() !== 0) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-vol-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    fs.rmdirSync(dir);
    return null;
  }
}

function unmount(dir: string): void {
  execFileSync('umount', [dir]);
  fs.rmdirSync(dir);
}

const canMount = (() => {
  const dir = mountTmpfs('1m');
  if (!dir) {
    console.log('Small-volume tests skipped: they need root and a tmpfs mount.');
    return false;
  }
  unmount(dir);
  return true;
})();

describe.skipIf(!canMount)('on a small real volume (48 MiB tmpfs, a 3 GiB one scaled down 64 times)', () => {
  let volume = '';
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close().catch(() => {});
    t = undefined;
    if (volume) unmount(volume);
    volume = '';
  });

  it('stops one address sending orders back to back long before the volume is full; another still gets in', async () => {
    volume = mountTmpfs('48m')!;
    // The budget is 25% of the volume (12 MiB) by default; the reserve is 8 MiB.
    t = await startTestApp('sqlite', { DATA_DIR: path.join(volume, 'data'), MIN_FREE_DISK_BYTES: String(8 * MiB) });
    const order = Math.round(1.6 * MiB);
    let accepted = 0;
    let status = 201;
    for (let i = 0; i < 30 && status === 201; i++) {
      status = (await submit(t, order, '10.8.0.1')).statusCode;
      if (status === 201) accepted++;
    }
    expect(status).toBe(413);
    expect(accepted).toBeGreaterThanOrEqual(5);
    expect(accepted).toBeLessThanOrEqual(8);
    const free = fs.statfsSync(volume);
    expect(free.bavail * free.bsize).toBeGreaterThan(24 * MiB);
    expect((await submit(t, order, '10.8.0.2')).statusCode).toBe(201);
  });

  it('stops an upload of unknown size with 507 as the disk fills, keeps nothing of it, and recovers', async () => {
    volume = mountTmpfs('48m')!;
    const dataDir = path.join(volume, 'data');
    t = await startTestApp('sqlite', {
      DATA_DIR: dataDir,
      MIN_FREE_DISK_BYTES: String(8 * MiB),
      UPLOAD_BUDGET_DISK_PERCENT: '100',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // A 60 MiB order sent chunked (no Content-Length) onto a 48 MiB volume.
    const { payload, contentType } = await orderWith(60 * MiB);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < payload.length; i += MiB) controller.enqueue(new Uint8Array(payload.subarray(i, i + MiB)));
        controller.close();
      },
    });
    const res = await fetch(`${base}/functions/v1/submit-order`, {
      method: 'POST',
      headers: { ...authHeaders, 'content-type': contentType },
      body,
      duplex: 'half',
    } as RequestInit).catch((e: Error) => e);
    if (res instanceof Response) {
      expect(res.status).toBe(507);
      expect((await res.json()).error.code).toBe('insufficient_storage');
    }
    await expect.poll(() => leftovers(dataDir)).toEqual([]);
    const count = await t.app.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
    expect(fs.readdirSync(path.join(dataDir, 'files'))).toEqual([]);
    // The fault is over as soon as the failed upload is gone: the next order goes in.
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await submit(t, MiB, '10.8.1.2')).statusCode).toBe(201);
  });
});
