import { defineEntity, requiredText, text } from '../db/entity';
import { DUE_PARTITION, keys } from '../db/keys';
import type { Item } from '../db/requests';
import type { Scope } from '../scopes';

/**
 * The stored items of clients and their server keys (docs/data-model.md): the client item, its
 * entry in the client registry, a key's item in its client's partition and the key's hash record
 * that admission reads. Each is defined once.
 */

export interface Client {
  readonly id: string;
  readonly name: string;
  readonly created_at: string;
}

/**
 * The client item (`C#<client>` / `CLIENT`). Besides what the Client holds, writes elsewhere keep
 * counters and the clock on it (webhook_endpoint_count, live_keys, the clock offset): those are
 * changed by conditional updates and are not part of the value.
 */
/** The client item's attribute that counts its webhook endpoints (lib/webhooks/endpoint-repository.ts keeps it). */
export const WEBHOOK_ENDPOINT_COUNT = 'webhook_endpoint_count';
/** The client item's attribute that counts its live keys (lib/auth/key-lifecycle.ts keeps it; the CI role may update only it). */
export const LIVE_KEY_COUNT = 'live_keys';

export const clientEntity = defineEntity({
  name: 'client',
  key: keys.client,
  keyOf: (client: Client) => keys.client(client.id),
  attributes: (client: Client): Item => ({ ...client }),
  fromItem: clientOfItem,
});

/** A client's entry in the client registry (admin only), put in the same transaction as the client item. */
export const clientRegistryEntity = defineEntity({
  name: 'client_registry_entry',
  key: keys.clientRegistryEntry,
  keyOf: (client: Client) => keys.clientRegistryEntry(client.id),
  attributes: (client: Client): Item => ({ ...client }),
  fromItem: clientOfItem,
});

function clientOfItem(item: Item): Client {
  return { id: requiredText(item, 'id'), name: requiredText(item, 'name'), created_at: requiredText(item, 'created_at') };
}

/** Who makes a key: a person (`user:<email>`) or the admin CLI. */
export type KeyMaker = `user:${string}` | 'admin';

/** A server key as its item stores it (never the key: its SHA-256 and last four characters). */
export interface StoredKey {
  readonly id: string;
  readonly client_id: string;
  readonly label: string | null;
  readonly scopes: readonly Scope[];
  readonly last4: string;
  readonly key_hash: string;
  readonly created_at: string;
  /** Absent on keys made before it was recorded: those were the admin CLI's. */
  readonly created_by?: KeyMaker;
  /** True when the key is in its client's `live_keys` count (keys made before the count are not). */
  readonly counted?: boolean;
  readonly expires_at?: string;
  readonly expires_in_days?: number;
  readonly rolled_at?: string;
  readonly revoked_at?: string;
  readonly expired_at?: string;
  readonly last_used_at?: string;
  /** While the key has an expiry to apply: the `due` index's sort key (its `expires_at`), so the sweep stores it. */
  readonly dueAt?: string;
}

export const apiKeyEntity = defineEntity({
  name: 'api_key',
  key: keys.apiKey,
  keyOf: (key: StoredKey) => keys.apiKey(key.client_id, key.id),
  attributes: ({ dueAt, ...key }: StoredKey): Item => ({ ...keys.apiKeyIndex(key.id), ...key, ...(dueAt !== undefined && keys.due(dueAt)) }),
  fromItem: (item): StoredKey => {
    const optional = (attribute: keyof StoredKey) => {
      const value = item[attribute];
      return value === undefined ? {} : { [attribute]: value };
    };
    return {
      id: requiredText(item, 'id'),
      client_id: requiredText(item, 'client_id'),
      label: text(item, 'label') ?? null,
      scopes: item.scopes as Scope[],
      last4: requiredText(item, 'last4'),
      key_hash: requiredText(item, 'key_hash'),
      created_at: requiredText(item, 'created_at'),
      ...optional('created_by'),
      ...optional('counted'),
      ...optional('expires_at'),
      ...optional('expires_in_days'),
      ...optional('rolled_at'),
      ...optional('revoked_at'),
      ...optional('expired_at'),
      ...optional('last_used_at'),
      ...(item.due_pk === DUE_PARTITION && { dueAt: requiredText(item, 'due_sk') }),
    };
  },
});

/** What admission reads by a key's SHA-256 (`KEYHASH#<hash>`): its client, scopes and, once it expires, when. */
export interface KeyHashRecord {
  readonly hash: string;
  readonly client_id: string;
  readonly key_id: string;
  readonly scopes: readonly Scope[];
  readonly expires_at?: string;
}

export const apiKeyHashEntity = defineEntity({
  name: 'api_key_hash',
  key: keys.apiKeyHash,
  keyOf: (record: KeyHashRecord) => keys.apiKeyHash(record.hash),
  attributes: ({ hash: _hash, ...record }: KeyHashRecord): Item => ({ ...record }),
  fromItem: (item): KeyHashRecord => {
    const expiresAt = text(item, 'expires_at');
    return {
      hash: keys.apiKeyHashOfPartition(requiredText(item, 'pk')),
      client_id: requiredText(item, 'client_id'),
      key_id: requiredText(item, 'key_id'),
      scopes: item.scopes as Scope[],
      ...(expiresAt !== undefined && { expires_at: expiresAt }),
    };
  },
});
