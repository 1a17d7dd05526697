// The one function the server calls for an uploaded artwork file. Customer files are hostile
// until proven otherwise (decompression bombs, PDFs that loop, SVG filters that take minutes,
// decoders with bugs in native code), so the work happens in a child process with a budget of
// processor time, a wall-clock deadline and a memory cap, and whatever happens there the server
// gets an answer: an analysis, a thumbnail or a reason. Rasters and drawings (SVG, PDF, AI, EPS)
// wait in separate lanes, so a drawing never holds up a picture
// (docs/decisions/017-artwork-lanes-and-cpu-budget.md).
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { availableParallelism, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_LIMITS,
  type ArtworkAnalysis,
  type ArtworkLimits,
  type FailureCode,
  type ThumbnailResult,
} from './analyse.js';
import { detectFormat, laneOf, readHeadAndTail, type ArtworkLane } from './detect-format.js';

export interface ProcessArtworkOptions {
  /** Wall-clock time for the whole file, from the moment its process starts. Default 20 s. */
  timeoutMs?: number;
  /**
   * Processor time (user and system, all threads) the process may use; past it, it is killed
   * and the file is too complex to preview (`too-complex`). Default 10 s.
   */
  cpuBudgetMs?: number;
  /** Resident memory the process may reach before it is killed. Default 768 MiB. */
  memoryMb?: number;
  limits?: Partial<ArtworkLimits>;
  /** Ends the work (or the wait for a lane) at once: the result is `aborted`, nothing was judged. */
  signal?: AbortSignal;
  /**
   * The caller already holds a place in a lane (takeLanePlace) and gives it back itself: the file
   * takes no other (the artwork queue, which takes its place before it claims a file).
   */
  placeHeld?: boolean;
}

/** Why a process was stopped from outside: its processor-time budget, or the caller. */
export type StopCode = 'too-complex' | 'aborted';

export type ProcessArtworkResult =
  | {
      ok: true;
      analysis: ArtworkAnalysis;
      /** `made: false` comes with a code and a reason (EPS without preview, bomb, timeout…). */
      thumbnail: ThumbnailResult | { made: false; code: StopCode; reason: string };
      lane: ArtworkLane;
      elapsedMs: number;
      /** Processor time the reading used (the process's start-up not counted), when known. */
      cpuMs?: number;
      peakMemoryMb?: number;
    }
  | {
      ok: false;
      code: FailureCode | StopCode;
      reason: string;
      lane: ArtworkLane;
      elapsedMs: number;
      cpuMs?: number;
      peakMemoryMb?: number;
    };

/** @internal The job sent to the worker process. */
export interface WorkerJob {
  filePath: string;
  thumbPath: string;
  limits: ArtworkLimits;
  /** The shop's logo instead of artwork: the print raster goes to `thumbPath`, a PNG again to `pngPath`. */
  logo?: { pngPath: string };
}

/** @internal What the worker process sends back, in this order. */
export type WorkerMessage =
  | { type: 'analysis'; analysis: ArtworkAnalysis }
  | { type: 'thumbnail'; thumbnail: ThumbnailResult }
  | { type: 'error'; code: FailureCode; message: string }
  /**
   * The worker's own count of its processor time: once when the job arrives (what starting the
   * process cost, which is not the file's), then every 200 ms while its event loop is free.
   */
  | { type: 'started'; cpuMs: number }
  | { type: 'cpu'; cpuMs: number }
  | { type: 'done'; maxRssKb: number; cpuMs: number };

const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_CPU_BUDGET_MS = 10_000;
const DEFAULT_MEMORY_MB = 768;
const POLL_MS = 50;
// A drawing's process yields the processor to the server and to the raster lane.
const VECTOR_NICENESS = 10;

// Running from the TypeScript sources (the tests) the worker is a .ts file that Node runs
// through tsx; built, it is plain JavaScript beside this file.
const fromSource = import.meta.url.endsWith('.ts');
const workerPath = fileURLToPath(new URL(fromSource ? './artwork-worker.ts' : './artwork-worker.js', import.meta.url));

// Decoding is CPU-bound: more files at once than cores only makes each one slower (and closer
// to its deadline), so the spare cores (all but one, left for the server) are shared between
// the lanes, at least one each: on two cores one picture and one (lower-priority) drawing at
// a time. A lane's files wait only for that lane.
const spare = Math.max(1, availableParallelism() - 1);
const vectorSlots = Math.max(1, Math.floor(spare / 2));
/** How many files each lane reads at once in this process (artwork-queue.ts runs as many loops). */
export const LANE_SLOTS: Readonly<Record<ArtworkLane, number>> = {
  raster: Math.max(1, spare - vectorSlots),
  vector: vectorSlots,
};
const lanes: Record<ArtworkLane, { running: number; waiting: (() => void)[] }> = {
  raster: { running: 0, waiting: [] },
  vector: { running: 0, waiting: [] },
};

/**
 * A place in the lane (its release), or null when `signal` ends the wait first. Every reading of
 * a customer's file in this process takes one: the artwork queue's and a message file's.
 */
export function takeLanePlace(lane: ArtworkLane, signal?: AbortSignal): Promise<(() => void) | null> {
  const slots = lanes[lane];
  const release = () => {
    slots.running--;
    slots.waiting.shift()?.();
  };
  if (signal?.aborted) return Promise.resolve(null);
  if (slots.running < LANE_SLOTS[lane]) {
    slots.running++;
    return Promise.resolve(release);
  }
  return new Promise((resolve) => {
    const start = () => {
      signal?.removeEventListener('abort', cancel);
      slots.running++;
      resolve(release);
    };
    const cancel = () => {
      const at = slots.waiting.indexOf(start);
      if (at >= 0) slots.waiting.splice(at, 1);
      resolve(null);
    };
    slots.waiting.push(start);
    signal?.addEventListener('abort', cancel, { once: true });
  });
}

/**
 * The lane of a file, from its bytes, read here before any process starts. A file we cannot
 * read or do not know costs its process nothing to refuse: it goes with the rasters.
 */
async function laneOfFile(filePath: string): Promise<ArtworkLane> {
  try {
    const { head, tail } = await readHeadAndTail(filePath);
    const format = detectFormat(head, tail);
    return format ? laneOf(format) : 'raster';
  } catch {
    return 'raster';
  }
}

// Resident memory in bytes from Linux's /proc; undefined elsewhere, or once the process is gone.
function residentBytes(pid: number | undefined): number | undefined {
  if (pid === undefined || process.platform !== 'linux') return undefined;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
    return match?.[1] ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

// Processor time (user and system, every thread, the ones that ended too) from Linux's /proc,
// read from here so a process whose JavaScript never yields (pdf.js, ag-psd) is still counted;
// in USER_HZ ticks, 100 a second on every architecture Node runs on Linux. Undefined elsewhere.
function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined || process.platform !== 'linux') return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // After "pid (name) ": state is field 3, utime 14, stime 15 (the name may hold spaces).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Analyses `filePath` and writes a WebP preview (400 px on the long side) to `thumbPath`, in a child
 * process killed past `cpuBudgetMs` of processor time, after `timeoutMs` or above `memoryMb`.
 * The file waits for a place in its lane (raster or vector) first. Never rejects for anything
 * the file does; a preview that could not be made leaves no file at `thumbPath`.
 */
export async function processArtwork(
  filePath: string,
  thumbPath: string,
  options: ProcessArtworkOptions = {},
): Promise<ProcessArtworkResult> {
  const lane = await laneOfFile(filePath);
  const release = options.placeHeld ? () => {} : await takeLanePlace(lane, options.signal);
  if (!release) return { ok: false, code: 'aborted', reason: 'Stopped before it started.', lane, elapsedMs: 0 };
  try {
    const result = await runWorker({ filePath, thumbPath }, options, lane);
    if (!(result.ok && result.thumbnail.made)) await rm(thumbPath, { force: true });
    return result;
  } finally {
    release();
  }
}

/**
 * Another task for the same child process (the shop's logo, `logo-raster.ts`): in the file's lane,
 * with the same budget, deadline and memory cap as processArtwork.
 */
export async function processArtworkTask(
  task: Pick<WorkerJob, 'filePath' | 'thumbPath' | 'logo'>,
  options: ProcessArtworkOptions = {},
): Promise<ProcessArtworkResult> {
  const lane = await laneOfFile(task.filePath);
  const release = options.placeHeld ? () => {} : await takeLanePlace(lane, options.signal);
  if (!release) return { ok: false, code: 'aborted', reason: 'Stopped before it started.', lane, elapsedMs: 0 };
  try {
    return await runWorker(task, options, lane);
  } finally {
    release();
  }
}

function runWorker(
  task: Pick<WorkerJob, 'filePath' | 'thumbPath' | 'logo'>,
  options: ProcessArtworkOptions,
  lane: ArtworkLane,
): Promise<ProcessArtworkResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const cpuBudgetMs = options.cpuBudgetMs ?? DEFAULT_CPU_BUDGET_MS;
  const memoryMb = options.memoryMb ?? DEFAULT_MEMORY_MB;
  const limits: ArtworkLimits = {
    ...DEFAULT_LIMITS,
    // libvips stops itself a little before we would kill it, and says why.
    timeoutSeconds: Math.max(1, Math.floor((timeoutMs * 0.9) / 1000)),
    ...options.limits,
  };
  const started = performance.now();

  return new Promise((resolve) => {
    let analysis: ArtworkAnalysis | undefined;
    let thumbnail: ThumbnailResult | undefined;
    let error: { code: FailureCode; message: string } | undefined;
    let killedFor: { code: FailureCode | StopCode; message: string } | undefined;
    let peakBytes = 0;
    let maxRssKb: number | undefined;
    // The process's processor time so far, and what it had used when the job arrived.
    let cpuMs: number | undefined;
    let startedCpuMs: number | undefined;
    let stderr = '';

    const child: ChildProcess = fork(workerPath, [], {
      // The JavaScript heap (pdf.js, ag-psd) has its own ceiling; native memory (libvips,
      // canvas, WebAssembly) is watched from here.
      execArgv: [...(fromSource ? ['--import', 'tsx'] : []), `--max-old-space-size=${memoryMb}`],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'json',
    });
    if (lane === 'vector' && child.pid !== undefined) {
      try {
        setPriority(child.pid, VECTOR_NICENESS);
      } catch {
        // Not allowed here: the lane still keeps it apart.
      }
    }

    const kill = (code: FailureCode | StopCode, message: string) => {
      if (killedFor || child.exitCode !== null) return;
      killedFor = { code, message };
      child.kill('SIGKILL');
    };
    const onAbort = () => kill('aborted', 'Stopped: the server is closing.');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();

    // The wall clock is the backstop (a process that sleeps or waits uses no processor time).
    const deadline = setTimeout(
      () => kill('timeout', `Reading the file took longer than ${Math.round(timeoutMs / 100) / 10} s.`),
      timeoutMs,
    );
    const watch = setInterval(() => {
      const used = cpuMsOf(child.pid);
      if (used !== undefined) cpuMs = Math.max(cpuMs ?? 0, used);
      if (startedCpuMs !== undefined && (cpuMs ?? 0) - startedCpuMs > cpuBudgetMs) {
        kill(
          'too-complex',
          `Too complex to preview: drawing it needed more than ${cpuBudgetMs / 1000} s of processor time.`,
        );
      }
      const bytes = residentBytes(child.pid);
      if (bytes === undefined) return;
      peakBytes = Math.max(peakBytes, bytes);
      if (bytes > memoryMb * 1024 * 1024) kill('memory-limit', `Reading the file needed more than ${memoryMb} MiB.`);
    }, POLL_MS);

    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString('utf8');
    });
    child.on('message', (message: WorkerMessage) => {
      if (message.type === 'analysis') analysis = message.analysis;
      else if (message.type === 'thumbnail') thumbnail = message.thumbnail;
      else if (message.type === 'error') error = { code: message.code, message: message.message };
      else if (message.type === 'started') startedCpuMs = message.cpuMs;
      else if (message.type === 'cpu') cpuMs = Math.max(cpuMs ?? 0, message.cpuMs);
      else {
        maxRssKb = message.maxRssKb;
        cpuMs = message.cpuMs;
      }
    });
    let settled = false;
    // A process that never started emits 'error' and no 'close'. 'close' (not 'exit') comes after
    // the IPC channel has delivered every message the worker sent.
    child.once('error', (spawnError) => {
      if (child.pid === undefined) finish(null, null, { code: 'crashed', message: spawnError.message });
      else kill('crashed', spawnError.message);
    });
    child.once('close', (exitCode, signal) => finish(exitCode, signal));
    child.send({ ...task, limits } satisfies WorkerJob, (sendError) => {
      if (sendError) kill('crashed', sendError.message);
    });

    function finish(exitCode: number | null, signal: NodeJS.Signals | null, spawnFailure?: typeof killedFor) {
      if (settled) return;
      settled = true;
      killedFor ??= spawnFailure;
      clearTimeout(deadline);
      clearInterval(watch);
      options.signal?.removeEventListener('abort', onAbort);
      const elapsedMs = Math.round(performance.now() - started);
      const renderCpuMs =
        cpuMs !== undefined && startedCpuMs !== undefined ? Math.max(0, Math.round(cpuMs - startedCpuMs)) : undefined;
      if (killedFor?.code === 'aborted') {
        resolve({ ok: false, code: 'aborted', reason: killedFor.message, lane, elapsedMs, cpuMs: renderCpuMs });
        return;
      }
      const peak = maxRssKb !== undefined ? maxRssKb * 1024 : peakBytes;
      const peakMemoryMb = peak > 0 ? Math.round(peak / (1024 * 1024)) : undefined;
      const stopped =
        killedFor ??
        (exitCode === 0 && !signal
          ? undefined
          : /heap out of memory|allocation failed/i.test(stderr)
            ? { code: 'memory-limit' as const, message: `Reading the file needed more than ${memoryMb} MiB.` }
            : { code: 'crashed' as const, message: `The reader stopped (${signal ?? `exit ${exitCode}`}).` });

      if (!analysis) {
        const reason = stopped ?? error ?? { code: 'crashed' as const, message: 'The reader gave no answer.' };
        resolve({
          ok: false,
          code: reason.code,
          reason: reason.message,
          lane,
          elapsedMs,
          cpuMs: renderCpuMs,
          peakMemoryMb,
        });
        return;
      }
      const failed = stopped ?? error;
      resolve({
        ok: true,
        analysis,
        thumbnail: thumbnail ?? {
          made: false,
          code: failed?.code ?? 'crashed',
          reason: failed?.message ?? 'The reader ended without a preview.',
        },
        lane,
        elapsedMs,
        cpuMs: renderCpuMs,
        peakMemoryMb,
      });
    }
  });
}
