import os from 'node:os';
import { AppError } from '../../http/errors';

export interface SignInQueueOptions {
  /** Password checks that may run at once. */
  concurrency: number;
  /** Sign-ins that may wait for one; any beyond are answered 429 at once. */
  waiting: number;
}

/**
 * One scrypt at OWASP's parameters takes ~128 MiB and a core for a few hundred milliseconds. Run on
 * libuv's pool four at a time, ten sign-ins took both cores and starved every other request. So at
 * most half the cores hash at once, the next few sign-ins wait their turn, and beyond that the server
 * answers 429 with Retry-After rather than pile up work (decision 009).
 */
export const DEFAULT_SIGN_IN_QUEUE: SignInQueueOptions = {
  concurrency: Math.max(1, Math.floor(os.availableParallelism() / 2)),
  waiting: 32,
};

/** A place taken in the queue: run the check with it, or give it back. */
export interface Place {
  run<T>(check: () => Promise<T>): Promise<T>;
  cancel(): void;
}

export class SignInQueue {
  private running = 0;
  private reserved = 0;
  private readonly queue: (() => void)[] = [];
  /** Recent duration of one check, for Retry-After. */
  private averageMs = 500;

  constructor(private readonly options: SignInQueueOptions = DEFAULT_SIGN_IN_QUEUE) {}

  /** Takes a place before anything is counted or hashed; throws 429 when the queue is full. */
  reserve(): Place {
    const { concurrency, waiting } = this.options;
    const taken = this.running + this.queue.length + this.reserved;
    if (taken >= concurrency + waiting) {
      const seconds = Math.max(1, Math.ceil(((taken - concurrency + 1) * this.averageMs) / concurrency / 1000));
      throw new AppError('signInBusy', { params: { seconds }, headers: { 'retry-after': String(seconds) } });
    }
    this.reserved++;
    let used = false;
    const release = () => {
      if (used) return false;
      used = true;
      this.reserved--;
      return true;
    };
    return {
      cancel: () => void release(),
      run: async <T>(check: () => Promise<T>): Promise<T> => {
        if (!release()) throw new Error('a place in the sign-in queue is used once');
        if (this.running < concurrency) this.running++;
        else await new Promise<void>((resolve) => this.queue.push(resolve));
        const started = performance.now();
        try {
          return await check();
        } finally {
          this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
          // the place passes straight to the next in line, or is freed
          const next = this.queue.shift();
          if (next) next();
          else this.running--;
        }
      },
    };
  }
}
