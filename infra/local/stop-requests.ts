/**
 * What stops a local command that runs until stopped (`npm start`, `npm run listen`): Ctrl-C
 * (SIGINT), SIGTERM, or the end of the process that started it. npm relays SIGINT and SIGTERM to
 * the command (the npm script `exec`s node, so node is npm's own child); a SIGKILL of npm leaves
 * nothing to relay, so the parent is watched too: node then stops as on SIGTERM instead of running
 * on as an orphan with DynamoDB Local behind it (docs/decisions/0230).
 */

/** How often the parent is looked at: a command whose parent died stops within about this. */
const PARENT_POLL_MS = 500;

/**
 * Settles with why this process should stop — `SIGINT`, `SIGTERM`, or `Parent process N exited` —
 * at the first of them. The signal handlers stay, so a second Ctrl-C during the stop does not cut
 * it short; the parent is watched by a timer that keeps no process alive.
 */
export function stopRequested(options: { pollMs?: number } = {}): Promise<string> {
  return new Promise((resolve) => {
    const parent = process.ppid;
    const watch = setInterval(() => {
      // An orphan is adopted by init or a subreaper: its parent pid changes, and never back.
      if (process.ppid !== parent) stop(`Parent process ${parent} exited`);
    }, options.pollMs ?? PARENT_POLL_MS);
    watch.unref();
    const stop = (why: string) => {
      clearInterval(watch);
      resolve(why);
    };
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(signal));
  });
}

/**
 * A command whose parent died may have lost the reader of its output too (a pipe to a killed test
 * runner): writing to it then fails with EPIPE, which would end the process before it stops what it
 * started. Such output is dropped instead.
 */
export function outliveOutputReaders(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
}
