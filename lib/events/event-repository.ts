import { offsetOf, realClockOf, type Clock } from '../clock';
import type { Db } from '../db/db';
import { keys } from '../db/keys';
import { allOf, compare, equals, listPage, oneOf } from '../db/paging';
import type { Pagination } from '../db/pagination';
import { idTime } from '../ids';
import { asApiObject } from '../objects/fields';
import { Refund } from '../objects/refund';
import { Transaction } from '../objects/transaction';
import { ApiKey } from '../objects/api-key-object';
import { endpointObjectOf } from '../objects/webhook-endpoint';
import type { Event } from './event';
import type { ListEventsInput } from './event-queries';
import { eventEntity, type StoredEvent } from './items';
import { EVENT_TTL_SECONDS, TAIL_SETTLE_MS } from './event-recorder';

/**
 * Events in the table: `C#<client id>` / `EVT#evt_<ULID>`, one item per event, written by the
 * write that makes its change (docs/data-model.md). Ordering and tailing (docs/decisions/):
 * an event id's ULID time is when the event is *recorded* — taken from the clock as late as
 * possible, right before its write is sent — so ids sort by recording order as far as clocks
 * allow. Its `created_at` is when the change happened (the same instant, give or take the
 * milliseconds between the change's `now` and the write; an expiry stored by the sweep is dated
 * its `expires_at`, up to a minute earlier: lib/payments/expiry.ts).
 */

/** A stored event as the API answers it; `data.object` in its schema's field order. */
export function viewEvent({ event }: StoredEvent): Event {
  const { object, previous_attributes } = event.data;
  const shaped =
    event.type === 'refund.created'
      ? asApiObject(Refund, object)
      : event.type.startsWith('webhook_endpoint.')
        ? endpointObjectOf(object)
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
