import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { LOCAL_TABLE_NAME } from './infra/local/sandbox';
import { ENV, limitsEnvironment } from './lib/config/env';
import { DEFAULT_LIMITS } from './lib/limits';

/**
 * The unit suites (test/unit): no DynamoDB Local, local server or browser. `npm test` runs them as
 * a project of its run (vitest.config.ts), `npm run test:unit` alone, so the inner loop answers in seconds.
 */
export const unitProject = {
  test: {
    name: 'unit',
    include: ['test/unit/**/*.test.ts'],
    exclude: [...configDefaults.exclude],
    // A module that reads the stage's configuration at import (lib/config/config.ts) needs what a stage's function is
    // given, as npm test's local server gives it; no unit test reaches a table.
    env: {
      ...limitsEnvironment(DEFAULT_LIMITS),
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      POWERTOOLS_LOG_LEVEL: 'CRITICAL',
      [ENV.tableName]: LOCAL_TABLE_NAME,
    },
    testTimeout: 30_000,
    pool: 'threads',
    // Pure code: the files share their workers' modules instead of importing them afresh each (about
    // half the suite's CPU). A unit test may not leave state behind in a module, a global or the environment.
    isolate: false,
  },
} satisfies TestProjectInlineConfiguration;

export default defineConfig({ test: { ...unitProject.test, maxWorkers: 2 } });
