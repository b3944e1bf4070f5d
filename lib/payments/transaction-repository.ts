import type { Db } from '../db/db';
import { REMOVE_DUE } from '../db/due';
import { cancellationReasons, isConditionFailed, oldItem } from '../db/errors';
import { batchGetItems, updateItem, type TransactItem } from '../db/requests';
import { transactWrite } from '../db/transact';
import { offsetOf } from '../clock';
import { paymentChanged, paymentCreated, type Change } from '../events/event';
import { recordEvents, type Recorder } from '../events/event-recorder';
import { ConcurrentWriteError, NotFoundError } from '../errors';
import { DuplicateOrderIdError, InvalidStateError } from '../payments/errors';
import { CARD_CHALLENGE, dueMarkerEntity, orderEntity, settlementEntity, transactionEntity, type DueMarker, type StoredTransaction } from './items';
import { failureOf, type FailureCode } from '../objects/failures';
import { paymentEntry, type SettlementEntry } from './ledger';

import { transitions } from './states';
import type { CardDetails, PaymentDetails } from '../objects/transaction';
import { effectiveStatus, viewTransaction, type Transaction } from '../objects/transaction';

/** Transactions in the table. Condition failures become domain errors here; nothing else sees SDK types. */

/**
 * When a pending transaction falls due on its client's clock: its expiry, or its scheduled outcome
 * if that comes first (ISO strings of one format compare as times).
 */
function clientDueAt(stored: StoredTransaction): string {
  const { expires_at } = stored.transaction;
  return stored.scheduled && stored.scheduled.at < expires_at ? stored.scheduled.at : expires_at;
}

/** The due marker of a stored transaction (keys.dueMarker). */
function dueMarkerOf(stored: StoredTransaction): DueMarker {
  return { clientId: stored.clientId, dueAt: clientDueAt(stored), transactionId: stored.transaction.id };
}

/** The Delete of a transaction's due marker, for an advance's write that takes it out of `pending` (none there is harmless). */
function dueMarkerDelete(stored: StoredTransaction): TransactItem {
  return { Delete: { Key: dueMarkerEntity.keyOf(dueMarkerOf(stored)) } };
}

/**
 * Writes a new transaction, reserves its order_id and records payment.created in one atomic
 * write (with `completion`, the idempotency record's completing update, when the request carries
 * a key). The pending transaction falls due at its `expires_at`, or at its scheduled outcome's
 * time if that comes first, on the client's clock: it carries that instant in real time in the
 * `due` index (keys.due: the client's time less its offset now), so a sweep applies it, and a
 * marker in the client's partition (keys.dueMarker) in client time, so an advance of the client's
 * clock finds it. Every write that takes it out of `pending` removes the index attributes; the
 * marker stays until an advance meets it or its TTL passes (decision 0196).
 */
export async function insertTransaction(db: Db, pending: StoredTransaction, recorder: Recorder, completion?: TransactItem): Promise<void> {
  const { clientId, transaction } = pending;
  const dueAt = clientDueAt(pending);
  const realDueAt = new Date(Date.parse(dueAt) - offsetOf(recorder.clock)).toISOString();
  const recorded = recordEvents(clientId, [paymentCreated(transaction)], recorder);
  try {
    await transactWrite(
      db,
      [
        transactionEntity.create({ ...pending, dueAt: realDueAt }),
        orderEntity.create({ clientId, orderId: transaction.order_id, transactionId: transaction.id }),
        dueMarkerEntity.create(dueMarkerOf(pending)),
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

/**
 * Keeps the card of the payment page's 3-D Secure challenge on a pending transaction (not expired
 * at `now`), which the challenge's Complete or Fail then requires and removes (decision 0252): one
 * conditional UpdateItem, no event (the transaction as shown does not change). False, with nothing
 * written, when the transaction is gone or no longer pending.
 */
export async function holdCardChallenge(db: Db, clientId: string, transactionId: string, card: CardDetails, now: Date): Promise<boolean> {
  try {
    await updateItem(db, {
      Key: transactionEntity.key(clientId, transactionId),
      UpdateExpression: 'SET #challenge = :card',
      ConditionExpression: 'attribute_exists(pk) AND #status = :pending AND expires_at > :now',
      ExpressionAttributeNames: { '#challenge': CARD_CHALLENGE, '#status': 'status' },
      ExpressionAttributeValues: { ':card': card, ':pending': 'pending', ':now': now.toISOString() },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Reads one transaction of this client (strongly consistent), or undefined. */
export function findTransaction(db: Db, clientId: string, transactionId: string): Promise<StoredTransaction | undefined> {
  return transactionEntity.find(db, transactionEntity.key(clientId, transactionId));
}

/** Reads up to 100 transactions of this client at once (strongly consistent), by id; absent ids are missing from the map. */
export async function findTransactions(db: Db, clientId: string, transactionIds: readonly string[]): Promise<Map<string, StoredTransaction>> {
  const items = await batchGetItems(
    db,
    transactionIds.map((id) => transactionEntity.key(clientId, id)),
    { consistent: true },
  );
  return new Map(items.map((item) => transactionEntity.fromItem(item)).map((stored) => [stored.transaction.id, stored]));
}

/** The transaction id that holds this order_id for this client, or undefined. */
export async function findTransactionIdByOrder(db: Db, clientId: string, orderId: string): Promise<string | undefined> {
  return (await orderEntity.find(db, orderEntity.key(clientId, orderId)))?.transactionId;
}

export type PendingExit = 'cancel' | 'fail' | 'expire' | 'settle';

/**
 * What a way out of `pending` may set besides its status and times: a cancel's reason, a failure's
 * code and sentence, the payment page's card (`payment_details`, whole).
 */
export interface ExitFields {
  readonly cancellation_reason?: string;
  readonly failure_code?: FailureCode;
  readonly failure_reason?: string;
  readonly payment_details?: PaymentDetails;
}

/**
 * A condition of a way out of `pending` beyond its status: an attribute of the item (never shown)
 * that must be there, and that the write removes (the payment page's waiting 3-D Secure challenge).
 */
export interface ExitRequires {
  readonly attribute: string;
}

/**
 * The conditional update that takes a transaction out of `pending` for `operation` (conditioned on
 * the status and on the payment not having expired), and `changes`: what it sets — the new
 * status, its timestamp, and `fields` (a reason, a failure's code) — so a caller can know the new
 * item without reading it back. It also removes the due attributes: nothing is left for the sweep
 * to expire. The benchmark's floors use it too.
 */
export function pendingExit(clientId: string, transactionId: string, operation: PendingExit, now: Date, fields: ExitFields = {}, requires?: ExitRequires) {
  const t = transitions[operation];
  const at = now.toISOString();
  const changes: Record<string, unknown> = { status: t.to, [t.stamp]: at, updated_at: at, ...fields };
  const names = Object.keys(changes);
  const update = {
    Key: transactionEntity.key(clientId, transactionId),
    UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')} ${REMOVE_DUE}${requires ? ', #requires' : ''}`,
    ConditionExpression: `attribute_exists(pk) AND #status = :from AND expires_at > :now${requires ? ' AND attribute_exists(#requires)' : ''}`,
    ExpressionAttributeNames: {
      '#status': 'status',
      ...Object.fromEntries(names.map((f, i) => [`#f${i}`, f])),
      ...(requires && { '#requires': requires.attribute }),
    },
    ExpressionAttributeValues: {
      ':from': t.from[0],
      ':now': at,
      ...Object.fromEntries(names.map((f, i) => [`:v${i}`, changes[f]])),
    },
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
  };
  return { update, changes };
}

/** Explains a failed transition: 404 when the item is not there, else 409 naming the status the client sees. */
function refused(old: StoredTransaction | undefined, operation: PendingExit, now: Date): Error {
  if (!old) return new NotFoundError('Transaction not found');
  return new InvalidStateError(effectiveStatus(old.transaction, now), transitions[operation].verb);
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
    readonly fields?: ExitFields;
    /** An attribute the item must hold, which the write removes (ExitRequires). */
    readonly requires?: ExitRequires;
    /** The transaction as the caller has just read it (strongly consistent), which saves the first read. */
    readonly read?: StoredTransaction;
    readonly recorder: Recorder;
    readonly ledgerEntry?: (after: Transaction) => SettlementEntry;
    readonly complete?: (after: Transaction) => TransactItem;
  },
): Promise<Transaction> {
  const { update, changes } = pendingExit(clientId, transactionId, operation, now, options.fields, options.requires);
  for (let attempt = 1; ; attempt++) {
    const stored = attempt === 1 && options.read ? options.read : await findTransaction(db, clientId, transactionId);
    if (!stored || effectiveStatus(stored.transaction, now) !== transitions[operation].from[0]) throw refused(stored, operation, now);
    const before = viewTransaction(stored.transaction, now);
    const after = viewTransaction({ ...stored.transaction, ...changes }, now);
    const entry = options.ledgerEntry?.(after);
    const completion = options.complete?.(after);
    const recorded = recordEvents(clientId, [paymentChanged(before, after)], options.recorder);
    try {
      await transactWrite(
        db,
        [{ Update: update }, ...(entry ? [settlementEntity.create({ clientId, entry })] : []), ...recorded.puts],
        completion,
        recorded.window,
      );
      return after;
    } catch (error) {
      const failed = cancellationReasons(error)?.[0];
      if (failed?.Code === 'ConditionalCheckFailed') throw refused(oldStored(failed.Item), operation, now);
      if (!(error instanceof ConcurrentWriteError) || attempt === TRANSITION_ATTEMPTS) throw error;
    }
  }
}

/** The transaction a cancelled write's condition failed on (ALL_OLD), or undefined when there was none. */
function oldStored(item: Record<string, unknown> | undefined): StoredTransaction | undefined {
  const old = oldItem(item);
  return old === undefined ? undefined : transactionEntity.fromItem(old);
}

/** What the sweep (or an advance of the client's clock) did with a transaction that was due. */
export type DueOutcome =
  /** Stored `expired`, with its payment.expired event, in one write. */
  | 'expired'
  /** Its scheduled outcome was applied, as the simulate endpoint would, with its event. */
  | 'scheduled outcome'
  /** It had left `pending` (settled, cancelled…) before: only its due attributes were removed. */
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
 * A transaction that left `pending` first only loses its due attributes. `recorder`
 * records the events (no request caused them).
 */
export async function applyDueTransaction(db: Db, clientId: string, transactionId: string, now: Date, recorder: Recorder): Promise<DueOutcome> {
  for (let attempt = 1; ; attempt++) {
    const stored = await findTransaction(db, clientId, transactionId);
    if (!stored) return 'missing';
    const { scheduled, transaction } = stored;
    if (transaction.status !== 'pending' || !scheduled || scheduled.at >= transaction.expires_at) {
      // The transaction just read is the expiry's first read too.
      return expireDueTransaction(db, clientId, transactionId, now, recorder, attempt === 1 ? stored : undefined);
    }
    if (scheduled.at > now.toISOString()) return 'not due';
    const at = new Date(scheduled.at);
    try {
      await transitionTransaction(db, clientId, transactionId, scheduled.outcome, at, {
        fields: scheduled.outcome === 'fail' ? SIMULATED_FAILURE : undefined,
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

/** What a simulated failure sets (the simulate endpoint's, and a scheduled `fail`'s): `failure_code` `simulated` and its sentence. */
export const SIMULATED_FAILURE: ExitFields = failureOf('simulated');

/**
 * The expiry of a pending transaction, as its change (payment.expired: before as the client saw it
 * while pending, after as every read has shown it since `expires_at`) and the conditional update that
 * stores it (still `pending`, `expires_at <= now`): it sets exactly what reads already show from
 * `expires_at` on (`expired`, `expired_at = updated_at = expires_at`) and removes the due attributes.
 */
function expiry(stored: StoredTransaction, now: Date): { change: Change; update: TransactItem } {
  const { transaction } = stored;
  const change = paymentChanged(viewTransaction(transaction, new Date(Date.parse(transaction.expires_at) - 1)), viewTransaction(transaction, now));
  const after = change.object as Transaction;
  const update: TransactItem = {
    Update: {
      Key: transactionEntity.keyOf(stored),
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
  };
  return { change, update };
}

/**
 * Stores the expiry of a pending transaction whose `expires_at` is at or before `now`: one
 * TransactWriteItems of its conditional update (expiry) and payment.expired, dated `expires_at`
 * and caused by no request; its due marker is left to an advance or its TTL. A transaction that
 * left `pending` meanwhile only loses its due attributes, with no event. When the write fails its
 * condition or collides with a concurrent transaction (a cancel or settle at the expiry instant,
 * another sweep), the transaction is read and decided again, at most EXPIRY_ATTEMPTS times: of any
 * number of racing writers, exactly one records a transition. `read`: the transaction as the caller
 * has just read it (strongly consistent), which saves the first read.
 */
export async function expireDueTransaction(
  db: Db,
  clientId: string,
  transactionId: string,
  now: Date,
  recorder: Recorder,
  read?: StoredTransaction,
): Promise<DueOutcome> {
  for (let attempt = 1; ; attempt++) {
    // The caller's strongly consistent read of it, if it has just made one; a lost race reads again.
    const stored = attempt === 1 && read ? read : await findTransaction(db, clientId, transactionId);
    if (!stored) return 'missing';
    if (stored.transaction.status !== 'pending') {
      if (stored.dueAt !== undefined) await removeDue(db, stored);
      return 'not pending';
    }
    if (stored.transaction.expires_at > now.toISOString()) return 'not due';
    const { change, update } = expiry(stored, now);
    const recorded = recordEvents(clientId, [change], recorder);
    try {
      await transactWrite(db, [update, ...recorded.puts], undefined, recorded.window);
      return 'expired';
    } catch (error) {
      const lostRace = cancellationReasons(error)?.[0]?.Code === 'ConditionalCheckFailed' || error instanceof ConcurrentWriteError;
      if (!lostRace || attempt === EXPIRY_ATTEMPTS) throw error;
    }
  }
}

/** Whether a transaction read for an advance is pending and its expiry (and nothing earlier) falls due by `now`. */
export function expiresBy(stored: StoredTransaction, now: Date): boolean {
  const { scheduled, transaction } = stored;
  return transaction.status === 'pending' && transaction.expires_at <= now.toISOString() && !(scheduled && scheduled.at < transaction.expires_at);
}

/**
 * Stores the expiry of several due transactions in one TransactWriteItems (at most 33: three items
 * each), for an advance: each as expireDueTransaction would (the same conditional update and
 * payment.expired dated `expires_at`) and its marker's delete, the events recorded in the order given. The
 * transactions are the caller's strongly consistent reads, each of which `expiresBy` its `now`.
 * Returns false, having written nothing, when one of them changed since it was read or the write
 * collided with another: the caller then applies them one at a time.
 */
export async function expireDueTogether(
  db: Db,
  clientId: string,
  due: readonly { readonly stored: StoredTransaction; readonly now: Date }[],
  recorder: Recorder,
): Promise<boolean> {
  const expiries = due.map(({ stored, now }) => expiry(stored, now));
  const recorded = recordEvents(
    clientId,
    expiries.map((e) => e.change),
    recorder,
  );
  const writes = due.flatMap(({ stored }, i): TransactItem[] => [expiries[i]!.update, dueMarkerDelete(stored)]);
  try {
    await transactWrite(db, [...writes, ...recorded.puts], undefined, recorded.window);
    return true;
  } catch (error) {
    if (error instanceof ConcurrentWriteError || cancellationReasons(error) !== undefined) return false;
    throw error;
  }
}

/**
 * Removes the due attributes of a transaction that is no longer pending (never of a pending one).
 * Its marker is the advance's to delete, or its TTL's (decision 0196).
 */
async function removeDue(db: Db, stored: StoredTransaction): Promise<void> {
  try {
    await updateItem(db, {
      Key: transactionEntity.keyOf(stored),
      UpdateExpression: REMOVE_DUE,
      ConditionExpression: 'attribute_exists(pk) AND #status <> :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pending': 'pending' },
    });
  } catch (error) {
    // Gone meanwhile: nothing is due any more. (A transaction never returns to pending.)
    if (!isConditionFailed(error)) throw error;
  }
}
