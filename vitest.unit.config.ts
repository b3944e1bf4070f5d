import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { QUIET_TEST_ENV } from './test/support/quiet-env.ts';

/**
 * The unit suites (test/unit): no DynamoDB Local, local server or browser. `npm test` runs them as
 * a project of its run (vitest.config.ts), `npm run test:unit` alone, so the inner loop answers in seconds.
 */
export const unitProject = {
  test: {
    name: 'unit',
    include: ['test/unit/**/*.test.ts'],
    exclude: [...configDefaults.exclude],
    env: QUIET_TEST_ENV,
    // The stage's configuration, as a function is given it (test/support/unit-environment.ts).
    setupFiles: ['test/support/unit-environment.ts'],
    testTimeout: 30_000,
    pool: 'threads',
    // Pure code: the files share their workers' modules instead of importing them afresh each (about
    // half the suite's CPU). A unit test may not leave state behind in a module, a global or the environment.
    isolate: false,
  },
} satisfies TestProjectInlineConfiguration;

export default defineConfig({ test: { ...unitProject.test, maxWorkers: 2 } });
