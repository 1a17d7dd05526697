// The real server, as `npm start` runs it, on a fresh data folder for the browser tests.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';

const dataDir = process.env.E2E_DATA_DIR;
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const env = {
  ...process.env,
  PORT: process.env.E2E_PORT,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  PUBLIC_API_KEY: 'e2e-public-key',
  DESIGN_STUDIO_URL: 'https://studio.example.com/',
  LOG_LEVEL: 'warn',
  // The journeys fill the form faster than a person; the bot check has server tests of its own,
  // and a journey of its own that asks for a longer wait (too-fast.spec.ts).
  MIN_FILL_SECONDS: process.env.MIN_FILL_SECONDS ?? '0.2',
  // Every journey of the shared server comes from 127.0.0.1 within minutes: more than the default
  // per-address limits allow a real person (120 pages, 30 orders, 60 order-link and 120 My orders
  // requests). The limits have server tests of their own (src/server/http, quotes, portal), so the
  // journeys do not run into them as the suite grows.
  FORM_TOKEN_RATE_LIMIT: '2000',
  SUBMIT_RATE_LIMIT: '1000',
  ORDER_LINK_RATE_LIMIT: '2000',
  PORTAL_RATE_LIMIT: '2000',
  // Small enough that the browser test of the early size check can exceed it.
  MAX_FILE_BYTES: String(20 * 1024 * 1024),
  MAIL_POLL_MS: '500',
  // Printed on quotes (tests/e2e/quotes.spec.ts).
  GST_HST_NUMBER: '123456782 RT0001',
  QST_NUMBER: '1234567890 TQ0001',
  // BC's PST, for the quote taxed line by line and bought for resale (tests/e2e/quotes.spec.ts).
  PST_PROVINCES: 'BC',
  // Printed on invoices and receipts (tests/e2e/payments.spec.ts).
  SHOP_LEGAL_NAME: 'Maple Print Works Inc.',
};
// Staff accounts for the inbox journeys, made the way the README says: the clerk of the
// English journeys (made first: an owner); one who switches the inbox to French (an owner too,
// to reach the French deletion dialog); one made with --lang fr (plain staff).
for (const args of [
  ['clerk@shop.example'],
  ['clerc@shop.example', '--role', 'owner'],
  ['commis@shop.example', '--lang', 'fr'],
]) {
  execFileSync(process.execPath, ['dist/server/cli/staff.js', 'add', ...args], {
    env: { ...env, STAFF_PASSWORD: 'e2e staff password 1' },
    stdio: 'inherit',
  });
}
const server = spawn(process.execPath, ['dist/server/main.js'], { env, stdio: 'inherit' });
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => process.exit(code ?? 0));
