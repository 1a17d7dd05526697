// The long crash test: many SIGKILLs of the real server under concurrent clients.
// Usage: npm run build && node bench/crash.mjs [kills] [clients]
//        TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/crash.mjs 50
import { runCrashTest } from '../scripts/crash-harness.mjs';

const kills = Number(process.argv[2] ?? 50);
const clients = Number(process.argv[3] ?? 8);
const targets = [['sqlite', '']];
if (process.env.TEST_DATABASE_URL) targets.push(['postgres', process.env.TEST_DATABASE_URL]);
else console.log('PostgreSQL run skipped: set TEST_DATABASE_URL to include it.');
const rows = [];
for (const [name, url] of targets) {
  const started = Date.now();
  const s = await runCrashTest({
    kills,
    clients,
    postgresAdminUrl: url,
    log: (m) => process.stdout.write(`\r${name}: ${m}      `),
  });
  process.stdout.write('\n');
  rows.push({
    database: name,
    kills: s.kills,
    'orders acknowledged': s.acknowledged,
    'first try interrupted': s.interrupted,
    'orders lost': s.lost,
    'partial orders': s.partial,
    duplicates: s.duplicates,
    'leftover files': s.leftoverTmp + s.orphanFolders,
    'emails sent / queued': `${s.mailsSent}/${s.mailsQueued}`,
    seconds: Math.round((Date.now() - started) / 1000),
  });
}
console.table(rows);
const bad = rows.some((r) => r['orders lost'] || r['partial orders'] || r.duplicates || r['leftover files']);
process.exit(bad ? 1 : 0);
