import type { ReadContext } from '../use-case';
import { keys } from '../db/keys';
import { allOf, equals, listNewestFirst } from '../db/paging';
import type { Pagination } from '../db/pagination';
import { asApiObject } from '../objects/fields';
import { SettlementEntry } from '../objects/settlement-entry';
import type { ListSettlementsInput } from '../objects/list-queries';

/**
 * The client's settlement ledger (docs/api.md §7), newest first; `from`/`to` bound `settled_at`, and
 * `readUnits` the read units its queries consume (lib/db/paging.ts).
 */
export async function listSettlements(
  { db, clientId }: ReadContext,
  query: ListSettlementsInput,
  readUnits: number,
): Promise<{ data: SettlementEntry[]; pagination: Pagination }> {
  const { limit, cursor, ...filters } = query;
  const { items, pagination } = await listNewestFirst(db, {
    clientId,
    kind: 'settlement',
    sortKeyPrefix: keys.settlementSortKey(''),
    limit,
    cursor,
    filters,
    // An entry's id carries its settled_at time, so the range is a sort-key range.
    from: query.from,
    to: query.to,
    readUnits,
    filter: allOf([equals('type', query.type), equals('transaction_id', query.transaction_id)]),
  });
  return { data: items.map((item) => asApiObject(SettlementEntry, item)), pagination };
}
