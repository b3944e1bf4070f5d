import { WEBHOOK_ENDPOINT_COUNT } from './items';
import { clientClock, type ClientClock, type Clock } from '../clock';
import type { Db } from '../db/db';
import { REMOVE_DUE } from '../db/due';
import { ADVANCED_CLIENTS_PARTITION, keys } from '../db/keys';
import { getItem, type Item, type TransactItem } from '../db/requests';

/**
 * A client's clock (docs/api.md §12 "Clock, per client"): real time plus an offset in whole
 * milliseconds, stored on its client item (`C#<id>` / `CLIENT`, attribute `clock_offset_ms`;
 * absent = 0). An advance only ever raises it; a reset removes it.
 */

/** The client item's attribute that holds the offset. */
export const CLOCK_OFFSET_ATTRIBUTE = 'clock_offset_ms';

/** The client item's attribute that holds when (real time, ISO) its clock was last advanced; set with the offset. */
export const CLOCK_ADVANCED_AT_ATTRIBUTE = 'clock_advanced_at';

/**
 * What a request reads from its client's item before its work: the clock offset, and how many
 * webhook endpoints the client has (an event recorded while it has none is owed no delivery:
 * lib/events/event-repository.ts).
 */
export interface ClientReading {
  readonly offset: number;
  readonly webhookEndpoints: number;
  /** The client's name, where the reading asked for it (a page shows it as the merchant's: readClient). */
  readonly name?: string;
}

/** The reading a client item gives: offset 0 when never advanced, no endpoints when never counted, or for no item. */
export function clientReadingOf(item: Item | undefined): ClientReading {
  const count = item?.[WEBHOOK_ENDPOINT_COUNT];
  const name = item?.name;
  return { offset: clockOffsetOf(item), webhookEndpoints: typeof count === 'number' && count > 0 ? count : 0, ...(typeof name === 'string' && { name }) };
}

/** The client item's attributes of a reading, then `more`: one strongly consistent GetItem of them. */
function readClientItem(db: Db, clientId: string, more: Record<string, string> = {}): Promise<Item | undefined> {
  const names = { '#offset': CLOCK_OFFSET_ATTRIBUTE, '#endpoints': WEBHOOK_ENDPOINT_COUNT, ...more };
  return getItem(db, {
    Key: keys.client(clientId),
    ConsistentRead: true,
    ProjectionExpression: Object.keys(names).join(', '),
    ExpressionAttributeNames: names,
  });
}

/** The client's reading: one strongly consistent GetItem of those two attributes, and of its name when `withName` (a page's merchant). */
export async function readClient(db: Db, clientId: string, withName = false): Promise<ClientReading> {
  return clientReadingOf(await readClientItem(db, clientId, withName ? { '#name': 'name' } : {}));
}

/**
 * What the sweep's look at an advanced client reads (lib/sandbox/clock-advance.ts), in the same
 * GetItem: the reading, the look its item holds (its sort key in the `due` index's CLOCKS
 * partition; none once the client has nothing left to look at) and when its clock was last advanced.
 */
export async function readClientLook(db: Db, clientId: string): Promise<{ reading: ClientReading; look?: string; advancedAt?: number }> {
  const item = await readClientItem(db, clientId, { '#advancedAt': CLOCK_ADVANCED_AT_ATTRIBUTE, '#duePk': 'due_pk', '#dueSk': 'due_sk' });
  const advancedAt = item?.[CLOCK_ADVANCED_AT_ATTRIBUTE];
  return {
    reading: clientReadingOf(item),
    ...(item?.due_pk === ADVANCED_CLIENTS_PARTITION && { look: String(item.due_sk) }),
    ...(typeof advancedAt === 'string' && { advancedAt: Date.parse(advancedAt) }),
  };
}

/** The clock of a client as read: `real` plus its offset, with its endpoint count. */
export const clockOfReading = (real: Clock, reading: ClientReading): ClientClock => clientClock(real, reading.offset, reading.webhookEndpoints);

/** The offset a client item holds: 0 when never advanced, or for no item. */
export function clockOffsetOf(item: Item | undefined): number {
  const offset = item?.[CLOCK_OFFSET_ATTRIBUTE];
  return typeof offset === 'number' && Number.isSafeInteger(offset) && offset > 0 ? offset : 0;
}

/** The clock a request of this client reads: `real` (the system clock unless a test injects one) plus its offset. */
export async function loadClientClock(db: Db, clientId: string, real: Clock): Promise<ClientClock> {
  return clockOfReading(real, await readClient(db, clientId));
}

/**
 * The update that sets a client's clock back to real time, for a reset's completing write: the
 * offset goes, with when it was last advanced and the client's entry in the `due` index's list of
 * advanced clients.
 */
export function clockResetItem(clientId: string): TransactItem {
  return {
    Update: {
      Key: keys.client(clientId),
      UpdateExpression: `${REMOVE_DUE}, #offset, #advancedAt`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#offset': CLOCK_OFFSET_ATTRIBUTE, '#advancedAt': CLOCK_ADVANCED_AT_ATTRIBUTE },
    },
  };
}
