import type { Db } from '../db/db';
import type { Change } from '../events/event';
import { recordEvents, type Recorder } from '../events/event-recorder';
import type { SettlementEntry } from './ledger';
import type { Refund } from '../objects/refund';
import { refundEntity, settlementEntity } from './items';
import type { TransactItem } from '../db/requests';
import { writeTransactionChange } from './transaction-repository';

/**
 * Writes a refund in one TransactWriteItems: `update`, the transaction's conditional update
 * (lib/payments/refund-transaction.ts decides it), the refund record, its ledger entry and its
 * events (refund.created, and payment.refunded with the flip). Returns false when the update's
 * condition failed or the write collided with a concurrent one (a concurrent refund changed the
 * picture), so the caller reads again and decides again.
 */
export async function writeRefund(
  db: Db,
  clientId: string,
  write: {
    update: TransactItem;
    refund: Refund;
    entry: SettlementEntry;
    completion?: TransactItem;
    events: readonly Change[];
    recorder: Recorder;
  },
): Promise<boolean> {
  // The refund's reads are done: its events take their time now, right before the write is sent.
  const recorded = recordEvents(clientId, write.events, write.recorder);
  const written = await writeTransactionChange(
    db,
    [write.update, refundEntity.create({ clientId, refund: write.refund }), settlementEntity.create({ clientId, entry: write.entry }), ...recorded.puts],
    write.completion,
    recorded.window,
  );
  if (written.outcome === 'cancelled') throw written.error;
  // Refused or collided: either way another refund of this transaction got there first.
  return written.outcome === 'written';
}
