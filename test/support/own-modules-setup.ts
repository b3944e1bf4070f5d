import { afterAll, expect, vi } from 'vitest';

/**
 * The setup file of `suites: own modules` (vitest.config.ts). Each of its files loads the handlers,
 * or a function, with settings of its own (test/support/own-modules.ts): it gets every module of the
 * project afresh, as in a worker of its own, while the worker keeps what Node loaded for it from
 * node_modules (the SDK, CDK, vitest itself), which holds no setting of ours. And it leaves the
 * worker as it found it: its stubbed environment and spies undone.
 */
vi.resetModules();

/**
 * The worker's own process.env object, as the first file found it. vitest's `vi.stubEnv(name,
 * undefined)` deletes from that object, so a file that replaced process.env with a copy left the
 * copy's values to every later file of the worker, where they could no longer be stubbed away (a
 * cursor secret that cursor-key.test.ts could not remove failed its CI run). Such a file fails here,
 * and the worker gets its object back.
 */
const WORKER_ENV = Symbol.for('payment-sandbox.worker-env');
const worker = globalThis as { [WORKER_ENV]?: NodeJS.ProcessEnv };
worker[WORKER_ENV] ??= process.env;
const workerEnv = worker[WORKER_ENV];

afterAll(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  const replaced = process.env !== workerEnv;
  process.env = workerEnv; // so that only the file that replaced it fails, not the next ones
  expect(replaced, 'a test replaced process.env: stub its variables with vi.stubEnv instead').toBe(false);
});
