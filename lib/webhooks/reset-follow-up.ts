import type { Db } from '../db/db';
import { batchWriteAll } from '../db/batch-write';
import type { DueItem } from '../db/due';
import { isConditionFailed } from '../db/errors';
import { clientIdOfPartition, keys } from '../db/keys';
import { queryAll } from '../db/query-all';
import { batchGetItems, deleteItem } from '../db/requests';
import type { DeliverySettings } from '../config/delivery-settings';
import { claimLeaseMs } from './dispatch';

/**
 * What a reset leaves to the sweep (docs/api.md §12 "Reset"). A webhook attempt under way when the
 * reset listed the partition (its event already read, its POST in flight) still records its outcome,
 * and perhaps its retry, after the reset: those attempt items were not listed, so the reset could not
 * delete them, and nothing would ever reach them again (their event is gone). The reset's last write
 * puts this follow-up (lib/sandbox/reset.ts, resetFollowUpPut), due at once; the sweep acts on it once a claim taken before the reset has run
 * out (claimLeaseMs), when no such attempt can still be writing, and deletes every attempt of the
 * client whose event no longer exists. Attempts of events recorded since are left alone.
 */

/**
 * The sweep's handler for a reset's follow-up: before the lease has run out it does nothing (the item
 * stays due); after, it deletes the client's attempts whose events are gone, then the follow-up itself,
 * unless a later reset has put a new one meanwhile. Returns how many attempts it deleted.
 */
export async function followUpReset(db: Db, item: DueItem, now: Date, settings: DeliverySettings): Promise<number> {
  if (now.getTime() < Date.parse(item.dueAt) + claimLeaseMs(settings)) return 0;
  const clientId = clientIdOfPartition(item.pk);
  if (clientId === undefined) throw new Error(`Not a client's partition: ${item.pk}`);
  const attempts = await queryAll(db, item.pk, { skPrefix: keys.deliveryAttemptPrefix, consistent: true, projection: 'pk, sk' });
  const eventIds = [...new Set(attempts.map((a) => keys.eventIdOfAttemptSortKey(String(a.sk))))];
  const kept = new Set(
    (
      await batchGetItems(
        db,
        eventIds.map((id) => keys.event(clientId, id)),
        { consistent: true },
      )
    ).map((event) => String(event.sk)),
  );
  const orphans = attempts.filter((a) => !kept.has(keys.eventSortKey(keys.eventIdOfAttemptSortKey(String(a.sk)))));
  if (orphans.length > 0)
    await batchWriteAll(
      db,
      orphans.map((a) => ({ DeleteRequest: { Key: { pk: a.pk, sk: a.sk } } })),
    );
  try {
    await deleteItem(db, {
      Key: keys.resetFollowUp(clientId),
      ConditionExpression: 'due_sk = :due',
      ExpressionAttributeValues: { ':due': item.dueAt },
    });
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
  return orphans.length;
}
