// The outbox's .eml copies (no SMTP_URL) are named after their order and mail rows, so that
// deleting an order can remove every copy of its mail, and copies of orders deleted while
// their mail was being written can be found and removed later.
import fs from 'node:fs/promises';
import path from 'node:path';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
// A copy, or one being written (".<copy>.<uuid>.tmp", left behind by a process that died).
const TRACEABLE = new RegExp(`^\\.?(${UUID})\\.(${UUID})\\.eml(?:\\.${UUID}\\.tmp)?$`);

export const outboxDirOf = (dataDir: string) => path.join(dataDir, 'outbox');

/** "<order id>.<mail id>.eml" */
export function outboxFileName(orderId: string, mailId: string): string {
  return `${orderId}.${mailId}.eml`;
}

async function names(outboxDir: string): Promise<string[]> {
  try {
    return await fs.readdir(outboxDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** Removes the outbox copies of one order's mail (and any half-written one); returns how many. */
export async function removeOutboxCopies(outboxDir: string, orderId: string): Promise<number> {
  let removed = 0;
  for (const name of await names(outboxDir)) {
    const m = TRACEABLE.exec(name);
    if (m?.[1] === orderId) {
      await fs.rm(path.join(outboxDir, name), { force: true });
      removed++;
    }
  }
  return removed;
}

/** Removes outbox copies whose order no longer exists; returns how many. */
export async function sweepOutbox(
  outboxDir: string,
  existingOrderIds: (ids: string[]) => Promise<Set<string>>,
): Promise<number> {
  const byOrder = new Map<string, string[]>();
  for (const name of await names(outboxDir)) {
    const m = TRACEABLE.exec(name);
    if (m) byOrder.set(m[1]!, [...(byOrder.get(m[1]!) ?? []), name]);
  }
  const ids = [...byOrder.keys()];
  let removed = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const batch = ids.slice(i, i + 500);
    const known = await existingOrderIds(batch);
    for (const id of batch.filter((x) => !known.has(x))) {
      for (const name of byOrder.get(id)!) {
        await fs.rm(path.join(outboxDir, name), { force: true });
        removed++;
      }
    }
  }
  return removed;
}
