// The command-line tools of src/server/cli run as `npm run <tool>` runs them: the built script
// in dist/server/cli (a test file awaits builtServer() first, so that it is not stale), in a
// child process, with stdin not a terminal.
import { spawn } from 'node:child_process';
import path from 'node:path';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliRunOptions {
  /** Added to the test run's own environment (NODE_OPTIONS among it: scripts/node24.sh needs it). */
  env?: Record<string, string>;
  /** What stdin holds; it ends after it. */
  input?: string;
  cwd?: string;
}

/** Runs `npm run <tool> -- ...args`, logging silenced, and resolves with its exit code and output. */
export function runCli(
  tool: 'files' | 'orders' | 'prices' | 'staff',
  args: readonly string[],
  { env = {}, input = '', cwd }: CliRunOptions = {},
): Promise<CliRun> {
  const script = path.resolve(import.meta.dirname, `../../dist/server/cli/${tool}.js`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    // A tool that refuses its arguments exits without reading stdin: the pipe breaking is no fault.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}
