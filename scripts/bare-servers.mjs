// Baselines for the ingest benchmarks: bare Node servers that take an upload's body and do
// nothing else with it (BARE: drain it) or only what durability needs (BARE_DISK: write it to a
// file and flush it), run as child processes so each has its own memory figures.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const BARE = `
  const http = require('node:http');
  http.createServer((req, res) => {
    req.on('data', () => {});
    req.on('end', () => { res.statusCode = 201; res.end('{}'); });
  }).listen(0, '127.0.0.1', function () { process.send(this.address().port); });
`;

// A second baseline: the same body written to a file and flushed (fdatasync every 64 MiB,
// fsync at the end), i.e. what this machine's disk allows a durable upload at all.
export const BARE_DISK = `
  const http = require('node:http'); const fs = require('node:fs/promises'); const path = require('node:path');
  http.createServer(async (req, res) => {
    const fh = await fs.open(path.join(process.env.DIR, 'upload'), 'w');
    let pending = Promise.resolve(), flushing = Promise.resolve(), batch = [], bytes = 0, unflushed = 0;
    for await (const c of req) {
      batch.push(c); bytes += c.length;
      if (bytes >= 1 << 20) {
        await pending; const buf = Buffer.concat(batch); pending = fh.write(buf, 0, buf.length); batch = []; unflushed += bytes; bytes = 0;
        if (unflushed >= 64 << 20) { await flushing; flushing = pending.then(() => fh.datasync()); unflushed = 0; }
      }
    }
    await pending; await flushing; if (batch.length) await fh.write(Buffer.concat(batch)); await fh.sync(); await fh.close();
    res.statusCode = 201; res.end('{}');
  }).listen(0, '127.0.0.1', function () { process.send(this.address().port); });
`;

export function startBare(script = BARE) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-bench-'));
  const child = spawn(process.execPath, ['-e', script], {
    env: { ...process.env, DIR: dataDir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve) => child.once('message', (port) => resolve({ child, port, dataDir })));
}
