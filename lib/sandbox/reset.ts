import { realNow } from '../clock';
import { forEachLimited } from '../concurrency';
import { BATCH_WRITE_SIZE, batchWriteAll } from '../db/batch-write';
import type { Db } from '../db/db';
import { clientPartition, keys } from '../db/keys';
import { queryPage, type TableKey, type TransactItem } from '../db/requests';
import { retryingCollisions, transactWrite } from '../db/transact';
import { endpointItemsOf } from '../webhooks/delivery-repository';
import { clockResetItem } from '../auth/client-clock';
import { deleteWebhookEndpointItem } from '../webhooks/endpoint-repository';

/**
 * The reset of a client's data (docs/api.md §12 "Reset", docs/decisions/ "Sandbox reset"): every
 * item of its partition `C#<client>` goes — transactions, order reservations, refunds, ledger
 * entries, events, delivery attempts, due markers, idempotency records — but its client item, its keys
 * (`KEY#`), the people who sign in to it (`MEMBER#`, docs/api.md §14), its request counters (`RATE#`, which expire by themselves within seconds and are the
 * rate limit of the reset itself), the idempotency record of the reset request itself, an earlier
 * reset's follow-up (not the client's data: this reset's own replaces it, decision 0199), and (unless
 * asked) its webhook endpoints. Found by a keys-only Query of the partition, page by page, never a
 * Scan; deleted by BatchWriteItem, 25 keys at a time, unprocessed keys retried with backoff.
 * Endpoints go one TransactWriteItems each, uncounted on the client item in the same write, so the
 * limit of 10 stays true. The work is bounded by the time the function has left: a reset that
 * runs out of time answers `has_more: true`, and the next call goes on where it stopped. The call
 * that finds the partition clean sets the client's clock back to real time (lib/auth/client-clock.ts)
 * in its last write.
 */

/** Batches in flight at once. */
const BATCHES_AT_ONCE = 8;

/** Keys read per Query page: the unit of work between two looks at the time left. */
const PAGE_SIZE = 1_000;

/**
 * A new page is started only with at least this much time left: a page's deletes (40 batches) take
 * well under a second deployed, the rest is room for the answer and the idempotency record.
 */
export const RESET_TIME_MARGIN_MS = 3_000;

export interface ResetOptions {
  /** Also delete the client's webhook endpoints (and set its endpoint count back to 0). */
  readonly webhookEndpoints: boolean;
  /** The time left before the caller must answer; without it the reset runs to the end. */
  readonly remainingMs?: () => number;
  /** Items the reset leaves alone whatever their kind: the reset request's own idempotency record. */
  readonly keep?: readonly TableKey[];
  /** The real time of the reset, from which its follow-up is due; the system clock's now unless given. */
  readonly now?: Date;
}

export interface ResetResult {
  /** Items of the client's data deleted by this call (endpoints included; never an earlier reset's follow-up). */
  readonly deleted: number;
  /** True when the time ran out before the partition was clean: call again. */
  readonly has_more: boolean;
}

/** The sort keys and prefixes of what a reset keeps, webhook endpoints included (they go their own way). */
function keptPrefixes(clientId: string): string[] {
  return [
    keys.client(clientId).sk,
    keys.apiKeyPrefix(clientId).skPrefix,
    keys.memberPrefix(clientId).skPrefix,
    keys.requestCounterPrefix,
    // An earlier reset's follow-up is the reset's own bookkeeping, not the client's data: it is not
    // counted, and it stays until this reset's last write puts its own in its place (a later due
    // time, so attempts under way at either reset are waited out). A reset that runs out of time
    // leaves it to the sweep, as it was.
    keys.resetFollowUpSortKey,
    keys.webhookEndpointSortKey(''),
  ];
}

/** Deletes the client's data as the module says; `completion` (the reset request's idempotency record) is written last. */
export async function resetClientData(
  db: Db,
  clientId: string,
  options: ResetOptions,
  completion?: (result: ResetResult) => TransactItem,
): Promise<ResetResult> {
  const remainingMs = options.remainingMs ?? (() => Infinity);
  const kept = keptPrefixes(clientId);
  const keep = new Set((options.keep ?? []).map((key) => key.sk));
  const removable = (key: TableKey) => !keep.has(key.sk) && !kept.some((prefix) => key.sk === prefix || (prefix.endsWith('#') && key.sk.startsWith(prefix)));

  let deleted = 0;
  let startKey: Record<string, unknown> | undefined;
  let hasMore = false;
  do {
    if (remainingMs() < RESET_TIME_MARGIN_MS) {
      hasMore = true;
      break;
    }
    const page = await queryPage(db, {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': clientPartition(clientId) },
      ProjectionExpression: 'pk, sk',
      ConsistentRead: true,
      Limit: PAGE_SIZE,
      ExclusiveStartKey: startKey,
    });
    const doomed = ((page.Items ?? []) as TableKey[]).filter(removable);
    const batches: TableKey[][] = [];
    for (let i = 0; i < doomed.length; i += BATCH_WRITE_SIZE) batches.push(doomed.slice(i, i + BATCH_WRITE_SIZE));
    await forEachLimited(batches, BATCHES_AT_ONCE, (batch) =>
      batchWriteAll(
        db,
        batch.map((key) => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } })),
      ),
    );
    deleted += doomed.length;
    startKey = page.LastEvaluatedKey;
  } while (startKey);

  if (options.webhookEndpoints && !hasMore) {
    for (const endpoint of await endpointItemsOf(db, clientId)) {
      // Each uncounts itself on the client item, which other endpoint writes may touch at once.
      if (await retryingCollisions(() => deleteWebhookEndpointItem(db, clientId, endpoint.endpoint.id))) deleted++;
    }
  }
  const result: ResetResult = { deleted, has_more: hasMore };
  // Once the partition is clean, the clock goes back to real time, in the write that completes the request.
  // An attempt under way as the partition was listed (by this call or an earlier one of the same
  // reset) may still record itself, or its retry, after its event went: the follow-up, put by every
  // reset that completes, removes what it leaves (lib/webhooks/reset-follow-up.ts).
  const last = hasMore ? [] : [clockResetItem(clientId), resetFollowUpPut(clientId, options.now ?? realNow())];
  if (last.length > 0 || completion) await transactWrite(db, last, completion?.(result));
  return result;
}

/** A reset's follow-up (lib/webhooks/reset-follow-up.ts, where the sweep acts on it): due at the reset's real time (the sweep waits out a claim's lease from there). */
export function resetFollowUpPut(clientId: string, resetAt: Date): TransactItem {
  return {
    Put: {
      Item: { ...keys.resetFollowUp(clientId), entity: 'reset_follow_up', ...keys.due(resetAt.toISOString()) },
    },
  };
}
