import { systemClock, type Clock } from '../clock';
import type { Db } from '../db/db';
import type { DueItem } from '../db/due';
import { clientIdOfPartition, keys } from '../db/keys';
import { NO_CAUSE } from '../events/event';
import { expireDueTransaction } from './transaction-repository';

/**
 * Expiry as a stored change (docs/api.md §10): the sweep's handler for due transactions. Reads
 * show a pending payment `expired` from `expires_at` on whether or not this has run; this makes
 * the table say so too, and records the payment.expired event that a receiver consumes.
 */

/**
 * Expires one due transaction of the sweep at `now` (the pass's time): stored `expired` with its
 * payment.expired event dated `expires_at`, or, when it left `pending` first, only taken out of
 * the due index. The event is recorded on `clock` (when its write is sent, as every event is).
 */
export async function expireDuePayment(db: Db, item: DueItem, now: Date, clock: Clock = systemClock): Promise<void> {
  const clientId = clientIdOfPartition(item.pk);
  const transactionId = keys.transactionIdOfSortKey(item.sk);
  if (clientId === undefined || transactionId === undefined) throw new Error(`Not a transaction's key: ${item.pk} ${item.sk}`);
  await expireDueTransaction(db, clientId, transactionId, now, { cause: NO_CAUSE, clock });
}
