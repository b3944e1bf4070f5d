/**
 * The environment of a function: every variable that lib/ and functions/ read is named, typed and
 * checked here, and this is the one module of theirs that reads the environment
 * (test/unit/environment-reads.test.ts holds every other file to it). A variable is read when it is
 * asked for, never when this module loads: a function that never needs one does not need it set, and
 * `npm start` and the tests set some (the `{base_url}`, the cursor secret, the identity service, the
 * dashboard's files) after lib/ is loaded but before a handler asks. The stack, `npm start` and the
 * tests set the variables by these same names.
 */
import { parseLimit, type Limits } from '../limits';
import { DEFAULT_DELIVERY_SETTINGS, parseAttemptTimeout, parseMs, parseRetrySchedule, testTiming, type DeliverySettings } from './delivery-settings';
import { parseProbeTimeout } from './probe-timeout';
import { urlPolicies, type UrlPolicy } from './webhook-url-policy';

/** An environment: the process's, or one a test or a tool hands a reader instead. */
export type Env = Readonly<Record<string, string | undefined>>;

/** The name of every variable a function reads; nothing else in lib/ or functions/ spells one. */
export const ENV = {
  /** The single DynamoDB table. */
  tableName: 'TABLE_NAME',
  /** Only set locally (DynamoDB Local); deployed functions use the regional endpoint. */
  dynamoEndpoint: 'DYNAMODB_ENDPOINT',
  /** The per-client budget of the stage (lib/limits.ts). */
  requestsPerSecond: 'CLIENT_REQUESTS_PER_SECOND',
  readUnitsPerRequest: 'LIST_READ_UNITS_PER_REQUEST',
  /** Which webhook URLs are accepted (lib/config/webhook-url-policy.ts); absent means `deployed`. */
  webhookUrlPolicy: 'WEBHOOK_URL_POLICY',
  /** Seconds to wait after each failed attempt before the next, comma-separated: `10,60,300,1800,7200`. */
  retrySchedule: 'WEBHOOK_RETRY_SCHEDULE_SECONDS',
  /** Milliseconds one attempt may take to be answered (at most 10 000, the contract's 10 s). */
  attemptTimeout: 'WEBHOOK_ATTEMPT_TIMEOUT_MS',
  /**
   * A test sandbox's receiver-check probe timeout, shorter than the contract's 5 s (decision 0350):
   * lib/config/config.ts refuses it unless the URL policy is `local`, which no deployed stack has.
   */
  testProbeTimeout: 'WEBHOOK_TEST_PROBE_TIMEOUT_MS',
  /** Test only (decision 0340): how many milliseconds one second of the retry schedule lasts; refused without the local URL policy. */
  testRetrySecond: 'WEBHOOK_TEST_RETRY_SECOND_MS',
  /** Test only (decision 0340): how long a claim on an attempt lasts, in milliseconds; refused without the local URL policy. */
  testClaimLease: 'WEBHOOK_TEST_CLAIM_LEASE_MS',
  /** The deployed timer's queue (set by the stack on the dispatcher; absent under `npm start`). */
  timerQueueUrl: 'WEBHOOK_TIMER_QUEUE_URL',
  /** The stage's `{base_url}` (lib/base-url.ts); not `BASE_URL`, which Vite, and so vitest, sets to `/`. */
  baseUrl: 'API_BASE_URL',
  /** Locally (npm start, the tests, the bench): the cursor secret itself (lib/db/cursor-key.ts). */
  cursorSecret: 'CURSOR_SECRET',
  /** Deployed: the ARN of the stack's cursor secret, read on first use. */
  cursorSecretArn: 'CURSOR_SECRET_ARN',
  /** Set by a test run: where the grant check's recorder writes each function's calls (lib/db/call-recorder.ts). */
  callsDir: 'DYNAMODB_CALLS_DIR',
  /** The built dashboard's directory, relative to the function's module or absolute (lib/dashboard/assets.ts). */
  dashboardAssetsDir: 'DASHBOARD_ASSETS_DIR',
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  identityIssuer: 'IDENTITY_ISSUER',
  identityEndpoint: 'IDENTITY_ENDPOINT',
  signupPolicy: 'SIGNUP_POLICY',
} as const;

/** The variable that carries each limit to the functions. */
export const LIMIT_ENV = { requestsPerSecond: ENV.requestsPerSecond, readUnitsPerRequest: ENV.readUnitsPerRequest } as const satisfies {
  readonly [K in keyof Limits]: string;
};

/**
 * The variables that carry a stage's identity service to its functions: the pool and its app
 * client, the issuer its tokens carry (`https://cognito-idp.<region>.amazonaws.com/<pool id>`
 * deployed, the emulator's locally; its JWKS is `<issuer>/.well-known/jwks.json`), the identity
 * service's JSON API the page posts to, and the sign-up policy the sign-up route enforces.
 */
export const IDENTITY_ENV = {
  userPoolId: ENV.userPoolId,
  clientId: ENV.userPoolClientId,
  issuer: ENV.identityIssuer,
  endpoint: ENV.identityEndpoint,
  signupPolicy: ENV.signupPolicy,
} as const;

/** How a variable's value (never empty) is read: `name` is the variable's, for the message when the value is not what it must be. */
type Reader<T> = (name: string, value: string) => T;

/** Any text. */
const text: Reader<string> = (_name, value) => value;

/** Text without the spaces around it; only spaces is absent. */
const trimmed: Reader<string | undefined> = (_name, value) => value.trim() || undefined;

/** A positive integer (lib/limits.ts). */
const limit: Reader<number> = (name, value) => parseLimit(`Environment variable ${name}`, value);

const urlPolicy: Reader<UrlPolicy> = (name, value) => {
  const policy = urlPolicies.find((known) => known === value);
  if (!policy) throw new Error(`Environment variable ${name} must be one of ${urlPolicies.join(', ')}, not '${value}'`);
  return policy;
};

/** Loopback hosts: the only ones where an identity URL may be plain http (the local identity emulator). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An https URL (the pool's), or http on loopback (`npm start`'s emulator), never http elsewhere; only spaces is absent. */
const identityUrl: Reader<string | undefined> = (name, value) => {
  const trimmedValue = value.trim();
  if (!trimmedValue) return undefined;
  const url = URL.canParse(trimmedValue) ? new URL(trimmedValue) : undefined;
  if (!url) throw new Error(`Environment variable ${name} must be a URL, not '${trimmedValue}'`);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
    throw new Error(`Environment variable ${name} must be an https URL (http only on loopback), not '${trimmedValue}'`);
  }
  return trimmedValue;
};

/**
 * How each variable is read: what its value must be, and the type it is read as. Plain functions
 * rather than zod schemas: db/client.ts reads this module in every function, and zod would add its
 * core to the bundles that hold no schema (decision 0310). API_BASE_URL's shape (its path is the
 * API's) is lib/base-url.ts's, SIGNUP_POLICY's grammar lib/identity/signup-policy.ts's: the layers
 * that know them, above this one; each is read by that one module.
 */
const readers = {
  [ENV.tableName]: text,
  [ENV.dynamoEndpoint]: text,
  [ENV.requestsPerSecond]: limit,
  [ENV.readUnitsPerRequest]: limit,
  [ENV.webhookUrlPolicy]: urlPolicy,
  [ENV.retrySchedule]: (name: string, value: string) => parseRetrySchedule(`Environment variable ${name}`, value),
  [ENV.attemptTimeout]: (name: string, value: string) => parseAttemptTimeout(`Environment variable ${name}`, value),
  [ENV.testProbeTimeout]: (name: string, value: string) => parseProbeTimeout(`Environment variable ${name}`, value),
  [ENV.testRetrySecond]: (name: string, value: string) => parseMs(`Environment variable ${name}`, value, 10, 1_000),
  [ENV.testClaimLease]: (name: string, value: string) => parseMs(`Environment variable ${name}`, value, 1_100, 60_000),
  [ENV.timerQueueUrl]: text,
  [ENV.baseUrl]: text,
  [ENV.cursorSecret]: text,
  [ENV.cursorSecretArn]: text,
  [ENV.callsDir]: text,
  [ENV.dashboardAssetsDir]: trimmed,
  [ENV.userPoolId]: text,
  [ENV.userPoolClientId]: trimmed,
  [ENV.identityIssuer]: identityUrl,
  [ENV.identityEndpoint]: identityUrl,
  [ENV.signupPolicy]: text,
} satisfies Record<(typeof ENV)[keyof typeof ENV], Reader<unknown>>;

/** A variable's name. */
export type EnvName = keyof typeof readers;

/** What a variable is read as. */
export type EnvValue<N extends EnvName> = ReturnType<(typeof readers)[N]>;

/**
 * The variable `name` of `env` (the process's environment by default) as its reader reads it, at
 * the moment of the call; undefined when it is absent or empty. Throws a message naming the
 * variable when its value is not what it must be.
 */
export function readEnv<N extends EnvName>(name: N, env: Env = process.env): EnvValue<N> | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  return readers[name](name, value) as EnvValue<N>;
}

/** Like readEnv, but throws `Environment variable <name> is required`, followed by `why`, when it is absent. */
export function requireEnv<N extends EnvName>(name: N, env?: Env, why?: string): NonNullable<EnvValue<N>> {
  const value = readEnv(name, env);
  if (value === undefined) throw new Error(`Environment variable ${name} is required${why ? ` ${why}` : ''}`);
  return value as NonNullable<EnvValue<N>>;
}

/** The limits as the functions' environment variables. */
export const limitsEnvironment = (limits: Limits): Record<string, string> => ({
  [LIMIT_ENV.requestsPerSecond]: String(limits.requestsPerSecond),
  [LIMIT_ENV.readUnitsPerRequest]: String(limits.readUnitsPerRequest),
});

/** The delivery settings of an environment: each variable given is validated, each one absent is the contract's value. */
export function readDeliverySettings(env?: Env): DeliverySettings {
  const attemptTimeoutMs = readEnv(ENV.attemptTimeout, env) ?? DEFAULT_DELIVERY_SETTINGS.attemptTimeoutMs;
  const test = testTiming(readEnv(ENV.testRetrySecond, env), readEnv(ENV.testClaimLease, env), attemptTimeoutMs, ENV.testClaimLease);
  return {
    retryScheduleSeconds: readEnv(ENV.retrySchedule, env) ?? DEFAULT_DELIVERY_SETTINGS.retryScheduleSeconds,
    attemptTimeoutMs,
    ...(test && { test }),
  };
}

/** The delivery settings as the environment variables that carry them to a function or a local server. */
export function deliverySettingsEnvironment(settings: DeliverySettings): Record<string, string> {
  const { retrySecondMs, claimLeaseMs } = settings.test ?? {};
  return {
    [ENV.retrySchedule]: settings.retryScheduleSeconds.join(','),
    [ENV.attemptTimeout]: String(settings.attemptTimeoutMs),
    ...(retrySecondMs !== undefined && { [ENV.testRetrySecond]: String(retrySecondMs) }),
    ...(claimLeaseMs !== undefined && { [ENV.testClaimLease]: String(claimLeaseMs) }),
  };
}
