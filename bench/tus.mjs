// Resumable uploads on the server, beside baselines from the same run:
// (1) durable ingest of one large tus upload (one PATCH) against a bare Node server that writes
//     the same bytes to a file on the same disk and flushes them (scripts/bare-servers.mjs);
// (2) many slow uploads at once (each throttled, as from a phone): the server's resident memory
//     sampled every second, which must stay flat while they run.
// Usage: npm run build && node bench/tus.mjs [sizeMB=1024] [uploads=100] [kbitPerSecond=1000] [seconds=30]
import fs from 'node:fs';
import { BARE_DISK, startBare } from '../scripts/bare-servers.mjs';
import { startBuiltServer } from '../scripts/built-server.mjs';
import { createUpload as create, patchAll as patch, pump, request } from '../scripts/tus-client.mjs';

const [sizeMb = 1024, slowCount = 100, kbps = 1000, seconds = 30] = process.argv.slice(2).map(Number);
const KEY = 'bench-public-key';
const createUpload = (port, size) => create(port, size, KEY);
const patchAll = (port, upload, size, bytesPerSecond = 0) => patch(port, upload, size, KEY, bytesPerSecond);

const rssMb = (pid, field = 'VmRSS') => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

const server = () =>
  startBuiltServer({
    PUBLIC_API_KEY: KEY,
    MAX_FILE_BYTES: String(64 * 1024 ** 3),
    UPLOAD_RATE_LIMIT: '100000',
    UPLOAD_BUDGET_BYTES_PER_DAY: String(1024 ** 4),
    UPLOAD_BUDGET_DISK_PERCENT: '100',
    MIN_FREE_DISK_BYTES: '0',
  });

// (1) One large upload: tus against the bare write-and-flush server.
const size = sizeMb * 1024 * 1024;
const disk = await startBare(BARE_DISK);
let diskSeconds;
try {
  const started = process.hrtime.bigint();
  const res = await request(disk.port, 'POST', '/', { 'content-length': String(size) }, (req) => pump(req, size));
  if (res.status !== 201) throw new Error(`bare: ${res.status}`);
  diskSeconds = Number(process.hrtime.bigint() - started) / 1e9;
} finally {
  disk.child.kill('SIGKILL');
  fs.rmSync(disk.dataDir, { recursive: true, force: true });
}
const real = await server();
let tusSeconds, tusPeak;
try {
  const path = await createUpload(real.port, size);
  const started = process.hrtime.bigint();
  await patchAll(real.port, path, size);
  tusSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  tusPeak = rssMb(real.child.pid, 'VmHWM');
} finally {
  real.child.kill('SIGKILL');
  fs.rmSync(real.dataDir, { recursive: true, force: true });
}
const mbps = (s) => sizeMb / s;
console.table([
  {
    upload: `${sizeMb} MB, one PATCH`,
    'write-and-flush server MB/s': mbps(diskSeconds).toFixed(0),
    'tus MB/s': mbps(tusSeconds).toFixed(0),
    ratio: (diskSeconds / tusSeconds).toFixed(2),
    'tus server peak RSS MB': tusPeak.toFixed(0),
  },
]);

// (2) Many slow uploads at once.
const slow = await server();
try {
  const bytesPerSecond = (kbps * 1000) / 8;
  const each = Math.floor(bytesPerSecond * seconds);
  const paths = [];
  for (let i = 0; i < slowCount; i++) paths.push(await createUpload(slow.port, each));
  const before = rssMb(slow.child.pid);
  const samples = [];
  const timer = setInterval(() => samples.push(rssMb(slow.child.pid)), 1000);
  const started = Date.now();
  const results = await Promise.allSettled(paths.map((p) => patchAll(slow.port, p, each, bytesPerSecond)));
  clearInterval(timer);
  const failed = results.filter((r) => r.status === 'rejected');
  const half = samples.slice(Math.floor(samples.length / 2));
  console.table([
    {
      uploads: `${slowCount} × ${(each / 1024 / 1024).toFixed(1)} MB at ${kbps} kbit/s`,
      'took s': ((Date.now() - started) / 1000).toFixed(1),
      failed: failed.length,
      'RSS before MB': before.toFixed(0),
      'RSS max MB': Math.max(...samples).toFixed(0),
      'RSS first half max MB': Math.max(...samples.slice(0, Math.ceil(samples.length / 2))).toFixed(0),
      'RSS second half max MB': Math.max(...half).toFixed(0),
      'RSS at end MB': rssMb(slow.child.pid).toFixed(0),
    },
  ]);
  if (failed.length) console.log(String(failed[0].reason));
} finally {
  slow.child.kill('SIGKILL');
  fs.rmSync(slow.dataDir, { recursive: true, force: true });
}
