// The harness tests (crash, faults, load, two processes) run the server as `npm start` does, from
// dist/server. So that `npm run test:unit` right after an edit tests the edit and not a stale
// build, each of them first calls builtServer(): it compiles the server (tsc, the server half of
// `npm run build`) when dist/server is missing or older than any source it is built from.
// Test files run in parallel workers: a lock folder lets one of them build while the others wait.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const MAIN = path.join(root, 'dist/server/main.js');
const LOCK = path.join(root, 'dist/.server-build-lock');
const SOURCES = ['src/server', 'src/shared'].map((dir) => path.join(root, dir));
const LOCK_STALE_MS = 5 * 60_000;

function newestSource(): number {
  let newest = 0;
  const walk = (dir: string) => {
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
export function serverBuildIsFresh(): boolean {
  return fs.existsSync(MAIN) && fs.statSync(MAIN).mtimeMs >= newestSource();
}

async function withLock<T>(work: () => Promise<T>): Promise<T> {
  fs.mkdirSync(path.dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
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
 * Compiles the server when dist/server is missing or stale; resolves when dist/server/main.js is
 * current. Throws with tsc's output when the build fails (a test of a build that fails must fail).
 */
export async function builtServer(): Promise<void> {
  if (serverBuildIsFresh()) return;
  await withLock(async () => {
    if (serverBuildIsFresh()) return; // another worker built it while this one waited
    const started = Date.now();
    const startedMtime = newestSource();
    try {
      await run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.server.json'], {
        cwd: root,
        maxBuffer: 16 * 1024 * 1024,
      });
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      throw new Error(`the server does not build (tsc -p tsconfig.server.json):\n${stdout}${stderr}`);
    }
    // tsc leaves unchanged outputs alone on some versions: mark the build as of the sources it saw.
    const at = new Date(Math.max(startedMtime, started));
    fs.utimesSync(MAIN, at, at);
    console.log(`Built dist/server for the harness tests in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  });
}
