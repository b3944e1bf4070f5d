import { readFileSync } from 'node:fs';
import { afterAll, expect, vi } from 'vitest';
import { loadsOwnModules } from './own-modules.ts';

/**
 * A setup file of the suites (vitest.config.ts), run before each of their files. The suites share
 * their worker's modules (decision 0400), but a file that loads the handlers, or a function, with
 * settings of its own (test/support/own-modules.ts) gets every module of the project afresh, as in
 * a worker of its own, while the worker keeps what Node loaded for it from node_modules (the SDK,
 * CDK, vitest itself), which holds no setting of ours. The file after it gets them afresh too, so
 * that no other file uses the modules it configured (decision 0416). Every file leaves the worker
 * as it found it: its stubbed environment and spies undone.
 */

interface WorkerFiles {
  /**
   * The worker's own process.env object, as the first file found it. vitest's `vi.stubEnv(name,
   * undefined)` deletes from that object, so a file that replaced process.env with a copy left the
   * copy's values to every later file of the worker, where they could no longer be stubbed away (a
   * cursor secret that cursor-key.test.ts could not remove failed its CI run). Such a file fails
   * here, and the worker gets its object back.
   */
  readonly env: NodeJS.ProcessEnv;
  /** Whether the file run before this one in the worker loaded modules of its own. */
  previousLoadedOwn: boolean;
}
const WORKER_FILES = Symbol.for('payment-sandbox.worker-files');
const worker = globalThis as { [WORKER_FILES]?: WorkerFiles };
const files = (worker[WORKER_FILES] ??= { env: process.env, previousLoadedOwn: false });

const file = expect.getState().testPath;
const loadsOwn = file !== undefined && loadsOwnModules(readFileSync(file, 'utf8'));
if (loadsOwn || files.previousLoadedOwn) vi.resetModules();
files.previousLoadedOwn = loadsOwn;

afterAll(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  const replaced = process.env !== files.env;
  process.env = files.env; // so that only the file that replaced it fails, not the next ones
  expect(replaced, 'a test replaced process.env: stub its variables with vi.stubEnv instead').toBe(false);
});
