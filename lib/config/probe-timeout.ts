import { parseMs } from './delivery-settings';

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
export const parseProbeTimeout = (name: string, value: string): number => parseMs(name, value, MIN_TEST_PROBE_TIMEOUT_MS, PROBE_TIMEOUT_MS);
