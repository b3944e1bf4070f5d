import { createHash } from 'node:crypto';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { ClaimLostError, type TransactItem } from '../db/transact';
import { logger } from '../logger';
import { success, type ApiResult } from './envelope';
import { IdempotencyKeyInUseError, IdempotencyKeyReusedError } from './errors';
import { claimKey, completionItem, releaseKey, type RecordAddress } from './idempotency-store';

/*
 * Idempotency (docs/api.md §8) is our own rather than Powertools' idempotency utility, which issue 3
 * asked to try first. Powertools stores the response with a write of its own after the handler
 * returns. For a payments API that write is in the wrong place: if the function dies between the
 * refund's transaction and that write, the claim expires and a retry refunds a second time; and
 * it is a DynamoDB call of its own on every request. Here the use case puts the completing update in the
 * same TransactWriteItems as its effect, so a request's effect and its stored response commit
 * together or not at all: auth + claim + the use case's own calls, and nothing after.
 */

/** Idempotency-Key: 1–255 printable ASCII characters (docs/api.md §8). */
export const IDEMPOTENCY_KEY = /^[\x20-\x7e]{1,255}$/;

/** A stored response is replayed for 24 h; DynamoDB's TTL then deletes the record. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** True when the header value is an acceptable Idempotency-Key. */
export function isIdempotencyKey(value: string): boolean {
  return IDEMPOTENCY_KEY.test(value);
}

/** A key this request holds. The use case completes it inside the write that makes its effect. */
export interface IdempotencyClaim {
  /**
   * The TransactWriteItems element that stores `data` as this request's response (the route's
   * success status and `{"success": true, "data": …}`); pass it to the repository's write.
   */
  complete(data: unknown): TransactItem;
}

export interface IdempotentRequest {
  readonly clientId: string;
  readonly routeId: string;
  readonly key: string;
  /** What must be identical for a replay: the path parameters and the JSON body as sent. */
  readonly request: { readonly params: unknown; readonly body: unknown };
  /** The route's success status: what a completed request answered. */
  readonly successStatus: number;
  /** Names the claim (the request id), so only its holder can complete or release it. */
  readonly token: string;
  /** How long the claim may stay in progress before another request may take it: the time the function has left. */
  readonly inProgressMs: number;
}

export interface IdempotentResult {
  readonly result: ApiResult;
  /** True when `result` is the stored response of an earlier request. */
  readonly replayed: boolean;
}

/**
 * Runs `execute` at most once per (client, route, key) within 24 h. Claims the key (one
 * conditional PutItem that, when the key is taken, returns the record: replayed if completed with
 * the same request, 409 IDEMPOTENCY_KEY_REUSED for another request, 409 IDEMPOTENCY_KEY_IN_USE
 * while in progress), then runs `execute`, whose write completes the claim. Errors are not
 * stored: a failed request gives the key back, so a retry runs afresh.
 */
export async function runIdempotently(
  db: Db,
  clock: Clock,
  input: IdempotentRequest,
  execute: (claim: IdempotencyClaim) => Promise<ApiResult>,
): Promise<IdempotentResult> {
  const address: RecordAddress = { clientId: input.clientId, routeId: input.routeId, keyHash: sha256(input.key) };
  const requestHash = sha256(canonicalJson(input.request));
  const nowMs = clock.now().getTime();
  const taken = await claimKey(db, address, {
    token: input.token,
    requestHash,
    nowMs,
    inProgressUntilMs: nowMs + input.inProgressMs,
    expiresAtSeconds: Math.floor(nowMs / 1000) + IDEMPOTENCY_TTL_SECONDS,
  });
  if (taken) {
    if (taken.requestHash !== requestHash) throw new IdempotencyKeyReusedError();
    if (taken.status === 'in_progress') throw new IdempotencyKeyInUseError();
    return { result: { statusCode: taken.response.statusCode, body: JSON.parse(taken.response.body) }, replayed: true };
  }

  let stored: string | undefined;
  const claim: IdempotencyClaim = {
    complete: (data) => {
      stored = JSON.stringify(success(data));
      return completionItem(db, address, input.token, { statusCode: input.successStatus, body: stored });
    },
  };
  let result: ApiResult;
  try {
    result = await execute(claim);
  } catch (error) {
    if (error instanceof ClaimLostError) throw new IdempotencyKeyInUseError();
    await release(db, address, input.token);
    throw error;
  }
  // A use case that answered without completing its claim would leave the key in progress: a bug,
  // reported as one.
  if (stored === undefined) {
    await release(db, address, input.token);
    throw new Error(`Route ${input.routeId} answered without storing its response`);
  }
  // What was stored is what every replay will answer, so the first answer is that too.
  const storedResult = { statusCode: input.successStatus, body: JSON.parse(stored) as unknown };
  if (result.statusCode !== input.successStatus || JSON.stringify(result.body) !== stored) {
    logger.error('A route answered something other than the response it stored; answering the stored one', { route: input.routeId });
    return { result: storedResult, replayed: false };
  }
  return { result, replayed: false };
}

/**
 * Gives the key back after a failed request. Conditioned on the claim still being in progress and
 * ours, so a no-op if the write did commit. Its own failure must not hide the request's error: the
 * claim then simply expires at `in_progress_until`.
 */
async function release(db: Db, address: RecordAddress, token: string): Promise<void> {
  try {
    await releaseKey(db, address, token);
  } catch (error) {
    logger.warn('Could not give an idempotency key back; it frees itself when the claim expires', { error: error as Error });
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** JSON with object keys sorted at every level, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are one request. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
