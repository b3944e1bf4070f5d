import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { QUIET_TEST_ENV } from './test/support/quiet-env.ts';
import LongestFirstSequencer from './test/support/sequencer.ts';
import { grantsProject } from './vitest.grants.config.ts';
import { unitProject } from './vitest.unit.config.ts';

/** The suites: test/ but test/unit. */
const suites = {
  include: ['test/**/*.test.ts'],
  // The grant check runs after them, on what they recorded (its own project, below); the quick bench
  // runs after `npm test` in .ci/run (vitest.bench.config.ts).
  exclude: [...configDefaults.exclude, ...unitProject.test.include, 'test/grants/**', 'test/bench/quick.test.ts'],
  pool: 'forks',
  // One DynamoDB Local and one local server for the whole run (test/support/global-setup.ts).
  globalSetup: ['test/support/global-setup.ts'],
  // Each file with the worker's modules, or with the project's afresh if it loads its own (decision 0416).
  setupFiles: ['test/support/cdk-outdir-setup.ts', 'test/support/own-modules-setup.ts'],
  env: QUIET_TEST_ENV,
  testTimeout: 30_000,
  hookTimeout: 120_000,
  // expect.poll waits for a page to show what it loads (test/browser): with another file running
  // beside it, a view can take more than vitest's default second to render. Nothing timed rides on it.
  expect: { poll: { timeout: 5_000 } },
} satisfies TestProjectInlineConfiguration['test'];

export default defineConfig({
  test: {
    // Many suites wait on the network (webhook receivers, the sweep, retries, npm starts): with two files
    // at once a quiet 2-core machine was still idle a fifth of the time. Three fill those waits (decision 0408).
    maxWorkers: 3,
    // The longest files first, with or without vitest's cache of durations (test/support/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      // test/unit, sharing modules between files (vitest.unit.config.ts).
      unitProject,
      // test/ but test/unit, sharing their workers' modules: a file's worker need not import the SDK, the
      // handlers and their dependencies afresh (decision 0400); a file that loads its own gets the project's
      // modules afresh, in the same workers (decision 0416).
      { test: { ...suites, name: 'suites', isolate: false } },
      // Last, once every suite above has recorded its functions' calls: the grant check (vitest.grants.config.ts).
      grantsProject,
    ],
  },
});
