import { createHash } from 'node:crypto';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { keys } from '../db/keys';
import { ClaimLostError, type IdempotencyClaim } from '../db/transact';
import { logger } from '../logger';
import { success, type ApiResult } from './envelope';
import { apiErrorOf, type ApiError, IdempotencyKeyInUseError, IdempotencyKeyReusedError } from './errors';
import { claimKey, completeWithRefusal, completionItem, releaseKey, type RecordAddress } from './idempotency-store';
import { errorResult } from './respond';

/*
 * Idempotency (docs/api.md §8) is our own rather than Powertools' idempotency utility, which issue 3
 * asked to try first. Powertools stores the response with a write of its own after the handler
 * returns. For a payments API that write is in the wrong place: if the function dies between the
 * refund's transaction and that write, the claim expires and a retry refunds a second time; and
 * it is a DynamoDB call of its own on every request. Here the use case puts the completing update in the
 * same TransactWriteItems as its effect, so a request's effect and its stored response commit
 * together or not at all: auth + claim + the use case's own calls, and nothing after.
 */

/** A stored response is replayed for 24 h; DynamoDB's TTL then deletes the record. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/**
 * True for the refusals a key stores and replays like a success: 404, 409 and 422, decided by the
 * use case with nothing written. The contract exempts validation errors (a 400 is answered before
 * the claim, or gives the key back); 429 and 500 are not stored either: nothing was decided and a
 * 429 says to retry, so a retry runs afresh.
 */
export const storesRefusal = (status: number): boolean => status === 404 || status === 409 || status === 422;

export interface IdempotentRequest {
  readonly clientId: string;
  readonly routeId: string;
  readonly key: string;
  /** With `routeId`, what must be identical for a replay: the path parameters and the JSON body as sent. */
  readonly request: { readonly params: unknown; readonly body: unknown };
  /** The route's success status: what a completed request answered. */
  readonly successStatus: number;
  /** Names the claim (the request id), so only its holder can complete or release it. */
  readonly token: string;
  /** How long the claim may stay in progress before another request may take it: the time the function has left. */
  readonly inProgressMs: number;
  /**
   * Fields of the answer's `data` that are shown once and never stored (a new server key: only its
   * hash is ever stored, docs/api.md §3). The use case stores them as null; the first answer holds
   * them, every replay answers null.
   */
  readonly shownOnce?: readonly string[];
}

export interface IdempotentResult {
  readonly result: ApiResult;
  /** True when `result` is the stored response of an earlier request. */
  readonly replayed: boolean;
}

/** An answer's body as its stored form holds it: each field of `data` shown once as null. */
function withoutShownOnce(body: unknown, fields: readonly string[] = []): unknown {
  const data = (body as { data?: unknown } | undefined)?.data;
  if (fields.length === 0 || typeof data !== 'object' || data === null) return body;
  return { ...(body as object), data: { ...data, ...Object.fromEntries(fields.map((field) => [field, null])) } };
}

/**
 * Runs `execute` at most once per (client, key) within 24 h. Claims the key (one conditional
 * PutItem that, when the key is taken, returns the record: replayed if completed with the same
 * request — same route, path parameters and body — 409 IDEMPOTENCY_KEY_REUSED for another
 * request, 409 IDEMPOTENCY_KEY_IN_USE while in progress), then runs `execute`, whose write
 * completes the claim. A refusal (`storesRefusal`) is stored as the answer too, and replayed like
 * a success; any other error gives the key back, so a retry runs afresh.
 */
export async function runIdempotently(
  db: Db,
  clock: Clock,
  input: IdempotentRequest,
  execute: (claim: IdempotencyClaim) => Promise<ApiResult>,
): Promise<IdempotentResult> {
  const address: RecordAddress = { clientId: input.clientId, keyHash: sha256(input.key) };
  // The route is part of the request: the same key on another route is another request (409).
  const requestHash = sha256(canonicalJson({ route: input.routeId, ...input.request }));
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
    record: keys.idempotency(address.clientId, address.keyHash),
    complete: (data) => {
      stored = JSON.stringify(success(data));
      return completionItem(address, input.token, { statusCode: input.successStatus, body: stored });
    },
  };
  let result: ApiResult;
  try {
    result = await execute(claim);
  } catch (error) {
    if (error instanceof ClaimLostError) throw new IdempotencyKeyInUseError();
    const refusal = apiErrorOf(error);
    if (refusal && storesRefusal(refusal.status)) await storeRefusal(db, address, input.token, refusal);
    else await release(db, address, input.token);
    throw error;
  }
  // A use case that answered without completing its claim would leave the key in progress: a bug,
  // reported as one.
  if (stored === undefined) {
    await release(db, address, input.token);
    throw new Error(`Route ${input.routeId} answered without storing its response`);
  }
  // What was stored is what every replay will answer, so the first answer is that too — but for the fields shown once.
  const storedResult = { statusCode: input.successStatus, body: JSON.parse(stored) as unknown };
  if (result.statusCode !== input.successStatus || JSON.stringify(withoutShownOnce(result.body, input.shownOnce)) !== stored) {
    logger.error('A route answered something other than the response it stored; answering the stored one', { route: input.routeId });
    return { result: storedResult, replayed: false };
  }
  return { result, replayed: false };
}

/**
 * Stores a refusal as the request's answer, exactly as the error response will word it, so a retry
 * replays it. If the claim was taken over meanwhile, the key belongs to another request, whose
 * answer is the one replays will give: 409 IDEMPOTENCY_KEY_IN_USE, as for a lost claim on a
 * success. If storing fails otherwise, the key is given back and that failure is the answer (a
 * 500, not stored), so the client never saw an answer that a retry would not repeat.
 */
async function storeRefusal(db: Db, address: RecordAddress, token: string, refusal: ApiError): Promise<void> {
  const { statusCode, body } = errorResult(refusal, token);
  let stored: boolean;
  try {
    stored = await completeWithRefusal(db, address, token, { statusCode, body: JSON.stringify(body) });
  } catch (error) {
    await release(db, address, token);
    throw error;
  }
  if (!stored) throw new IdempotencyKeyInUseError();
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
