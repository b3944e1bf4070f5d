import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ConcurrentWriteError } from '../http/errors';
import type { Db } from './db';
import { cancellationReasons } from './errors';

/** One element of a TransactWriteItems request (document-client shapes). */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Thrown when the write that completes an idempotency claim failed its condition: the claim
 * expired and another request with the key took it over, so this request's effect was not
 * written. The caller answers as for a key in use.
 */
export class ClaimLostError extends Error {
  override readonly name = 'ClaimLostError';
  constructor() {
    super('The idempotency claim was lost before the write');
  }
}

/**
 * Sends `items` in one TransactWriteItems, with `completion` (an idempotency record's completing
 * update, see lib/http/idempotency.ts) as the last item when there is one, so the request's
 * effect and its stored response commit together or not at all. Condition failures of `items`
 * reach the caller as the SDK's TransactionCanceledException, indexed as `items`; a transaction
 * cancelled only by a concurrent one (TransactionConflict, no failed condition) is a
 * ConcurrentWriteError.
 */
export async function transactWrite(db: Db, items: readonly TransactItem[], completion?: TransactItem): Promise<void> {
  try {
    await db.doc.send(new TransactWriteCommand({ TransactItems: completion ? [...items, completion] : [...items] }));
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (completion && reasons?.[items.length]?.Code === 'ConditionalCheckFailed') throw new ClaimLostError();
    const codes = reasons?.map((r) => r.Code) ?? [];
    if (codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed')) throw new ConcurrentWriteError();
    throw error;
  }
}
