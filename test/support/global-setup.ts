import type { TestProject } from 'vitest/node';
import { ensureDemoCredentials, newCursorSecret, startSandbox, type Sandbox } from '../../infra/local/sandbox';
import { startRecordingCalls } from './dynamodb-calls';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dynamoEndpoint: string;
    tableName: string;
    /** A full-scope key of a demo client, as `npm start` seeds: what the e2e suite uses locally. */
    serverKey: string;
    /** The secret the run's sandbox signs cursors with (fresh each run): tests make cursors as the API would. */
    cursorSecret: string;
    /** The sandbox's identity emulator (docs/api.md §14): its JSON API, pool, app client, and the directory of its outbox. */
    identityEndpoint: string;
    userPoolId: string;
    userPoolClientId: string;
    identityDir: string;
  }
}

let sandbox: Sandbox | undefined;

/**
 * The suites' requests per second per client: far above what any of them makes, so none is ever
 * throttled; test/http/rate-limit.test.ts serves its own handlers with a low limit.
 */
export const SUITE_REQUESTS_PER_SECOND = 100_000;

/**
 * How long a receiver check's probe waits in the suites (decision 0350): a receiver that never
 * answers costs two of it, not two of the contract's 5 s; every receiver of the suites is on this
 * machine and answers in milliseconds.
 */
export const SUITE_PROBE_TIMEOUT_MS = 2_000;

/** Starts DynamoDB Local (in memory), the local server and its sweep once per run; every test file shares them. */
export async function setup(project: TestProject): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  process.env.POWERTOOLS_LOG_LEVEL ??= 'CRITICAL';
  // Every function's DynamoDB calls, here and in the workers, for the grant check after the run (test/grants).
  startRecordingCalls();
  const cursorSecret = newCursorSecret();
  // With the sweep running every second, as under `npm start` (test/http/expiry-sweep.test.ts relies on it).
  sandbox = await startSandbox({
    port: 0,
    cursorSecret,
    limits: { requestsPerSecond: SUITE_REQUESTS_PER_SECOND },
    probeTimeoutMs: SUITE_PROBE_TIMEOUT_MS,
    background: true,
  });
  project.provide('baseUrl', sandbox.baseUrl);
  project.provide('dynamoEndpoint', sandbox.dynamoEndpoint);
  project.provide('tableName', sandbox.tableName);
  project.provide('cursorSecret', cursorSecret);
  project.provide('identityEndpoint', sandbox.identity.endpoint);
  project.provide('userPoolId', sandbox.identity.userPoolId);
  project.provide('userPoolClientId', sandbox.identity.clientId);
  project.provide('identityDir', sandbox.identityDir);
  project.provide('serverKey', (await ensureDemoCredentials(sandbox.db)).key);
}

export async function teardown(): Promise<void> {
  await sandbox?.stop();
}
