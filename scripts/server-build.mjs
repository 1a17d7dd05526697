// Whether dist/server is current, and building it when it is not: the command-line tools
// (scripts/cli.mjs, behind `npm run staff|orders|files|prices|backup|restore`) and the tests that
// run the server as `npm start` does (tests/support/built-server.ts) both call this, so neither
// ever runs a build older than the sources. Parallel callers share a lock folder: one builds while
// the others wait, then find the build fresh.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const MAIN = path.join(root, 'dist/server/main.js');
const LOCK = path.join(root, 'dist/.server-build-lock');
const SOURCES = ['src/server', 'src/shared'].map((dir) => path.join(root, dir));
const LOCK_STALE_MS = 5 * 60_000;

function newestSource() {
  let newest = 0;
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (/\.(ts|json)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        newest = Math.max(newest, fs.statSync(p).mtimeMs);
      }
    }
  };
  for (const dir of SOURCES) walk(dir);
  for (const file of ['tsconfig.json', 'tsconfig.server.json']) {
    newest = Math.max(newest, fs.statSync(path.join(root, file)).mtimeMs);
  }
  return newest;
}

/** Whether dist/server is there and newer than every server and shared source. */
export function serverBuildIsFresh() {
  return fs.existsSync(MAIN) && fs.statSync(MAIN).mtimeMs >= newestSource();
}

/**
 * @template T
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
async function withLock(work) {
  fs.mkdirSync(path.dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
      // A build that died leaves its lock: take it over once it is older than any build takes.
      const age = Date.now() - (fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_STALE_MS) fs.rmSync(LOCK, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}

/**
 * Compiles the server (tsc, the server half of `npm run build`) when dist/server is missing or
 * stale; resolves once dist/server/main.js is current, with whether it built. Throws with tsc's
 * output when the build fails.
 * @returns {Promise<boolean>}
 */
export async function buildServerIfStale() {
  if (serverBuildIsFresh()) return false;
  return withLock(async () => {
    if (serverBuildIsFresh()) return false; // another caller built it while this one waited
    const started = Date.now();
    const startedMtime = newestSource();
    try {
      await run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.server.json'], {
        cwd: root,
        maxBuffer: 16 * 1024 * 1024,
      });
    } catch (error) {
      const { stdout = '', stderr = '' } = /** @type {{ stdout?: string, stderr?: string }} */ (error);
      throw new Error(`the server does not build (tsc -p tsconfig.server.json):\n${stdout}${stderr}`);
    }
    // tsc leaves unchanged outputs alone on some versions: mark the build as of the sources it saw.
    const at = new Date(Math.max(startedMtime, started));
    fs.utimesSync(MAIN, at, at);
    return true;
  });
}
