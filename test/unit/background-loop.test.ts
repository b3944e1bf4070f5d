import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runEvery } from '../../infra/local/background';

/** The loop `npm start` runs the sweep with, on fake timers: passes are promises the test settles by hand. */

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A pass that runs until the test ends it, recording how many run at once. */
function controlledPasses() {
  const ends: (() => void)[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const pass = () => {
    running++;
    mostAtOnce = Math.max(mostAtOnce, running);
    return new Promise<void>((resolve) =>
      ends.push(() => {
        running--;
        resolve();
      }),
    );
  };
  return { pass, started: () => ends.length, endLatest: () => ends.at(-1)!(), mostAtOnce: () => mostAtOnce };
}

describe('the local background loop', () => {
  it('runs a pass at once and the next one an interval after the previous one started', async () => {
    const passes = controlledPasses();
    const loop = runEvery(1_000, passes.pass, () => {});
    expect(passes.started()).toBe(1);
    await vi.advanceTimersByTimeAsync(300);
    passes.endLatest();
    await vi.advanceTimersByTimeAsync(699);
    expect(passes.started()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(passes.started()).toBe(2);
    passes.endLatest();
    await loop.stop();
  });

  it('never runs two passes at once: a pass longer than the interval delays the next', async () => {
    const passes = controlledPasses();
    const loop = runEvery(1_000, passes.pass, () => {});
    await vi.advanceTimersByTimeAsync(5_000);
    expect(passes.started()).toBe(1);
    passes.endLatest();
    await vi.advanceTimersByTimeAsync(0);
    expect(passes.started()).toBe(2);
    expect(passes.mostAtOnce()).toBe(1);
    passes.endLatest();
    await loop.stop();
  });

  it('goes on after a failed pass, reporting its error', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const loop = runEvery(
      1_000,
      async () => {
        calls++;
        if (calls === 1) throw new Error('DynamoDB Local is busy');
      },
      (error) => errors.push(error),
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    expect(errors).toEqual([new Error('DynamoDB Local is busy')]);
    await loop.stop();
  });

  it('stops: waits for the running pass, then starts none and leaves no timer', async () => {
    const passes = controlledPasses();
    const loop = runEvery(1_000, passes.pass, () => {});
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    passes.endLatest();
    await stopping;
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(passes.started()).toBe(1);
  });
});
