import { BatchGetCommand, type BatchGetCommandOutput, DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { offsetOf } from '../clock';
import type { Db } from '../db/db';
import { REMOVE_DUE } from '../db/due';
import { cancellationReasons, isConditionFailed, oldItem } from '../db/errors';
import { keys } from '../db/keys';
import { transactWrite, type TransactItem } from '../db/transact';
import { paymentChanged, paymentCreated } from '../events/event';
import { recordEvents, type Recorder } from '../events/event-repository';
import { ConcurrentWriteError, NotFoundError } from '../errors';
import { DuplicateOrderIdError, InvalidStateError } from '../payments/errors';
import { paymentEntry, type SettlementEntry } from './ledger';
import { transitions, type SimulateOutcome } from './states';
import { effectiveStatus, viewTransaction, type Transaction } from './transaction';

/** Transactions in the table. Condition failures become domain errors here; nothing else sees SDK types. */

type Item = Record<string, unknown>;

/** A scheduled outcome as the transaction item stores it (never shown: the transaction object has no such field). */
export interface ScheduledOutcome {
  readonly outcome: SimulateOutcome;
  /** When it is due, on the client's clock (ISO). */
  readonly at: string;
}

/** The item attributes that hold a scheduled outcome. */
const SCHEDULED_OUTCOME = 'sandbox_outcome';
const SCHEDULED_AT = 'sandbox_outcome_at';

/** The scheduled outcome stored on a transaction item, if any. */
function scheduledOutcomeOf(item: Item): ScheduledOutcome | undefined {
  const outcome = item[SCHEDULED_OUTCOME];
  const at = item[SCHEDULED_AT];
  return typeof outcome === 'string' && typeof at === 'string' ? { outcome: outcome as SimulateOutcome, at } : undefined;
}

/**
 * When a pending transaction falls due on its client's clock: its expiry, or its scheduled outcome
 * if that comes first (ISO strings of one format compare as times).
 */
function clientDueAt(item: { expires_at: unknown } & Item): string {
  const expiresAt = String(item.expires_at);
  const scheduled = scheduledOutcomeOf(item);
  return scheduled && scheduled.at < expiresAt ? scheduled.at : expiresAt;
}

/** The key of a transaction's due marker (keys.dueMarker), derived from the stored transaction. */
function dueMarkerKey(clientId: string, item: Item) {
  return keys.dueMarker(clientId, clientDueAt(item as Item & { expires_at: unknown }), String(item.id));
}

/** The Delete of a transaction's due marker, for the write that takes it out of `pending` (none there is harmless). */
function dueMarkerDelete(db: Db, clientId: string, item: Item): TransactItem {
  return { Delete: { TableName: db.tableName, Key: dueMarkerKey(clientId, item) } };
}

/**
 * Writes a new transaction, reserves its order_id and records payment.created in one atomic
 * write (with `completion`, the idempotency record's completing update, when the request carries
 * a key). The pending transaction falls due at its `expires_at`, or at its scheduled outcome's
 * time if that comes first, on the client's clock: it carries that instant in real time in the
 * `due` index (keys.due: the client's time less its offset now), so a sweep applies it, and a
 * marker in the client's partition (keys.dueMarker) in client time, so an advance of the client's
 * clock finds it. Every write that takes it out of `pending` removes both.
 */
export async function insertTransaction(
  db: Db,
  clientId: string,
  transaction: Transaction,
  recorder: Recorder,
  completion?: TransactItem,
  scheduled?: ScheduledOutcome,
): Promise<void> {
  const stored: Item = {
    ...keys.transaction(clientId, transaction.id),
    entity: 'transaction',
    ...transaction,
    ...(scheduled && { [SCHEDULED_OUTCOME]: scheduled.outcome, [SCHEDULED_AT]: scheduled.at }),
  };
  const dueAt = clientDueAt(stored as Item & { expires_at: unknown });
  const realDueAt = new Date(Date.parse(dueAt) - offsetOf(recorder.clock)).toISOString();
  const recorded = recordEvents(db, clientId, [paymentCreated(transaction)], recorder);
  try {
    await transactWrite(
      db,
      [
        {
          Put: {
            TableName: db.tableName,
            Item: { ...stored, ...keys.due(realDueAt) },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: db.tableName,
            Item: { ...keys.order(clientId, transaction.order_id), entity: 'order', transaction_id: transaction.id },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: db.tableName,
            Item: { ...keys.dueMarker(clientId, dueAt, transaction.id), entity: 'due_marker', transaction_id: transaction.id },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        ...recorded.puts,
      ],
      completion,
      recorded.window,
    );
  } catch (error) {
    if (cancellationReasons(error)?.[1]?.Code === 'ConditionalCheckFailed') {
      throw new DuplicateOrderIdError(transaction.order_id);
    }
    throw error;
  }
}

/** Reads one transaction item of this client (strongly consistent), or undefined. */
export async function findTransactionItem(db: Db, clientId: string, transactionId: string): Promise<Item | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.transaction(clientId, transactionId), ConsistentRead: true }));
  return Item;
}

/** Reads up to 100 transaction items of this client at once (strongly consistent), by id; absent ids are missing from the map. */
export async function findTransactionItems(db: Db, clientId: string, transactionIds: readonly string[]): Promise<Map<string, Item>> {
  const found = new Map<string, Item>();
  let pending: Record<string, unknown>[] | undefined = transactionIds.map((id) => keys.transaction(clientId, id));
  while (pending && pending.length > 0) {
    const answer: BatchGetCommandOutput = await db.doc.send(new BatchGetCommand({ RequestItems: { [db.tableName]: { Keys: pending, ConsistentRead: true } } }));
    for (const item of answer.Responses?.[db.tableName] ?? []) found.set(String(item.id), item);
    pending = answer.UnprocessedKeys?.[db.tableName]?.Keys;
  }
  return found;
}

/** The transaction id that holds this order_id for this client, or undefined. */
export async function findTransactionIdByOrder(db: Db, clientId: string, orderId: string): Promise<string | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.order(clientId, orderId), ConsistentRead: true }));
  return Item?.transaction_id as string | undefined;
}

export type PendingExit = 'cancel' | 'fail' | 'expire' | 'settle';

/**
 * The conditional update that takes a transaction out of `pending` for `operation` (conditioned on
 * the status and on the payment not having expired), and `changes`: what it sets — the new
 * status, its timestamp, and the reason if any — so a caller can know the new item without
 * reading it back. It also removes the due attributes: nothing is left for the sweep to expire.
 * The benchmark's floors use it too.
 */
export function pendingExit(db: Db, clientId: string, transactionId: string, operation: PendingExit, now: Date, reason?: { field: string; value: string }) {
  const t = transitions[operation];
  const at = now.toISOString();
  const changes: Item = { status: t.to, [t.stamp]: at, updated_at: at, ...(reason ? { [reason.field]: reason.value } : {}) };
  const fields = Object.keys(changes);
  const update = {
    TableName: db.tableName,
    Key: keys.transaction(clientId, transactionId),
    UpdateExpression: `SET ${fields.map((_, i) => `#f${i} = :v${i}`).join(', ')} ${REMOVE_DUE}`,
    ConditionExpression: 'attribute_exists(pk) AND #status = :from AND expires_at > :now',
    ExpressionAttributeNames: { '#status': 'status', ...Object.fromEntries(fields.map((f, i) => [`#f${i}`, f])) },
    ExpressionAttributeValues: {
      ':from': t.from[0],
      ':now': at,
      ...Object.fromEntries(fields.map((f, i) => [`:v${i}`, changes[f]])),
    },
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
  };
  return { update, changes };
}

/** Explains a failed transition: 404 when the item is not there, else 409 naming the status the client sees. */
function refused(old: Item | undefined, operation: PendingExit, now: Date): Error {
  if (!old) return new NotFoundError('Transaction not found');
  return new InvalidStateError(effectiveStatus(old, now), transitions[operation].verb);
}

/** How often a transition that collides with a concurrent transaction is read and sent before answering 429. */
const TRANSITION_ATTEMPTS = 3;

/**
 * Takes a pending transaction out of `pending` (settle, fail, cancel, expire) and records its
 * event, in one TransactWriteItems: the conditional update, with `ledgerEntry` (the settle's
 * settlement entry) and `complete` (the idempotency record's completing update, when the request
 * carries a key) built from the transaction after the change. Returns that transaction.
 *
 * The item is read first, so the event and the stored response can hold the transaction after
 * the change; the update's condition (still pending, not expired) makes the read the truth: a
 * pending transaction changes only by leaving `pending`. When the write collides with a
 * concurrent transaction on the item (a settle, a refund, another transition: TransactionConflict,
 * which the SDK does not retry), it is read and decided again — usually a 409 naming the status the
 * other left — up to TRANSITION_ATTEMPTS times, then 429 with nothing written.
 */
export async function transitionTransaction(
  db: Db,
  clientId: string,
  transactionId: string,
  operation: PendingExit,
  now: Date,
  options: {
    readonly reason?: { readonly field: 'cancellation_reason' | 'failure_reason'; readonly value: string };
    readonly recorder: Recorder;
    readonly ledgerEntry?: (after: Transaction) => SettlementEntry;
    readonly complete?: (after: Transaction) => TransactItem;
  },
): Promise<Transaction> {
  const { update, changes } = pendingExit(db, clientId, transactionId, operation, now, options.reason);
  for (let attempt = 1; ; attempt++) {
    const item = await findTransactionItem(db, clientId, transactionId);
    if (!item || effectiveStatus(item, now) !== transitions[operation].from[0]) throw refused(item, operation, now);
    const before = viewTransaction(item, now);
    const after = viewTransaction({ ...item, ...changes }, now);
    const entry = options.ledgerEntry?.(after);
    const completion = options.complete?.(after);
    const recorded = recordEvents(db, clientId, [paymentChanged(before, after)], options.recorder);
    try {
      await transactWrite(
        db,
        [{ Update: update }, ...(entry ? [settlementPut(db, clientId, entry)] : []), ...recorded.puts, dueMarkerDelete(db, clientId, item)],
        completion,
        recorded.window,
      );
      return after;
    } catch (error) {
      const failed = cancellationReasons(error)?.[0];
      if (failed?.Code === 'ConditionalCheckFailed') throw refused(oldItem(failed.Item), operation, now);
      if (!(error instanceof ConcurrentWriteError) || attempt === TRANSITION_ATTEMPTS) throw error;
    }
  }
}

/** The Put of a settlement-ledger entry, for the write that makes it. */
export function settlementPut(db: Db, clientId: string, entry: SettlementEntry): TransactItem {
  return {
    Put: {
      TableName: db.tableName,
      Item: { ...keys.settlement(clientId, entry.id), entity: 'settlement', ...entry },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** What the sweep (or an advance of the client's clock) did with a transaction that was due. */
export type DueOutcome =
  /** Stored `expired`, with its payment.expired event, in one write. */
  | 'expired'
  /** Its scheduled outcome was applied, as the simulate endpoint would, with its event. */
  | 'scheduled outcome'
  /** It had left `pending` (settled, cancelled…) before: only its due attributes and marker were removed. */
  | 'not pending'
  /** Still pending, but nothing of it falls due by `now`: left as it is. */
  | 'not due'
  /** No such item (any more). */
  | 'missing';

/** How often the sweep reads and decides a due transaction again after losing a race, before leaving it due for the next pass. */
const EXPIRY_ATTEMPTS = 3;

/**
 * Applies what is due for a pending transaction by `now` (the client's time), dated its own due
 * time: its scheduled outcome if that falls due first (before `expires_at`), exactly as the
 * simulate endpoint would make it (the same conditional write, the same event, settle's ledger
 * entry), dated the scheduled time; else its expiry if `expires_at <= now` (expireDueTransaction).
 * A transaction that left `pending` first only loses its due attributes and marker. `recorder`
 * records the events (no request caused them).
 */
export async function applyDueTransaction(db: Db, clientId: string, transactionId: string, now: Date, recorder: Recorder): Promise<DueOutcome> {
  for (let attempt = 1; ; attempt++) {
    const item = await findTransactionItem(db, clientId, transactionId);
    if (!item) return 'missing';
    const scheduled = scheduledOutcomeOf(item);
    if (item.status !== 'pending' || !scheduled || scheduled.at >= String(item.expires_at)) {
      // The item just read is the expiry's first read too.
      return expireDueTransaction(db, clientId, transactionId, now, recorder, attempt === 1 ? item : undefined);
    }
    if (scheduled.at > now.toISOString()) return 'not due';
    const at = new Date(scheduled.at);
    try {
      await transitionTransaction(db, clientId, transactionId, scheduled.outcome, at, {
        reason: scheduled.outcome === 'fail' ? { field: 'failure_reason', value: SIMULATED_FAILURE_REASON } : undefined,
        ledgerEntry: scheduled.outcome === 'settle' ? (after) => paymentEntry(after, at) : undefined,
        recorder,
      });
      return 'scheduled outcome';
    } catch (error) {
      // It left `pending` first (a cancel won the race): read again, and only tidy up.
      if (error instanceof InvalidStateError && attempt < EXPIRY_ATTEMPTS) continue;
      throw error;
    }
  }
}

/** The `failure_reason` of a simulated failure (the simulate endpoint's, and a scheduled `fail`'s). */
export const SIMULATED_FAILURE_REASON = 'Payment failed (simulated)';

/**
 * Stores the expiry of a pending transaction whose `expires_at` is at or before `now`: one
 * TransactWriteItems of the conditional update (still `pending`, `expires_at <= now`) that sets
 * exactly what reads already show from `expires_at` on (`expired`, `expired_at = updated_at =
 * expires_at`) and removes the due attributes and marker, plus payment.expired, dated `expires_at`
 * and caused by no request. A transaction that left `pending` meanwhile only loses its due
 * attributes and marker, with no event. When the write fails its condition or collides with a
 * concurrent transaction (a cancel or settle at the expiry instant, another sweep), the item is
 * read and decided again, at most EXPIRY_ATTEMPTS times: of any number of racing writers, exactly
 * one records a transition. `read`: the item as the caller has just read it (strongly consistent),
 * which saves the first read.
 */
export async function expireDueTransaction(db: Db, clientId: string, transactionId: string, now: Date, recorder: Recorder, read?: Item): Promise<DueOutcome> {
  const at = now.toISOString();
  for (let attempt = 1; ; attempt++) {
    // The caller's strongly consistent read of it, if it has just made one; a lost race reads again.
    const item = attempt === 1 && read ? read : await findTransactionItem(db, clientId, transactionId);
    if (!item) return 'missing';
    if (item.status !== 'pending') {
      if (item.due_pk !== undefined) await removeDue(db, clientId, item);
      return 'not pending';
    }
    const expiresAt = String(item.expires_at);
    if (expiresAt > at) return 'not due';
    // As the client saw it while pending, and as every read has shown it since expires_at.
    const before = viewTransaction(item, new Date(Date.parse(expiresAt) - 1));
    const after = viewTransaction(item, now);
    const recorded = recordEvents(db, clientId, [paymentChanged(before, after)], recorder);
    try {
      await transactWrite(
        db,
        [
          {
            Update: {
              TableName: db.tableName,
              Key: keys.transaction(clientId, transactionId),
              UpdateExpression: `SET #status = :expired, expired_at = :expiredAt, updated_at = :updatedAt ${REMOVE_DUE}`,
              ConditionExpression: 'attribute_exists(pk) AND #status = :pending AND expires_at <= :now',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':expired': after.status,
                ':expiredAt': after.expired_at,
                ':updatedAt': after.updated_at,
                ':pending': 'pending',
                ':now': at,
              },
            },
          },
          ...recorded.puts,
          dueMarkerDelete(db, clientId, item),
        ],
        undefined,
        recorded.window,
      );
      return 'expired';
    } catch (error) {
      const lostRace = cancellationReasons(error)?.[0]?.Code === 'ConditionalCheckFailed' || error instanceof ConcurrentWriteError;
      if (!lostRace || attempt === EXPIRY_ATTEMPTS) throw error;
    }
  }
}

/** Whether an item read for an advance is a pending transaction whose expiry (and nothing earlier) falls due by `now`. */
export function expiresBy(item: Item, now: Date): boolean {
  const scheduled = scheduledOutcomeOf(item);
  const expiresAt = String(item.expires_at);
  return item.status === 'pending' && expiresAt <= now.toISOString() && !(scheduled && scheduled.at < expiresAt);
}

/**
 * Stores the expiry of several due transactions in one TransactWriteItems (at most 33: three items
 * each), each exactly as expireDueTransaction would (the same conditional update, its marker's
 * delete, payment.expired dated `expires_at`), the events recorded in the order given. The items
 * are the caller's strongly consistent reads, each of which `expiresBy` its `now`. Returns false,
 * having written nothing, when one of them changed since it was read or the write collided with
 * another: the caller then applies them one at a time.
 */
export async function expireDueTogether(
  db: Db,
  clientId: string,
  due: readonly { readonly item: Item; readonly now: Date }[],
  recorder: Recorder,
): Promise<boolean> {
  const changes = due.map(({ item, now }) =>
    paymentChanged(viewTransaction(item, new Date(Date.parse(String(item.expires_at)) - 1)), viewTransaction(item, now)),
  );
  const recorded = recordEvents(db, clientId, changes, recorder);
  const writes = due.flatMap(({ item, now }, i): TransactItem[] => {
    const after = changes[i]!.object as Transaction;
    return [
      {
        Update: {
          TableName: db.tableName,
          Key: keys.transaction(clientId, String(item.id)),
          UpdateExpression: `SET #status = :expired, expired_at = :expiredAt, updated_at = :updatedAt ${REMOVE_DUE}`,
          ConditionExpression: 'attribute_exists(pk) AND #status = :pending AND expires_at <= :now',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':expired': after.status,
            ':expiredAt': after.expired_at,
            ':updatedAt': after.updated_at,
            ':pending': 'pending',
            ':now': now.toISOString(),
          },
        },
      },
      dueMarkerDelete(db, clientId, item),
    ];
  });
  try {
    await transactWrite(db, [...writes, ...recorded.puts], undefined, recorded.window);
    return true;
  } catch (error) {
    if (error instanceof ConcurrentWriteError || cancellationReasons(error) !== undefined) return false;
    throw error;
  }
}

/** Removes the due attributes and the marker of a transaction that is no longer pending (never of a pending one). */
async function removeDue(db: Db, clientId: string, item: Item): Promise<void> {
  const transactionId = String(item.id);
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.transaction(clientId, transactionId),
        UpdateExpression: REMOVE_DUE,
        ConditionExpression: 'attribute_exists(pk) AND #status <> :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': 'pending' },
      }),
    );
  } catch (error) {
    // Gone meanwhile: nothing is due any more. (A transaction never returns to pending.)
    if (!isConditionFailed(error)) throw error;
  }
  // Its exit deleted it already, unless the transaction predates markers or its exit did not know of one.
  await db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: dueMarkerKey(clientId, item) }));
}
