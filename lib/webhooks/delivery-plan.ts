import { idTime } from '../ids';
import { subscribes } from './delivery-repository';
import type { StoredAttempt, StoredWebhookEndpoint } from './items';

/**
 * The plan of an event's deliveries (docs/api.md §11, §17; decision 0266): which attempts are owed,
 * as data — to which endpoint, which are chaos copies, when each is due, which are held for a
 * reverse-order window — and the order a window's attempts are sent in. Pure: the executor
 * (lib/webhooks/dispatch.ts) writes, claims, sends and records what the plan says, and chaos is
 * nothing but what the plan holds.
 */

/** Events recorded within this long after a window's first are delivered in its window, newest first. */
export const REORDER_WINDOW_MS = 2_000;

/**
 * How long after its window closes a held attempt waits: room for the window's later events to
 * come through the stream and have their attempts written before the window is sent.
 */
export const REORDER_SETTLE_MS = 3_000;

/**
 * A held copy is due this long after its delivery: only a fallback, since the window that sends its
 * delivery sends it too, right after. Due at the same time, the copy's own wake could open a window
 * of its own beside its delivery's and split it.
 */
export const REORDER_COPY_FALLBACK_MS = 30_000;

/** One first attempt the plan owes. */
export interface PlannedAttempt {
  readonly endpointId: string;
  /** A copy sent besides the delivery (chaos `duplicates`). */
  readonly duplicate: boolean;
  /** Held for a reverse-order window (chaos `reverse_order`). */
  readonly reorder: boolean;
  /** When it is due (real time): now, or later for a delay or a reverse-order window. */
  readonly dueAt: Date;
}

/** What the plan needs of an event: its id (whose time is when it was recorded) and its type. */
export interface PlannedEvent {
  readonly id: string;
  readonly type: string;
}

/**
 * The first attempts an event is owed at `now`: for each endpoint subscribed to its type (enabled
 * and listing it), the delivery and then its chaos copies, in the order they are to be sent. Each
 * is due now, or, with a delay or a reverse-order window, that long after the event was recorded
 * (and now if that is past; a reverse-order attempt, no sooner than the settle time from now).
 */
export function planDeliveries(event: PlannedEvent, endpoints: readonly StoredWebhookEndpoint[], now: Date): PlannedAttempt[] {
  const recordedAt = idTime(event.id).getTime();
  return endpoints
    .filter((endpoint) => subscribes(endpoint, event.type))
    .flatMap(({ endpoint: { id, chaos } }) => {
      const hold = chaos.delay_seconds * 1000 + (chaos.reverse_order ? REORDER_WINDOW_MS + REORDER_SETTLE_MS : 0);
      // A held attempt whose event reaches delivery late (the stream behind) still leaves the window's
      // later events, which come through right behind it, their settle time: a window is never made
      // before they can have been written, however far behind the stream runs.
      const earliest = chaos.reverse_order ? now.getTime() + REORDER_SETTLE_MS : now.getTime();
      const dueAt = hold === 0 ? now : new Date(Math.max(earliest, recordedAt + hold));
      return Array.from({ length: 1 + chaos.duplicates }, (_, copy) => ({
        endpointId: id,
        duplicate: copy > 0,
        reorder: chaos.reverse_order,
        dueAt: copy > 0 && chaos.reverse_order ? new Date(dueAt.getTime() + REORDER_COPY_FALLBACK_MS) : dueAt,
      }));
    });
}

/**
 * True when the plan's attempt is to be made at once by the worker that writes it. A held attempt
 * never is, even overdue (its event came late): it is made by whoever makes a window, so that it
 * is sent in one.
 */
export const isDueNow = (attempt: Pick<PlannedAttempt, 'dueAt' | 'reorder'>, now: Date): boolean =>
  !attempt.reorder && attempt.dueAt.getTime() <= now.getTime();

/**
 * The end (exclusive, as epoch milliseconds) of the reverse-order window that the attempt of event
 * `eventId` opens: the events recorded in [its recording, that end) are sent with it.
 */
export const reorderWindowEnd = (eventId: string): number => idTime(eventId).getTime() + REORDER_WINDOW_MS + 1;

/**
 * The order a reverse-order window's attempts are sent in: the newest event first, and each event's
 * delivery before its copies (ids are ULIDs: their order is their time's).
 */
export function windowOrder(attempts: readonly StoredAttempt[]): StoredAttempt[] {
  return [...attempts].sort((a, b) => compare(b.event_id, a.event_id) || copiesAfter(a, b));
}

/** Oldest event first, each event's delivery before its copies: the order windows are cut in. */
export const byAge = (a: StoredAttempt, b: StoredAttempt): number => compare(a.event_id, b.event_id) || copiesAfter(a, b);

/** Within an event: its delivery before its copies. */
const copiesAfter = (a: StoredAttempt, b: StoredAttempt): number => Number(a.duplicate) - Number(b.duplicate) || compare(a.id, b.id);

/**
 * The attempt that opens the window `attempt` is sent in, among the pending held attempts to its
 * endpoint (`attempt` and every one before it back to the oldest of its chain), windows being cut
 * oldest first: each opens at the oldest event not in the one before and holds the events recorded
 * in the 2 s after it (reorderWindowEnd).
 */
export function windowOpenerAmong(pending: readonly StoredAttempt[], attempt: StoredAttempt): StoredAttempt {
  const sorted = [...pending].sort(byAge);
  let opener = sorted[0] ?? attempt;
  for (const next of sorted) {
    if (idTime(next.event_id).getTime() >= reorderWindowEnd(opener.event_id)) opener = next;
    if (next.id === attempt.id) break;
  }
  return opener;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
