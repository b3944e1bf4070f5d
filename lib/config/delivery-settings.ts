/**
 * How webhooks are delivered (docs/api.md §11): the pauses before each retry and how long one
 * attempt may take. The contract's values are the defaults; a stage sets them explicitly (the CDK
 * stack), and tests shorten them through the same variables so that they never wait minutes.
 * Kept apart from the delivery code so that lib/config/env.ts, which reads them (WEBHOOK_RETRY_SCHEDULE_SECONDS,
 * WEBHOOK_ATTEMPT_TIMEOUT_MS), does not bundle it.
 */

export interface DeliverySettings {
  /** The pause before attempt n + 1 after attempt n failed; its length + 1 attempts in all. */
  readonly retryScheduleSeconds: readonly number[];
  /** A 2xx must arrive within this many milliseconds. */
  readonly attemptTimeoutMs: number;
  /**
   * A test sandbox's faster timing (decision 0340): absent deployed, where lib/config/config.ts
   * refuses it, since only the local URL policy allows it (WEBHOOK_TEST_RETRY_SECOND_MS and
   * WEBHOOK_TEST_CLAIM_LEASE_MS, lib/config/env.ts).
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
export function parseMs(name: string, value: string, min: number, max: number): number {
  const ms = /^[1-9][0-9]{0,5}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(ms >= min && ms <= max)) throw new Error(`${name} must be whole milliseconds from ${min} to ${max}, not '${value}'`);
  return ms;
}

/** The test timing read from its variables (env.ts), refused when its lease would not outlast an attempt's timeout and a second. */
export function testTiming(
  retrySecondMs: number | undefined,
  claimLeaseMs: number | undefined,
  attemptTimeoutMs: number,
  leaseName: string,
): TestDeliveryTiming | undefined {
  if (retrySecondMs === undefined && claimLeaseMs === undefined) return undefined;
  // At least the timeout and a second for the reads and the outcome's write around the POST.
  if (claimLeaseMs !== undefined && claimLeaseMs < attemptTimeoutMs + 1_000) {
    throw new Error(
      `Environment variable ${leaseName} must be at least the attempt timeout and a second (${attemptTimeoutMs + 1_000} ms), not ${claimLeaseMs}`,
    );
  }
  return { ...(retrySecondMs !== undefined && { retrySecondMs }), ...(claimLeaseMs !== undefined && { claimLeaseMs }) };
}

/** The pause after failed attempt `attempt` (1, 2, …) before the next, in milliseconds; undefined after the last. */
export function retryDelayMs(settings: DeliverySettings, attempt: number): number | undefined {
  const seconds = settings.retryScheduleSeconds[attempt - 1];
  return seconds === undefined ? undefined : seconds * (settings.test?.retrySecondMs ?? 1_000);
}
