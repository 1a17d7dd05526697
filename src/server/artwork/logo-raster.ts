// The shop's logo read as a customer's file is (docs/settings.md, "Logo"): in the artwork's child
// process, in its lane (a PNG with the pictures, an SVG with the drawings), within the processor
// time of ARTWORK_RENDER_CPU_MS, a memory cap and a deadline
// (docs/decisions/017-artwork-lanes-and-cpu-budget.md). A PNG is decoded whole and encoded
// again; either is drawn once into the small PNG the documents print. Whatever the file does,
// the server gets the rasters or a reason, never a crash.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOGO_MAX_ASPECT } from './analyse.js';
import { processArtworkTask } from './process-artwork.js';

export type LogoRasterResult =
  | {
      ok: true;
      format: 'png' | 'svg';
      /** The picture's own size (an SVG's in points). */
      width: number;
      height: number;
      /** A PNG logo decoded and encoded again: what is kept and served instead of the upload. */
      png?: Buffer;
      /** What documents draw: a PNG at most LOGO_PRINT_BOX. */
      print: Buffer;
    }
  | { ok: false; code: 'too-complex' | 'too-many-pixels' | 'unreadable' }
  /** More than LOGO_MAX_ASPECT times as wide as high, or as high as wide: not drawn. */
  | { ok: false; code: 'shape'; width: number; height: number };

/** A logo waits for its lane, then has this long on the wall clock (its processor time is the budget). */
const LOGO_TIMEOUT_MS = 60_000;

export async function rasteriseLogo(bytes: Buffer, options: { cpuBudgetMs: number }): Promise<LogoRasterResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'logo-'));
  try {
    const source = path.join(dir, 'upload');
    const print = path.join(dir, 'print.png');
    const png = path.join(dir, 'kept.png');
    await writeFile(source, bytes, { mode: 0o600 });
    const result = await processArtworkTask(
      { filePath: source, thumbPath: print, logo: { pngPath: png } },
      { cpuBudgetMs: options.cpuBudgetMs, timeoutMs: LOGO_TIMEOUT_MS, limits: { maxPixels: 4096 * 4096 } },
    );
    if (result.ok) {
      const { width = 0, height = 0 } = result.analysis;
      if (Math.max(width, height) > LOGO_MAX_ASPECT * Math.min(width, height))
        return { ok: false, code: 'shape', width, height };
    }
    if (!result.ok || !result.thumbnail.made) {
      const code = !result.ok ? result.code : !result.thumbnail.made ? result.thumbnail.code : 'crashed';
      if (code === 'too-many-pixels') return { ok: false, code };
      const heavy = code === 'too-complex' || code === 'timeout' || code === 'memory-limit';
      return { ok: false, code: heavy ? 'too-complex' : 'unreadable' };
    }
    const { format, width = 0, height = 0 } = result.analysis;
    if (format !== 'png' && format !== 'svg') return { ok: false, code: 'unreadable' };
    return {
      ok: true,
      format,
      width,
      height,
      ...(format === 'png' ? { png: await readFile(png) } : {}),
      print: await readFile(print),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
