import { batchWriteAll } from '../db/batch-write';
import type { UseCaseContext } from '../use-case';
import { clientClock, offsetOf, realClockOf, webhookEndpointsOf, type Clock } from '../clock';
import type { Db } from '../db/db';
import type { QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { ADVANCED_CLIENTS_PARTITION, clientPartition, keys } from '../db/keys';
import { deleteItem, queryPage, type TransactItem } from '../db/requests';
import { DUE_INDEX } from '../db/table';
import { DUE_ATTRIBUTES } from '../db/due';
import { transactWrite } from '../db/transact';
import { isCancelledBy } from '../db/errors';
import { NO_CAUSE } from '../events/event';
import type { Recorder } from '../events/event-recorder';
import { ConcurrentWriteError, ValidationError } from '../errors';
import { logger } from '../logger';
import { dueMarkerEntity, type DueMarker, type StoredTransaction } from '../payments/items';
import { findTransactions } from '../payments/transaction-repository';
import { applyDueTransaction, expireDueTogether, expiresBy } from '../payments/transitions';
import { AdvanceUnfinishedError } from './errors';
import { CLOCK_ADVANCED_AT_ATTRIBUTE, CLOCK_OFFSET_ATTRIBUTE, clockOfReading, readClient, readClientLook } from '../auth/client-clock';
import { clientEntity } from '../auth/items';
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

/**
 * An advance stops applying markers when its function has less than this left (a deployed function
 * has 10 s, API Gateway's own limit is 30 s): what it applied stays applied, the clock has not moved,
 * and it answers 503 so the caller sends it again, which goes on from there. It covers the chunks
 * still under way (at most CHUNKS_IN_FLIGHT, applied side by side) and the offset's write.
 */
export const ADVANCE_TIME_MARGIN_MS = 2_000;

/** Expiries stored in one TransactWriteItems by an advance: three items each (the update, the marker's delete, the event), 99 within DynamoDB's 100. */
const EXPIRIES_PER_WRITE = 33;

/** Markers read per Query page: whole chunks, so that no page ends in a chunk of a few. */
const MARKER_PAGE = 3 * EXPIRIES_PER_WRITE;

/** Chunks an advance has under way at once: while one is written, the next are read and sent (docs/decisions/0191). */
const CHUNKS_IN_FLIGHT = 3;

/**
 * Applies what falls due for a client by `until` (its time): its due markers, oldest first (one
 * strongly consistent Query per page, the next page read while this one is applied), 33 at a time:
 * their transactions read together (one strongly consistent BatchGetItem), each run of plain
 * expiries among them stored together in one TransactWriteItems with their events
 * (lib/payments/transitions.ts, expireDueTogether); anything else — a scheduled outcome,
 * a transaction that changed meanwhile, a collision — one at a time at its marker's time
 * (applyDueTransaction). Up to CHUNKS_IN_FLIGHT chunks are under way at once, but each records its
 * events only after the chunk before it has recorded its own (RecordingTurns), so their ids follow
 * due order. Returns how many markers it handled, once every chunk it started has finished.
 */
export async function applyDueUntil(db: Db, clientId: string, until: Date, recorder: Recorder, remainingMs: () => number = () => Infinity): Promise<number> {
  const turns = new RecordingTurns(recorder);
  const underWay = new Set<Promise<void>>();
  let handled = 0;
  // The first failure of a chunk: no chunk starts after it, and the advance fails with it once those under way are done.
  const failed: { error: unknown }[] = [];
  const throwIfFailed = () => {
    if (failed.length > 0) throw failed[0]!.error;
  };
  try {
    for await (const markers of dueMarkerPages(db, clientId, until)) {
      for (let start = 0; start < markers.length; start += EXPIRIES_PER_WRITE) {
        while (underWay.size >= CHUNKS_IN_FLIGHT) await Promise.race(underWay);
        throwIfFailed();
        // A marker joins a chunk only while the function has time: out of it, what joined is applied, then 503.
        const chunk: MarkerDue[] = [];
        let outOfTime = false;
        for (const marker of markers.slice(start, start + EXPIRIES_PER_WRITE)) {
          if (remainingMs() < ADVANCE_TIME_MARGIN_MS) {
            outOfTime = true;
            break;
          }
          chunk.push(marker);
        }
        const applying = applyChunk(db, clientId, chunk, turns.next()).then(
          (count) => {
            handled += count;
          },
          (error: unknown) => {
            failed.push({ error });
          },
        );
        underWay.add(applying);
        void applying.then(() => underWay.delete(applying));
        if (outOfTime) {
          await Promise.all(underWay);
          throwIfFailed();
          throw new AdvanceUnfinishedError(handled);
        }
      }
    }
  } finally {
    // Nothing is still being written when the advance answers, whatever it answers.
    await Promise.all(underWay);
  }
  throwIfFailed();
  return handled;
}

/** A due marker as an advance applies it: the stored marker and its due time as an instant. */
type MarkerDue = DueMarker & { readonly at: Date };

/** A client's due markers up to `until`, oldest first, a page at a time; each page is asked for as soon as the one before it is in. */
async function* dueMarkerPages(db: Db, clientId: string, until: Date): AsyncGenerator<MarkerDue[]> {
  const range = keys.dueMarkersUntil(until.toISOString());
  const query = (startKey: Record<string, unknown> | undefined) =>
    queryPage(db, {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :low AND :high',
      ExpressionAttributeValues: { ':pk': clientPartition(clientId), ':low': range.low, ':high': range.high },
      ConsistentRead: true,
      Limit: MARKER_PAGE,
      ExclusiveStartKey: startKey,
    });
  let next: Promise<QueryCommandOutput> | undefined = query(undefined);
  while (next) {
    const page: QueryCommandOutput = await next;
    next = page.LastEvaluatedKey ? query(page.LastEvaluatedKey) : undefined;
    // An advance that stops early (out of time, or failed) never reads it: its failure then goes nowhere.
    next?.catch(() => undefined);
    yield (page.Items ?? []).map((item) => {
      const marker = dueMarkerEntity.fromItem(item);
      return { ...marker, at: new Date(marker.dueAt) };
    });
  }
}

/**
 * The order in which an advance's chunks record their events: a chunk's turn comes once the chunk
 * before it has recorded all of its own (sent them, not necessarily committed), and every recorder
 * it hands out dates its recording at least a millisecond after every one before it. Event ids are
 * their recording time (docs/decisions/0024), so they follow due order across chunks written side by
 * side, and each write is still sent right after its recording (the send window, 0025).
 */
class RecordingTurns {
  private previous: Promise<void> = Promise.resolve();
  private latestMs = Number.NEGATIVE_INFINITY;

  constructor(private readonly recorder: Recorder) {}

  /** The next chunk's turn: `ready` resolves when the chunk before has released its own. */
  next(): Turn {
    const before = this.previous;
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A chunk that fails before its turn releases early; the next still waits for the ones before it.
    this.previous = Promise.all([before, released]).then(() => undefined);
    return { ready: () => before, release, recorder: () => this.recorderAfterLatest() };
  }

  /** A recorder on the advance's clock whose real time never reads earlier than a millisecond after anything handed out before. */
  private recorderAfterLatest(): Recorder {
    const real = realClockOf(this.recorder.clock);
    const floor = this.latestMs + 1;
    const stepped: Clock = {
      now: () => {
        const ms = Math.max(real.now().getTime(), floor);
        this.latestMs = Math.max(this.latestMs, ms);
        return new Date(ms);
      },
    };
    return { cause: this.recorder.cause, clock: clientClock(stepped, offsetOf(this.recorder.clock), webhookEndpointsOf(this.recorder.clock)) };
  }
}

interface Turn {
  readonly ready: () => Promise<void>;
  readonly release: () => void;
  /** A recorder for the next write of the chunk, to be taken after `ready` and after the chunk's write before it was sent. */
  readonly recorder: () => Recorder;
}

/**
 * Applies a chunk of markers, in due order: their transactions read together, then, in its turn,
 * each run of plain expiries stored in one write (sent without waiting for the one before it to
 * commit) and anything else applied one at a time; returns how many markers it handled. A payment
 * whose write of several was disturbed by another writer is applied one at a time afterwards, so
 * its event is recorded after its chunk's others. The markers of transactions that left `pending`
 * before (a cancel, a settle, the sweep's expiry leave their marker: decision 0196) are deleted
 * together, in one BatchWriteItem.
 */
async function applyChunk(db: Db, clientId: string, chunk: readonly MarkerDue[], turn: Turn): Promise<number> {
  const disturbed: MarkerDue[] = [];
  const writes: Promise<void>[] = [];
  try {
    if (chunk.length === 0) return 0;
    const found = await findTransactions(
      db,
      clientId,
      chunk.map((m) => m.transactionId),
    );
    await turn.ready();
    let run: { marker: MarkerDue; stored: StoredTransaction }[] = [];
    const left: MarkerDue[] = [];
    const storeRun = () => {
      if (run.length === 0) return;
      const together = run;
      run = [];
      const stored = expireDueTogether(
        db,
        clientId,
        together.map(({ marker, stored }) => ({ stored, now: marker.at })),
        turn.recorder(),
      );
      writes.push(
        stored.then((ok) => {
          if (!ok) disturbed.push(...together.map((t) => t.marker));
        }),
      );
    };
    for (const marker of chunk) {
      const stored = found.get(marker.transactionId);
      if (stored && expiresBy(stored, marker.at)) {
        run.push({ marker, stored });
        continue;
      }
      if (stored && stored.transaction.status !== 'pending' && stored.dueAt === undefined) {
        left.push(marker);
        continue;
      }
      storeRun();
      await applyOne(db, clientId, marker, turn.recorder());
    }
    storeRun();
    turn.release();
    if (left.length > 0)
      writes.push(
        batchWriteAll(
          db,
          left.map((marker) => ({ DeleteRequest: { Key: dueMarkerEntity.keyOf(marker) } })),
        ),
      );
    await Promise.all(writes);
    for (const marker of disturbed.sort((a, b) => dueMarkerEntity.keyOf(a).sk.localeCompare(dueMarkerEntity.keyOf(b).sk)))
      await applyOne(db, clientId, marker, turn.recorder());
    return chunk.length;
  } finally {
    turn.release();
    // A chunk that failed midway still waits for what it sent.
    await Promise.allSettled(writes);
  }
}

/**
 * Applies one marker on its own (re-read, conditional write), then deletes it unless its
 * transaction is still pending and not yet due: the sweep's and the API's writes leave markers
 * (decision 0196), and a marker whose transaction is gone (a reset under way) would otherwise stay.
 */
async function applyOne(db: Db, clientId: string, marker: MarkerDue, recorder: Recorder): Promise<void> {
  const outcome = await applyDueTransaction(db, clientId, marker.transactionId, marker.at, recorder);
  if (outcome !== 'not due') await deleteItem(db, { Key: dueMarkerEntity.keyOf(marker) });
}

/**
 * The write that moves a client's clock from `from` to `to` milliseconds ahead, conditioned on its
 * offset still being `from` (two racing advances never lose one), noting when (`at`, real time)
 * and entering the client in the `due` index's list of advanced clients, for the sweep to look at
 * on its next pass (sweepAdvancedClients); with the request's idempotency completion, if any.
 */
function offsetUpdate(clientId: string, from: number, to: number, at: Date): TransactItem {
  const entry = keys.advancedClient(clientId, at.toISOString());
  return {
    Update: {
      Key: keys.client(clientId),
      UpdateExpression: 'SET #offset = :to, #advancedAt = :at, due_pk = :duePk, due_sk = :dueSk',
      ConditionExpression:
        from === 0 ? 'attribute_exists(pk) AND (attribute_not_exists(#offset) OR #offset = :from)' : 'attribute_exists(pk) AND #offset = :from',
      ExpressionAttributeNames: { '#offset': CLOCK_OFFSET_ATTRIBUTE, '#advancedAt': CLOCK_ADVANCED_AT_ATTRIBUTE },
      ExpressionAttributeValues: { ':to': to, ':from': from, ':at': at.toISOString(), ':duePk': entry.due_pk, ':dueSk': entry.due_sk },
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
    // First the offset (and endpoint count) the request loaded (its clock); after a lost race, the one the other left.
    const reading = attempt === 1 ? { offset: offsetOf(clock), webhookEndpoints: webhookEndpointsOf(clock) } : await readClient(db, clientId);
    const offset = reading.offset;
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
    const moved = clientClock(real, target - realNow, reading.webhookEndpoints);
    await applyDueUntil(db, clientId, new Date(target), { cause, clock: moved }, remainingMs);
    const answer = viewClock(moved);
    try {
      await transactWrite(db, [offsetUpdate(clientId, offset, moved.offsetMs, real.now())], claim?.complete(answer));
      return answer;
    } catch (error) {
      if (!isCancelledBy(error, 0)) throw error;
      if (attempt === ADVANCE_ATTEMPTS)
        throw new ConcurrentWriteError('The clock was being advanced by other requests at the same time; nothing more was moved, retry the request');
    }
  }
}

/**
 * How long after an advance a request that read the client's clock before it may still be writing
 * what it made with the old offset: no API function runs longer than API Gateway waits (30 s).
 * Such a payment is in the `due` index at a real time the advance has made late, and its marker
 * is one the advance did not see.
 */
const ADVANCE_STRAGGLERS_MS = 30_000;

/**
 * The sweep's look at the clients whose clocks run ahead (the `due` index's CLOCKS partition, one
 * Query, keys only, of the entries whose look is due): for each, what falls due by its now (real
 * time plus its offset) is applied as an advance would, and the client's next look is set to when
 * its next marker falls due in real time, or its entry removed when it has none. A transaction
 * created after an advance is due in the index at its real time and is found by the main pass;
 * this finds those whose real due time moved when the clock moved after they were made. An
 * advance asks for a look on the next pass, and the look stays due, every pass, until the requests
 * that read the clock before the advance have surely written (ADVANCE_STRAGGLERS_MS): what they
 * write is found on the pass after it, as docs/api.md §10 promises (within 2 s locally, 60 s deployed).
 * A client's failure is logged and leaves its look due.
 */
export async function sweepAdvancedClients(db: Db, real: Clock): Promise<{ clients: number; handled: number; failed: number }> {
  let clients = 0;
  let handled = 0;
  let failed = 0;
  let startKey: Record<string, unknown> | undefined;
  const by = keys.advancedClientsBy(real.now().toISOString());
  do {
    const page = await queryPage(db, {
      IndexName: DUE_INDEX,
      KeyConditionExpression: 'due_pk = :clocks AND due_sk <= :by',
      ExpressionAttributeValues: { ':clocks': ADVANCED_CLIENTS_PARTITION, ':by': by },
      ExclusiveStartKey: startKey,
    });
    for (const entry of page.Items ?? []) {
      const clientId = keys.advancedClientOf(String(entry.due_sk));
      try {
        const looked = await lookAtAdvancedClient(db, clientId, real);
        if (looked === undefined) continue;
        clients++;
        handled += looked;
      } catch (error) {
        failed++;
        logger.error('sweep: what falls due on an advanced clock failed; it stays due', { clientId, error: error as Error });
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return { clients, handled, failed };
}

/**
 * One look at an advanced client: its item read again (strongly consistent; undefined when the
 * index was behind and no look is due), what is due applied, and — once the advance's stragglers
 * have written — its next look written, on the condition that no advance or reset changed the item
 * meanwhile (that one's own look then stands). Returns how many markers it applied.
 */
async function lookAtAdvancedClient(db: Db, clientId: string, real: Clock): Promise<number | undefined> {
  const { reading, look, advancedAt } = await readClientLook(db, clientId);
  const realNow = real.now();
  if (look === undefined || look > keys.advancedClientsBy(realNow.toISOString())) return undefined;
  const clock = clockOfReading(real, reading);
  const now = clock.now();
  const handled = await applyDueUntil(db, clientId, now, { cause: NO_CAUSE, clock });
  // A request that read the clock before the advance may still write a payment due by now: the look stays due, for the next pass.
  if (advancedAt !== undefined && advancedAt + ADVANCE_STRAGGLERS_MS > realNow.getTime()) return handled;
  const range = keys.dueMarkersAfter(now.toISOString());
  const { Items } = await queryPage(db, {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :low AND :high',
    ExpressionAttributeValues: { ':pk': clientPartition(clientId), ':low': range.low, ':high': range.high },
    ProjectionExpression: 'sk',
    ConsistentRead: true,
    Limit: 1,
  });
  const next = Items?.[0] && keys.dueMarkerParts(String(Items[0].sk));
  // When that marker falls due in real time.
  const nextLook = next && keys.advancedClient(clientId, new Date(Date.parse(next.dueAt) - reading.offset).toISOString());
  // Refused when an advance or a reset wrote the item since it was read: its own look stands.
  await clientEntity.updateOne(db, keys.client(clientId), {
    ...(nextLook === undefined ? { remove: DUE_ATTRIBUTES } : { set: { due_sk: nextLook.due_sk } }),
    when: [
      ['due_sk', '=', look],
      [CLOCK_OFFSET_ATTRIBUTE, '=', reading.offset],
    ],
  });
  return handled;
}
