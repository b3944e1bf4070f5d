import { mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ENV } from '../../lib/config/env';

/**
 * Where a test run records each function's DynamoDB calls (lib/db/call-recorder.ts) for the grant
 * check that `npm test` runs after it (test/grants): DYNAMODB_CALLS_DIR, else a folder of this
 * checkout's own, so runs in other checkouts never mix with it.
 */
export const DEFAULT_CALLS_DIR = fileURLToPath(new URL('../../node_modules/.cache/dynamodb-calls', import.meta.url));

export const callsDir = (): string => process.env[ENV.callsDir] || DEFAULT_CALLS_DIR;

/**
 * Turns recording on for this process and the test workers it starts (they inherit the
 * environment), emptying the default folder first: the check sees this run's calls only.
 */
export function startRecordingCalls(): void {
  if (!process.env[ENV.callsDir]) {
    rmSync(DEFAULT_CALLS_DIR, { recursive: true, force: true });
    process.env[ENV.callsDir] = DEFAULT_CALLS_DIR;
  }
  mkdirSync(callsDir(), { recursive: true });
}
