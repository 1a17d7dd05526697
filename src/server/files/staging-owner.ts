// Who a folder in DATA_DIR/tmp belongs to, so that a sweep never takes one in use. Each is named
// `<host>.<pid>.<id>`: the machine and the process that made it. On this machine a sweep asks
// the system whether that process still runs; another machine's folder (a shared DATA_DIR) is
// judged by its heartbeat, the folder's time, which its owner touches every HEARTBEAT_MS while
// the request lasts, and by its files' times, which move as bytes arrive.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const HEARTBEAT_MS = 20_000;
/** A folder of another machine untouched this long (several missed heartbeats) is not in use. */
export const STALE_AFTER_MS = 2 * 60_000;

const HOST =
  os
    .hostname()
    .replace(/[^A-Za-z0-9-]/g, '_')
    .slice(0, 60) || 'host';
const OWNED = /^([A-Za-z0-9_-]+)\.(\d+)\.(.+)$/;

/** A name for a new folder or file in DATA_DIR/tmp that says which process made it. */
export function ownedName(id: string, pid = process.pid): string {
  return `${HOST}.${pid}.${id}`;
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The latest time anything in the folder (or the file) moved. */
async function lastActivity(p: string): Promise<number> {
  const stat = await fs.stat(p);
  let latest = stat.mtimeMs;
  if (stat.isDirectory()) {
    for (const entry of await fs.readdir(p)) {
      const inner = await fs.stat(path.join(p, entry)).catch(() => null);
      if (inner) latest = Math.max(latest, inner.mtimeMs);
    }
  }
  return latest;
}

/** Whether a sweep may remove this entry of DATA_DIR/tmp. */
export async function isLeftover(p: string, entry: string, minAgeMs: number, now = Date.now()): Promise<boolean> {
  const owner = OWNED.exec(entry);
  try {
    if (owner && owner[1] === HOST) return !isRunning(Number(owner[2]));
    // Another machine's folder: only once it has long stopped moving. A name of no known shape
    // (made before folders were named by owner) is judged by its age alone, as it always was.
    const quietFor = now - (await lastActivity(p));
    return owner ? quietFor > Math.max(minAgeMs, STALE_AFTER_MS) : minAgeMs === 0 || quietFor > minAgeMs;
  } catch {
    return false; // gone meanwhile, or unreadable: leave it
  }
}
