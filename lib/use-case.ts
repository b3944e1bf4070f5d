import type { Clock } from './clock';
import type { Db } from './db/db';
import type { IdempotencyClaim } from './db/transact';
import type { Cause } from './events/event';

/**
 * What a use case acts with, passed as one object (lib/http/endpoint.ts builds it for each request):
 * the table, the client it acts for, that client's clock (docs/api.md §12), the request behind the
 * change (its events name it, §10), and the request's Idempotency-Key claim, which the use case
 * completes inside the write that makes its effect (§8).
 */
export interface UseCaseContext {
  readonly db: Db;
  readonly clientId: string;
  readonly clock: Clock;
  readonly cause: Cause;
  readonly idempotency?: IdempotencyClaim;
}

/**
 * What a use case that only reads acts with: the part of UseCaseContext every request has (a read
 * endpoint passes its whole context). Every use case takes one of the two first (decision 0320).
 */
export type ReadContext = Pick<UseCaseContext, 'db' | 'clientId' | 'clock'>;
