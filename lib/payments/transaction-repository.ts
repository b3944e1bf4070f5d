import type { Db } from '../db/db';
import { DUE_ATTRIBUTES } from '../db/due';
import { cancellationReasons, oldItem } from '../db/errors';
import { batchGetItems, type TransactItem } from '../db/requests';
import { transactWrite, type SendWindow } from '../db/transact';
import { offsetOf } from '../clock';
import { paymentCreated } from '../events/event';
import { recordEvents, type Recorder } from '../events/event-recorder';
import { ConcurrentWriteError } from '../errors';
import { DuplicateOrderIdError } from '../payments/errors';
import { dueMarkerEntity, orderEntity, transactionEntity, type DueMarker, type StoredTransaction } from './items';
import type { CardDetails } from '../objects/transaction';

/**
 * Transactions in the table: reads, and writes that report what came of them. Which change a
 * transaction may make, and what a refused one answers, is lib/payments/transitions.ts's to decide;
 * nothing outside lib/db sees SDK types.
 */

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
export function dueMarkerDelete(stored: StoredTransaction): TransactItem {
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
export function holdCardChallenge(db: Db, clientId: string, transactionId: string, card: CardDetails, now: Date): Promise<boolean> {
  return transactionEntity.updateOne(db, transactionEntity.key(clientId, transactionId), {
    set: { card_challenge: card },
    when: [{ exists: 'pk' }, ['status', '=', 'pending'], ['expires_at', '>', now.toISOString()]],
  });
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

/** What came of a write that changes a stored transaction (writeTransactionChange); `error` is what the write threw. */
export type ChangeWritten =
  | { readonly outcome: 'written' }
  /**
   * Its first item's condition failed: `old` is the transaction as it was then (when that item
   * asked for it: ReturnValuesOnConditionCheckFailure), undefined when there was none.
   */
  | { readonly outcome: 'refused'; readonly old: StoredTransaction | undefined; readonly error: unknown }
  /** Another of its items' conditions failed. */
  | { readonly outcome: 'cancelled'; readonly error: unknown }
  /** It collided with a concurrent transaction on one of its items (TransactionConflict): nothing was decided. */
  | { readonly outcome: 'collided'; readonly error: unknown };

/**
 * Sends one TransactWriteItems that changes a transaction: `items`, the first of which is the
 * transaction's update (transactionEntity.update), with `completion` (the idempotency record's
 * completing update) and within `window` (lib/db/transact.ts). Any other failure is thrown.
 */
export async function writeTransactionChange(db: Db, items: readonly TransactItem[], completion?: TransactItem, window?: SendWindow): Promise<ChangeWritten> {
  try {
    await transactWrite(db, items, completion, window);
    return { outcome: 'written' };
  } catch (error) {
    if (error instanceof ConcurrentWriteError) return { outcome: 'collided', error };
    const reasons = cancellationReasons(error);
    if (reasons === undefined) throw error;
    const first = reasons[0];
    if (first?.Code === 'ConditionalCheckFailed') return { outcome: 'refused', old: oldStored(first.Item), error };
    return { outcome: 'cancelled', error };
  }
}

/** The transaction a cancelled write's condition failed on (ALL_OLD), or undefined when there was none. */
function oldStored(item: Record<string, unknown> | undefined): StoredTransaction | undefined {
  const old = oldItem(item);
  return old === undefined ? undefined : transactionEntity.fromItem(old);
}

/**
 * Removes the due attributes of a transaction that is no longer pending (never of a pending one).
 * Its marker is the advance's to delete, or its TTL's (decision 0196). Gone meanwhile: nothing is
 * due any more (a transaction never returns to pending).
 */
export async function removeDue(db: Db, stored: StoredTransaction): Promise<void> {
  await transactionEntity.updateOne(db, transactionEntity.keyOf(stored), {
    remove: DUE_ATTRIBUTES,
    when: [{ exists: 'pk' }, ['status', '<>', 'pending']],
  });
}
