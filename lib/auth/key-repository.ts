import type { Db } from '../db/db';
import { queryAll } from '../db/query-all';
import { keys } from '../db/keys';
import { transactWrite } from '../db/transact';
import { realNow } from '../clock';
import { newId } from '../ids';
import type { Scope } from '../scopes';
import type { ApiKey } from '../objects/api-key-object';
import { ClientNotFoundError, findKeyItemById, mintKey, newKeyItems, revokeKeyItem, viewKey } from './key-lifecycle';
import { apiKeyEntity, clientEntity, clientRegistryEntity, LIVE_KEY_COUNT, type Client, type StoredKey } from './items';
import type { TransactItem } from '../db/requests';

/** A key as the admin CLI lists it: the API's key object (never the key itself) and its client. */
export type KeySummary = ApiKey & { readonly client_id: string };

/** A key at creation, the only time the plaintext exists. */
export interface CreatedKey {
  readonly id: string;
  readonly key: string;
  readonly client_id: string;
  readonly scopes: readonly Scope[];
  readonly label: string | null;
  readonly created_at: string;
}

export { ClientNotFoundError };

export class KeyNotFoundError extends Error {
  constructor(keyId: string) {
    super(`No key ${keyId}`);
    this.name = 'KeyNotFoundError';
  }
}

/** Creates a client, and its entry in the client registry in the same transaction. */
export async function createClient(db: Db, name: string, now = realNow()): Promise<Client> {
  const { client, items } = newClientItems(name, now);
  await transactWrite(db, items);
  return client;
}

/**
 * Creates a client with its first key (every scope unless `scopes` names some) in one transaction:
 * the client item, already counting that key live, its registry entry, the key item and the key's
 * hash record. A failure leaves neither, where a client and then a key (createClient, createKey)
 * could leave a client without its key. Listed with `created_by: "admin"`, without an
 * api_key.created event, as createKey's.
 */
export async function createClientWithKey(
  db: Db,
  name: string,
  input: { scopes?: readonly Scope[]; label?: string | null } = {},
  now = realNow(),
): Promise<{ client: Client; key: CreatedKey }> {
  const client = newClientOf(name, now);
  const { Put } = clientEntity.create(client);
  const counted: TransactItem = { Put: { ...Put, Item: { ...Put.Item, [LIVE_KEY_COUNT]: 1 } } };
  const { key, item, puts } = newKeyItems({ ...input, clientId: client.id, createdBy: 'admin' }, now);
  await transactWrite(db, [counted, clientRegistryEntity.create(client), ...puts]);
  return { client, key: createdKey(key, item) };
}

/**
 * A new client's writes (the client item and its registry entry), for a transaction that creates
 * it with more: a person's registration makes the client and their membership at once.
 */
export function newClientItems(name: string, now = realNow()): { client: Client; items: TransactItem[] } {
  const client = newClientOf(name, now);
  return { client, items: [clientEntity.create(client), clientRegistryEntity.create(client)] };
}

/**
 * Every client in the registry, oldest first: one Query on the registry partition, page after page
 * (clients made before the registry existed are not in it).
 */
export async function listClients(db: Db): Promise<Client[]> {
  const { pk, skPrefix } = keys.clientRegistryPrefix;
  const items = await queryAll(db, pk, { skPrefix });
  return items.map(clientRegistryEntity.fromItem);
}

/** Reads a client (eventually consistent: a client never changes), or undefined. */
export function getClient(db: Db, clientId: string): Promise<Client | undefined> {
  return clientEntity.find(db, clientEntity.key(clientId), { consistent: false });
}

/**
 * Issues a key for an existing client (the admin CLI, `npm start`'s demo key); without `scopes` it
 * gets all of them. It is listed with `created_by: "admin"` and counted like any key, without an
 * api_key.created event: an operator's change (lib/auth/key-lifecycle.ts).
 */
export async function createKey(
  db: Db,
  input: { clientId: string; scopes?: readonly Scope[]; label?: string | null; expiresInDays?: number },
  now = realNow(),
): Promise<CreatedKey> {
  const { key, item } = await mintKey(db, { ...input, createdBy: 'admin' }, { clock: { now: () => now }, events: false });
  return createdKey(key, item);
}

/** Lists a client's keys, oldest first, without the keys themselves. */
export async function listKeys(db: Db, clientId: string, now = realNow()): Promise<KeySummary[]> {
  const { pk, skPrefix } = keys.apiKeyPrefix(clientId);
  return (await queryAll(db, pk, { skPrefix })).map((item) => toSummary(apiKeyEntity.fromItem(item), now));
}

/**
 * Revokes a key by its id alone (the admin CLI): its hash record is deleted, so the next request
 * with it is a 401 (authentication reads that record with a strongly consistent GetItem; nothing is
 * cached). Revoking a revoked key returns it unchanged.
 */
export async function revokeKey(db: Db, keyId: string, now = realNow()): Promise<KeySummary> {
  const record = await findKeyItemById(db, keyId);
  if (!record) throw new KeyNotFoundError(keyId);
  const revoked = await revokeKeyItem(db, record.client_id, keyId, { clock: { now: () => now }, events: false });
  return { ...revoked, client_id: record.client_id };
}

function toSummary(item: StoredKey, now: Date): KeySummary {
  return { ...viewKey(item, now), client_id: item.client_id };
}

const newClientOf = (name: string, now: Date): Client => ({ id: newId('client', now), name, created_at: now.toISOString() });

/** What creating a key answers: the key, shown this once, and its stored item's fields. */
const createdKey = (key: string, item: StoredKey): CreatedKey => ({
  id: item.id,
  key,
  client_id: item.client_id,
  scopes: item.scopes,
  label: item.label,
  created_at: item.created_at,
});
