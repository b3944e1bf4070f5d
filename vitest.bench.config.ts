import { defineConfig } from 'vitest/config';
import { QUIET_TEST_ENV } from './test/support/quiet-env.ts';

// `npm run test:bench`: the quick bench as CI runs it (test/bench/quick.test.ts: it runs, reports every
// route and its floor, stops what it starts). `.ci/run` runs it after `npm test`, which it would make a
// minute longer; it starts its own sandbox, so nothing global is set up here.
export default defineConfig({
  test: {
    include: ['test/bench/quick.test.ts'],
    env: QUIET_TEST_ENV,
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
