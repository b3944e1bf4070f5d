import { createClient, createKey } from '../lib/auth/key-repository';
import { batchWriteAll } from '../lib/db/batch-write';
import type { Db } from '../lib/db/db';
import { keys } from '../lib/db/keys';
import { newId } from '../lib/ids';
import { mapLimit } from './stats';

/**
 * Part 8: how long one POST /sandbox/reset takes on the local sandbox to empty a large partition
 * (10 000 items; `--quick` 1 000), written straight into the table with BatchWriteItem (filling it
 * through the API would take longer than the reset). Items of every kind a reset deletes, 1 KB each.
 */

export interface ResetResult {
  readonly items: number;
  readonly itemBytes: number;
  /** From sending the request to its answer. */
  readonly ms: number;
  readonly itemsPerSecond: number;
  readonly deleted: number;
  readonly hasMore: boolean;
  readonly failures: string[];
}

const ITEM_BYTES = 1024;

async function fill(db: Db, clientId: string, count: number): Promise<void> {
  const makers = [
    (_i: number) => keys.transaction(clientId, newId('transaction')),
    (i: number) => keys.order(clientId, `BENCH-RESET-${i}`),
    (_i: number) => keys.event(clientId, newId('event')),
    (i: number) => keys.deliveryAttempt(clientId, `evt_bench${i}`, newId('delivery')),
    (_i: number) => keys.settlement(clientId, newId('settlement')),
    (i: number) => keys.idempotency(clientId, `bench${i}`),
  ];
  const items = Array.from({ length: count }, (_, i) => ({ ...makers[i % makers.length]!(i), entity: 'bench', payload: 'x'.repeat(ITEM_BYTES - 100) }));
  const batches = Array.from({ length: Math.ceil(count / 25) }, (_, b) => items.slice(b * 25, b * 25 + 25));
  await mapLimit(batches, 8, (batch) =>
    batchWriteAll(
      db,
      batch.map((Item) => ({ PutRequest: { Item } })),
    ),
  );
}

export async function measureReset(options: { baseUrl: string; db: Db; items: number }): Promise<ResetResult> {
  const client = await createClient(options.db, 'bench reset part');
  const key = await createKey(options.db, { clientId: client.id, scopes: ['sandbox:simulate'] });
  await fill(options.db, client.id, options.items);
  const started = performance.now();
  const res = await fetch(`${options.baseUrl}/sandbox/reset`, { method: 'POST', headers: { authorization: `Bearer ${key.key}` } });
  const ms = performance.now() - started;
  const body = (await res.json()) as { data?: { deleted: number; has_more: boolean } };
  const failures: string[] = [];
  if (res.status !== 200 || !body.data) failures.push(`reset: POST /sandbox/reset answered HTTP ${res.status}`);
  const deleted = body.data?.deleted ?? 0;
  const hasMore = body.data?.has_more ?? true;
  if (deleted !== options.items || hasMore) failures.push(`reset: ${options.items} items, one call deleted ${deleted} (has_more ${hasMore})`);
  return {
    items: options.items,
    itemBytes: ITEM_BYTES,
    ms: Number(ms.toFixed(1)),
    itemsPerSecond: Math.round(options.items / (ms / 1000)),
    deleted,
    hasMore,
    failures,
  };
}
