/**
 * How webhooks are delivered (docs/api.md §11): the pauses before each retry and how long one
 * attempt may take. The contract's values are the defaults; a stage sets them explicitly (the CDK
 * stack), and tests shorten them through the same variables so that they never wait minutes.
 * Kept apart from the delivery code so that lib/config/config.ts can read them without bundling it.
 */

/** Seconds to wait after each failed attempt before the next, comma-separated: `10,60,300,1800,7200`. */
export const RETRY_SCHEDULE_ENV = 'WEBHOOK_RETRY_SCHEDULE_SECONDS';

/** Milliseconds one attempt may take to be answered (at most 10 000, the contract's 10 s). */
export const ATTEMPT_TIMEOUT_ENV = 'WEBHOOK_ATTEMPT_TIMEOUT_MS';

/** Test only (decision 0340): how many milliseconds one second of the retry schedule lasts. */
export const TEST_RETRY_SECOND_ENV = 'WEBHOOK_TEST_RETRY_SECOND_MS';

/** Test only (decision 0340): how long a claim on an attempt lasts, in milliseconds. */
export const TEST_CLAIM_LEASE_ENV = 'WEBHOOK_TEST_CLAIM_LEASE_MS';

export interface DeliverySettings {
  /** The pause before attempt n + 1 after attempt n failed; its length + 1 attempts in all. */
  readonly retryScheduleSeconds: readonly number[];
  /** A 2xx must arrive within this many milliseconds. */
  readonly attemptTimeoutMs: number;
  /**
   * A test sandbox's faster timing (decision 0340): absent deployed, where lib/config/config.ts
   * refuses it, since only the local URL policy allows it.
   */
  readonly test?: TestDeliveryTiming;
}

/** What a test sandbox shortens so that it waits for retries and lost claims in milliseconds, not seconds. */
export interface TestDeliveryTiming {
  /** How long one second of `retryScheduleSeconds` lasts (1000 unless set): the schedule keeps its shape, at a test's pace. */
  readonly retrySecondMs?: number;
  /**
   * How long a claim lasts, in place of the DNS lookup's 3 s, the attempt's timeout and 5 s of slack:
   * longer than the timeout, so a live attempt's claim never runs out under it.
   */
  readonly claimLeaseMs?: number;
}

/** The contract's schedule: retried after 10 s, 1 min, 5 min, 30 min and 2 h, so 6 attempts in all. */
export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  retryScheduleSeconds: [10, 60, 300, 1800, 7200],
  attemptTimeoutMs: 10_000,
};

/** The contract's ceiling for one attempt: a 2xx within 10 s is success. */
export const MAX_ATTEMPT_TIMEOUT_MS = 10_000;

/** At most this many retries (the contract's five, and room for a stage that wants more). */
const MAX_RETRIES = 10;

/** A retry waits at most a day. */
const MAX_RETRY_SECONDS = 86_400;

type Env = Readonly<Record<string, string | undefined>>;

/** Parses a retry schedule (`10,60,300`); throws a message naming `name` on anything else. */
export function parseRetrySchedule(name: string, value: string): number[] {
  const parts = value.split(',').map((part) => part.trim());
  const valid = parts.length >= 1 && parts.length <= MAX_RETRIES && parts.every((part) => /^[1-9][0-9]{0,5}$/.test(part) && Number(part) <= MAX_RETRY_SECONDS);
  if (!valid) {
    throw new Error(
      `${name} must be 1 to ${MAX_RETRIES} comma-separated whole seconds from 1 to ${MAX_RETRY_SECONDS} (like 10,60,300,1800,7200), not '${value}'`,
    );
  }
  return parts.map(Number);
}

/** Parses an attempt timeout in milliseconds (100 to 10 000). */
export function parseAttemptTimeout(name: string, value: string): number {
  return parseMs(name, value, 100, MAX_ATTEMPT_TIMEOUT_MS);
}

/** Whole milliseconds from `min` to `max`; throws a message naming `name` on anything else. */
function parseMs(name: string, value: string, min: number, max: number): number {
  const ms = /^[1-9][0-9]{0,5}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(ms >= min && ms <= max)) throw new Error(`${name} must be whole milliseconds from ${min} to ${max}, not '${value}'`);
  return ms;
}

/** A test sandbox's timing from its variables, validated against the attempt timeout; undefined when neither is set. */
function readTestTiming(env: Env, attemptTimeoutMs: number): TestDeliveryTiming | undefined {
  const second = env[TEST_RETRY_SECOND_ENV];
  const lease = env[TEST_CLAIM_LEASE_ENV];
  if (!second && !lease) return undefined;
  return {
    ...(second && { retrySecondMs: parseMs(`Environment variable ${TEST_RETRY_SECOND_ENV}`, second, 10, 1_000) }),
    // At least the timeout and a second for the reads and the outcome's write around the POST.
    ...(lease && { claimLeaseMs: parseMs(`Environment variable ${TEST_CLAIM_LEASE_ENV}`, lease, attemptTimeoutMs + 1_000, 60_000) }),
  };
}

/** The settings of an environment: each variable given is validated, each one absent is the contract's value. */
export function readDeliverySettings(env: Env): DeliverySettings {
  const schedule = env[RETRY_SCHEDULE_ENV];
  const timeout = env[ATTEMPT_TIMEOUT_ENV];
  const attemptTimeoutMs = timeout ? parseAttemptTimeout(`Environment variable ${ATTEMPT_TIMEOUT_ENV}`, timeout) : DEFAULT_DELIVERY_SETTINGS.attemptTimeoutMs;
  const test = readTestTiming(env, attemptTimeoutMs);
  return {
    retryScheduleSeconds: schedule
      ? parseRetrySchedule(`Environment variable ${RETRY_SCHEDULE_ENV}`, schedule)
      : DEFAULT_DELIVERY_SETTINGS.retryScheduleSeconds,
    attemptTimeoutMs,
    ...(test && { test }),
  };
}

/** The settings as the environment variables that carry them to a function or a local server. */
export function deliverySettingsEnvironment(settings: DeliverySettings): Record<string, string> {
  const { retrySecondMs, claimLeaseMs } = settings.test ?? {};
  return {
    [RETRY_SCHEDULE_ENV]: settings.retryScheduleSeconds.join(','),
    [ATTEMPT_TIMEOUT_ENV]: String(settings.attemptTimeoutMs),
    ...(retrySecondMs !== undefined && { [TEST_RETRY_SECOND_ENV]: String(retrySecondMs) }),
    ...(claimLeaseMs !== undefined && { [TEST_CLAIM_LEASE_ENV]: String(claimLeaseMs) }),
  };
}

/** The pause after failed attempt `attempt` (1, 2, …) before the next, in milliseconds; undefined after the last. */
export function retryDelayMs(settings: DeliverySettings, attempt: number): number | undefined {
  const seconds = settings.retryScheduleSeconds[attempt - 1];
  return seconds === undefined ? undefined : seconds * (settings.test?.retrySecondMs ?? 1_000);
}
