// Files and folders readable by the server's user alone (0600 and 0700), set explicitly so
// the result does not depend on the umask the server was started with.
import { randomUUID } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** The folders from `first` (the first one mkdir created) down to `dir`. */
function created(first: string | undefined, dir: string): string[] {
  if (!first) return [];
  const out = [dir];
  for (let p = dir; p !== first && path.dirname(p) !== p;) {
    p = path.dirname(p);
    out.push(p);
  }
  return out;
}

/**
 * Makes `dir` (and any missing parent) private. With `own`, `dir` is ours whatever made it,
 * and is made private even when it already existed; parents are changed only when created here.
 */
export async function mkdirPrivate(dir: string, own = true): Promise<void> {
  const first = await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const targets = new Set(created(first, dir));
  if (own) targets.add(dir);
  for (const p of targets) await fs.chmod(p, PRIVATE_DIR_MODE);
}

export function mkdirPrivateSync(dir: string, own = true): void {
  const first = fsSync.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const targets = new Set(created(first, dir));
  if (own) targets.add(dir);
  for (const p of targets) fsSync.chmodSync(p, PRIVATE_DIR_MODE);
}

/** Writes a new private file. */
export async function writePrivateFile(file: string, data: Buffer | string): Promise<void> {
  const fh = await fs.open(file, 'wx', PRIVATE_FILE_MODE);
  try {
    await fh.chmod(PRIVATE_FILE_MODE);
    await fh.writeFile(data);
  } finally {
    await fh.close();
  }
}

/** Writes, flushes and removes a probe file in `dir`: the health checks' proof that it takes writes. */
export async function probeWritable(dir: string): Promise<void> {
  const probe = path.join(dir, `health-${randomUUID()}`);
  const fh = await fs.open(probe, 'wx', PRIVATE_FILE_MODE);
  try {
    await fh.write('ok');
    await fh.sync();
  } finally {
    await fh.close();
    await fs.rm(probe, { force: true });
  }
}
