import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../../lib/db/db';
import { clientPartition } from '../../lib/db/keys';
import { testDb } from './fixtures';

/** Every item of a client's partition, in sort-key order: a strongly consistent Query, page by page. */
export async function partitionItems(clientId: string, db: Db = testDb()): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': clientPartition(clientId) },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** The kind of an item: its sort key up to the first `#` (`TXN`, `EVT`, `CLIENT` …). */
export const kindOf = (item: Record<string, unknown>): string => String(item.sk).split('#')[0]!;
