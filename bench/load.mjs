// Load: 50 customers submitting real orders with files for 30 s, then retries.
// Usage: npm run build && node bench/load.mjs [connections] [seconds]
import { runLoad } from '../scripts/load-harness.mjs';

const stats = await runLoad({ connections: Number(process.argv[2] ?? 50), seconds: Number(process.argv[3] ?? 30) });
console.table([stats]);
const ok =
  stats.errors === 0 &&
  stats.retryErrors === 0 &&
  stats.stored === stats.keys &&
  stats.retriesReplayed === stats.storedBeforeRetries;
console.log(
  ok
    ? `OK: zero errors; every key stored exactly once (retries replayed the ${stats.retriesReplayed} stored orders and stored the ${stats.retriesStoredNow} cut off when the run stopped).`
    : 'FAILED',
);
process.exit(ok ? 0 : 1);
