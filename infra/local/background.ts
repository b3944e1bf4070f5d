/**
 * What `npm start` runs besides the API, in place of what a schedule invokes deployed: a pass
 * every so often, never two at once, stopped cleanly.
 */

export interface BackgroundLoop {
  /** Runs no further pass and resolves once the running one, if any, has ended. */
  stop(): Promise<void>;
  /** Something was just written to the table: a loop that reacts to writes (webhook delivery) looks now. */
  nudge?(): void;
}

/**
 * Runs `pass` at once and then `intervalMs` after the start of the previous one; a pass that takes
 * longer than that delays the next, so passes never overlap. A failed pass goes to `onError` and
 * the loop goes on.
 */
export function runEvery(intervalMs: number, pass: () => Promise<unknown>, onError: (error: unknown) => void): BackgroundLoop {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    timer = undefined;
    const started = Date.now();
    running = pass()
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, Math.max(0, intervalMs - (Date.now() - started)));
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
