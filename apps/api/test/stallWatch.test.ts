import { describe, expect, it } from 'vitest';
import { watchStalls } from '../src/http/stallWatch';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds the process as a stalled fsync would: nothing else runs meanwhile. */
function hold(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy
  }
}

describe('the log says when the server could not run', () => {
  it('warns once with how long a synchronous hold lasted, and says nothing while the server runs freely', async () => {
    const warnings: number[] = [];
    const stop = watchStalls({ warn: ({ blockedMs }) => warnings.push(blockedMs) }, { everyMs: 20, warnAfterMs: 150 });
    try {
      await pause(200);
      expect(warnings).toEqual([]);
      hold(400);
      await pause(60);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toBeGreaterThanOrEqual(300);
      expect(warnings[0]).toBeLessThan(2000);
      await pause(200);
      expect(warnings).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('stops when asked: a hold afterwards goes unsaid', async () => {
    const warnings: number[] = [];
    const stop = watchStalls({ warn: ({ blockedMs }) => warnings.push(blockedMs) }, { everyMs: 20, warnAfterMs: 150 });
    stop();
    hold(300);
    await pause(60);
    expect(warnings).toEqual([]);
  });
});
