/**
 * How long a receiver check's probe waits for its answer (docs/api.md §17), and the shorter one a
 * test sandbox may be started with (decision 0350). Kept apart from the check's code so that
 * lib/config/env.ts, which reads the test setting, does not bundle it.
 */

/**
 * The contract's: two rounds of it (the duplicate goes after the valid probe) and the URL's lookup
 * (3 s) stay within the 15 s a check must answer in.
 */
export const PROBE_TIMEOUT_MS = 5_000;

/** The shortest a test sandbox's probe timeout may be: a loopback receiver answers well within it. */
const MIN_TEST_PROBE_TIMEOUT_MS = 100;

/** Parses a test sandbox's probe timeout: whole milliseconds from 100 to the contract's 5 000 (it only ever shortens). */
export function parseProbeTimeout(name: string, value: string): number {
  const ms = /^[1-9][0-9]{2,3}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(ms >= MIN_TEST_PROBE_TIMEOUT_MS && ms <= PROBE_TIMEOUT_MS)) {
    throw new Error(`${name} must be whole milliseconds from ${MIN_TEST_PROBE_TIMEOUT_MS} to ${PROBE_TIMEOUT_MS}, not '${value}'`);
  }
  return ms;
}
