import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { keys } from '../db/keys';
import type { SendWindow, TransactItem } from '../db/transact';
import { newIdsInOrder } from '../ids';
import { asApiObject } from '../payments/fields';
import { Refund } from '../payments/refund';
import { Transaction } from '../payments/transaction';
import { Event, eventOf, transactionIdOf, type Cause, type Change } from './event';

/**
 * Events in the table: `C#<client id>` / `EVT#evt_<ULID>`, one item per event, written by the
 * write that makes its change (docs/data-model.md). Ordering and tailing (docs/decisions.md):
 * an event id's ULID time is when the event is *recorded* — taken from the clock as late as
 * possible, right before its write is sent — so ids sort by recording order as far as clocks
 * allow. Its `created_at` is when the change happened (today the same instant, give or take the
 * milliseconds between the change's `now` and the write; a backdated expiry will be earlier).
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

/** Who records a write's events, and when: the request that caused the change and the clock that dates them. */
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
export function recordEvents(db: Db, clientId: string, changes: readonly Change[], recorder: Recorder): Recorded {
  const latestChange = Math.max(...changes.map((change) => Date.parse(change.createdAt)));
  const at = new Date(Math.max(recorder.clock.now().getTime(), latestChange));
  const ids = newIdsInOrder('event', at, changes.length);
  const events = changes.map((change, i) => eventOf(change, ids[i]!, recorder.cause));
  const ttl = Math.floor(at.getTime() / 1000) + EVENT_TTL_SECONDS;
  return {
    events,
    puts: events.map((event) => ({
      Put: {
        TableName: db.tableName,
        Item: {
          ...keys.event(clientId, event.id),
          entity: 'event',
          ...event,
          // `type` and `created_at` are the event's own; the transaction is named for filtering.
          transaction_id: transactionIdOf(event),
          ttl,
          ...keys.due(new Date(at.getTime() + EVENT_DISPATCH_GRACE_MS).toISOString()),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    })),
    window: { clock: recorder.clock, closesAt: at.getTime() + TAIL_SEND_WINDOW_MS },
  };
}

/** An event item as the API answers it; `data.object` in its schema's field order. */
export function viewEvent(item: Record<string, unknown>): Event {
  const event = asApiObject(Event, item);
  const { object, previous_attributes } = event.data;
  const shaped = event.type === 'refund.created' ? asApiObject(Refund, object) : asApiObject(Transaction, object);
  return { ...event, data: previous_attributes === undefined ? { object: shaped } : { object: shaped, previous_attributes } };
}

/**
 * One event of this client (strongly consistent), or undefined: also once it is past its 30 days,
 * though DynamoDB's TTL may take a while to delete it.
 */
export async function findEvent(db: Db, clientId: string, eventId: string, now: Date): Promise<Event | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.event(clientId, eventId), ConsistentRead: true }));
  if (!Item || Number(Item.ttl) * 1000 <= now.getTime()) return undefined;
  return viewEvent(Item);
}
