import type { Db } from '../db/db';
import { isConditionFailed } from '../db/errors';
import { keys } from '../db/keys';
import { logger } from '../logger';
import type { KeyPrincipal } from './principal';
import { updateItem } from '../db/requests';

/** The key item's attribute that says when the key last admitted a request (docs/api.md §14). */
export const LAST_USED_ATTRIBUTE = 'last_used_at';

/**
 * How often a container writes a key's last use: §14 wants `last_used_at` true to within 60 s
 * without a DynamoDB call on every request, so each container writes it on the first request of a
 * key and then at most once per this interval — the stored value is never more than this behind
 * the key's real last use.
 */
export const LAST_USE_SAMPLE_MS = 30_000;

/** When this container last wrote each key's use (bounded: a long-lived container forgets, and writes again). */
const written = new Map<string, number>();
const REMEMBERED_KEYS = 10_000;

/**
 * Notes that `principal`'s key admitted a request at `now`: when this container has not written
 * it in the last LAST_USE_SAMPLE_MS, one UpdateItem of the key's item, in the client's partition,
 * that only moves `last_used_at` forward and never brings back a deleted key. It runs beside the
 * request's own calls (admission starts it; the chain awaits it before answering, so a Lambda
 * freeze never cuts it off) and a failure is logged, never the request's.
 */
export function noteKeyUse(db: Db, principal: KeyPrincipal, now: Date): Promise<void> | undefined {
  const last = written.get(principal.keyId);
  if (last !== undefined && now.getTime() - last < LAST_USE_SAMPLE_MS) return undefined;
  if (written.size >= REMEMBERED_KEYS) written.clear();
  written.set(principal.keyId, now.getTime());
  return writeLastUse(db, principal, now.toISOString()).catch((error: unknown) => {
    written.delete(principal.keyId);
    logger.warn("admission: a key's last use was not written; the next request writes it", { keyId: principal.keyId, error: error as Error });
  });
}

async function writeLastUse(db: Db, principal: KeyPrincipal, at: string): Promise<void> {
  try {
    await updateItem(db, {
      Key: keys.apiKey(principal.clientId, principal.keyId),
      UpdateExpression: 'SET #used = :at',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#used) OR #used < :at)',
      ExpressionAttributeNames: { '#used': LAST_USED_ATTRIBUTE },
      ExpressionAttributeValues: { ':at': at },
    });
  } catch (error) {
    // A later use was written already (another container), or the key is gone: nothing to note.
    if (!isConditionFailed(error)) throw error;
  }
}
