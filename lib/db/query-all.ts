import type { Db } from './db';
import { queryPage } from './requests';

type Item = Record<string, unknown>;

/**
 * Every item of partition `pk` (whose sort key starts with `skPrefix`, if given), in sort-key
 * order, page after page: for the small sets read whole — a client's keys or webhook endpoints,
 * the client registry. Lists a client pages through use lib/db/paging.ts instead.
 */
export async function queryAll(db: Db, pk: string, options: { skPrefix?: string; consistent?: boolean; projection?: string } = {}): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Item | undefined;
  do {
    const page = await queryPage(db, {
      KeyConditionExpression: options.skPrefix === undefined ? 'pk = :pk' : 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ...(options.skPrefix === undefined ? {} : { ':prefix': options.skPrefix }) },
      ConsistentRead: options.consistent,
      ProjectionExpression: options.projection,
      ExclusiveStartKey: startKey,
    });
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}
