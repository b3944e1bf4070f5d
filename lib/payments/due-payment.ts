import { offsetOf, systemClock, type Clock } from '../clock';
import type { Db } from '../db/db';
import type { DueItem } from '../db/due';
import { clientIdOfPartition, keys } from '../db/keys';
import { NO_CAUSE } from '../events/event';
import { loadClientClock } from '../auth/client-clock';
import { applyDueTransaction } from './transitions';

/**
 * What falls due for a pending payment, as a stored change (docs/api.md §10, §12): the sweep's
 * handler for due transactions. Reads show a pending payment `expired` from `expires_at` on
 * whether or not this has run; this makes the table say so too, and records the payment.expired
 * event that a receiver consumes — or applies the outcome the payment was created with, when
 * that falls due first.
 */

/**
 * Applies what is due for one transaction of the sweep by `now` (the pass's real time) on its
 * client's clock (`now` plus the client's offset, one GetItem): its scheduled outcome dated its
 * scheduled time, or its expiry dated `expires_at`; when it left `pending` first, it is only taken
 * out of the due index. The events are recorded on `clock` (when their write is sent, as every
 * event is).
 */
export async function applyDuePayment(db: Db, item: DueItem, now: Date, clock: Clock = systemClock): Promise<void> {
  const clientId = clientIdOfPartition(item.pk);
  const transactionId = keys.transactionIdOfSortKey(item.sk);
  if (clientId === undefined || transactionId === undefined) throw new Error(`Not a transaction's key: ${item.pk} ${item.sk}`);
  const clientClk = await loadClientClock(db, clientId, clock);
  await applyDueTransaction(db, clientId, transactionId, new Date(now.getTime() + offsetOf(clientClk)), { cause: NO_CAUSE, clock: clientClk });
}
