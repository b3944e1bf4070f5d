import { offsetOf, realClockOf, webhookEndpointsOf, type Clock } from '../clock';
import type { SendWindow } from '../db/transact';
import type { TransactItem } from '../db/requests';
import { newIdsInOrder } from '../ids';
import { type Event, eventOf, type Cause, type Change } from './event';
import { eventEntity } from './items';

/**
 * Recording events: what a write that makes a change puts beside it (docs/api.md §10). Apart from
 * reading them (lib/events/event-repository.ts), so a function that only records events does not
 * carry the schemas of every object an event can hold. Ordering and tailing: docs/decisions/0024–0026.
 */

/**
 * A write that records events must be sent (each attempt, the SDK's retries included) within
 * this long of their recording time, or not at all (429, nothing written).
 */
export const TAIL_SEND_WINDOW_MS = 1_000;

/**
 * An `order=asc` page lists only events recorded at least this long ago. Since every write is
 * sent within TAIL_SEND_WINDOW_MS of its events' recording time, and DynamoDB commits (or refuses)
 * a sent transaction within TAIL_SETTLE_MS − TAIL_SEND_WINDOW_MS, every event recorded before
 * `now − TAIL_SETTLE_MS` that will ever exist already does: a poller that moves past it never
 * misses one that commits later with a smaller id.
 */
export const TAIL_SETTLE_MS = 2_000;

/**
 * An event is due for its webhook deliveries this long after its recording (keys.due on the event
 * item): the table's stream brings it to the dispatcher well before, which creates its deliveries
 * and removes the due attributes in one write (lib/webhooks/dispatch.ts); the sweep does the same
 * for any event still due, one the stream did not bring (a local restart, a failing batch).
 */
export const EVENT_DISPATCH_GRACE_MS = 2_000;

/** Events are kept 30 days from their recording (docs/api.md §10); DynamoDB's TTL then deletes them. */
export const EVENT_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * Who records a write's events, and when: the request that caused the change and the clock of the
 * client whose change it is. Its changes are dated on that clock (their `created_at`); the events'
 * recording time (their ids, TTL and send window) is the real time under it (lib/clock.ts).
 */
export interface Recorder {
  readonly cause: Cause;
  readonly clock: Clock;
}

export interface Recorded {
  readonly events: readonly Event[];
  /** One Put per event (`attribute_not_exists(pk)`), to go into the change's TransactWriteItems. */
  readonly puts: readonly TransactItem[];
  /** The write must be sent within this window (lib/db/transact.ts checks every attempt). */
  readonly window: SendWindow;
}

/**
 * Records the events of `changes`, in this order, for a write about to be sent: their ids take
 * the recording time from the clock now. Call it after the request's last read, immediately
 * before `transactWrite` with no I/O in between, so the send window only has to cover the SDK's
 * retries. The recording time is never before a change's `created_at`, so a `created_at` lower
 * bound is a safe sort-key lower bound even if the clock steps back.
 */
export function recordEvents(clientId: string, changes: readonly Change[], recorder: Recorder): Recorded {
  // A change is dated on the client's clock; in real time it happened its offset earlier.
  const latestChange = Math.max(...changes.map((change) => Date.parse(change.createdAt))) - offsetOf(recorder.clock);
  const real = realClockOf(recorder.clock);
  const at = new Date(Math.max(real.now().getTime(), latestChange));
  const ids = newIdsInOrder('event', at, changes.length);
  const events = changes.map((change, i) => eventOf(change, ids[i]!, recorder.cause));
  // Rounded up: DynamoDB may delete an item as soon as its ttl passes, never before 30 days here.
  const ttl = Math.ceil(at.getTime() / 1000) + EVENT_TTL_SECONDS;
  // Owed its deliveries unless the client had no webhook endpoint when its clock was read: then it
  // is not due (no index entry), and neither the stream nor the sweep brings it to the dispatcher.
  const owed = webhookEndpointsOf(recorder.clock) !== 0;
  const dueAt = new Date(at.getTime() + EVENT_DISPATCH_GRACE_MS).toISOString();
  return {
    events,
    puts: events.map((event) => eventEntity.create({ clientId, event, ttl, ...(owed && { dueAt }) })),
    window: { clock: real, closesAt: at.getTime() + TAIL_SEND_WINDOW_MS },
  };
}
