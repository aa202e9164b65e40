import { describe, expect, it } from 'vitest';
import { RoundWorker } from '../src/outside/roundWorker';

/** The loop both outboxes (fiscalization, delivery) run their rounds in. */
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('RoundWorker', () => {
  it('runs one round at a time; a kick during a round brings one more right after it, not two at once', async () => {
    const firsts: boolean[] = [];
    let running = 0;
    let most = 0;
    let release: () => void = () => undefined;
    const worker = new RoundWorker(
      async (first) => {
        firsts.push(first);
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => (release = resolve));
        running--;
      },
      { error: () => undefined },
      60_000,
      'test',
    );
    worker.kick();
    worker.kick();
    worker.kick();
    expect(firsts).toEqual([true]);
    release();
    await wait(10);
    // the kicks during the first round: one more round, no longer the first
    expect(firsts).toEqual([true, false]);
    release();
    await worker.stop();
    expect(most).toBe(1);
    expect(firsts).toHaveLength(2);
  });

  it('logs a round that throws (its message only) and runs the next on time', async () => {
    const logged: { object: object; message: string }[] = [];
    let rounds = 0;
    const worker = new RoundWorker(
      () => {
        rounds++;
        return Promise.reject(new Error('the database is gone'));
      },
      { error: (object, message) => logged.push({ object, message }) },
      20,
      'delivery',
    );
    worker.kick();
    await wait(120);
    await worker.stop();
    expect(rounds).toBeGreaterThanOrEqual(2);
    expect(logged[0]).toEqual({ object: { err: { message: 'the database is gone' } }, message: 'delivery round failed' });
    const after = rounds;
    await wait(60);
    // stopped: no more rounds
    expect(rounds).toBe(after);
  });
});
