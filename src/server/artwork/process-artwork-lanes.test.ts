// processArtwork's two lanes and its budget of processor time
// (docs/decisions/017-artwork-lanes-and-cpu-budget.md): a picture never waits for a place behind
// drawings, and a drawing past its budget is stopped as too complex to preview.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heavySvg } from '../../../tests/support/heavy-svg.js';
import { LANE_SLOTS, processArtwork } from './process-artwork.js';

let dir: string;
const file = (name: string) => path.join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'artwork-lanes-'));
  await writeFile(file('heavy.svg'), heavySvg());
  await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2563eb' } })
    .png()
    .toFile(file('photo.png'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('processArtwork’s lanes', () => {
  it('previews a PNG while drawings take every place in the vector lane and one more waits', async () => {
    const closing = new AbortController();
    const ended: number[] = [];
    const drawings = Array.from({ length: LANE_SLOTS.vector + 1 }, (_, i) =>
      processArtwork(file('heavy.svg'), file(`heavy-${i}.webp`), {
        timeoutMs: 300_000,
        cpuBudgetMs: 300_000,
        signal: closing.signal,
      }).then((result) => {
        ended.push(i);
        return result;
      }),
    );
    const png = await processArtwork(file('photo.png'), file('photo.webp'));
    expect(png).toMatchObject({ ok: true, lane: 'raster', thumbnail: { made: true, width: 400 } });
    // Not one drawing has ended: the picture waited for none of them.
    expect(ended).toEqual([]);

    closing.abort();
    const results = await Promise.all(drawings);
    for (const result of results) expect(result).toMatchObject({ ok: false, code: 'aborted', lane: 'vector' });
    // The one that waited for a place never started a process.
    expect(results.filter((r) => !r.ok && r.reason === 'Stopped before it started.')).toHaveLength(1);
    for (let i = 0; i < results.length; i++) expect(existsSync(file(`heavy-${i}.webp`))).toBe(false);
  }, 60_000);
});

describe('processArtwork’s budget of processor time', () => {
  it('stops a drawing past its budget: measured, but too complex to preview', async () => {
    const result = await processArtwork(file('heavy.svg'), file('budget.webp'), {
      timeoutMs: 300_000,
      cpuBudgetMs: 1000,
    });
    expect(result).toMatchObject({
      ok: true,
      lane: 'vector',
      analysis: { format: 'svg', width: 400, height: 400, isVector: true },
      thumbnail: { made: false, code: 'too-complex' },
    });
    // Stopped once past the budget; the time is reported rounded to the millisecond.
    expect(result.cpuMs).toBeGreaterThanOrEqual(1000);
    expect(existsSync(file('budget.webp'))).toBe(false);
  }, 60_000);

  it('counts the reading, not the start of the process', async () => {
    // Starting a worker from the TypeScript sources (tsx compiles it) takes about a third of a
    // second of processor time, more than this budget; reading this PNG takes about 12 ms.
    const result = await processArtwork(file('photo.png'), file('small-budget.webp'), { cpuBudgetMs: 150 });
    expect(result).toMatchObject({ ok: true, thumbnail: { made: true } });
    expect(result.cpuMs).toBeLessThan(150);
  });
});
