import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium.mjs';

// Debian's Chromium (scripts/ensure-chromium.mjs installs it); Playwright's download cannot work here.
const chromium = chromiumPath();

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3107);
export const E2E_DATA_DIR = path.resolve('test-results/e2e-data');

// Journeys that start a server of their own (startOwnServer, its own port and data folder) and
// never touch the shared one: they run beside the shared server's journeys, which run one at a
// time because they read one inbox and one outbox. production.spec.ts uses both, so it stays
// with the shared ones. E2E_WORKERS=1 runs everything one at a time again.
const OWN_SERVER_JOURNEYS = [
  'accounts',
  'closing-december',
  'estimate',
  'every-screen',
  'graphic-aspect',
  'screen-checks',
  'locations',
  'messages',
  'overview',
  'owner-brand',
  'owner-day',
  'pay-online',
  'prices',
  'purchasing',
  'reorder',
  'settings',
  'team-sizes',
  'team-sizes-portal',
  'team-sizes-phone-fr',
  'one-order-twenty',
  'one-number',
  'too-fast',
  'customer-change-order',
].map((name) => `${name}.spec.ts`);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium || undefined,
      args: [...CHROMIUM_ARGS],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: OWN_SERVER_JOURNEYS, workers: 1 },
    { name: 'chromium-own-server', use: { ...devices['Desktop Chrome'] }, testMatch: OWN_SERVER_JOURNEYS },
  ],
  webServer: {
    command: 'node tests/e2e/start-server.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    // Over a minute when the machine is shared by many runs (tests/e2e/helpers.ts, startOwnServer).
    timeout: 150_000,
    env: { E2E_PORT: String(E2E_PORT), E2E_DATA_DIR },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
