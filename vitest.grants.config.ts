import { defineConfig } from 'vitest/config';

// `npm test`'s last step: the grant check (test/grants), after `vitest run` has run every suite and
// recorded each function's DynamoDB calls. Nothing local is started: it reads that recording and
// synthesizes the stack (without bundling).
export default defineConfig({
  test: {
    include: ['test/grants/**/*.test.ts'],
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', POWERTOOLS_LOG_LEVEL: 'CRITICAL' },
    testTimeout: 60_000,
  },
});
