// A piece of background work each process runs on a timer and on demand (the mail queue, the
// artwork check): never two runs at once, a kick during a run asks for one more run, and stop
// waits for the run in progress.

export interface BackgroundLoop {
  /** Runs the work now, or once more after the run in progress. */
  kick: () => Promise<void>;
  /** Stops the timer and waits for the run in progress. */
  stop: () => Promise<void>;
  /** True once stop was called: long work checks it between items. */
  readonly stopped: boolean;
}

export function startBackgroundLoop(options: {
  /** One run: do what is due, return when there is nothing left (or `loop.stopped`). */
  work: (loop: BackgroundLoop) => Promise<void>;
  intervalMs: number;
  /** Says what failed; the next run tries again. */
  onError: (err: unknown) => void;
}): BackgroundLoop {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const loop: BackgroundLoop = {
    get stopped() {
      return stopped;
    },
    kick: () => {
      if (stopped) return Promise.resolve();
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await options.work(loop).catch(options.onError);
        } while (again && !stopped);
        running = null;
      })();
      return running;
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
  const timer = setInterval(() => void loop.kick(), options.intervalMs);
  timer.unref();
  void loop.kick();
  return loop;
}
