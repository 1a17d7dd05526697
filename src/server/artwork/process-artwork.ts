// The one function the server calls for an uploaded artwork file. Customer files are hostile
// until proven otherwise (decompression bombs, PDFs that loop, decoders with bugs in native
// code), so the work happens in a child process with a deadline and a memory cap, and whatever
// happens there the server gets an answer: an analysis, a thumbnail or a reason.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_LIMITS,
  type ArtworkAnalysis,
  type ArtworkLimits,
  type FailureCode,
  type ThumbnailResult,
} from './analyse.js';

export interface ProcessArtworkOptions {
  /** Wall-clock time for the whole file, from the moment its process starts. Default 20 s. */
  timeoutMs?: number;
  /** Resident memory the process may reach before it is killed. Default 768 MiB. */
  memoryMb?: number;
  limits?: Partial<ArtworkLimits>;
}

export type ProcessArtworkResult =
  | {
      ok: true;
      analysis: ArtworkAnalysis;
      /** `made: false` comes with a code and a reason (EPS without preview, bomb, timeout…). */
      thumbnail: ThumbnailResult;
      elapsedMs: number;
      peakMemoryMb?: number;
    }
  | { ok: false; code: FailureCode; reason: string; elapsedMs: number; peakMemoryMb?: number };

/** @internal The job sent to the worker process. */
export interface WorkerJob {
  filePath: string;
  thumbPath: string;
  limits: ArtworkLimits;
}

/** @internal What the worker process sends back, in this order. */
export type WorkerMessage =
  | { type: 'analysis'; analysis: ArtworkAnalysis }
  | { type: 'thumbnail'; thumbnail: ThumbnailResult }
  | { type: 'error'; code: FailureCode; message: string }
  | { type: 'done'; maxRssKb: number };

const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_MEMORY_MB = 768;
const MEMORY_POLL_MS = 50;

// Running from the TypeScript sources (the tests) the worker is a .ts file that Node runs
// through tsx; built, it is plain JavaScript beside this file.
const fromSource = import.meta.url.endsWith('.ts');
const workerPath = fileURLToPath(new URL(fromSource ? './artwork-worker.ts' : './artwork-worker.js', import.meta.url));

// Decoding is CPU-bound: more files at once than cores only makes each one slower (and closer
// to its deadline). Leave a core for the server itself.
const maxRunning = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

async function acquire(): Promise<() => void> {
  if (running >= maxRunning) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
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

/**
 * Analyses `filePath` and writes a WebP preview (400 px on the long side) to `thumbPath`, in a child
 * process killed after `timeoutMs` or above `memoryMb`. Never rejects for anything the file does;
 * a preview that could not be made leaves no file at `thumbPath`.
 */
export async function processArtwork(
  filePath: string,
  thumbPath: string,
  options: ProcessArtworkOptions = {},
): Promise<ProcessArtworkResult> {
  const release = await acquire();
  try {
    const result = await runWorker(filePath, thumbPath, options);
    if (!(result.ok && result.thumbnail.made)) await rm(thumbPath, { force: true });
    return result;
  } finally {
    release();
  }
}

function runWorker(filePath: string, thumbPath: string, options: ProcessArtworkOptions): Promise<ProcessArtworkResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
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
    let killedFor: { code: FailureCode; message: string } | undefined;
    let peakBytes = 0;
    let maxRssKb: number | undefined;
    let stderr = '';

    const child: ChildProcess = fork(workerPath, [], {
      // The JavaScript heap (pdf.js, ag-psd) has its own ceiling; native memory (libvips,
      // canvas, WebAssembly) is watched from here.
      execArgv: [...(fromSource ? ['--import', 'tsx'] : []), `--max-old-space-size=${memoryMb}`],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'json',
    });

    const kill = (code: FailureCode, message: string) => {
      if (killedFor || child.exitCode !== null) return;
      killedFor = { code, message };
      child.kill('SIGKILL');
    };

    const deadline = setTimeout(
      () => kill('timeout', `Reading the file took longer than ${Math.round(timeoutMs / 100) / 10} s.`),
      timeoutMs,
    );
    const watch = setInterval(() => {
      const bytes = residentBytes(child.pid);
      if (bytes === undefined) return;
      peakBytes = Math.max(peakBytes, bytes);
      if (bytes > memoryMb * 1024 * 1024) kill('memory-limit', `Reading the file needed more than ${memoryMb} MiB.`);
    }, MEMORY_POLL_MS);

    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString('utf8');
    });
    child.on('message', (message: WorkerMessage) => {
      if (message.type === 'analysis') analysis = message.analysis;
      else if (message.type === 'thumbnail') thumbnail = message.thumbnail;
      else if (message.type === 'error') error = { code: message.code, message: message.message };
      else maxRssKb = message.maxRssKb;
    });
    let settled = false;
    // A process that never started emits 'error' and no 'close'. 'close' (not 'exit') comes after
    // the IPC channel has delivered every message the worker sent.
    child.once('error', (spawnError) => {
      if (child.pid === undefined) finish(null, null, { code: 'crashed', message: spawnError.message });
      else kill('crashed', spawnError.message);
    });
    child.once('close', (exitCode, signal) => finish(exitCode, signal));
    child.send({ filePath, thumbPath, limits } satisfies WorkerJob, (sendError) => {
      if (sendError) kill('crashed', sendError.message);
    });

    function finish(exitCode: number | null, signal: NodeJS.Signals | null, spawnFailure?: typeof killedFor) {
      if (settled) return;
      settled = true;
      killedFor ??= spawnFailure;
      clearTimeout(deadline);
      clearInterval(watch);
      const elapsedMs = Math.round(performance.now() - started);
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
        resolve({ ok: false, code: reason.code, reason: reason.message, elapsedMs, peakMemoryMb });
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
        elapsedMs,
        peakMemoryMb,
      });
    }
  });
}
