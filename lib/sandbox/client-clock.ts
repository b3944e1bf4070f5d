import { clientClock, type ClientClock, type Clock } from '../clock';
import type { Db } from '../db/db';
import { REMOVE_DUE } from '../db/due';
import { keys } from '../db/keys';
import { getItem, type Item, type TransactItem } from '../db/requests';

/**
 * A client's clock (docs/api.md §12 "Clock, per client"): real time plus an offset in whole
 * milliseconds, stored on its client item (`C#<id>` / `CLIENT`, attribute `clock_offset_ms`;
 * absent = 0). An advance only ever raises it; a reset removes it.
 */

/** The client item's attribute that holds the offset. */
export const CLOCK_OFFSET_ATTRIBUTE = 'clock_offset_ms';

/** The client's offset: one strongly consistent GetItem of that one attribute; 0 when never advanced (or unknown). */
export async function readClockOffset(db: Db, clientId: string): Promise<number> {
  const item = await getItem(db, {
    Key: keys.client(clientId),
    ConsistentRead: true,
    ProjectionExpression: '#offset',
    ExpressionAttributeNames: { '#offset': CLOCK_OFFSET_ATTRIBUTE },
  });
  return clockOffsetOf(item);
}

/** The offset a client item holds: 0 when never advanced, or for no item. */
export function clockOffsetOf(item: Item | undefined): number {
  const offset = item?.[CLOCK_OFFSET_ATTRIBUTE];
  return typeof offset === 'number' && Number.isSafeInteger(offset) && offset > 0 ? offset : 0;
}

/** The clock a request of this client reads: `real` (the system clock unless a test injects one) plus its offset. */
export async function loadClientClock(db: Db, clientId: string, real: Clock): Promise<ClientClock> {
  return clientClock(real, await readClockOffset(db, clientId));
}

/**
 * The update that sets a client's clock back to real time, for a reset's completing write: the
 * offset goes, and with it the client's entry in the `due` index's list of advanced clients.
 */
export function clockResetItem(clientId: string): TransactItem {
  return {
    Update: {
      Key: keys.client(clientId),
      UpdateExpression: `${REMOVE_DUE}, #offset`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#offset': CLOCK_OFFSET_ATTRIBUTE },
    },
  };
}
