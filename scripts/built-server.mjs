// The built server (`dist/server/main.js`, as `npm start` runs it) on a free port and a fresh
// data folder, for benchmarks and harnesses: resolves once /healthz answers.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';

/**
 * @param {Record<string, string>} env settings on top of the defaults (SQLite, warnings only)
 * @param {{ stdio?: import('node:child_process').StdioOptions, dataDir?: string, waitMs?: number, port?: number, nodeArgs?: string[] }} [options]
 *   `port`: a fixed one (a bench told which by BENCH_PORT) instead of a free one; `nodeArgs`: before the script (a bench's --import)
 */
export async function startBuiltServer(env = {}, options = {}) {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'aof-server-'));
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), 'dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: options.stdio ?? ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.waitMs ?? 20_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, port, url, dataDir };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}
