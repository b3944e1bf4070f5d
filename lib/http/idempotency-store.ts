import type { Db } from '../db/db';
import { clientOf, defineEntity, requiredText } from '../db/entity';
import { isConditionFailed, isTransactionConflict, oldItem } from '../db/errors';
import { keys } from '../db/keys';
import { tableDefinition } from '../db/table';
import { deleteItem, putItem, updateItem, type Item, type TransactItem } from '../db/requests';
import { IdempotencyKeyInUseError } from './errors';

/** Idempotency records in the table. Nothing outside lib/http/idempotency.ts sees their shape. */

/** Where one client's key is recorded (whatever the route: a key belongs to the client). */
export interface RecordAddress {
  readonly clientId: string;
  /** SHA-256 of the Idempotency-Key: the key itself is never stored. */
  readonly keyHash: string;
}

/** A record as read back when a claim finds the key taken. */
export type StoredRecord =
  | { readonly status: 'in_progress'; readonly requestHash: string }
  | { readonly status: 'completed'; readonly requestHash: string; readonly response: StoredResponse };

const TTL = tableDefinition.timeToLiveAttribute;

/** A record as stored (`C#<client>` / `IDEM#<key hash>`): a claim in progress, or the response it completed with. */
interface IdempotencyRecord {
  readonly address: RecordAddress;
  /** The token of the request that holds (or held) the claim. */
  readonly claim: string;
  readonly requestHash: string;
  /** Epoch seconds: DynamoDB's TTL deletes the record some time after. */
  readonly expiresAtSeconds: number;
  readonly state: { readonly status: 'in_progress'; readonly inProgressUntilMs: number } | { readonly status: 'completed'; readonly response: StoredResponse };
}

const idempotencyEntity = defineEntity({
  name: 'idempotency',
  key: keys.idempotency,
  keyOf: (record: IdempotencyRecord) => keys.idempotency(record.address.clientId, record.address.keyHash),
  attributes: ({ claim, requestHash, expiresAtSeconds, state }: IdempotencyRecord): Item => ({
    status: state.status,
    claim,
    request_hash: requestHash,
    ...(state.status === 'in_progress'
      ? { in_progress_until: state.inProgressUntilMs }
      : { response_status: state.response.statusCode, response_body: state.response.body }),
    [TTL]: expiresAtSeconds,
  }),
  fromItem: (item): IdempotencyRecord => ({
    address: { clientId: clientOf(item), keyHash: keys.idempotencyKeyHashOfSortKey(requiredText(item, 'sk')) },
    claim: requiredText(item, 'claim'),
    requestHash: requiredText(item, 'request_hash'),
    expiresAtSeconds: Number(item[TTL]),
    state:
      item.status === 'completed'
        ? { status: 'completed', response: { statusCode: Number(item.response_status), body: requiredText(item, 'response_body') } }
        : { status: 'in_progress', inProgressUntilMs: Number(item.in_progress_until) },
  }),
});

/**
 * Claims the key with one conditional PutItem: the claim succeeds when there is no record, when
 * the record has passed its TTL (DynamoDB deletes expired items lazily) or when it is an
 * abandoned claim (`in_progress_until` passed). Otherwise returns the record that holds the key.
 */
export async function claimKey(
  db: Db,
  address: RecordAddress,
  claim: {
    readonly token: string;
    readonly requestHash: string;
    readonly nowMs: number;
    readonly inProgressUntilMs: number;
    readonly expiresAtSeconds: number;
  },
): Promise<StoredRecord | undefined> {
  try {
    await putItem(db, {
      Item: idempotencyEntity.toItem({
        address,
        claim: claim.token,
        requestHash: claim.requestHash,
        expiresAtSeconds: claim.expiresAtSeconds,
        state: { status: 'in_progress', inProgressUntilMs: claim.inProgressUntilMs },
      }),
      ConditionExpression: 'attribute_not_exists(pk) OR #ttl < :nowSeconds OR (#status = :inProgress AND in_progress_until < :nowMs)',
      ExpressionAttributeNames: { '#ttl': TTL, '#status': 'status' },
      ExpressionAttributeValues: { ':nowSeconds': Math.floor(claim.nowMs / 1000), ':nowMs': claim.nowMs, ':inProgress': 'in_progress' },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
    return undefined;
  } catch (error) {
    // The record is being written by the first request's completing transaction: it is in flight.
    if (isTransactionConflict(error)) throw new IdempotencyKeyInUseError();
    if (!isConditionFailed(error)) throw error;
    const item = oldItem((error as { Item?: Record<string, unknown> }).Item);
    if (!item) throw error;
    const held = idempotencyEntity.fromItem(item);
    // Our own claim: the PutItem did commit, its response was lost and the SDK sent it again.
    if (held.state.status === 'in_progress' && held.claim === claim.token) return undefined;
    return held.state.status === 'completed'
      ? { status: 'completed', requestHash: held.requestHash, response: held.state.response }
      : { status: 'in_progress', requestHash: held.requestHash };
  }
}

/** A response as a record stores it: the status and the JSON body as answered. */
export interface StoredResponse {
  readonly statusCode: number;
  readonly body: string;
}

/**
 * The update that completes a claim with `response`, conditioned on this request still holding
 * the claim (its token), so nothing is stored after another request took the key over.
 */
function completion(address: RecordAddress, token: string, response: StoredResponse) {
  return {
    Key: idempotencyEntity.key(address.clientId, address.keyHash),
    UpdateExpression: 'SET #status = :completed, response_status = :statusCode, response_body = :body REMOVE in_progress_until',
    ConditionExpression: '#status = :inProgress AND claim = :token',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':completed': 'completed',
      ':inProgress': 'in_progress',
      ':token': token,
      ':statusCode': response.statusCode,
      ':body': response.body,
    },
  };
}

/**
 * The completing update for the TransactWriteItems that writes the request's effect: the effect
 * and the stored response commit together, and never after another request took the key.
 */
export function completionItem(address: RecordAddress, token: string, response: StoredResponse): TransactItem {
  return { Update: completion(address, token, response) };
}

/**
 * Completes a claim with a refusal (a request that wrote nothing), in one conditional UpdateItem
 * only the claim's holder can make. False when the claim is no longer this request's (it expired
 * and another request with the key took it over): nothing was stored.
 */
export async function completeWithRefusal(db: Db, address: RecordAddress, token: string, response: StoredResponse): Promise<boolean> {
  try {
    await updateItem(db, completion(address, token, response));
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Gives the key back after a request failed without writing anything, so a retry runs afresh. */
export async function releaseKey(db: Db, address: RecordAddress, token: string): Promise<void> {
  try {
    await deleteItem(db, {
      Key: idempotencyEntity.key(address.clientId, address.keyHash),
      ConditionExpression: '#status = :inProgress AND claim = :token',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':inProgress': 'in_progress', ':token': token },
    });
  } catch (error) {
    // Not ours any more (it expired and was taken over): nothing to give back.
    if (!isConditionFailed(error)) throw error;
  }
}
