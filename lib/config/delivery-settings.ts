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
  const ms = /^[1-9][0-9]{2,4}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(ms >= 100 && ms <= MAX_ATTEMPT_TIMEOUT_MS)) {
    throw new Error(`${name} must be whole milliseconds from 100 to ${MAX_ATTEMPT_TIMEOUT_MS}, not '${value}'`);
  }
  return ms;
}
