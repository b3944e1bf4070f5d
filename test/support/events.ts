import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { clientPartition, keys } from '../../lib/db/keys';
import type { Event } from '../../lib/events/event';
import { viewEvent } from '../../lib/events/event-repository';
import { testDb } from './fixtures';

/**
 * Every event item of a client, oldest first, read straight from its partition (strongly
 * consistent): what was recorded, independent of the list endpoint's filters and windows.
 */
export async function recordedEvents(clientId: string): Promise<Event[]> {
  const events: Event[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await testDb().doc.send(
      new QueryCommand({
        TableName: testDb().tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :events)',
        ExpressionAttributeValues: { ':pk': clientPartition(clientId), ':events': keys.eventSortKey('') },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    events.push(...(page.Items ?? []).map(viewEvent));
    start = page.LastEvaluatedKey;
  } while (start);
  return events;
}

/** The recorded events of one transaction (its own and its refunds'), oldest first. */
export async function recordedEventsOf(clientId: string, transactionId: string): Promise<Event[]> {
  const all = await recordedEvents(clientId);
  return all.filter((e) => e.data.object.id === transactionId || ('transaction_id' in e.data.object && e.data.object.transaction_id === transactionId));
}
