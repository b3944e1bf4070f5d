import type { Db } from '../../lib/db/db';
import { clientPartition } from '../../lib/db/keys';
import { queryAll } from '../../lib/db/query-all';
import { testDb } from './fixtures';

/** Every item of a client's partition, in sort-key order: a strongly consistent Query, page by page. */
export const partitionItems = (clientId: string, db: Db = testDb()) => queryAll(db, clientPartition(clientId), { consistent: true });

/** The kind of an item: its sort key up to the first `#` (`TXN`, `EVT`, `CLIENT` …). */
export const kindOf = (item: Record<string, unknown>): string => String(item.sk).split('#')[0]!;
