import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The grant check runs after this whole run, on what it recorded (vitest.grants.config.ts).
    exclude: [...configDefaults.exclude, 'test/grants/**'],
    // One DynamoDB Local and one local server for the whole run (test/support/global-setup.ts).
    globalSetup: ['test/support/global-setup.ts'],
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', POWERTOOLS_LOG_LEVEL: 'CRITICAL' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
