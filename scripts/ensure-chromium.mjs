// Browser tests drive Debian's Chromium (Playwright's own download cannot work here).
// Installs it with apt-get when it is missing and we may; otherwise says how.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const found = () => {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  try {
    return execSync('command -v chromium || command -v chromium-browser', { shell: '/bin/sh', encoding: 'utf8' })
      .trim()
      .split('\n')[0];
  } catch {
    return '';
  }
};

if (found()) process.exit(0);
const isRoot = process.getuid?.() === 0;
let hasApt = false;
try {
  execSync('command -v apt-get', { shell: '/bin/sh', stdio: 'ignore' });
  hasApt = true;
} catch {
  // No apt-get: say how to install below.
}
if (isRoot && hasApt) {
  console.log("Chromium is missing: installing Debian's chromium package for the browser tests…");
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
    shell: '/bin/sh',
  });
  if (found()) process.exit(0);
}
console.error(
  'The browser tests need Chromium. Install it (on Debian: sudo apt-get install chromium) ' +
    'or set CHROMIUM_PATH to a Chromium binary, then run npm test again.',
);
process.exit(1);
