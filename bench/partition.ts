import type { Db } from '../lib/db/db';
import { clientPartition } from '../lib/db/keys';
import { queryAll } from '../lib/db/query-all';

/** How many items of each kind (the sort key up to its first `#`) a client's partition holds: a keys-only, consistent Query. */
export async function partitionKinds(db: Db, clientId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const item of await queryAll(db, clientPartition(clientId), { consistent: true, projection: 'sk' })) {
    const kind = String(item.sk).split('#')[0]!;
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}
