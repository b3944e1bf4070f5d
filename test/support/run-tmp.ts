import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The run's temporary directory: made by the global setup before any worker starts, named to the
 * workers by this variable (they inherit the environment), and removed with all it holds after the
 * run, whether or not a worker removed what it made there.
 */
export const RUN_TMP_ENV = 'PAYMENT_SANDBOX_TEST_RUN_TMP';

export function makeRunTmp(): void {
  process.env[RUN_TMP_ENV] ??= mkdtempSync(join(tmpdir(), 'payment-sandbox-test-run-'));
}

export function removeRunTmp(): void {
  const dir = process.env[RUN_TMP_ENV];
  if (dir === undefined) return;
  delete process.env[RUN_TMP_ENV];
  rmSync(dir, { recursive: true, force: true });
}
