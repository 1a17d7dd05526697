// A file on a message is read like artwork (docs/decisions/017-artwork-lanes-and-cpu-budget.md):
// in the artwork's lanes, so a burst of message files runs no more child processes at once than
// the lane has places, and within the processor-time budget it is given (ARTWORK_RENDER_CPU_MS).
// The child processes are counted from Linux's /proc, as the operating system sees them.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slowPdf } from '../../../tests/support/slow-pdf.js';
import { checkMessageFile } from './message-file.js';
import { LANE_SLOTS } from './process-artwork.js';

let dir: string;
const file = (name: string) => path.join(dir, name);

/** This process's artwork readers now: its children running artwork-worker. */
function artworkChildren(): number {
  let count = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('artwork-worker')) count++;
    } catch {
      // Ended while we looked.
    }
  }
  return count;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'message-file-'));
  await writeFile(file('slow.pdf'), await slowPdf());
  await writeFile(file('busy.pdf'), await slowPdf(100));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('checkMessageFile', () => {
  it.skipIf(process.platform !== 'linux')(
    'reads a burst of message PDFs no more at once than the drawing lane has places',
    async () => {
      const burst = LANE_SLOTS.vector + 1;
      let most = 0;
      const watch = setInterval(() => (most = Math.max(most, artworkChildren())), 10);
      try {
        const checks = await Promise.all(
          Array.from({ length: burst }, (_, i) =>
            checkMessageFile(file('busy.pdf'), file(`busy-${i}.webp`), { cpuBudgetMs: 60_000 }),
          ),
        );
        for (const check of checks) expect(check).toEqual({ ok: true, mediaType: 'application/pdf', preview: true });
      } finally {
        clearInterval(watch);
      }
      // Each read took a place in the lane: never more readers than places, and one at least.
      expect(most).toBeGreaterThanOrEqual(1);
      expect(most).toBeLessThanOrEqual(LANE_SLOTS.vector);
    },
    120_000,
  );

  it('refuses as too complex a file that outlasts the processor time it is given', async () => {
    const check = await checkMessageFile(file('slow.pdf'), file('budget.webp'), { cpuBudgetMs: 100 });
    expect(check).toEqual({ ok: false, code: 'too-complex' });
  }, 60_000);
});
