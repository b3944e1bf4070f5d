import { defineConfig } from 'vitest/config';

// `npm run test:bench`: the quick bench as CI runs it (test/bench/quick.test.ts: it runs, reports every
// route and its floor, stops what it starts). `.ci/run` runs it after `npm test`, which it would make a
// minute longer; it starts its own sandbox, so nothing global is set up here.
export default defineConfig({
  test: {
    include: ['test/bench/quick.test.ts'],
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', POWERTOOLS_LOG_LEVEL: 'CRITICAL' },
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
