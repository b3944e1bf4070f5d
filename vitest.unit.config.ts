import { configDefaults, defineConfig } from 'vitest/config';
import { LOCAL_TABLE_NAME } from './infra/local/sandbox';
import { ENV, limitsEnvironment } from './lib/config/env';
import { DEFAULT_LIMITS } from './lib/limits';

/**
 * The inner loop: `npm run test:unit`, the unit suites alone (test/unit), with no DynamoDB Local, local
 * server or browser, so it answers in seconds. `npm test` runs them too, with everything else.
 */
export default defineConfig({
  test: {
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
    maxWorkers: 2,
  },
});
