import { afterAll, vi } from 'vitest';

/**
 * The setup file of `suites: own modules` (vitest.config.ts). Each of its files loads the handlers,
 * or a function, with settings of its own (test/support/own-modules.ts): it gets every module of the
 * project afresh, as in a worker of its own, while the worker keeps what Node loaded for it from
 * node_modules (the SDK, CDK, vitest itself), which holds no setting of ours. And it leaves the
 * worker as it found it: its stubbed environment and spies undone.
 */
vi.resetModules();

afterAll(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
