import { clientPartition, keys } from '../../lib/db/keys';
import { queryAll } from '../../lib/db/query-all';
import type { Event } from '../../lib/events/event';
import { viewEvent } from '../../lib/events/event-repository';
import { eventEntity } from '../../lib/events/items';
import { testDb } from './fixtures';

/**
 * Every event item of a client, oldest first, read straight from its partition (strongly
 * consistent): what was recorded, independent of the list endpoint's filters and windows.
 */
export async function recordedEvents(clientId: string): Promise<Event[]> {
  const items = await queryAll(testDb(), clientPartition(clientId), { skPrefix: keys.eventSortKey(''), consistent: true });
  return items.map((item) => viewEvent(eventEntity.fromItem(item)));
}

/** The recorded events of one transaction (its own and its refunds'), oldest first. */
export async function recordedEventsOf(clientId: string, transactionId: string): Promise<Event[]> {
  const all = await recordedEvents(clientId);
  return all.filter((e) => e.data.object.id === transactionId || ('transaction_id' in e.data.object && e.data.object.transaction_id === transactionId));
}
