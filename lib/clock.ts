/** The time source; injected so tests can move time without sleeping. */
export interface Clock {
  now(): Date;
}

/*
 * The only module of lib/ and functions/ that reads the machine's time (a unit test holds every
 * other file to it). Two kinds of time come from here:
 * - real time (`systemClock`): infrastructure — rate-limit seconds, TTLs, idempotency leases, the
 *   events' recording time and send window, webhook timestamps and retry leases, the due index;
 * - a client's time (`clientClock`): real time plus the client's offset (docs/api.md §12 "Clock,
 *   per client"), what every time the service shows or compares for that client is read from.
 */

/** The machine's time. */
export const systemClock: Clock = { now: () => new Date() };

/** The machine's time as a Date: the default of functions that take an optional `now`. */
export const realNow = (): Date => systemClock.now();

/** A client's clock: its real base clock moved `offsetMs` ahead (0 until the client advances it). */
export interface ClientClock extends Clock {
  /** How far ahead of real time the client's clock is, in whole milliseconds (never negative). */
  readonly offsetMs: number;
  /** The real clock it is built on (an injected one in tests). */
  readonly real: Clock;
  /**
   * How many webhook endpoints the client item counted when the clock was read from it (undefined
   * when that was not read): an event recorded on a clock that counted none is owed no delivery.
   */
  readonly webhookEndpoints?: number;
}

/** The clock of a client whose offset is `offsetMs`, on top of `real` (the system clock unless a test injects one). */
export function clientClock(real: Clock, offsetMs: number, webhookEndpoints?: number): ClientClock {
  return { offsetMs, real, now: () => new Date(real.now().getTime() + offsetMs), ...(webhookEndpoints !== undefined && { webhookEndpoints }) };
}

/** The webhook endpoints a client clock's reading counted; undefined for any other clock, or when not read. */
export function webhookEndpointsOf(clock: Clock): number | undefined {
  return 'webhookEndpoints' in clock ? (clock as ClientClock).webhookEndpoints : undefined;
}

/** The real clock under `clock`: itself unless it is a client clock. */
export function realClockOf(clock: Clock): Clock {
  return 'real' in clock ? (clock as ClientClock).real : clock;
}

/** How far `clock` runs ahead of real time: a client clock's offset, else 0. */
export function offsetOf(clock: Clock): number {
  return 'offsetMs' in clock ? (clock as ClientClock).offsetMs : 0;
}
