/**
 * The run's longest files, longest first: each starts real processes (npm start and its Java,
 * Chromium), bundles the stack, or waits on webhook deliveries. They start the run whatever vitest's
 * cache (node_modules/.vite/vitest) knows, so a run without that cache — a clean clone, CI — keeps
 * the same short tail as one with it, instead of starting a file of a minute near the end because
 * its source is small (decision 0290). The 30 longest of three quiet runs of three files at a time
 * (2026-11-27; decision 0408), and every file that loads its own modules (decision 0416) and takes
 * 2 s or more: when those were a project of their own, an unlisted one started after the shared
 * files, and `webhook-chaos-timer` (9 s) then ended the run alone. The order only matters roughly;
 * a file not listed here is ordered as vitest orders it.
 */
export const LONGEST_FILES = [
  'test/infra/local-teardown.test.ts',
  'test/http/local-runtime.test.ts',
  'test/infra/stack.test.ts',
  'test/browser/payment-page.test.ts',
  'test/http/webhook-retries.test.ts',
  'test/http/events.test.ts',
  'test/http/malformed-input.test.ts',
  'test/http/webhook-secret-roll-delivery.test.ts',
  'test/browser/dashboard.test.ts',
  'test/integration/sandbox-clock.test.ts',
  'test/http/webhook-chaos-timer.test.ts',
  'test/browser/accounts.test.ts',
  'test/http/webhook-check.test.ts',
  'test/integration/ledger-invariant.test.ts',
  'test/http/docs-examples.test.ts',
  'test/http/sandbox-reset-deliveries.test.ts',
  'test/infra/cdk-nag.test.ts',
  'test/http/webhook-chaos.test.ts',
  'test/http/webhook-delivery.test.ts',
  'test/integration/list-read-budget.test.ts',
  'test/http/payment-page-secrets.test.ts',
  'test/http/accounts.test.ts',
  'test/integration/github-action.test.ts',
  'test/infra/ci-role.test.ts',
  'test/http/listen.test.ts',
  'test/http/list-transactions.test.ts',
  'test/http/response-safety.test.ts',
  'test/http/webhook-delivery-restart.test.ts',
  'test/http/payment-page.test.ts',
  'test/http/transaction-lifecycle.test.ts',
  'test/http/rate-limit.test.ts',
  'test/http/local-logs.test.ts',
  'test/integration/audit-log.test.ts',
  'test/http/webhook-url-policy-deployed.test.ts',
];
