// npm test's own S3 server. When no TEST_S3_ENDPOINT is given (`.ci/run` gives one) and Ceph's
// RADOS Gateway is installed, one is started for this run with scripts/s3-server.sh, on ports of
// its own, and stopped after it. Without Ceph, nothing is installed: the S3 tests skip with a
// printed line (tests/support/s3.ts). TEST_S3=off skips them whatever is installed.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPT = path.resolve('scripts/s3-server.sh');

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_S3_ENDPOINT || process.env.TEST_S3 === 'off') return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-test-s3-'));
  const env = {
    ...process.env,
    S3_INSTALL: '0',
    S3_PORT: process.env.S3_PORT ?? '7580',
    S3_MON_PORT: process.env.S3_MON_PORT ?? '3390',
    S3_OSD_PORT_MIN: process.env.S3_OSD_PORT_MIN ?? '6950',
  };
  try {
    const { stdout } = await run('bash', [SCRIPT, 'start', dir], { env, timeout: 180_000 });
    const value = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(stdout)?.[1] ?? '';
    process.env.TEST_S3_ENDPOINT = value('AWS_ENDPOINT_URL_S3');
    process.env.TEST_S3_ACCESS_KEY_ID = value('AWS_ACCESS_KEY_ID');
    process.env.TEST_S3_SECRET_ACCESS_KEY = value('AWS_SECRET_ACCESS_KEY');
    console.log(`S3 tests: a Ceph RGW started for this run at ${process.env.TEST_S3_ENDPOINT}.`);
  } catch (err) {
    const why = String((err as { stderr?: string }).stderr ?? (err as Error).message)
      .trim()
      .split('\n')
      .at(-1);
    console.log(`S3 tests skipped: no S3 server could be started here (${why}).`);
    fs.rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return async () => {
    await run('bash', [SCRIPT, 'stop', dir], { env, timeout: 60_000 }).catch(() => {});
  };
}
