import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../lib/db/db';
import { clientPartition } from '../lib/db/keys';

/** How many items of each kind (the sort key up to its first `#`) a client's partition holds: a keys-only, consistent Query. */
export async function partitionKinds(db: Db, clientId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': clientPartition(clientId) },
        ProjectionExpression: 'sk',
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const kind = String(item.sk).split('#')[0]!;
      counts[kind] = (counts[kind] ?? 0) + 1;
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return counts;
}
