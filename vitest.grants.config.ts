import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { QUIET_TEST_ENV } from './test/support/quiet-env.ts';

/**
 * The grant check (test/grants): what the suites recorded each function doing on DynamoDB, against
 * what the synthesized stack grants it. Nothing local is started: it reads that recording and
 * synthesizes the stack (without bundling). `npm test` runs it as the last group of its one vitest
 * run (vitest.config.ts), once every suite has recorded; alone, on a recording made before:
 * `npx vitest run -c vitest.grants.config.ts`.
 */
export const grantsProject = {
  test: {
    name: 'grants',
    include: ['test/grants/**/*.test.ts'],
    env: QUIET_TEST_ENV,
    setupFiles: ['test/support/cdk-outdir-setup.ts'],
    testTimeout: 60_000,
    // After every other project of the run (their group is 0): the recording is whole by then.
    sequence: { groupOrder: 1 },
  },
} satisfies TestProjectInlineConfiguration;

export default defineConfig(grantsProject);
