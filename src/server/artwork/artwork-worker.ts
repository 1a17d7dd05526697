// The child process that opens one customer file: started by processArtwork, given one job over
// IPC, and gone when the job is done (or killed if it uses too much processor time, takes too
// long or grows too big). A crash in a decoder's native code ends this process, not the server.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import {
  analyseArtwork,
  ArtworkError,
  makeLogoRasters,
  makeThumbnail,
  MEDIA_TYPES_OF_LOGO,
  sniff,
  type ArtworkLimits,
  type Sniffed,
} from './analyse.js';
import type { WorkerJob, WorkerMessage } from './process-artwork.js';

// One file at a time, one thread, no cache: this process lives for one file and shares the
// machine with the server.
sharp.cache(false);
sharp.concurrency(1);

function send(message: WorkerMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

function failure(error: unknown): Extract<WorkerMessage, { type: 'error' }> {
  if (error instanceof ArtworkError) return { type: 'error', code: error.code, message: error.message };
  return { type: 'error', code: 'damaged', message: error instanceof Error ? error.message : String(error) };
}

// The shop's logo (docs/settings.md, "Logo"): its size as the analysis, its print raster as the
// thumbnail (a PNG), and a PNG decoded and encoded again at `logo.pngPath`.
async function runLogo(job: WorkerJob & { logo: NonNullable<WorkerJob['logo']> }): Promise<void> {
  try {
    const sniffed = await sniff(job.filePath);
    const made = await makeLogoRasters(
      job.filePath,
      { printPath: job.thumbPath, ...(sniffed.format === 'png' ? { pngPath: job.logo.pngPath } : {}) },
      job.limits,
      sniffed,
    );
    const isVector = sniffed.format === 'svg';
    await send({
      type: 'analysis',
      analysis: {
        format: sniffed.format,
        mediaType: MEDIA_TYPES_OF_LOGO[isVector ? 'svg' : 'png'],
        isVector,
        width: made.width,
        height: made.height,
      },
    });
    await send({
      type: 'thumbnail',
      thumbnail: made.print
        ? { made: true, ...made.print, mediaType: 'image/png' }
        : { made: false, code: 'no-renderer', reason: 'Not drawn: its shape is refused.' },
    });
  } catch (error) {
    await send(failure(error));
  }
}

async function run(job: WorkerJob): Promise<void> {
  if (job.logo) return runLogo({ ...job, logo: job.logo });
  const limits: ArtworkLimits = job.limits;
  // The format is told once, here, for both the analysis and the thumbnail.
  let sniffed: Sniffed;
  try {
    sniffed = await sniff(job.filePath);
    await send({ type: 'analysis', analysis: await analyseArtwork(job.filePath, limits, sniffed) });
  } catch (error) {
    await send(failure(error));
    return;
  }
  try {
    await send({ type: 'thumbnail', thumbnail: await makeThumbnail(job.filePath, job.thumbPath, limits, sniffed) });
  } catch (error) {
    await send(failure(error));
  }
}

// Linux's VmHWM is this process's own peak; getrusage's maxRSS can carry the parent's peak over
// from before the exec.
function peakRssKb(): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'latin1'));
    if (match?.[1]) return Number(match[1]);
  } catch {
    // Not Linux.
  }
  return process.resourceUsage().maxRSS;
}

const CPU_REPORT_MS = 200;

// User and system time of every thread, in milliseconds.
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

process.once('message', (job: WorkerJob) => {
  // Where the file's processor time starts; later reports serve where the parent cannot read
  // /proc (the parent's own reading also counts the stretches this loop is blocked).
  void send({ type: 'started', cpuMs: cpuMs() });
  setInterval(() => void send({ type: 'cpu', cpuMs: cpuMs() }), CPU_REPORT_MS).unref();
  void run(job).finally(async () => {
    await send({ type: 'done', maxRssKb: peakRssKb(), cpuMs: cpuMs() });
    process.exit(0);
  });
});

// The server went away: nobody is waiting for this file.
process.once('disconnect', () => process.exit(1));
