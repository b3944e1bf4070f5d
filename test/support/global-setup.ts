import { tsImport } from 'tsx/esm/api';
import type { TestProject } from 'vitest/node';
import type { Sandbox } from '../../infra/local/sandbox';
import { startRecordingCalls } from './dynamodb-calls';
import { QUIET_TEST_ENV } from './quiet-env';
import { makeRunTmp, removeRunTmp } from './run-tmp';
import { QUICK_JAVA_OPTIONS } from './processes';

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

interface RunSandbox {
  readonly sandbox: Sandbox;
  readonly cursorSecret: string;
  readonly serverKey: string;
}

/** The run's sandbox: one project of the run (the suites, vitest.config.ts) names this setup, so it starts once. */
let started: Promise<RunSandbox> | undefined;

/**
 * The sandbox's modules, loaded by Node itself through tsx, as `npm start` loads them, rather than
 * through vitest's module runner: that transforms its ~700 modules one import at a time, and held
 * up the first test file by about 3 s of a mostly idle machine (decision 0409).
 */
const loadSandbox = (): Promise<typeof import('../../infra/local/sandbox')> => tsImport('../../infra/local/sandbox.ts', import.meta.url);

async function startRunSandbox(): Promise<RunSandbox> {
  // The run's sandbox serves in this process, which the projects' `env` does not reach: the same quiet environment.
  for (const [name, value] of Object.entries(QUIET_TEST_ENV)) process.env[name] ??= value;
  // Every function's DynamoDB calls, here and in the workers, for the grant check after the run (test/grants).
  startRecordingCalls();
  const { ensureDemoCredentials, newCursorSecret, startSandbox } = await loadSandbox();
  const cursorSecret = newCursorSecret();
  // With the sweep running every second, as under `npm start` (test/http/expiry-sweep.test.ts relies on it).
  const sandbox = await startSandbox({
    port: 0,
    cursorSecret,
    limits: { requestsPerSecond: SUITE_REQUESTS_PER_SECOND },
    probeTimeoutMs: SUITE_PROBE_TIMEOUT_MS,
    background: true,
    javaOptions: QUICK_JAVA_OPTIONS,
  });
  return { sandbox, cursorSecret, serverKey: (await ensureDemoCredentials(sandbox.db)).key };
}

/** Starts DynamoDB Local (in memory), the local server and its sweep once per run; every test file shares them. */
export async function setup(project: TestProject): Promise<void> {
  // Before any worker starts, so that every one inherits where the run's temporary files go.
  makeRunTmp();
  started = startRunSandbox();
  const { sandbox, cursorSecret, serverKey } = await started;
  project.provide('baseUrl', sandbox.baseUrl);
  project.provide('dynamoEndpoint', sandbox.dynamoEndpoint);
  project.provide('tableName', sandbox.tableName);
  project.provide('cursorSecret', cursorSecret);
  project.provide('identityEndpoint', sandbox.identity.endpoint);
  project.provide('userPoolId', sandbox.identity.userPoolId);
  project.provide('userPoolClientId', sandbox.identity.clientId);
  project.provide('identityDir', sandbox.identityDir);
  project.provide('serverKey', serverKey);
}

export async function teardown(): Promise<void> {
  const run = started;
  started = undefined;
  await (await run?.catch(() => undefined))?.sandbox.stop();
  removeRunTmp();
}
