import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/db';
import { cancellationReasons, isConditionFailed, isTransactionConflict, oldItem } from '../db/errors';
import { keys } from '../db/keys';
import { transactWrite, type TransactItem } from '../db/transact';
import { ConcurrentWriteError, DuplicateOrderIdError, InvalidStateError, NotFoundError } from '../http/errors';
import type { SettlementEntry } from './ledger';
import { transitions } from './states';
import { effectiveStatus, type Transaction } from './transaction';

/** Transactions in the table. Condition failures become domain errors here; nothing else sees SDK types. */

type Item = Record<string, unknown>;

/**
 * Writes a new transaction and reserves its order_id in one atomic write (with `completion`, the
 * idempotency record's completing update, when the request carries a key).
 */
export async function insertTransaction(db: Db, clientId: string, transaction: Transaction, completion?: TransactItem): Promise<void> {
  try {
    await transactWrite(
      db,
      [
        {
          Put: {
            TableName: db.tableName,
            Item: { ...keys.transaction(clientId, transaction.id), entity: 'transaction', ...transaction },
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
      ],
      completion,
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
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.transaction(clientId, transactionId), ConsistentRead: true }),
  );
  return Item;
}

/** The transaction id that holds this order_id for this client, or undefined. */
export async function findTransactionIdByOrder(db: Db, clientId: string, orderId: string): Promise<string | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.order(clientId, orderId), ConsistentRead: true }),
  );
  return Item?.transaction_id as string | undefined;
}

export type PendingExit = 'cancel' | 'fail' | 'expire' | 'settle';

/**
 * The conditional update that takes a transaction out of `pending` for `operation` (conditioned on
 * the status and on the payment not having expired), and `changes`: what it sets — the new
 * status, its timestamp, and the reason if any — so a caller can know the new item without
 * reading it back. The benchmark's floors use it too.
 */
export function pendingExit(
  db: Db,
  clientId: string,
  transactionId: string,
  operation: PendingExit,
  now: Date,
  reason?: { field: string; value: string },
) {
  const t = transitions[operation];
  const at = now.toISOString();
  const changes: Item = { status: t.to, [t.stamp]: at, updated_at: at, ...(reason ? { [reason.field]: reason.value } : {}) };
  const fields = Object.keys(changes);
  const update = {
    TableName: db.tableName,
    Key: keys.transaction(clientId, transactionId),
    UpdateExpression: `SET ${fields.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
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

/**
 * Moves a pending transaction to cancelled, failed or expired in one conditional write; returns
 * the new item. With `complete` (the request carries an Idempotency-Key) the response must be
 * stored with the write, so the item is read first and the transition and `complete(new item)`
 * go in one TransactWriteItems.
 */
export async function transitionTransaction(
  db: Db,
  clientId: string,
  transactionId: string,
  operation: Exclude<PendingExit, 'settle'>,
  now: Date,
  reason?: { field: 'cancellation_reason' | 'failure_reason'; value: string },
  complete?: (next: Item) => TransactItem,
): Promise<Item> {
  const { update, changes } = pendingExit(db, clientId, transactionId, operation, now, reason);
  if (complete) {
    const item = await findTransactionItem(db, clientId, transactionId);
    if (!item || effectiveStatus(item, now) !== transitions[operation].from[0]) throw refused(item, operation, now);
    const next = { ...item, ...changes };
    try {
      await transactWrite(db, [{ Update: update }], complete(next));
    } catch (error) {
      const failed = cancellationReasons(error)?.[0];
      if (failed?.Code === 'ConditionalCheckFailed') throw refused(oldItem(failed.Item), operation, now);
      throw error;
    }
    return next;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      const { Attributes } = await db.doc.send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' }));
      return Attributes!;
    } catch (error) {
      if (isConditionFailed(error)) throw refused(oldItem((error as { Item?: Item }).Item), operation, now);
      // The item was being written by a transaction at that moment (a settle, a refund, a keyed
      // transition): DynamoDB refuses the update with TransactionConflict and the SDK does not
      // retry it. Sent again, the conditional write decides against whatever that transaction
      // left (usually a 409 naming the new status); if it keeps colliding, 429 with nothing written.
      if (!isTransactionConflict(error)) throw error;
      if (attempt === SINGLE_WRITE_ATTEMPTS) throw new ConcurrentWriteError();
    }
  }
}

/** How often a transition that collides with a concurrent transaction is sent before answering 429. */
const SINGLE_WRITE_ATTEMPTS = 3;

/**
 * Settles a pending transaction and writes its ledger entry in the same TransactWriteItems (with
 * `completion`, the idempotency record's completing update, when the request carries a key).
 */
export async function settleTransaction(
  db: Db,
  clientId: string,
  transactionId: string,
  entry: SettlementEntry,
  now: Date,
  completion?: TransactItem,
): Promise<void> {
  try {
    await transactWrite(
      db,
      [
        { Update: pendingExit(db, clientId, transactionId, 'settle', now).update },
        {
          Put: {
            TableName: db.tableName,
            Item: { ...keys.settlement(clientId, entry.id), entity: 'settlement', ...entry },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
      completion,
    );
  } catch (error) {
    const reason = cancellationReasons(error)?.[0];
    if (reason?.Code === 'ConditionalCheckFailed') throw refused(oldItem(reason.Item), 'settle', now);
    throw error;
  }
}
