// Types for built-server.mjs, so the tests that start the built server are type-checked.
import type { ChildProcess, StdioOptions } from 'node:child_process';

export interface BuiltServer {
  child: ChildProcess;
  port: number;
  url: string;
  dataDir: string;
}

export function startBuiltServer(
  env?: Record<string, string>,
  options?: { stdio?: StdioOptions; dataDir?: string; waitMs?: number; port?: number; nodeArgs?: string[] },
): Promise<BuiltServer>;
