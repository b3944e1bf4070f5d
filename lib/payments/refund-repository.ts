import type { Db } from '../db/db';
import { cancellationReasons } from '../db/errors';
import { transactWrite } from '../db/transact';
import type { Change } from '../events/event';
import { recordEvents, type Recorder } from '../events/event-recorder';
import { ConcurrentWriteError } from '../errors';
import type { SettlementEntry } from './ledger';
import type { Refund } from '../objects/refund';
import { refundEntity, settlementEntity, transactionEntity } from './items';
import type { TransactItem } from '../db/requests';

/**
 * Writes a refund in one TransactWriteItems: the transaction's refunded_amount (and its flip to
 * `refunded` when the total reaches the amount), the refund record, its ledger entry and its
 * events (refund.created, and payment.refunded with the flip).
 *
 * The update is conditioned on the status still being `settled` and on what was refunded before:
 * a partial refund needs `refunded_amount < amount − refund` (so it cannot reach or pass the
 * amount, whatever else happened concurrently); the refund that completes the amount needs
 * `refunded_amount` to be exactly what was read. Returns false when the condition failed or the
 * transaction collided with a concurrent one (a concurrent refund changed the picture), so the
 * caller reads again and decides again.
 */
export async function writeRefund(
  db: Db,
  clientId: string,
  write: {
    transactionId: string;
    amount: number;
    refundedBefore: number;
    total: number;
    refund: Refund;
    entry: SettlementEntry;
    at: string;
    completion?: TransactItem;
    events: readonly Change[];
    recorder: Recorder;
  },
): Promise<boolean> {
  const completes = write.refundedBefore + write.amount === write.total;
  const update = completes
    ? {
        UpdateExpression: 'SET refunded_amount = :total, #status = :refunded, updated_at = :at',
        ConditionExpression: '#status = :settled AND refunded_amount = :before',
        ExpressionAttributeValues: { ':total': write.total, ':refunded': 'refunded', ':settled': 'settled', ':before': write.refundedBefore, ':at': write.at },
      }
    : {
        UpdateExpression: 'SET refunded_amount = refunded_amount + :amount, updated_at = :at',
        ConditionExpression: '#status = :settled AND refunded_amount < :ceiling',
        ExpressionAttributeValues: { ':amount': write.amount, ':settled': 'settled', ':ceiling': write.total - write.amount, ':at': write.at },
      };
  // The refund's reads are done: its events take their time now, right before the write is sent.
  const recorded = recordEvents(clientId, write.events, write.recorder);
  try {
    await transactWrite(
      db,
      [
        {
          Update: {
            Key: transactionEntity.key(clientId, write.transactionId),
            ExpressionAttributeNames: { '#status': 'status' },
            ...update,
          },
        },
        refundEntity.create({ clientId, refund: write.refund }),
        settlementEntity.create({ clientId, entry: write.entry }),
        ...recorded.puts,
      ],
      write.completion,
      recorded.window,
    );
    return true;
  } catch (error) {
    // Either way another refund of this transaction got there first: read again and decide again.
    if (error instanceof ConcurrentWriteError || cancellationReasons(error)?.[0]?.Code === 'ConditionalCheckFailed') return false;
    throw error;
  }
}
