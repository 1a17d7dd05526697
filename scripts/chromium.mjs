// The Chromium every browser run here drives (the journeys, the dev smoke test, Lighthouse):
// Debian's, as scripts/ensure-chromium.mjs installs it, since Playwright's download cannot work
// here, started with one set of flags.
import { execSync } from 'node:child_process';

/** CHROMIUM_PATH, else Debian's chromium on the PATH, else '' (none installed). */
export function chromiumPath() {
  return (
    process.env.CHROMIUM_PATH ||
    execSync('command -v chromium || command -v chromium-browser || true', { shell: '/bin/sh', encoding: 'utf8' })
      .trim()
      .split('\n')[0]
  );
}

/** Headless, in a container (no sandbox, no GPU), and quiet: nothing fetched in the background. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
