/**
 * The run's longest files, longest first: each starts real processes (npm start and its Java,
 * Chromium), bundles the stack, or waits on webhook deliveries. They start the run whatever vitest's
 * cache (node_modules/.vite/vitest) knows, so a run without that cache — a clean clone, CI — keeps
 * the same short tail as one with it, instead of starting a file of a minute near the end because
 * its source is small (decision 0290). Measured per file on a busy machine; the order only matters
 * roughly, and a file not listed here is ordered as vitest orders it.
 */
export const LONGEST_FILES = [
  'test/infra/stack.test.ts',
  'test/infra/local-teardown.test.ts',
  'test/http/local-runtime.test.ts',
  'test/http/webhook-delivery-restart.test.ts',
  'test/http/malformed-input.test.ts',
  'test/http/docs-examples.test.ts',
  'test/http/webhook-retries.test.ts',
  'test/infra/ci-role.test.ts',
  'test/http/webhook-chaos.test.ts',
  'test/http/sandbox-reset-deliveries.test.ts',
  'test/infra/cdk-nag.test.ts',
  'test/browser/payment-page.test.ts',
  'test/http/sandbox-clock-outcomes.test.ts',
  'test/integration/admin-cli.test.ts',
  'test/http/webhook-check.test.ts',
];
