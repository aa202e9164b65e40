import { performance } from 'node:perf_hooks';

export interface StallLog {
  warn: (details: { blockedMs: number }, message: string) => void;
}

/**
 * Says in the server's log when the process could not run for a while: a synchronous step (a
 * database file on a disk that stalls on fsync, a long computation) holds every request meanwhile,
 * and the log's request lines alone would show only slow answers, not why. A timer that ought to fire
 * every `everyMs` and fires `warnAfterMs` late or more is that hold. The timer does not keep the
 * process alive; the function returned stops it.
 */
export function watchStalls(log: StallLog, { everyMs = 500, warnAfterMs = 2000 } = {}): () => void {
  let due = performance.now() + everyMs;
  const timer = setInterval(() => {
    const now = performance.now();
    const late = now - due;
    if (late >= warnAfterMs) {
      log.warn({ blockedMs: Math.round(late) }, 'the server could not run for a while: every request waited (a stalled disk or a long synchronous step)');
    }
    due = now + everyMs;
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
