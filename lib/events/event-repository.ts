import { offsetOf, realClockOf, webhookEndpointsOf, type Clock } from '../clock';
import type { Db } from '../db/db';
import { keys } from '../db/keys';
import { allOf, compare, equals, listPage, oneOf } from '../db/paging';
import type { SendWindow } from '../db/transact';
import type { Pagination } from '../db/pagination';
import { idTime, newIdsInOrder } from '../ids';
import { asApiObject } from '../payments/fields';
import { Refund } from '../payments/refund';
import { Transaction } from '../payments/transaction';
import { ApiKey } from '../auth/api-key-object';
import { WebhookEndpoint } from '../webhooks/webhook-endpoint';
import { type Event, eventOf, type Cause, type Change } from './event';
import type { ListEventsInput } from './event-queries';
import { eventEntity, type StoredEvent } from './items';
import type { TransactItem } from '../db/requests';

/**
 * Events in the table: `C#<client id>` / `EVT#evt_<ULID>`, one item per event, written by the
 * write that makes its change (docs/data-model.md). Ordering and tailing (docs/decisions/):
 * an event id's ULID time is when the event is *recorded* — taken from the clock as late as
 * possible, right before its write is sent — so ids sort by recording order as far as clocks
 * allow. Its `created_at` is when the change happened (the same instant, give or take the
 * milliseconds between the change's `now` and the write; an expiry stored by the sweep is dated
 * its `expires_at`, up to a minute earlier: lib/payments/expiry.ts).
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

/** A stored event as the API answers it; `data.object` in its schema's field order. */
export function viewEvent({ event }: StoredEvent): Event {
  const { object, previous_attributes } = event.data;
  const shaped =
    event.type === 'refund.created'
      ? asApiObject(Refund, object)
      : event.type === 'webhook_endpoint.secret_rolled'
        ? asApiObject(WebhookEndpoint, object)
        : event.type.startsWith('api_key.')
          ? asApiObject(ApiKey, object)
          : asApiObject(Transaction, object);
  return { ...event, data: previous_attributes === undefined ? { object: shaped } : { object: shaped, previous_attributes } };
}

/**
 * The recording time from which events are kept at `now`: older ones are gone from every read,
 * whether or not DynamoDB's TTL has deleted them yet (it may take a while).
 */
export function keptSince(now: Date): Date {
  return new Date(now.getTime() - EVENT_TTL_SECONDS * 1000);
}

/**
 * True when the event `eventId` is still kept at `now` (real time): recorded (its id's time) at or
 * after keptSince. What every read of one event decides by — GET /event/{id}, its deliveries, an attempt.
 */
export function isKept(eventId: string, now: Date): boolean {
  return idTime(eventId) >= keptSince(now);
}

/** One event of this client (strongly consistent) that is still kept at `now` (real time), or undefined. */
export async function findEvent(db: Db, clientId: string, eventId: string, now: Date): Promise<Event | undefined> {
  if (!isKept(eventId, now)) return undefined;
  const stored = await findStoredEvent(db, clientId, eventId);
  return stored ? viewEvent(stored) : undefined;
}

/** One stored event of this client (strongly consistent), kept or not, or undefined. */
export function findStoredEvent(db: Db, clientId: string, eventId: string): Promise<StoredEvent | undefined> {
  return eventEntity.find(db, eventEntity.key(clientId, eventId));
}

/**
 * A page of this client's events (docs/api.md §10), strongly consistent: an event is listed the
 * moment its write commits. The sort key is the recording time (the id, real time), so:
 * - the key range starts at the latest of: the 30 days events are kept, `created_from` (an event
 *   is recorded at or after its `created_at`), and the transaction's creation time with
 *   `transaction_id` (its events are all recorded after it, the ULID time of its id); the last two
 *   are on the client's clock, which ran at most its current offset ahead when they were recorded
 *   (offsets only grow until a reset, which deletes the events), so the offset is taken off them;
 * - `created_from` is also a filter (a backdated event, such as an expiry dated `expires_at`, may
 *   be recorded after `created_from` while it happened before), and `created_to` is only a filter
 *   (such an event may be recorded long after `created_to`): a narrow `created_to` over a long
 *   history reads through every later event, a page at a time within the read budget;
 * - `asc` pages stop at real `now − TAIL_SETTLE_MS`, so they never pass an event that can still
 *   commit with a smaller id (docs/decisions/, "Ordering and tailing"), and always carry a cursor.
 * `clock` is the client's: its real time bounds retention and the tail, its offset the rest.
 */
export async function queryEvents(
  db: Db,
  clientId: string,
  query: ListEventsInput,
  clock: Clock,
  readUnits: number,
): Promise<{ data: Event[]; pagination: Pagination }> {
  const { limit, cursor, ...filters } = query;
  const now = realClockOf(clock).now();
  const offset = offsetOf(clock);
  const clientTimes = [query.created_from, query.transaction_id === undefined ? undefined : idTime(query.transaction_id)];
  const starts = [keptSince(now), ...clientTimes.filter((d): d is Date => d !== undefined).map((d) => new Date(d.getTime() - offset))];
  const from = new Date(Math.max(...starts.map((d) => d.getTime())));
  const { items, pagination } = await listPage(db, {
    clientId,
    kind: 'event',
    sortKeyPrefix: keys.eventSortKey(''),
    limit,
    cursor,
    filters,
    from,
    to: query.order === 'asc' ? new Date(now.getTime() - TAIL_SETTLE_MS) : undefined,
    order: query.order,
    filter: allOf([
      oneOf('type', query.type),
      equals('transaction_id', query.transaction_id),
      compare('created_at', '>=', 'created_from', query.created_from),
      compare('created_at', '<', 'created_to', query.created_to),
    ]),
    readUnits,
  });
  return { data: items.map((item) => viewEvent(eventEntity.fromItem(item))), pagination };
}
