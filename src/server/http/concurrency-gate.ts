// A bounded number of requests at once, a bounded queue behind them, and a 503 for the rest.
// Used for JSON orders: their body (base64 files) is held whole in memory while it is parsed,
// so only a few may be read at a time. A waiting request's body is not read (the socket
// holds it back), so waiting costs no memory.
import type { FastifyReply } from 'fastify';
import { AppError } from '../errors.js';

export class ConcurrencyGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly limit: number,
    readonly queueLength: number,
    /** How long a request may wait for its turn before it gets a 503. */
    readonly maxWaitMs: number,
    /** Told to the client in Retry-After, in seconds. */
    readonly retryAfterSeconds: number,
  ) {}

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Waits for a turn (or throws a 503); the turn ends when the response is over. */
  async enter(reply: FastifyReply): Promise<void> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.queueLength) throw this.busy(reply);
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          clearTimeout(timer);
          reply.raw.off('close', gone);
          resolve();
        };
        const leave = () => {
          const at = this.waiting.indexOf(turn);
          if (at >= 0) this.waiting.splice(at, 1);
        };
        const gone = () => {
          leave();
          clearTimeout(timer);
          reject(
            new AppError(499, 'client_closed', 'The client went away.', undefined, {
              messageFr: 'Le client est parti.',
            }),
          );
        };
        const timer = setTimeout(() => {
          leave();
          reply.raw.off('close', gone);
          reject(this.busy(reply));
        }, this.maxWaitMs);
        this.waiting.push(turn);
        reply.raw.once('close', gone);
      });
    } else {
      this.running++;
    }
    // The turn was handed over with `running` already counted (see release).
    let released = false;
    reply.raw.once('close', () => {
      if (released) return;
      released = true;
      this.release();
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  private busy(reply: FastifyReply): AppError {
    void reply.header('retry-after', String(this.retryAfterSeconds));
    return new AppError(
      503,
      'busy',
      `The order service is receiving many orders right now. Nothing was saved; please try again in ${this.retryAfterSeconds} seconds.`,
      undefined,
      {
        messageFr: `Le service de commande reçoit beaucoup de commandes en ce moment. Rien n’a été enregistré\u202f; veuillez réessayer dans ${this.retryAfterSeconds} secondes.`,
      },
    );
  }
}
