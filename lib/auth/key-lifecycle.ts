import { systemClock, type Clock } from '../clock';
import type { Db } from '../db/db';
import { REMOVE_DUE } from '../db/due';
import { cancellationReasons, oldItem } from '../db/errors';
import { keys } from '../db/keys';
import { queryPage, type TransactItem } from '../db/requests';
import { transactWrite } from '../db/transact';
import { tableDefinition } from '../db/table';
import { apiKeyChanged, NO_CAUSE, type Cause, type Change } from '../events/event';
import { recordEvents } from '../events/event-recorder';
import { InvalidStateError, LimitExceededError, NotFoundError } from '../errors';
import { newId } from '../ids';
import { asApiObject } from '../objects/fields';
import { scopes as allScopes, type Scope } from '../scopes';
import { generateApiKey, hashApiKey } from './api-key';
import { ApiKey, DEFAULT_ROLL_GRACE_SECONDS, MAX_LIVE_KEYS, type KeyStatus } from '../objects/api-key-object';
import { apiKeyEntity, apiKeyHashEntity, LIVE_KEY_COUNT, type KeyMaker, type StoredKey } from './items';

/**
 * The life of a server key (docs/api.md §3, §14): minted (by a person on the API Keys page or the
 * account API, or by the admin CLI), rolled, revoked, expired. Every change is one
 * TransactWriteItems with its api_key.* event, and, for a request with an Idempotency-Key, its
 * stored answer.
 *
 * A key is two items: the key item in its client's partition (`C#<client>` / `KEY#<id>`: what is
 * listed, never the key), and the hash record admission reads (`KEYHASH#<sha-256>`: client, scopes,
 * and `expires_at` once the key expires). Revoking deletes the hash record, so the very next request
 * is refused; an expiry is written on the hash record, which admission compares with the time, and
 * DynamoDB's TTL deletes the record a day after. A key's times are real time, never a client's
 * sandbox clock: a key is infrastructure, like an Idempotency-Key. Its events are dated in real
 * time too (docs/decisions/0176).
 *
 * The client item counts the keys that are neither revoked nor expired (`live_keys`, at most
 * MAX_LIVE_KEYS), changed in the same transactions; a key counted so says so (`counted`), and only
 * such a key gives its count back (keys minted before the count existed are not in it).
 */

/** How long DynamoDB keeps an expired key's hash record before deleting it (admission refuses it meanwhile by its time). */
const EXPIRED_HASH_TTL_SECONDS = 86_400;
const TTL = tableDefinition.timeToLiveAttribute;

export interface MintInput {
  readonly clientId: string;
  readonly scopes?: readonly Scope[];
  readonly label?: string | null;
  readonly createdBy: KeyMaker;
  /** Days until the key expires; never when absent. */
  readonly expiresInDays?: number;
}

/** A key just made: its stored item and the key, which exists only now. */
export interface MintedKey {
  readonly key: string;
  readonly object: ApiKey;
  readonly item: StoredKey;
}

/**
 * What a change of a key is recorded with: the request behind it, and its Idempotency-Key's
 * completing write. `events: false` changes a key without an api_key.* event: the admin CLI's
 * changes are an operator's, made outside the client's API, and its events log stays the record of
 * what the client's own requests and the sweep did (docs/decisions/0176).
 */
export interface KeyWrite {
  readonly events?: boolean;
  readonly cause?: Cause;
  // The stored answer of a key-making request never holds the key (only its hash is ever stored,
  // docs/api.md §3): its replay answers `"key": null` (docs/decisions/0176).
  readonly completion?: (answer: unknown) => TransactItem;
  /** The real clock (tests move it). */
  readonly clock?: Clock;
}

export class ClientNotFoundError extends Error {
  constructor(clientId: string) {
    super(`No client ${clientId}`);
    this.name = 'ClientNotFoundError';
  }
}

/** A key's status at `now` (real time). */
export function statusOf(item: StoredKey, now: Date): KeyStatus {
  if (item.revoked_at) return 'revoked';
  if (item.expires_at !== undefined && Date.parse(item.expires_at) <= now.getTime()) return 'expired';
  if (item.rolled_at) return 'expiring';
  return 'active';
}

/** A key item as the API shows it at `now`: never the key. */
export function viewKey(item: StoredKey, now: Date): ApiKey {
  return asApiObject(ApiKey, { ...item, created_by: item.created_by ?? 'admin', status: statusOf(item, now) });
}

export function newKeyItems(input: MintInput, now: Date): { key: string; item: StoredKey; puts: TransactItem[] } {
  const key = generateApiKey(input.clientId);
  const id = newId('key', now);
  const scopes = [...(input.scopes ?? allScopes)];
  const hash = hashApiKey(key);
  const expiresAt = input.expiresInDays !== undefined ? new Date(now.getTime() + input.expiresInDays * 86_400_000).toISOString() : undefined;
  const item: StoredKey = {
    id,
    client_id: input.clientId,
    label: input.label ?? null,
    scopes,
    last4: key.slice(-4),
    key_hash: hash,
    created_at: now.toISOString(),
    created_by: input.createdBy,
    counted: true,
    ...(expiresAt !== undefined && { expires_at: expiresAt, expires_in_days: input.expiresInDays, dueAt: expiresAt }),
  };
  const hashRecord = { hash, client_id: input.clientId, key_id: id, scopes, ...(expiresAt !== undefined && { expires_at: expiresAt }) };
  return { key, item, puts: [apiKeyEntity.create(item), apiKeyHashEntity.create(hashRecord)] };
}

/** The client item's count of live keys, up by one, refused at MAX_LIVE_KEYS or for no client (its old item says which). */
function countKeyIn(clientId: string): TransactItem {
  return {
    Update: {
      Key: keys.client(clientId),
      UpdateExpression: 'ADD #live :one',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#live) OR #live < :max)',
      ExpressionAttributeNames: { '#live': LIVE_KEY_COUNT },
      ExpressionAttributeValues: { ':one': 1, ':max': MAX_LIVE_KEYS },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
}

/** The count down by one, for a counted key that stops being live. */
function countKeyOut(clientId: string): TransactItem {
  return {
    Update: {
      Key: keys.client(clientId),
      UpdateExpression: 'ADD #live :minusOne',
      ConditionExpression: 'attribute_exists(pk) AND #live > :zero',
      ExpressionAttributeNames: { '#live': LIVE_KEY_COUNT },
      ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
    },
  };
}

/** The refusal a failed count-in means: no such client, or its MAX_LIVE_KEYS live keys. */
function countInRefusal(error: unknown, clientId: string): Error | undefined {
  const reason = cancellationReasons(error)?.[0];
  if (reason?.Code !== 'ConditionalCheckFailed') return undefined;
  return oldItem(reason.Item)
    ? new LimitExceededError(`At most ${MAX_LIVE_KEYS} keys that are neither revoked nor expired per client`)
    : new ClientNotFoundError(clientId);
}

function record(clientId: string, changes: readonly Change[], write: KeyWrite) {
  if (write.events === false) return { puts: [], window: undefined };
  return recordEvents(clientId, changes, { cause: write.cause ?? NO_CAUSE, clock: write.clock ?? systemClock });
}

/**
 * Mints a key of an existing client (every scope unless `scopes` names some), recorded as
 * api_key.created. LimitExceededError at MAX_LIVE_KEYS live keys; ClientNotFoundError for no client.
 */
export async function mintKey(db: Db, input: MintInput, write: KeyWrite = {}): Promise<MintedKey> {
  const now = (write.clock ?? systemClock).now();
  const { key, item, puts } = newKeyItems(input, now);
  const object = viewKey(item, now);
  const recorded = record(input.clientId, [apiKeyChanged('api_key.created', object, now.toISOString())], write);
  try {
    await transactWrite(db, [countKeyIn(input.clientId), ...puts, ...recorded.puts], write.completion?.({ ...object, key: null }), recorded.window);
  } catch (error) {
    throw countInRefusal(error, input.clientId) ?? error;
  }
  return { key, object, item };
}

/** A key item of this client, strongly consistent, or undefined. */
export function findKeyItem(db: Db, clientId: string, keyId: string): Promise<StoredKey | undefined> {
  return apiKeyEntity.find(db, apiKeyEntity.key(clientId, keyId));
}

/** A key item by its id alone (the admin CLI's `keys revoke`): through the `gsi1` index. */
export async function findKeyItemById(db: Db, keyId: string): Promise<StoredKey | undefined> {
  const index = keys.apiKeyIndex(keyId);
  const { Items } = await queryPage(db, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :id AND gsi1sk = :sk',
    ExpressionAttributeValues: { ':id': index.gsi1pk, ':sk': index.gsi1sk },
  });
  const found = Items?.[0];
  // The index is eventually consistent: the item itself is read again.
  return found ? findKeyItem(db, String(found.client_id), keyId) : undefined;
}

const keyNotFound = () => new NotFoundError('No such key');

/** The condition that the key item is as it was read: not revoked, not expired, its expiry unchanged. */
function unchangedSince(read: StoredKey) {
  const expires = read.expires_at;
  return {
    ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(revoked_at) AND attribute_not_exists(expired_at) AND ${expires === undefined ? 'attribute_not_exists(expires_at)' : 'expires_at = :readExpiry'}`,
    values: expires === undefined ? {} : { ':readExpiry': expires },
  };
}

/**
 * Rolls a key (docs/api.md §14): a new key with the same label, scopes and lifetime, shown once; the
 * old one keeps working for `graceSeconds` of real time (status `expiring`), then is refused (401).
 * A grace of 0 expires it at once. Recorded as api_key.rolled (the old key) and api_key.created (the
 * new one). NotFoundError for no such key of this client; InvalidStateError for a revoked or expired
 * one; a key expiring already keeps the earlier of its expiry and the new one.
 */
export async function rollKey(
  db: Db,
  clientId: string,
  keyId: string,
  input: { graceSeconds?: number; createdBy: KeyMaker },
  write: KeyWrite = {},
): Promise<MintedKey> {
  const now = (write.clock ?? systemClock).now();
  const old = await findKeyItem(db, clientId, keyId);
  if (!old) throw keyNotFound();
  const status = statusOf(old, now);
  if (status === 'revoked' || status === 'expired') throw new InvalidStateError(status, 'roll', 'key');
  const grace = input.graceSeconds ?? DEFAULT_ROLL_GRACE_SECONDS;
  const graceEnds = new Date(now.getTime() + grace * 1000);
  const readExpiry = old.expires_at !== undefined ? new Date(old.expires_at) : undefined;
  const oldExpires = readExpiry && readExpiry < graceEnds ? readExpiry : graceEnds;
  const expiresNow = oldExpires.getTime() <= now.getTime();
  const { key, item, puts } = newKeyItems(
    { clientId, scopes: old.scopes, label: old.label, createdBy: input.createdBy, expiresInDays: old.expires_in_days },
    now,
  );
  const at = now.toISOString();
  const oldAfter = { ...old, rolled_at: at, expires_at: oldExpires.toISOString(), ...(expiresNow && { expired_at: at }) };
  const object = viewKey(item, now);
  const recorded = record(clientId, [apiKeyChanged('api_key.rolled', viewKey(oldAfter, now), at), apiKeyChanged('api_key.created', object, at)], write);
  const unchanged = unchangedSince(old);
  const items: TransactItem[] = [
    {
      Update: {
        Key: apiKeyEntity.key(clientId, keyId),
        UpdateExpression: expiresNow
          ? `SET rolled_at = :at, expires_at = :expires, expired_at = :at ${REMOVE_DUE}`
          : 'SET rolled_at = :at, expires_at = :expires, due_pk = :duePk, due_sk = :expires',
        ConditionExpression: unchanged.ConditionExpression,
        ExpressionAttributeValues: {
          ':at': at,
          ':expires': oldExpires.toISOString(),
          ...(!expiresNow && { ':duePk': keys.due('').due_pk }),
          ...unchanged.values,
        },
      },
    },
    expiresNow
      ? { Delete: { Key: apiKeyHashEntity.key(old.key_hash) } }
      : {
          Update: {
            Key: apiKeyHashEntity.key(old.key_hash),
            UpdateExpression: 'SET expires_at = :expires, #ttl = :ttl',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#ttl': TTL },
            ExpressionAttributeValues: { ':expires': oldExpires.toISOString(), ':ttl': Math.ceil(oldExpires.getTime() / 1000) + EXPIRED_HASH_TTL_SECONDS },
          },
        },
    ...puts,
    ...recorded.puts,
  ];
  // The old key stays live through its grace, so the new one is counted in; one that expires now hands its count over.
  const counting: TransactItem[] = expiresNow && old.counted ? [] : [countKeyIn(clientId)];
  try {
    await transactWrite(db, [...counting, ...items], write.completion?.({ ...object, key: null }), recorded.window);
  } catch (error) {
    const refusal = counting.length > 0 ? countInRefusal(error, clientId) : undefined;
    if (refusal) throw refusal;
    if (cancellationReasons(error)?.[counting.length]?.Code === 'ConditionalCheckFailed') {
      // Changed since it was read (revoked, expired, rolled by another request): judged again on what it is now.
      return rollKey(db, clientId, keyId, input, write);
    }
    throw error;
  }
  return { key, object, item };
}

/**
 * Revokes a key: refused from the very next request (its hash record is deleted). Recorded as
 * api_key.revoked. Revoking a revoked key answers it unchanged and records nothing; an expired one
 * is InvalidStateError.
 */
export async function revokeKeyItem(db: Db, clientId: string, keyId: string, write: KeyWrite = {}): Promise<ApiKey> {
  const now = (write.clock ?? systemClock).now();
  const old = await findKeyItem(db, clientId, keyId);
  if (!old) throw keyNotFound();
  const status = statusOf(old, now);
  if (status === 'revoked') return viewKey(old, now);
  if (status === 'expired') throw new InvalidStateError(status, 'revoke', 'key');
  const at = now.toISOString();
  const after = viewKey({ ...old, revoked_at: at }, now);
  const recorded = record(clientId, [apiKeyChanged('api_key.revoked', after, at)], write);
  const unchanged = unchangedSince(old);
  const items: TransactItem[] = [
    {
      Update: {
        Key: apiKeyEntity.key(clientId, keyId),
        UpdateExpression: `SET revoked_at = :at ${REMOVE_DUE}`,
        ConditionExpression: unchanged.ConditionExpression,
        ExpressionAttributeValues: { ':at': at, ...unchanged.values },
      },
    },
    { Delete: { Key: apiKeyHashEntity.key(old.key_hash) } },
    ...(old.counted ? [countKeyOut(clientId)] : []),
    ...recorded.puts,
  ];
  try {
    await transactWrite(db, items, write.completion?.(after), recorded.window);
  } catch (error) {
    if (cancellationReasons(error)?.[0]?.Code === 'ConditionalCheckFailed') return revokeKeyItem(db, clientId, keyId, write);
    throw error;
  }
  return after;
}

/**
 * The sweep's handler of a key whose `expires_at` has passed (its due marker): stores the expiry,
 * gives its count back and records api_key.expired dated `expires_at`, in one write. A key revoked
 * or rolled again since it fell due is left to its new state.
 */
export async function expireDueKey(db: Db, item: { pk: string; sk: string }, now: Date): Promise<void> {
  const old = await apiKeyEntity.find(db, item);
  if (!old || old.revoked_at || old.expired_at || old.expires_at === undefined) return;
  if (Date.parse(old.expires_at) > now.getTime()) return; // an expiry moved later by nothing; due again when it passes
  const clientId = old.client_id;
  const expiredAt = old.expires_at;
  const after = viewKey({ ...old, expired_at: expiredAt }, now);
  const recorded = record(clientId, [apiKeyChanged('api_key.expired', after, expiredAt)], {});
  try {
    await transactWrite(
      db,
      [
        {
          Update: {
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression: `SET expired_at = :at ${REMOVE_DUE}`,
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revoked_at) AND attribute_not_exists(expired_at) AND expires_at = :at',
            ExpressionAttributeValues: { ':at': expiredAt },
          },
        },
        ...(old.counted ? [countKeyOut(clientId)] : []),
        ...recorded.puts,
      ],
      undefined,
      recorded.window,
    );
  } catch (error) {
    // Revoked or expired by another write meanwhile: nothing left to do.
    if (cancellationReasons(error)?.[0]?.Code !== 'ConditionalCheckFailed') throw error;
  }
}
