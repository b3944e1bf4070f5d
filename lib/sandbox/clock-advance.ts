import type { UseCaseContext } from '../use-case';
import { clientClock, offsetOf, realClockOf, type Clock } from '../clock';
import type { Db } from '../db/db';
import { ADVANCED_CLIENTS_PARTITION, clientPartition, keys } from '../db/keys';
import { deleteItem, queryPage } from '../db/requests';
import { DUE_INDEX } from '../db/table';
import { transactWrite, type TransactItem } from '../db/transact';
import { isCancelledBy } from '../db/errors';
import { NO_CAUSE } from '../events/event';
import type { Recorder } from '../events/event-repository';
import { ConcurrentWriteError, ValidationError } from '../errors';
import { logger } from '../logger';
import { dueMarkerEntity } from '../payments/items';
import { applyDueTransaction, expireDueTogether, expiresBy, findTransactions } from '../payments/transaction-repository';
import { AdvanceUnfinishedError } from './errors';
import { CLOCK_OFFSET_ATTRIBUTE, loadClientClock, readClockOffset } from './client-clock';
import type { AdvanceClockInput, SandboxClock } from './clock-schema';
import { viewClock } from './clock-view';

/**
 * The per-client clock's use cases (docs/api.md §12 "Clock, per client"; docs/decisions/
 * "Sandbox clock"): reading it, advancing it — which first applies everything of the client that
 * falls due up to the new now, each dated its own due time, in due order, then moves the offset —
 * and the sweep's look at the clients whose clocks run ahead.
 */

/** The latest instant a clock may reach: ISO strings (the due markers' sort keys) stop sorting as times after year 9999. */
const LATEST_CLOCK_MS = Date.parse('9999-12-31T23:59:59.999Z');

/** How often an advance that lost a race with another advance of the same client reads the clock again, before answering 429. */
const ADVANCE_ATTEMPTS = 3;

/** Markers read per Query page. */
const MARKER_PAGE = 100;

/**
 * An advance stops applying markers when its function has less than this left (a deployed function
 * has 10 s, API Gateway's own limit is 30 s): what it applied stays applied, the clock has not moved,
 * and it answers 503 so the caller sends it again, which goes on from there.
 */
export const ADVANCE_TIME_MARGIN_MS = 2_000;

/** Expiries stored in one TransactWriteItems by an advance: three items each, within DynamoDB's 100. */
const EXPIRIES_PER_WRITE = 25;

/**
 * Applies what falls due for a client by `until` (its time): its due markers, oldest first (one
 * strongly consistent Query per page), 25 at a time: their transactions read together (one
 * strongly consistent BatchGetItem), the plain expiries among them stored together in one
 * TransactWriteItems with their events, recorded in due order (lib/payments/transaction-repository.ts,
 * expireDueTogether); anything else — a scheduled outcome, a transaction that changed meanwhile, a
 * collision — one at a time at its marker's time (applyDueTransaction). Returns how many markers
 * it handled.
 */
export async function applyDueUntil(db: Db, clientId: string, until: Date, recorder: Recorder, remainingMs: () => number = () => Infinity): Promise<number> {
  const range = keys.dueMarkersUntil(until.toISOString());
  let handled = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await queryPage(db, {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :low AND :high',
      ExpressionAttributeValues: { ':pk': clientPartition(clientId), ':low': range.low, ':high': range.high },
      ConsistentRead: true,
      Limit: MARKER_PAGE,
      ExclusiveStartKey: startKey,
    });
    const markers = (page.Items ?? []).map((item) => {
      const marker = dueMarkerEntity.fromItem(item);
      return { key: dueMarkerEntity.key(clientId, marker.dueAt, marker.transactionId), at: new Date(marker.dueAt), transactionId: marker.transactionId };
    });
    for (let start = 0; start < markers.length; start += EXPIRIES_PER_WRITE) {
      // A marker joins the write only while the function has time: out of it, what joined is applied, then 503.
      const chunk: DueMarker[] = [];
      let outOfTime = false;
      for (const marker of markers.slice(start, start + EXPIRIES_PER_WRITE)) {
        if (remainingMs() < ADVANCE_TIME_MARGIN_MS) {
          outOfTime = true;
          break;
        }
        chunk.push(marker);
      }
      handled += await applyChunk(db, clientId, chunk, recorder);
      if (outOfTime) throw new AdvanceUnfinishedError(handled);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return handled;
}

interface DueMarker {
  readonly key: { readonly pk: string; readonly sk: string };
  readonly at: Date;
  readonly transactionId: string;
}

/** Applies a few markers (read together; plain expiries stored together); returns how many it handled. */
async function applyChunk(db: Db, clientId: string, chunk: readonly DueMarker[], recorder: Recorder): Promise<number> {
  if (chunk.length === 0) return 0;
  const found = await findTransactions(
    db,
    clientId,
    chunk.map((m) => m.transactionId),
  );
  const together = chunk.flatMap((m) => {
    const stored = found.get(m.transactionId);
    return stored && expiresBy(stored, m.at) ? [{ stored, now: m.at }] : [];
  });
  const stored = together.length > 1 && (await expireDueTogether(db, clientId, together, recorder));
  for (const marker of chunk) {
    if (stored && together.some((t) => t.stored.transaction.id === marker.transactionId)) continue;
    const outcome = await applyDueTransaction(db, clientId, marker.transactionId, marker.at, recorder);
    // A marker whose transaction is gone (a reset under way) would otherwise stay.
    if (outcome === 'missing') await deleteItem(db, { Key: marker.key });
  }
  return chunk.length;
}

/**
 * The write that moves a client's clock from `from` to `to` milliseconds ahead, conditioned on its
 * offset still being `from` (two racing advances never lose one), with the client's entry in the
 * `due` index's list of advanced clients; with the request's idempotency completion, if any.
 */
function offsetUpdate(clientId: string, from: number, to: number): TransactItem {
  return {
    Update: {
      Key: keys.client(clientId),
      UpdateExpression: 'SET #offset = :to, due_pk = :duePk, due_sk = :dueSk',
      ConditionExpression:
        from === 0 ? 'attribute_exists(pk) AND (attribute_not_exists(#offset) OR #offset = :from)' : 'attribute_exists(pk) AND #offset = :from',
      ExpressionAttributeNames: { '#offset': CLOCK_OFFSET_ATTRIBUTE },
      ExpressionAttributeValues: { ':to': to, ':from': from, ':duePk': ADVANCED_CLIENTS_PARTITION, ':dueSk': keys.advancedClient(clientId).due_sk },
    },
  };
}

/**
 * Advances a client's clock by `seconds` or to `to` (never backwards: 400), after applying every
 * expiry and scheduled outcome that falls due up to the new now, each at its own due time; only
 * then is the offset written (conditioned on the offset `clock` was loaded with), so an advance cut off midway did
 * part of what is due and moved nothing: sent again, it goes on. An advance that loses the race
 * with another advance of the same client reads the clock again and starts over (`seconds` then
 * counts from the other's new now; a `to` it has passed is a 400), at most ADVANCE_ATTEMPTS times.
 */
export async function advanceClock(context: UseCaseContext, move: AdvanceClockInput, remainingMs: () => number = () => Infinity): Promise<SandboxClock> {
  const { db, clientId, clock, cause, idempotency: claim } = context;
  const real = realClockOf(clock);
  for (let attempt = 1; ; attempt++) {
    // First the offset the request loaded (its clock); after a lost race, the one the other left.
    const offset = attempt === 1 ? offsetOf(clock) : await readClockOffset(db, clientId);
    const realNow = real.now().getTime();
    const clientNow = realNow + offset;
    const target = move.seconds !== undefined ? clientNow + move.seconds * 1000 : move.to!.getTime();
    const field = move.seconds !== undefined ? 'seconds' : 'to';
    if (target <= clientNow) {
      throw new ValidationError([
        {
          field,
          message: `must be later than the client's clock, now ${new Date(clientNow).toISOString()}: the clock never goes backwards (a reset sets it back to real time)`,
        },
      ]);
    }
    if (target > LATEST_CLOCK_MS) throw new ValidationError([{ field, message: 'must not take the clock past 9999-12-31T23:59:59.999Z' }]);
    const moved = clientClock(real, target - realNow);
    await applyDueUntil(db, clientId, new Date(target), { cause, clock: moved }, remainingMs);
    const answer = viewClock(moved);
    try {
      await transactWrite(db, [offsetUpdate(clientId, offset, moved.offsetMs)], claim?.complete(answer));
      return answer;
    } catch (error) {
      if (!isCancelledBy(error, 0)) throw error;
      if (attempt === ADVANCE_ATTEMPTS)
        throw new ConcurrentWriteError('The clock was being advanced by other requests at the same time; nothing more was moved, retry the request');
    }
  }
}

/**
 * The sweep's pass over the clients whose clocks run ahead (the `due` index's CLOCKS partition,
 * one Query, keys only): for each, what falls due by its now (real time plus its offset) is
 * applied as an advance would. A transaction created after an advance is due in the index at its
 * real time and is found by the main pass; this one finds those whose real due time moved when
 * the clock moved after they were made. A client's failure is logged and leaves its items due.
 */
export async function sweepAdvancedClients(db: Db, real: Clock): Promise<{ clients: number; handled: number; failed: number }> {
  let clients = 0;
  let handled = 0;
  let failed = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await queryPage(db, {
      IndexName: DUE_INDEX,
      KeyConditionExpression: 'due_pk = :clocks',
      ExpressionAttributeValues: { ':clocks': ADVANCED_CLIENTS_PARTITION },
      ExclusiveStartKey: startKey,
    });
    for (const entry of page.Items ?? []) {
      const clientId = String(entry.due_sk);
      clients++;
      try {
        const clock = await loadClientClock(db, clientId, real);
        handled += await applyDueUntil(db, clientId, clock.now(), { cause: NO_CAUSE, clock });
      } catch (error) {
        failed++;
        logger.error('sweep: what falls due on an advanced clock failed; it stays due', { clientId, error: error as Error });
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return { clients, handled, failed };
}
