// The long fault tests: PostgreSQL restarted and stopped under load (a private instance made
// with initdb, never the machine's shared server), and the disk filling mid-upload (tmpfs),
// with and without the free-space reserve. The server is never restarted.
// Usage: npm run build && node bench/faults.mjs [clients] [PostgreSQL restarts] [outage seconds]
import {
  privatePostgresUnavailable,
  runDiskFull,
  runPostgresFault,
  tmpfsUnavailable,
} from '../scripts/fault-harness.mjs';

const clients = Number(process.argv[2] ?? 8);
const restarts = Number(process.argv[3] ?? 5);
const outageMs = Number(process.argv[4] ?? 10) * 1000;
const MiB = 1024 * 1024;
const runs = [];
const noPostgres = privatePostgresUnavailable();
if (noPostgres) console.log(`PostgreSQL fault skipped: ${noPostgres}.`);
else runs.push(() => runPostgresFault({ clients, restarts, outageMs }));
const noTmpfs = tmpfsUnavailable();
if (noTmpfs) console.log(`Disk-full faults skipped: ${noTmpfs}.`);
else {
  runs.push(() => runDiskFull({ clients, outageMs, minFreeBytes: 0 }));
  runs.push(() => runDiskFull({ clients, outageMs, minFreeBytes: 16 * MiB, leaveBytes: 8 * MiB }));
}
const rows = [];
for (const run of runs) {
  const started = Date.now();
  const s = await run();
  rows.push({
    fault: s.fault,
    acknowledged: s.acknowledged,
    'lost / partial': `${s.lost} / ${s.partial}`,
    'leftover files': s.leftoverTmp + s.orphanFolders,
    '503 / 507 / dropped': `${s.refused503} / ${s.refused507} / ${s.dropped}`,
    'other answers': s.otherAnswers,
    'recovery (ms)': [s.recoveryMs].flat().join(', '),
    'health after': s.healthAfter,
    seconds: Math.round((Date.now() - started) / 1000),
  });
  if (s.otherAnswers) console.log('other answers:', JSON.stringify(s.otherBodies));
}
console.table(rows);
const bad = rows.some(
  (r) =>
    r['lost / partial'] !== '0 / 0' ||
    r['leftover files'] ||
    r['other answers'] ||
    r['health after'] !== 200 ||
    r['recovery (ms)'].split(', ').some((x) => x === ''),
);
console.log(bad ? 'FAILED' : 'OK');
process.exit(bad ? 1 : 0);
